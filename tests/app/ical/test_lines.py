"""app.ical.lines: a plain task's VTODO written directly, the bytes icalendar writes."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from app.ical.lines import plain_task
from app.ical.values import Reminder
from app.ical.vtodo import PlanInfo, TaskItem, task_vtodo

STAMP = datetime(2026, 12, 2, 19, 3, 55, tzinfo=UTC)
WHEN = datetime(2026, 12, 17, 12, 0, tzinfo=UTC)


def icalendar_text(item: TaskItem) -> str:
    return str(task_vtodo(item, STAMP).to_ical().decode("utf-8"))


def full_item(title: str, detail: str, tags: list[str]) -> TaskItem:
    return TaskItem(
        uid="00000000-0000-4000-8000-000000000002", title=title, detail=detail,
        status="done", priority=1, tags=tags, start_at=date(2026, 12, 1), due_at=WHEN,
        expires_at=WHEN + timedelta(days=3), completed_at=WHEN, percent=100,
        modified=WHEN, sequence=4, timezone="UTC",
        reminders=[Reminder(WHEN - timedelta(minutes=15), f"Due: {title}", "a-uid"),
                   Reminder(WHEN, "", "", WHEN)])


def test_plain_task_same_bytes() -> None:
    item = full_item("Renew passport; ask, then\nfile", "line one\r\nline two \\ end",
                     ["work", "a,b"])
    assert plain_task(item, STAMP) == icalendar_text(item)


@settings(max_examples=200, deadline=None)
@given(title=st.text(st.characters(exclude_categories=("Cs",)), max_size=200),
       detail=st.text(max_size=300), tags=st.lists(st.text(min_size=1, max_size=30),
                                                   max_size=3))
def test_any_text_same_bytes(title: str, detail: str, tags: list[str]) -> None:
    item = full_item(title, detail, tags)
    assert plain_task(item, STAMP) == icalendar_text(item)


def test_others_left_to_icalendar() -> None:
    base = {"uid": "u-1", "title": "Standup"}
    for item in (TaskItem(**base, recurrence="FREQ=DAILY"),
                 TaskItem(**base, due_at=WHEN, timezone="Asia/Shanghai"),
                 TaskItem(**base, plan=PlanInfo()),
                 TaskItem(**base, exdates=[WHEN]),
                 TaskItem(uid="u;1", title="Odd UID"),
                 TaskItem(**base, reminders=[Reminder(WHEN, "x", "r", None, WHEN)])):
        assert plain_task(item, STAMP) is None
