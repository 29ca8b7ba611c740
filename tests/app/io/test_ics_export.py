"""``stepwise export --format ics``: the VTODO mapping the sync uses, in one file."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from icalendar import Calendar, Todo

from tests.app.ical.test_vtodo import four_levels


def exported(cli: Any, tmp_path: Path) -> dict[str, Todo]:
    out = tmp_path / "tasks.ics"
    assert cli("export", "--format", "ics", str(out)).code == 0
    todos = [t for t in Calendar.from_ical(out.read_bytes()).walk("VTODO")
             if isinstance(t, Todo)]
    return {str(t.get("X-STEPWISE-STEP-ID", t["summary"])): t for t in todos}


def test_the_export_carries_uuids_alarms_times_and_stepwise_fields(cli: Any,
                                                                   tmp_path: Path) -> None:
    cli("add", "Offsite", "--start", "2099-12-01T09:00:00Z", "--due", "2099-12-20T10:00:00Z",
        "--priority", "4")
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(four_levels()), encoding="utf-8")
    cli("plan", "import", "1", str(plan))
    cli("plan", "approve", "1")
    cli("step", "start", "1", "compare")
    cli("step", "done", "1", "compare")
    todos = exported(cli, tmp_path)
    task = todos["Offsite"]
    assert uuid.UUID(str(task["uid"])).version == 4
    assert task.decoded("dtstart") == datetime(2099, 12, 1, 9, 0, tzinfo=UTC)
    assert task["dtstart"].params["TZID"] == "Asia/Shanghai"  # the zone it was set in
    assert b"BEGIN:VTIMEZONE\r\nTZID:Asia/Shanghai" in (tmp_path / "tasks.ics").read_bytes()
    assert str(task["priority"]) == "9" and int(task["sequence"]) > 0
    assert task.get("last-modified") is not None
    assert int(task["percent-complete"]) == 25  # 1 of the 4 leaf steps is done
    assert str(task["X-STEPWISE-REVISION"]) == "1" and str(task["X-STEPWISE-ORIGIN"]) == "user"
    assert str(task["X-STEPWISE-STATUS"]) == "in_progress"
    alarms = [a for a in task.walk("VALARM")]
    assert alarms and {str(a["action"]) for a in alarms} == {"DISPLAY"}
    compare = todos["compare"]
    assert str(compare["status"]) == "COMPLETED" and compare.get("completed") is not None
    assert str(compare["X-STEPWISE-DONE-WHEN"]) == "three fares, cheapest marked"
    book = todos["book"]
    assert json.loads(str(book["X-STEPWISE-INPUTS"])) == {
        "instructions": "draft the booking mail, 订票"}
    assert str(book["X-STEPWISE-TARGET"]) == "assistant.write"
    assert str(todos["trip"]["X-STEPWISE-TARGET"]) == ""  # a group has no target
    assert all("@stepwise" not in str(t["uid"]) for t in todos.values())


def test_an_import_that_fails_half_way_leaves_the_database_as_it_was(
        cli: Any, tmp_path: Path, monkeypatch: Any) -> None:
    from app.errors import Refused
    from app.io.importers import bulk

    cli("add", "already here")
    calls = []
    real_row = bulk.task_row

    def failing_row(new: Any) -> dict[str, Any]:
        calls.append(new)
        if len(calls) == 2:  # something refuses while the second task goes in
            raise Refused("the store said no")
        return real_row(new)

    monkeypatch.setattr(bulk, "task_row", failing_row)
    todo = tmp_path / "todo.txt"
    todo.write_text("first\nsecond\nthird\n", encoding="utf-8")
    result = cli("import", "--from", "todotxt", str(todo))
    assert result.code == 2 and "nothing was imported" in result.err, result
    assert [t["title"] for t in json.loads(cli("list", "--json").out)] == ["already here"]


def test_a_date_is_exported_as_a_date(cli: Any, tmp_path: Path) -> None:
    cli("add", "Pay rent", "--due", "2099-12-15")
    todo = exported(cli, tmp_path)["Pay rent"]
    assert todo["due"].to_ical() == b"20991215" and todo["due"].params["VALUE"] == "DATE"
