"""``stepwise import --from ics``: VTODO trees become tasks with plans."""

from __future__ import annotations

import json
import tracemalloc
from datetime import date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from tests.app.ical.test_vtodo import four_levels
from tests.conftest import TEST_TZ

DATA = Path(__file__).parent / "data"


def show(cli: Any, task_id: int, *db: str) -> dict[str, Any]:
    return json.loads(cli(*db, "show", str(task_id), "--json").out)  # type: ignore[no-any-return]


def test_an_exported_plan_imports_into_another_database_with_every_step_and_edge(
        cli: Any, tmp_path: Path) -> None:
    cli("add", "Offsite", "--priority", "2", "--tag", "work", "--due", "2026-12-20T10:00:00Z")
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(four_levels()), encoding="utf-8")
    cli("plan", "import", "1", str(plan))
    cli("plan", "approve", "1")
    cli("step", "start", "1", "compare")
    cli("step", "done", "1", "compare", "--result", "fares in")
    ics = tmp_path / "tasks.ics"
    assert cli("export", "--format", "ics", str(ics)).code == 0
    other = ("--db", str(tmp_path / "other.db"))
    result = cli(*other, "import", "--from", "ics", str(ics))
    assert result.code == 0, result.err
    assert "added 1 tasks with 7 steps" in result.out.splitlines()[0]
    assert [line for line in result.out.splitlines()[1:] if "VALARM" not in line] == []
    before, after = show(cli, 1), show(cli, 1, *other)
    assert after["task"]["due_at"] == "2026-12-20T10:00:00Z"
    assert (after["task"]["priority"], after["task"]["tags"]) == (2, ["work"])
    keys = ("id", "title", "parent", "depends_on", "target", "inputs", "done_when", "status",
            "result", "due")
    assert [{k: s[k] for k in keys} for s in after["plan"]["steps"]] == \
        [{k: s[k] for k in keys} for s in before["plan"]["steps"]]
    again = cli(*other, "import", "--from", "ics", str(ics))
    assert "added 0 tasks" in again.out and "already here" in again.out


def test_a_tasks_org_file_keeps_hierarchy_dependencies_dates_and_states(cli: Any) -> None:
    result = cli("import", "--from", "ics", str(DATA / "tasks-org.ics"))
    assert result.code == 0, result.err
    assert "read 5 entries" in result.out and "added 3 tasks with 2 steps" in result.out
    assert "skipped: 1 reminders (VALARM)" in result.out
    move = show(cli, 1)
    assert move["task"]["title"] == "Move flat" and move["task"]["priority"] == 1
    assert move["task"]["tags"] == ["big", "home"]
    assert move["task"]["due_at"] == "2026-12-15T10:00:00Z"  # a date: 18:00 local (UTC+8)
    steps = {s["id"]: s for s in move["plan"]["steps"]}
    assert steps["book-the-van"]["status"] == "completed"
    assert steps["carry-boxes"]["depends_on"] == ["book-the-van"]
    assert steps["carry-boxes"]["due"] == "2026-12-14T09:00:00Z"  # 10:00 in Berlin
    plants = show(cli, 2)["task"]
    assert plants["recurrence"] == "FREQ=WEEKLY;BYDAY=SA"
    assert plants["priority"] == 3  # PRIORITY:5 is RFC 5545 medium, Stepwise's default
    assert show(cli, 3)["task"]["status"] == "cancelled"


def test_imported_vtodos_keep_their_uids(cli: Any, db: Path) -> None:
    from models import Step, Task

    cli("import", "--from", "ics", str(DATA / "tasks-org.ics"))
    assert Task.get_by_id(1).uid == "2915869447437133585"
    assert {s.uid for s in Step.select()} == {"7441020377224305720", "1205948371039471913"}


def test_bad_ics_files_are_refused_and_nothing_is_imported(cli: Any, tmp_path: Path) -> None:
    cli("add", "already here")
    cases = {"empty.ics": b"", "garbage.ics": b"\x00\xffnot a calendar",
             "events.ics": b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:e\r\n"
                           b"DTSTART:20261201T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"}
    for name, content in cases.items():
        (tmp_path / name).write_bytes(content)
        result = cli("import", "--from", "ics", str(tmp_path / name))
        assert result.code == 2, (name, result)
        assert result.err.startswith("stepwise: ") and "Traceback" not in result.err
    assert cli("import", "--from", "ics", str(tmp_path / "missing.ics")).code == 2
    assert cli("import", "--from", "ics", str(tmp_path)).code == 2
    assert len(json.loads(cli("list", "--json").out)) == 1


def test_foreign_step_uids_survive_a_new_plan_revision(cli: Any, tmp_path: Path) -> None:
    cli("import", "--from", "ics", str(DATA / "tasks-org.ics"))
    plan = json.loads(cli("plan", "export", "1").out)
    plan["steps"][1]["title"] = "Carry the boxes"
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(plan), encoding="utf-8")
    assert cli("plan", "import", "1", str(edited)).code == 0
    out = tmp_path / "again.ics"
    cli("export", "--format", "ics", str(out))
    from icalendar import Calendar

    uids = {str(t["summary"]): str(t["uid"]) for t in Calendar.from_ical(out.read_bytes())
            .walk("VTODO")}
    assert uids["Carry the boxes"] == "1205948371039471913"
    assert uids["Book the van"] == "7441020377224305720"


def test_a_time_outside_the_kept_years_skips_that_task_only(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "old.ics"
    path.write_bytes(b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:x1\r\n"
                     b"SUMMARY:ancient\r\nDUE:18000101T000000Z\r\nEND:VTODO\r\nBEGIN:VTODO\r\n"
                     b"UID:x2\r\nSUMMARY:fine\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    result = cli("import", "--from", "ics", str(path))
    assert result.code == 0 and "added 1 tasks" in result.out
    assert "'ancient': its due time 1800-01-01 is outside the years Stepwise keeps" in result.out


def calendar(*todos: str) -> bytes:
    body = "".join(f"BEGIN:VTODO\r\n{t}END:VTODO\r\n" for t in todos)
    return f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Apple Inc.//iOS 17//EN\r\n{body}" \
        "END:VCALENDAR\r\n".encode()


def test_one_malformed_dtstart_skips_that_item_only(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "mixed.ics"
    path.write_bytes(calendar("UID:b1\r\nSUMMARY:Broken start\r\nDTSTART:2026120\r\n",
                              "UID:g1\r\nSUMMARY:Fine one\r\nDUE:20261205T100000Z\r\n"))
    result = cli("import", "--from", "ics", str(path))
    assert result.code == 0, result.err
    assert "read 2 entries" in result.out and "added 1 tasks" in result.out
    assert "skipped: 'Broken start': " in result.out
    assert [t["title"] for t in json.loads(cli("list", "--json").out)] == ["Fine one"]


def test_a_due_before_the_start_is_imported_with_the_start_in_the_detail(
        cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "ios.ics"
    path.write_bytes(calendar("UID:i1\r\nSUMMARY:Dentist\r\nDTSTART:20261210T090000Z\r\n"
                              "DUE:20261205T090000Z\r\n"))
    result = cli("import", "--from", "ics", str(path))
    assert "added 1 tasks" in result.out and "is after the due time" in result.out
    task = show(cli, 1)["task"]
    assert task["due_at"] == "2026-12-05T09:00:00Z" and task["start_at"] is None
    assert task["detail"].startswith("start: 2026-12-10 17:00")  # local: Asia/Shanghai


def test_an_empty_rrule_line_is_no_rule(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "labs.ics"
    path.write_bytes(calendar("UID:h1\r\nSUMMARY:Holiday\r\nDUE;VALUE=DATE:20261225\r\n"
                              "RRULE:\r\n"))
    result = cli("import", "--from", "ics", str(path))
    assert "added 1 tasks" in result.out and "skipped 0" in result.out, result.out
    assert show(cli, 1)["task"]["recurrence"] is None


def test_properties_stepwise_does_not_model_stay_named_with_the_times(
        cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "thunderbird.ics"
    path.write_bytes(calendar(
        "UID:t1\r\nSUMMARY:Visit the flat\r\nSTATUS:IN-PROCESS\r\nPERCENT-COMPLETE:40\r\n"
        "LOCATION:Hauptstr. 4\\, Berlin\r\nURL:https://example.com/flat\r\nGEO:52.5;13.4\r\n"
        "CLASS:PRIVATE\r\nX-APPLE-SORT-ORDER:12\r\nCREATED:20250101T100000Z\r\n"
        "LAST-MODIFIED:20250102T100000Z\r\n",
        "UID:t2\r\nSUMMARY:Paid\r\nSTATUS:COMPLETED\r\nCOMPLETED:20250301T080000Z\r\n"
        "LAST-MODIFIED:20250302T080000Z\r\nRRULE:FREQ=WEEKLY\r\nDUE:20250301T080000Z\r\n"
        "EXDATE:20250308T080000Z,20250315T080000Z\r\n"))
    result = cli("import", "--from", "ics", str(path))
    assert result.code == 0 and "added 2 tasks" in result.out, result
    assert "kept in details: 6 fields" in result.out
    flat = show(cli, 1)["task"]
    assert flat["status"] == "in_progress"
    assert flat["detail"].splitlines() == [
        "iCalendar PERCENT-COMPLETE: 40", "iCalendar LOCATION: Hauptstr. 4, Berlin",
        "iCalendar URL: https://example.com/flat", "iCalendar GEO: 52.5;13.4",
        "iCalendar CLASS: PRIVATE", "iCalendar X-APPLE-SORT-ORDER: 12"]
    assert (flat["created_at"], flat["updated_at"]) == ("2025-01-01T10:00:00Z",
                                                        "2025-01-02T10:00:00Z")
    paid = show(cli, 2)["task"]
    assert paid["status"] == "done" and paid["updated_at"] == "2025-03-01T08:00:00Z"
    assert paid["detail"] == ""  # its EXDATEs are the series' left-out occurrences
    assert paid["exdates"] == ["2025-03-08T08:00:00Z", "2025-03-15T08:00:00Z"]


def test_value_date_stays_a_date_and_rolls_as_one(cli: Any, db: Path) -> None:
    from app.plan.recurrence import roll_times
    from app.tasks.store import when
    from models import Task, atomic

    assert cli("import", "--from", "ics", str(DATA / "tasks-org.ics")).code == 0
    move = Task.get_by_id(1)  # DUE;VALUE=DATE:20261215
    assert move.all_day == ["due"] and when(move, "due") == date(2026, 12, 15)
    plants = Task.get_by_id(2)  # DTSTART and DUE dates, weekly on Saturday
    assert plants.all_day == ["start", "due"]
    with atomic():
        assert roll_times(plants) is not None
        plants.save()
    plants = Task.get_by_id(2)
    assert plants.all_day == ["start", "due"] and when(plants, "due") == date(2026, 12, 12)


ZONED = """BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r
BEGIN:VTODO\r
UID:zoned-1\r
SUMMARY:Call the Berlin office\r
DUE;TZID=Europe/Berlin:20261214T100000\r
END:VTODO\r
BEGIN:VTODO\r
UID:floating-1\r
SUMMARY:Water the cactus\r
DUE:20261214T100000\r
END:VTODO\r
END:VCALENDAR\r
"""


def test_a_tzid_time_keeps_its_zone_and_floating_is_local(cli: Any, db: Path,
                                                          tmp_path: Path) -> None:
    """RFC 5545 §3.3.5's forms: a time with a TZID, and a floating (local) time."""
    from app.tasks.store import when
    from models import Task

    path = tmp_path / "zoned.ics"
    path.write_text(ZONED, encoding="utf-8")
    assert cli("import", "--from", "ics", str(path)).code == 0
    office, cactus = Task.get(Task.uid == "zoned-1"), Task.get(Task.uid == "floating-1")
    berlin = ZoneInfo("Europe/Berlin")
    assert (office.all_day, office.timezone) == ([], "Europe/Berlin")
    due = when(office, "due")
    assert due == datetime(2026, 12, 14, 10, tzinfo=berlin) and due.tzinfo == berlin
    assert cactus.all_day == [] and cactus.timezone is None
    assert when(cactus, "due") == datetime(2026, 12, 14, 10, tzinfo=ZoneInfo(TEST_TZ))


def test_a_tzid_naming_a_zone_folder_skips_that_vtodo(cli: Any, tmp_path: Path) -> None:
    """TZID=Asia is tzdata's folder: icalendar raises IsADirectoryError reading it."""
    odd = ZONED.replace("UID:zoned-1\r\nSUMMARY:Call the Berlin office\r\n"
                        "DUE;TZID=Europe/Berlin:", "UID:odd-1\r\nSUMMARY:Odd zone\r\n"
                        "DUE;TZID=Asia:")
    path = tmp_path / "odd.ics"
    path.write_text(odd, encoding="utf-8")
    result = cli("import", "--from", "ics", str(path))
    assert result.code == 0 and "Traceback" not in result.err, result
    assert "added 1 tasks" in result.out and "'Odd zone'" in result.out


def test_an_occurrence_done_on_its_own_is_done_not_open(cli: Any, tmp_path: Path) -> None:
    """Thunderbird / eM Client write a done occurrence of a series as an override (the
    series' UID, RECURRENCE-ID, COMPLETED): the series is imported rolled on past it,
    not refused as a second item with the same UID; an older occurrence changes nothing."""
    path = tmp_path / "thunderbird.ics"
    path.write_bytes(calendar(
        "UID:swim\r\nSUMMARY:Swim\r\nDTSTART:20991207T070000Z\r\nDUE:20991207T080000Z\r\n"
        "RRULE:FREQ=WEEKLY\r\n",
        "UID:swim\r\nSUMMARY:Swim\r\nRECURRENCE-ID:20991207T070000Z\r\n"
        "DTSTART:20991207T070000Z\r\nDUE:20991207T080000Z\r\nSTATUS:COMPLETED\r\n"
        "COMPLETED:20991207T075000Z\r\n",
        "UID:gym\r\nSUMMARY:Gym\r\nDUE:20991214T080000Z\r\nRRULE:FREQ=WEEKLY\r\n",
        "UID:gym\r\nSUMMARY:Gym\r\nRECURRENCE-ID:20991207T080000Z\r\n"
        "DUE:20991207T080000Z\r\nSTATUS:COMPLETED\r\n"))
    result = cli("import", "--from", "ics", str(path))
    assert result.code == 0 and "added 2 tasks" in result.out and "skipped 0" in result.out, \
        result.out
    swim, gym = show(cli, 1)["task"], show(cli, 2)["task"]
    assert (swim["start_at"], swim["due_at"]) == ("2099-12-14T07:00:00Z", "2099-12-14T08:00:00Z")
    assert gym["due_at"] == "2099-12-14T08:00:00Z"


def chain_file(path: Path, count: int) -> Path:
    """An ICS file of ``count`` VTODOs, each RELATED-TO the one before."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//chain//EN"]
    for n in range(count):
        lines += ["BEGIN:VTODO", f"UID:item-{n}", "DTSTAMP:20260101T000000Z",
                  f"SUMMARY:Item {n}"]
        lines += [f"RELATED-TO;RELTYPE=PARENT:item-{n - 1}"] if n else []
        lines.append("END:VTODO")
    path.write_text("\r\n".join([*lines, "END:VCALENDAR", ""]), encoding="utf-8")
    return path


def import_peak(path: Path) -> tuple[list[str], int]:
    from app.io.importers.command import run

    tracemalloc.start()
    try:
        return run("ics", path), tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_chain_import_linear(db: Path, tmp_path: Path) -> None:
    lines, small = import_peak(chain_file(tmp_path / "small.ics", 500))
    assert "added 0 tasks" in lines[0] and "skipped 1" in lines[0]
    assert "too_deep: step 'item-5' is at level 5" in lines[1]
    _, large = import_peak(chain_file(tmp_path / "large.ics", 2_000))
    assert large / small < 6, f"4× the items took {large / small:.1f}× the memory"
