"""The database export: exact round trip, refusal over existing tasks, bad files."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from tests.app.test_cli import offsite, write
from tests.conftest import Result

Cli = Callable[..., Result]


def populate(cli: Cli, tmp_path: Path) -> None:
    cli("add", "Organise offsite", "--due", "next friday", "--tag", "work", "--tag", "团队")
    cli("add", "每周五交周报", "--due", "下周五", "--recur", "FREQ=WEEKLY;BYDAY=FR")
    cli("plan", "import", "1", str(write(tmp_path / "p.json", offsite())))
    cli("plan", "approve", "1")
    cli("step", "done", "1", "dates", "--result", "Dec 10 — 或 11")
    cli("settings", "assistant.max_steps", "7")


def test_export_import_export_is_byte_identical(cli: Cli, tmp_path: Path,
                                                data_dir: Path) -> None:
    populate(cli, tmp_path)
    first = tmp_path / "first.json"
    assert cli("export", str(first)).code == 0
    other = tmp_path / "other.db"
    assert cli("--db", str(other), "import", str(first)).code == 0
    second = tmp_path / "second.json"
    assert cli("--db", str(other), "export", str(second)).code == 0
    assert first.read_bytes() == second.read_bytes()
    data = json.loads(first.read_text(encoding="utf-8"))
    assert len(data["tables"]["task"]) == 2 and len(data["tables"]["step"]) == 5
    assert data["tables"]["step"][0]["inputs"] == {}  # JSON columns stay JSON
    shown = json.loads(cli("--db", str(other), "show", "1", "--json").out)
    assert shown["plan"]["steps"][0]["result"] == "Dec 10 — 或 11"


def test_import_refuses_a_database_with_tasks_unless_replace(cli: Cli, tmp_path: Path) -> None:
    populate(cli, tmp_path)
    dump = tmp_path / "dump.json"
    cli("export", str(dump))
    cli("add", "one more")
    refused = cli("import", str(dump))
    assert refused.code == 1 and "--replace" in refused.err
    assert "one more" in cli("list").out
    assert cli("import", str(dump), "--replace").code == 0
    assert "one more" not in cli("list").out


def test_a_row_of_the_wrong_type_imports_nothing(cli: Cli, tmp_path: Path) -> None:
    populate(cli, tmp_path)
    dump = tmp_path / "dump.json"
    cli("export", str(dump))
    data = json.loads(dump.read_text(encoding="utf-8"))
    data["tables"]["task"][1]["priority"] = "high"
    bad = write(tmp_path / "bad.json", data)
    result = cli("--db", str(tmp_path / "fresh.db"), "import", str(bad))
    assert result.code == 2 and "priority" in result.err and "nothing was imported" in result.err
    assert "no open tasks" in cli("--db", str(tmp_path / "fresh.db"), "list").out


def test_a_dangling_reference_imports_nothing(cli: Cli, tmp_path: Path) -> None:
    populate(cli, tmp_path)
    dump = tmp_path / "dump.json"
    cli("export", str(dump))
    data = json.loads(dump.read_text(encoding="utf-8"))
    data["tables"]["plan"][0]["task_id"] = 999
    result = cli("--db", str(tmp_path / "fresh.db"), "import",
                 str(write(tmp_path / "bad.json", data)))
    assert result.code == 2 and "nothing was imported" in result.err
    assert "no open tasks" in cli("--db", str(tmp_path / "fresh.db"), "list").out


def test_ics_export_links_steps_and_dependencies(cli: Cli, tmp_path: Path) -> None:
    from icalendar import Calendar

    populate(cli, tmp_path)
    out = tmp_path / "tasks.ics"
    assert cli("export", "--format", "ics", str(out)).code == 0
    cal = Calendar.from_ical(out.read_bytes())
    # UIDs are UUIDs (issue 13); name the VTODOs by step id, tasks by their summary
    by_uid = {str(c["uid"]): c for c in cal.walk("VTODO")}
    todos = {str(c.get("X-STEPWISE-STEP-ID", c["summary"])): c for c in by_uid.values()}
    assert len(by_uid) == len(todos) == 2 + 5
    uid = {name: str(c["uid"]) for name, c in todos.items()}
    book = todos["book"]
    related = book.get("related-to")
    related = related if isinstance(related, list) else [related]
    pairs = {(str(r), r.params.get("RELTYPE")) for r in related}
    assert pairs == {(uid["venue"], "PARENT"), (uid["shortlist"], "DEPENDS-ON")}
    assert str(todos["dates"]["status"]) == "COMPLETED"
    assert str(todos["每周五交周报"]["rrule"].to_ical().decode()) == "FREQ=WEEKLY;BYDAY=FR"
