"""Publishing to a calendar of Stepwise's own on Radicale and Xandikos: made as "Stepwise
plan", read by another client block for block, kept an exact mirror, never touching
another calendar of the account, never read back as busy time."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from app.calendar import sources
from app.errors import Refused
from app.plan import store as plans
from app.publish import store
from app.publish.items import block_uid
from app.schedule import store as schedule
from app.tasks.store import NewTask, add_task, get_task
from models import ScheduledBlock

Z = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 12, 7, 8, 0, tzinfo=Z)  # a Monday morning


def week_of_work() -> str:
    """A task of two estimated steps, scheduled; its UID."""
    task_id = add_task(NewTask(title="Write the report", due_at=NOW + timedelta(days=3))).id
    plans.save_plan(task_id, {"schema_version": 2, "steps": [
        {"id": "outline", "title": "Outline", "estimate_minutes": 45},
        {"id": "draft", "title": "Draft", "depends_on": ["outline"], "estimate_minutes": 90},
    ]})
    plans.approve_all()
    schedule.run(now=NOW)
    return str(get_task(task_id).uid)


def test_mirrored(db: Path, plan_url: str, calendar_app: Any) -> None:
    uid = week_of_work()
    target = store.add_caldav(plan_url, "", "", now=NOW)
    app = calendar_app(plan_url)
    assert app.calendar.get_display_name() == "Stepwise plan"
    events = app.events()
    blocks = list(ScheduledBlock.select())
    assert target.events == len(events) == len(blocks) == 2
    for block in blocks:
        event = events[block_uid(uid, block.step_id, block.chunk)].icalendar_component
        assert event.decoded("DTSTART") == block.start
        assert str(event["DESCRIPTION"]) == block.why
    other = _calendar(calendar_app, plan_url.rstrip("/") + "-family/", "Family")
    other.save_event(dtstart=NOW, dtend=NOW + timedelta(hours=1), summary="Dentist",
                     uid="dentist-1")
    before = {str(e.icalendar_component["uid"]): e.data for e in other.events()}
    first = blocks[0]
    schedule.move(first.id, first.start + timedelta(days=1))
    [moved] = store.publish_all(now=NOW)
    shown = calendar_app(plan_url).events()[block_uid(uid, first.step_id, first.chunk)]
    assert moved.error == "" and shown.icalendar_component.decoded("DTSTART") \
        == first.start + timedelta(days=1)
    schedule.clear()
    [after] = store.publish_all(now=NOW)
    assert after.error == "" and calendar_app(plan_url).events() == {}
    assert {str(e.icalendar_component["uid"]): e.data for e in other.events()} == before


def test_refusals(db: Path, plan_url: str, calendar_app: Any) -> None:
    """A calendar holding other events is not taken over; the published one is never a
    calendar Stepwise reads."""
    store.add_caldav(plan_url, "", "", now=NOW)
    theirs = plan_url.rstrip("/") + "-work/"
    _calendar(calendar_app, theirs, "Work").save_event(
        dtstart=NOW, dtend=NOW + timedelta(hours=1), summary="Standup", uid="standup-1")
    with pytest.raises(Refused, match="events Stepwise did not write"):
        store.add_caldav(theirs, "", "")
    with pytest.raises(Refused, match="never read back as busy"):
        asyncio.run(sources.add_caldav(plan_url, "ann", ""))
    assert [t.location for t in store.targets()] == [plan_url]


def _calendar(calendar_app: Any, url: str, name: str) -> Any:
    """A calendar another app made (MKCALENDAR by the ``caldav`` library)."""
    from caldav import Calendar

    client = calendar_app(url).client
    client.mkcalendar(url)
    return Calendar(client=client, url=url, name=name)


def test_cli_caldav(cli: Any, plan_url: str, calendar_app: Any) -> None:
    assert cli("add", "Pay rent", "--due", "2030-01-10 18:00").code == 0
    added = cli("publish", "add", "caldav", plan_url, "--dues")
    assert added.code == 0 and "1 event" in added.out, added.err
    [event] = calendar_app(plan_url).events().values()
    assert str(event.icalendar_component["SUMMARY"]) == "Due: Pay rent"
    assert cli("edit", "1", "--due", "2030-01-12 09:30").code == 0  # written as it ends
    [event] = calendar_app(plan_url).events().values()
    assert event.icalendar_component.decoded("DTSTART").isoformat() \
        == "2030-01-12T09:30:00+08:00"
    assert plan_url in cli("publish", "list").out
    removed = cli("publish", "remove", "1")
    assert "the calendar stays" in removed.out and calendar_app(plan_url).events()
