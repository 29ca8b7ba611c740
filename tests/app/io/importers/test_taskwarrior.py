"""``stepwise import --from taskwarrior``: real `task export` JSON (Taskwarrior 2.6 run in
a temporary TASKRC/TASKDATA) and the shapes older versions wrote."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from app.io.importers.incoming import Batch
from app.io.importers.taskwarrior import read

needs_task = pytest.mark.skipif(shutil.which("task") is None, reason="Taskwarrior not installed")


def taskwarrior(tmp_path: Path, *commands: list[str]) -> bytes:
    """Run Taskwarrior commands in a fresh database and return its `task export`."""
    rc, data = tmp_path / "taskrc", tmp_path / "taskdata"
    data.mkdir()
    rc.write_text(f"data.location={data}\nconfirmation=off\nnews.version=2.6.0\n",
                  encoding="utf-8")
    env = {"TASKRC": str(rc), "TASKDATA": str(data), "PATH": "/usr/bin:/bin", "TZ": "UTC",
           "HOME": str(tmp_path)}
    for args in commands:
        subprocess.run(["task", "rc.verbose=nothing", *args], env=env, check=True,
                       capture_output=True, timeout=30)
    return subprocess.run(["task", "rc.verbose=nothing", "export"], env=env, check=True,
                          capture_output=True, timeout=30).stdout


def shown(cli: Any, task_id: int) -> dict[str, Any]:
    return json.loads(cli("show", str(task_id), "--json").out)  # type: ignore[no-any-return]


@needs_task
def test_a_real_task_export_imports_with_dependencies_recurrence_and_states(
        cli: Any, tmp_path: Path) -> None:
    export = tmp_path / "export.json"
    export.write_bytes(taskwarrior(
        tmp_path,
        ["add", "Buy paint", "due:2026-12-05T10:00:00", "priority:H", "+home",
         "project:Fence"],
        ["add", "Paint fence", "depends:1", "+home", "project:Fence"],
        ["1", "annotate", "the green one"],
        ["add", "Water plants", "recur:weekly", "due:2026-12-03T08:00:00"],
        ["add", "Old thing"],
        ["add", "Someday", "wait:2099-01-01", "priority:L", "scheduled:2098-12-01"],
        ["list"],  # makes the recurring task's first instance
        ["4", "done"]))
    result = cli("import", "--from", "taskwarrior", str(export))
    assert result.code == 0, result.err
    assert "read 6 entries" in result.out and "added 4 tasks with 2 steps" in result.out
    assert "an instance of a recurring task" in result.out
    tasks = {t["title"]: t for t in json.loads(cli("list", "--all", "--json").out)}
    fence = shown(cli, tasks["Fence"]["id"])
    assert fence["task"]["priority"] == 1 and fence["task"]["tags"] == ["Fence", "home"]
    steps = {s["id"]: s for s in fence["plan"]["steps"]}
    assert steps["paint-fence"]["depends_on"] == ["buy-paint"]
    assert steps["buy-paint"]["objective"].endswith("the green one")
    assert steps["buy-paint"]["due"] == "2026-12-05T10:00:00Z"
    assert tasks["Water plants"]["recurrence"] == "FREQ=WEEKLY"
    assert tasks["Old thing"]["status"] == "done"
    someday = tasks["Someday"]
    assert (someday["status"], someday["priority"]) == ("waiting", 4)
    assert someday["start_at"] == "2098-12-01T00:00:00Z"  # scheduled comes before wait
    again = cli("import", "--from", "taskwarrior", str(export))
    assert "added 0 tasks" in again.out


def test_the_older_line_format_with_comma_separated_depends_is_read() -> None:
    lines = [
        {"uuid": "a0000000-0000-4000-8000-000000000001", "description": "Draft",
         "status": "completed", "entry": "20261101T090000Z", "end": "20261102T090000Z"},
        {"uuid": "a0000000-0000-4000-8000-000000000002", "description": "Send",
         "status": "waiting", "wait": "20991201T000000Z",
         "depends": "a0000000-0000-4000-8000-000000000001,"
                    "a0000000-0000-4000-8000-00000000dead",
         "annotations": [{"entry": "20261103T090000Z", "description": "to Ana"}]},
        {"uuid": "a0000000-0000-4000-8000-000000000003", "description": "Tidy desk",
         "status": "deleted", "priority": "M", "recur": "fortnightly-ish"},
    ]
    batch = read("\n".join(json.dumps(x) for x in lines).encode(), "old.json")
    assert batch.read == 3 and len(batch.tasks) == 2
    group, tidy = batch.tasks
    assert group.plan is not None and group.new.title == "Send"
    assert [s["depends_on"] for s in group.plan["steps"]] == [[], ["draft"]]
    assert [s["status"] for s in group.plan["steps"]] == ["completed", "pending"]
    assert (tidy.status, tidy.new.priority, tidy.new.recurrence) == ("cancelled", 2, None)
    assert any("dead" in line for line in batch.skipped)


@pytest.mark.parametrize(("recur", "rule"), [("daily", "FREQ=DAILY"), ("3days", "FREQ=DAILY;"
                                             "INTERVAL=3"), ("2w", "FREQ=WEEKLY;INTERVAL=2"),
                                             ("quarterly", "FREQ=MONTHLY;INTERVAL=3"),
                                             ("1yr", "FREQ=YEARLY;INTERVAL=1")])
def test_taskwarrior_recurrences_become_rrules(recur: str, rule: str) -> None:
    entry = {"uuid": "b0000000-0000-4000-8000-000000000001", "description": "Repeat",
             "status": "recurring", "recur": recur, "due": "20261203T080000Z"}
    batch: Batch = read(json.dumps([entry]).encode(), "r.json")
    assert batch.tasks[0].new.recurrence == rule


def test_a_dependency_cycle_is_skipped_with_its_reason_and_the_rest_imported(
        cli: Any, tmp_path: Path) -> None:
    a, b = "c0000000-0000-4000-8000-00000000000a", "c0000000-0000-4000-8000-00000000000b"
    entries = [{"uuid": a, "description": "Chicken", "status": "pending", "depends": [b]},
               {"uuid": b, "description": "Egg", "status": "pending", "depends": [a]},
               {"uuid": "c0000000-0000-4000-8000-00000000000c", "description": "Breakfast",
                "status": "pending"}]
    path = tmp_path / "cycle.json"
    path.write_text(json.dumps(entries), encoding="utf-8")
    result = cli("import", "--from", "taskwarrior", str(path))
    assert result.code == 0 and "added 1 tasks" in result.out and "cycle" in result.out


@pytest.mark.parametrize("content", [b"", b"{not json", b'{"description": "one"}',
                                     b'[{"uuid": "x"}]', b"[1, 2]", b"\xff\xfe"])
def test_files_that_are_not_task_exports_are_refused_and_nothing_imported(
        cli: Any, tmp_path: Path, content: bytes) -> None:
    cli("add", "already here")
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    result = cli("import", "--from", "taskwarrior", str(path))
    assert result.code == 2 and "Traceback" not in result.err, result
    assert len(json.loads(cli("list", "--json").out)) == 1
