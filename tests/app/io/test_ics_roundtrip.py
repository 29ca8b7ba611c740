"""Export → import keeps every value (issue 22): any tasks, written to an ``.ics`` file by
``stepwise export --format ics`` and read by ``stepwise import --from ics`` into another
database, come back with the same title, detail, priority, tags, status, start and due
as they were set (a date stays a date, a time keeps its zone), recurrence and exceptions.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.io.ics_export import export_ics
from app.io.importers import ics
from app.io.importers.store import import_batch
from app.tasks import store as tasks
from models import Task, close_database, open_database

ZONES = ["Europe/Berlin", "America/Los_Angeles", "Asia/Shanghai", "Asia/Kolkata"]
TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40) \
    .filter(lambda t: t.strip() == t and t.strip())


@st.composite
def a_task(draw: Any) -> tasks.NewTask:
    zone = draw(st.sampled_from(ZONES))
    first = date(2027, 1, 1) + timedelta(days=draw(st.integers(0, 700)))
    timed = draw(st.booleans())
    due: date | datetime = first
    if timed:
        from zoneinfo import ZoneInfo

        due = datetime(first.year, first.month, first.day, draw(st.integers(0, 23)),
                       draw(st.sampled_from([0, 15, 30, 45])), tzinfo=ZoneInfo(zone))
    start = draw(st.none() | st.just(first - timedelta(days=2)))
    if timed and start is not None:
        start = datetime.combine(start, due.timetz()) if isinstance(due, datetime) else start
    rule = draw(st.none() | st.sampled_from(["FREQ=WEEKLY", "FREQ=DAILY;INTERVAL=2",
                                             "FREQ=MONTHLY;BYMONTHDAY=1"]))
    left_out = ()
    if rule == "FREQ=WEEKLY" and draw(st.booleans()):
        skipped = (due + timedelta(days=14)) if isinstance(due, datetime) else \
            first + timedelta(days=14)
        left_out = (skipped,)
    return tasks.NewTask(
        title=draw(TEXT), detail=draw(st.just("") | TEXT), priority=draw(st.integers(1, 4)),
        tags=tuple(draw(st.lists(TEXT.filter(lambda t: "," not in t), max_size=3,
                                 unique=True))),
        due_at=due, start_at=start, recurrence=rule, timezone=zone, exdates=left_out,
        named=("due",) if timed else ())


def _as_set(task: Task) -> dict[str, Any]:
    def moment(value: Any) -> Any:
        return value.astimezone(UTC) if isinstance(value, datetime) else value

    return {"title": task.title, "detail": task.detail, "priority": task.priority,
            "tags": sorted(task.tags), "status": task.status,
            "start": moment(tasks.when(task, "start")), "due": moment(tasks.when(task, "due")),
            "all_day": sorted(task.all_day), "recurrence": task.recurrence,
            "exdates": [moment(v) for v in tasks.occurrences_as_set(task, "exdates")],
            # a date carries no zone in iCalendar (nor needs one): only a time's is kept
            "zone": task.timezone if task.due_at is not None and "due" not in task.all_day
            else None}


@pytest.mark.timeout(300)
@settings(deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(made=st.lists(a_task(), min_size=1, max_size=4))
def test_an_export_imports_back_with_every_value(tmp_path: Path,
                                                 made: list[tasks.NewTask]) -> None:
    from uuid import uuid4

    here = tmp_path / uuid4().hex
    close_database()
    open_database(here / "one.db")
    for new in made:
        tasks.add_task(new)
    before = [_as_set(t) for t in Task.select().order_by(Task.id)]
    exported = export_ics()
    close_database()
    open_database(here / "two.db")
    summary = import_batch(ics.read(exported, "tasks.ics"), "ics")
    assert len(summary.added) == len(made), summary.lines("tasks.ics")
    after = [_as_set(t) for t in Task.select().order_by(Task.id)]
    close_database()
    assert after == before
