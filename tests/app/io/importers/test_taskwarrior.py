"""``stepwise import --from taskwarrior``: real `task export` JSON (Taskwarrior 2.6 run in
a temporary TASKRC/TASKDATA) and the shapes older versions wrote."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from app.io.importers.incoming import Batch
from app.io.importers.taskwarrior import read
from tests.conftest import TEST_TZ

needs_task = pytest.mark.skipif(shutil.which("task") is None, reason="Taskwarrior not installed")


def taskwarrior(tmp_path: Path, *commands: list[str], rc_lines: str = "",
                zone: str = "UTC") -> bytes:
    """Run Taskwarrior commands in a fresh (or the same) database, its clock in ``zone``;
    its `task export`."""
    rc, data = tmp_path / "taskrc", tmp_path / "taskdata"
    data.mkdir(exist_ok=True)
    rc.write_text(f"data.location={data}\nconfirmation=off\nnews.version=2.6.0\n{rc_lines}",
                  encoding="utf-8")
    env = {"TASKRC": str(rc), "TASKDATA": str(data), "PATH": "/usr/bin:/bin", "TZ": zone,
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
    soon = datetime.now(UTC).replace(microsecond=0) + timedelta(days=2)  # one instance made
    export.write_bytes(taskwarrior(
        tmp_path,
        ["add", "Buy paint", f"due:{soon:%Y-%m-%dT10:00:00}", "priority:H", "+home",
         "project:Fence"],
        ["add", "Paint fence", "depends:1", "+home", "project:Fence"],
        ["1", "annotate", "the green one"],
        ["add", "Water plants", "recur:weekly", f"due:{soon:%Y-%m-%dT08:00:00}"],
        ["add", "Old thing"],
        ["add", "Someday", "wait:2099-01-01", "priority:L", "scheduled:2098-12-01"],
        ["list"],  # makes the recurring task's first instance
        ["4", "done"]))
    result = cli("import", "--from", "taskwarrior", str(export))
    assert result.code == 0, result.err
    assert "read 6 entries" in result.out and "added 5 tasks with 0 steps" in result.out
    assert "an instance of a recurring task" in result.out
    assert "kept in details: 2 fields (Taskwarrior depends, Taskwarrior wait)" in result.out
    tasks = {t["title"]: t for t in json.loads(cli("list", "--all", "--json").out)}
    paint, fence = tasks["Buy paint"], tasks["Paint fence"]
    assert (paint["priority"], paint["tags"]) == (1, ["Fence", "home"])
    assert paint["due_at"] == f"{soon:%Y-%m-%dT10:00:00Z}"
    assert paint["detail"].endswith("the green one")
    assert (fence["priority"], fence["tags"]) == (3, ["Fence", "home"])
    assert fence["detail"] == "Taskwarrior depends: Buy paint"
    assert tasks["Water plants"]["recurrence"] == "FREQ=WEEKLY"
    assert tasks["Old thing"]["status"] == "done"
    someday = tasks["Someday"]
    assert (someday["status"], someday["priority"]) == ("waiting", 4)
    assert someday["start_at"] == "2098-12-01T00:00:00Z"  # scheduled comes before wait
    assert shown(cli, someday["id"])["task"]["detail"] == "Taskwarrior wait: 20990101T000000Z"
    again = cli("import", "--from", "taskwarrior", str(export))
    assert "added 0 tasks" in again.out


UDAS = ("uda.estimate.type=numeric\nuda.estimate.label=Est\nuda.client.type=string\n"
        "uda.client.label=Client\nuda.reviewed.type=date\nuda.reviewed.label=Rev\n")


@needs_task
def test_udas_times_and_a_started_task_are_kept(cli: Any, tmp_path: Path) -> None:
    export = tmp_path / "export.json"
    export.write_bytes(taskwarrior(
        tmp_path, ["add", "Write report", "estimate:3", "client:Acme", "priority:H",
                   "reviewed:2026-11-20"],
        ["add", "Filed", "client:Globex"], ["1", "start"], ["2", "done"], rc_lines=UDAS))
    theirs = {e["description"]: e for e in json.loads(export.read_bytes())}
    result = cli("import", "--from", "taskwarrior", str(export))
    assert result.code == 0, result.err
    assert "skipped 0" in result.out
    assert "kept in details: 5 fields (Taskwarrior client, Taskwarrior estimate, " \
        "Taskwarrior reviewed, Taskwarrior start)" in result.out
    tasks = {t["title"]: t for t in json.loads(cli("list", "--all", "--json").out)}
    report = shown(cli, tasks["Write report"]["id"])["task"]
    assert report["status"] == "in_progress" and report["priority"] == 1
    assert report["detail"].splitlines() == [
        "Taskwarrior client: Acme", "Taskwarrior estimate: 3",
        f"Taskwarrior reviewed: {theirs['Write report']['reviewed']}",
        f"Taskwarrior start: {theirs['Write report']['start']}"]
    assert report["created_at"] == iso(theirs["Write report"]["entry"])
    filed = shown(cli, tasks["Filed"]["id"])["task"]
    assert filed["status"] == "done" and filed["detail"] == "Taskwarrior client: Globex"
    assert filed["updated_at"] == iso(theirs["Filed"]["end"])  # when it was done there


def iso(taskwarrior_time: str) -> str:
    return datetime.strptime(taskwarrior_time, "%Y%m%dT%H%M%SZ").strftime("%Y-%m-%dT%H:%M:%SZ")


def test_a_published_export_keeps_its_times_and_fields(cli: Any) -> None:
    data = Path(__file__).parent / "data" / "taskwarrior-export.json"
    result = cli("import", "--from", "taskwarrior", str(data))
    assert result.code == 0 and "added 1 tasks" in result.out and "skipped 0" in result.out
    task = shown(cli, 1)["task"]
    assert (task["title"], task["priority"], task["tags"]) == ("data tables in hugo", 1,
                                                               ["Site", "blog"])
    assert (task["due_at"], task["created_at"], task["updated_at"]) == (
        "2020-06-05T06:59:59Z", "2020-06-04T19:34:14Z", "2020-06-04T19:34:35Z")
    assert task["uid"] == "8d7117d9-2faf-4a98-bf4b-e88a3d44ccd1" and task["detail"] == ""


def test_old_entry_and_end_times_are_kept(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps([
        {"uuid": "d0000000-0000-4000-8000-000000000001", "description": "Tax 2010",
         "status": "completed", "entry": "20100301T080000Z", "modified": "20100402T080000Z",
         "end": "20100401T080000Z"}]), encoding="utf-8")
    assert cli("import", "--from", "taskwarrior", str(path)).code == 0
    task = shown(cli, 1)["task"]
    assert (task["created_at"], task["updated_at"]) == ("2010-03-01T08:00:00Z",
                                                        "2010-04-01T08:00:00Z")


@needs_task
def test_a_partly_done_recurring_task_is_due_at_its_next_open_instance(
        cli: Any, tmp_path: Path) -> None:
    taskwarrior(tmp_path, ["add", "Pay rent", "recur:monthly", "due:2026-10-01",
                           "until:2027-06-01"], ["list"])
    first = next(e for e in json.loads(taskwarrior(tmp_path))
                 if e.get("parent") and e["due"] == "20261001T000000Z")
    export = tmp_path / "export.json"
    export.write_bytes(taskwarrior(tmp_path, [first["uuid"], "done"]))
    assert cli("import", "--from", "taskwarrior", str(export)).code == 0
    rent = json.loads(cli("list", "--all", "--json").out)[0]
    assert rent["recurrence"] == "FREQ=MONTHLY;UNTIL=20270601T000000Z"
    assert rent["due_at"] == "2026-11-01T00:00:00Z"  # not the template's October due
    assert rent["expires_at"] == "2027-06-01T00:00:00Z"


def test_a_wait_after_the_due_keeps_the_task_and_names_the_wait(cli: Any,
                                                                tmp_path: Path) -> None:
    path = tmp_path / "late.json"
    path.write_text(json.dumps([
        {"uuid": "e0000000-0000-4000-8000-000000000001", "description": "Late wait",
         "status": "pending", "due": "20261201T000000Z", "wait": "20261205T000000Z"}]),
        encoding="utf-8")
    result = cli("import", "--from", "taskwarrior", str(path))
    assert "added 1 tasks" in result.out and "is after the due time" in result.out
    task = shown(cli, 1)["task"]
    assert task["start_at"] is None and task["detail"].startswith("start: 2026-12-05")


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
    assert batch.read == 3 and len(batch.tasks) == 3
    draft, send, tidy = batch.tasks
    assert draft.status == "done" and draft.created_at == datetime(2026, 11, 1, 9, tzinfo=UTC)
    assert draft.updated_at == datetime(2026, 11, 2, 9, tzinfo=UTC)  # end: when it was done
    assert send.status == "waiting" and send.plan is None
    assert send.new.detail == ("2026-11-03: to Ana\nTaskwarrior depends: Draft\n"
                               "Taskwarrior depends: a0000000-0000-4000-8000-00000000dead")
    assert (tidy.status, tidy.new.priority, tidy.new.recurrence) == ("cancelled", 2, None)
    assert tidy.new.detail == "Taskwarrior recur: fortnightly-ish"  # no rule: kept as written


@pytest.mark.parametrize(("recur", "rule"), [("daily", "FREQ=DAILY"), ("3days", "FREQ=DAILY;"
                                             "INTERVAL=3"), ("2w", "FREQ=WEEKLY;INTERVAL=2"),
                                             ("quarterly", "FREQ=MONTHLY;INTERVAL=3"),
                                             ("1yr", "FREQ=YEARLY;INTERVAL=1")])
def test_taskwarrior_recurrences_become_rrules(recur: str, rule: str) -> None:
    entry = {"uuid": "b0000000-0000-4000-8000-000000000001", "description": "Repeat",
             "status": "recurring", "recur": recur, "due": "20261203T080000Z"}
    batch: Batch = read(json.dumps([entry]).encode(), "r.json")
    assert batch.tasks[0].new.recurrence == rule


def test_a_dependency_cycle_is_kept_as_named_dependencies(
        cli: Any, tmp_path: Path) -> None:
    a, b = "c0000000-0000-4000-8000-00000000000a", "c0000000-0000-4000-8000-00000000000b"
    entries = [{"uuid": a, "description": "Chicken", "status": "pending", "depends": [b]},
               {"uuid": b, "description": "Egg", "status": "pending", "depends": [a]},
               {"uuid": "c0000000-0000-4000-8000-00000000000c", "description": "Breakfast",
                "status": "pending"}]
    path = tmp_path / "cycle.json"
    path.write_text(json.dumps(entries), encoding="utf-8")
    result = cli("import", "--from", "taskwarrior", str(path))
    assert result.code == 0 and "added 3 tasks" in result.out and "skipped 0" in result.out
    tasks = {t["title"]: t for t in json.loads(cli("list", "--all", "--json").out)}
    assert tasks["Chicken"]["detail"] == "Taskwarrior depends: Egg"
    assert tasks["Egg"]["detail"] == "Taskwarrior depends: Chicken"


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


@needs_task
def test_a_date_stays_a_date_and_a_time_a_moment(cli: Any, db: Path, tmp_path: Path) -> None:
    """Run where the import runs (TEST_TZ): ``due:2026-12-15`` is that local midnight."""
    from app.tasks.store import when
    from models import Task

    export = tmp_path / "export.json"
    export.write_bytes(taskwarrior(
        tmp_path, ["add", "Renew passport", "due:2026-12-15", "scheduled:2026-12-10",
                   "until:2026-12-15"],
        ["add", "Call Ana", "due:2026-12-15T10:30:00"],
        ["add", "Pay rent", "recur:monthly", "due:2026-10-31", "until:2027-06-30"],
        ["list"], zone=TEST_TZ))
    result = cli("import", "--from", "taskwarrior", str(export))
    assert result.code == 0 and "added 3 tasks" in result.out, result
    tasks = {t.title: t for t in Task.select()}
    passport = tasks["Renew passport"]
    assert passport.all_day == ["start", "due"]
    assert (when(passport, "start"), when(passport, "due")) == (date(2026, 12, 10),
                                                                date(2026, 12, 15))
    here = ZoneInfo(TEST_TZ)
    assert passport.expires_at == datetime(2026, 12, 15, 23, 59, tzinfo=here)  # to its end
    call = tasks["Call Ana"]
    assert call.all_day == [] and when(call, "due") == datetime(2026, 12, 15, 10, 30,
                                                                tzinfo=here)
    rent = tasks["Pay rent"]
    assert rent.all_day == ["due"] and rent.timezone == TEST_TZ
    assert when(rent, "due") == date(2026, 10, 31)  # its first instance, still open
    assert rent.recurrence == "FREQ=MONTHLY;UNTIL=20270630T155900Z"  # 23:59 here


def test_a_monthly_date_repeats_in_local_time() -> None:
    """1 Nov local midnight is 31 Oct 16:00 UTC: repeated in UTC it would skip November."""
    entry = {"uuid": "f0000000-0000-4000-8000-000000000001", "description": "Rent",
             "status": "recurring", "recur": "monthly", "due": "20261031T160000Z",
             "mask": "+"}
    batch = read(json.dumps([entry]).encode(), "rent.json")
    assert batch.tasks[0].new.due_at == date(2026, 12, 1)
