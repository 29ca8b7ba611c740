"""``stepwise import --from todoist``: a CSV backup shaped as Todoist documents it."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

DATA = Path(__file__).parent / "data"
BERLIN = "Europe/Berlin"


def test_todoist_rows_become_tasks_with_indented_steps(cli: Any) -> None:
    result = cli("import", "--from", "todoist", str(DATA / "todoist.csv"))
    assert result.code == 0, result.err
    assert "read 15 entries" in result.out and "added 5 tasks with 5 steps" in result.out
    assert "'Too deep' is indented 7 levels" in result.out
    assert "the recurring date 'every other full moon'" in result.out
    tasks = {t["title"]: t for t in json.loads(cli("list", "--all", "--json").out)}
    move = json.loads(cli("show", str(tasks["Move flat"]["id"]), "--json").out)
    assert move["task"]["priority"] == 1 and move["task"]["detail"] == "Keys to the landlord"
    assert move["task"]["tags"] == ["Before the move", "big", "home"]
    assert move["task"]["due_at"] == "2026-12-15T17:00:00Z"  # 18:00 in Europe/Berlin
    steps = [(s["title"], s["parent"]) for s in move["plan"]["steps"]]
    assert steps == [("Book the van", None), ("Pack", None), ("Kitchen", "s2"),
                     ("Plates", "s3"), ("Bubble wrap", "s4")]
    van = move["plan"]["steps"][0]
    assert van["due"] == "2026-12-10T09:00:00Z" and van["objective"] == "Ask for the 3.5 t one"
    plants = tasks["Water plants"]
    assert plants["recurrence"] == "FREQ=WEEKLY;BYDAY=SA" and plants["priority"] == 3
    due = datetime.fromisoformat(plants["due_at"].replace("Z", "+00:00"))
    assert due.weekday() == 5 and due > datetime.now(UTC)  # the next Saturday, 18:00 there
    assert tasks["Weekly review"]["recurrence"] == "FREQ=WEEKLY;INTERVAL=2"
    assert tasks["Zahnarzt anrufen"]["due_at"] == "2026-12-15T17:00:00Z"  # DATE_LANG de


@pytest.mark.parametrize("content", [b"", b"just,some,columns\n1,2,3\n",
                                     b"TYPE,CONTENT\ntask,\"unclosed\n", b"\xff\xfe\xfa"])
def test_files_that_are_not_todoist_backups_are_refused(cli: Any, tmp_path: Path,
                                                        content: bytes) -> None:
    path = tmp_path / "backup.csv"
    path.write_bytes(content)
    result = cli("import", "--from", "todoist", str(path))
    assert result.code == 2 and "Traceback" not in result.err, result
    assert json.loads(cli("list", "--all", "--json").out) == []


def test_every_documented_column_is_kept(cli: Any) -> None:
    result = cli("import", "--from", "todoist", str(DATA / "todoist-rows.csv"))
    assert result.code == 0, result.err
    assert "added 6 tasks with 2 steps" in result.out
    tasks = {t["title"]: t for t in json.loads(cli("list", "--all", "--json").out)}
    client = tasks["Call important client"]
    assert client["due_at"] == "2026-12-15T10:00:00Z"  # 11:00 in Berlin
    assert client["expires_at"] == "2026-12-31T17:00:00Z"  # DEADLINE after the date
    assert client["detail"].splitlines() == [
        "Only on Tuesdays", "attachment: Screenshot.png (https://files.todoist.com/abc/file.png)",
        "Todoist RESPONSIBLE: Evan (14781400)", "Todoist DURATION: 30 minutes"]
    chores = json.loads(cli("show", str(tasks["Weekly chores"]["id"]), "--json").out)
    assert chores["task"]["due_at"] == "2026-12-20T10:00:00Z"  # DEADLINE, no DATE: local 18:00
    assert chores["task"]["detail"] == 'Todoist uncompletable: yes (its title began with "* ")'
    assert chores["task"]["tags"] == ["bins", "home"]  # the steps' labels
    house, trash = chores["plan"]["steps"]
    assert (house["title"], house["estimate_minutes"]) == ("Clean the house", 120)
    assert house["objective"] == "Todoist labels: @home"
    assert trash["title"] == "Take out the trash" and trash["due"] is not None
    assert tasks["Plan the week"]["priority"] == 1  # an empty PRIORITY is p1
    assert tasks["Plan the week"]["recurrence"] == "FREQ=WEEKLY;INTERVAL=2"
    assert tasks["Pay rent"]["recurrence"] == "FREQ=MONTHLY;BYMONTHDAY=1"
    assert tasks["Pay rent"]["due_at"][8:10] == "01"
    boiler = tasks["Service the boiler"]
    assert boiler["recurrence"] == "FREQ=MONTHLY;INTERVAL=3"
    assert boiler["due_at"][5:10] == "01-15"
    cactus = tasks["Water the cactus"]
    assert cactus["recurrence"] == "FREQ=WEEKLY;BYDAY=TU"
    assert cactus["detail"] == "Todoist DATE: every! tuesday"
    assert "kept in details: 6 fields" in result.out


def test_dates_stay_dates_and_times_keep_their_zone(cli: Any, db: Path) -> None:
    from app.tasks.store import when
    from models import Task

    for name in ("todoist.csv", "todoist-rows.csv"):
        assert cli("import", "--from", "todoist", str(DATA / name)).code == 0
    tasks = {t.title: t for t in Task.select()}
    move = tasks["Move flat"]
    assert (move.all_day, move.timezone) == (["due"], BERLIN)
    assert when(move, "due") == date(2026, 12, 15)
    review = tasks["Weekly review"]  # every 2 weeks at 9am
    assert (review.all_day, review.timezone) == ([], BERLIN)
    due = when(review, "due")
    assert isinstance(due, datetime) and (due.hour, due.minute) == (9, 0)
    chores = tasks["Weekly chores"]  # DEADLINE, no DATE: the due date
    assert chores.all_day == ["due"] and when(chores, "due") == date(2026, 12, 20)


def test_nine_in_berlin_stays_nine_across_dst(cli: Any, db: Path) -> None:
    """Berlin moves to summer time on 29 March 2037 (a date ahead of any run, as the
    first occurrence is the next one from today): the Monday after is still 09:00."""
    from app.plan.recurrence import roll_times
    from app.tasks.store import when
    from models import Task, atomic

    assert cli("import", "--from", "todoist", str(DATA / "todoist-dst.csv")).code == 0
    task = Task.get()
    berlin = ZoneInfo(BERLIN)
    assert (task.timezone, task.all_day) == (BERLIN, [])
    assert when(task, "due") == datetime(2037, 3, 27, 9, 0, tzinfo=berlin)  # a Friday, CET
    with atomic():
        assert roll_times(task) is not None
        task.save()
    due = when(Task.get(), "due")
    assert isinstance(due, datetime) and due.tzinfo == berlin
    assert (due.date(), due.hour, due.utcoffset()) == (date(2037, 3, 30), 9, timedelta(hours=2))
