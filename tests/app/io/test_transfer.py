"""The database export: exact round trip, refusal over existing tasks, bad files."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.app.cli.test_cli_tasks import offsite, write
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
    # "每周五" in the title is read as the rule, so the title is what is left (issue 9)
    assert str(todos["交周报"]["rrule"].to_ical().decode()) == "FREQ=WEEKLY;BYDAY=FR"


def _exported(cli: Cli, tmp_path: Path) -> dict[str, Any]:
    populate(cli, tmp_path)
    dump = tmp_path / "dump.json"
    cli("export", str(dump))
    data: dict[str, Any] = json.loads(dump.read_text(encoding="utf-8"))
    return data


def _set(table: str, row: int, column: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["tables"][table][row][column] = value
    return change


def _sent_without_times(data: dict[str, Any]) -> None:
    data["tables"]["outbox_message"] = [{
        "id": 1, "task_id": 1, "step_id": None, "contact_id": 1, "text": "hi",
        "status": "sent", "created_at": "2026-12-01T00:00:00Z", "decided_at": None,
        "sent_at": None}]
    data["tables"]["contact"] = [{"id": 1, "name": "Ann", "address": "ann@example.com"}]


@pytest.mark.parametrize(("change", "named"), [
    (_set("task", 0, "tags", 5), "'tags' must be a list of text"),
    (_set("task", 0, "tags", ["ok", 3]), "'tags' must be a list of text"),
    (_set("task", 0, "status", "bogus"), "not a task status"),
    (_set("task", 0, "priority", 99), "'priority' runs from 1 to 4"),
    (_set("task", 0, "id", -5), "positive id"),
    (_set("task", 0, "recurrence", "FREQ=SOMETIMES"), "'recurrence'"),
    (_set("task", 0, "timezone", "Not/AZone"), "'timezone'"),
    (_set("plan", 0, "status", "bogus"), "not a plan status"),
    (_set("step", 0, "status", "half-done"), "not a step status"),
    (_set("setting", 0, "value", -5), "setting assistant.max_steps runs from 1 to 100"),
    (_sent_without_times, "a sent message must have 'decided_at'"),
])
def test_defect_15_import_checks_values_and_imports_nothing(
        cli: Cli, tmp_path: Path, change: Callable[[dict[str, Any]], None], named: str) -> None:
    data = _exported(cli, tmp_path)
    change(data)
    fresh = str(tmp_path / "fresh.db")
    result = cli("--db", fresh, "import", str(write(tmp_path / "bad.json", data)))
    assert result.code == 1, result
    assert named in result.err and "row 1" in result.err and "nothing was imported" in result.err
    assert "no open tasks" in cli("--db", fresh, "list").out


@pytest.mark.parametrize(("column", "value", "named"), [
    ("priority", 10**30, "too large a number"),
    ("due_at", "0999-06-01T00:00:00Z", "not a time Stepwise keeps"),
    ("due_at", "9999-12-31T23:59:59-12:00", "not a time Stepwise keeps"),
    ("title", "\ud800", "unpaired surrogate"),
])
def test_defect_15_huge_numbers_bad_instants_and_surrogates_exit_2(
        cli: Cli, tmp_path: Path, column: str, value: Any, named: str) -> None:
    data = _exported(cli, tmp_path)
    data["tables"]["task"][0][column] = value
    fresh = str(tmp_path / "fresh.db")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")  # ascii: "\ud800" stays an escape
    result = cli("--db", fresh, "import", str(path))
    assert result.code == 2 and named in result.err, result
    assert "no open tasks" in cli("--db", fresh, "list").out


def test_import_stores_instants_in_their_one_form(cli: Cli, tmp_path: Path) -> None:
    data = _exported(cli, tmp_path)
    data["tables"]["task"][0]["due_at"] = "2026-12-11T18:00:00+08:00"
    fresh = str(tmp_path / "fresh.db")
    assert cli("--db", fresh, "import", str(write(tmp_path / "in.json", data))).code == 0
    again = tmp_path / "again.json"
    cli("--db", fresh, "export", str(again))
    stored = json.loads(again.read_text(encoding="utf-8"))["tables"]["task"][0]["due_at"]
    assert stored == "2026-12-11T10:00:00Z"


def test_defect_15_an_rrule_that_never_moves_on_is_refused_on_import(cli: Cli,
                                                                   tmp_path: Path) -> None:
    data = _exported(cli, tmp_path)
    data["tables"]["task"][1]["recurrence"] = "FREQ=DAILY;INTERVAL=0"
    fresh = str(tmp_path / "fresh.db")
    result = cli("--db", fresh, "import", str(write(tmp_path / "bad.json", data)))
    assert result.code == 1 and "'recurrence'" in result.err and "row 2" in result.err


def test_older_export_imports(cli: Cli, tmp_path: Path) -> None:
    """An export from schema 13 has no outbox subject: the column takes its default."""
    data = _exported(cli, tmp_path)
    _sent_without_times(data)
    data["tables"]["outbox_message"][0].update(status="pending")
    data["schema_version"] = 13
    fresh = str(tmp_path / "fresh.db")
    result = cli("--db", fresh, "import", str(write(tmp_path / "old.json", data)))
    assert result.code == 0, result
    listed = cli("--db", fresh, "outbox").out
    assert "to Ann" in listed and "hi" in listed
