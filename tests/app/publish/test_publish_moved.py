"""A block moved or deleted in another calendar app (the ``caldav`` library on Radicale
and Xandikos) comes back at the next publish: moved and pinned here, or its step
unscheduled; both in the task's work log; the calendar mirrors the result."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from app.publish import store
from app.publish.items import block_uid
from app.tasks.store import get_task
from models import ScheduledBlock, Step, WorkLog
from tests.app.publish.test_publish_caldav import NOW, week_of_work


def _log(text: str) -> list[str]:
    """The work log's lines holding ``text``; each reads in Chinese too (a Chinese
    window's log shows them retold, no English left but the step's id)."""
    from app.words.plain import told
    from tests.app.plain_walk import english_left

    found = [str(m) for (m,) in WorkLog.select(WorkLog.message).tuples() if text in str(m)]
    for line in found:
        assert english_left(told(line, "zh")) == [], told(line, "zh")
    return found


def test_moved_there(db: Path, plan_url: str, calendar_app: Any) -> None:
    uid = week_of_work()
    store.add_caldav(plan_url, "", "", now=NOW)
    outline = ScheduledBlock.get(ScheduledBlock.step_id == "outline")
    there = outline.start + timedelta(days=1, hours=5)
    calendar_app(plan_url).move(block_uid(uid, "outline", outline.chunk), there)
    [target] = store.publish_all(now=NOW)
    assert target.error == ""
    here = ScheduledBlock.get(ScheduledBlock.step_id == "outline")
    assert here.start == there and here.pinned
    assert here.end - here.start == outline.end - outline.start
    assert len(_log("moved in another calendar app")) == 1
    events = calendar_app(plan_url).events()
    shown = events[block_uid(uid, "outline", here.chunk)].icalendar_component
    assert shown.decoded("DTSTART") == there and "moved by you" in str(shown["DESCRIPTION"])
    assert len(events) == ScheduledBlock.select().count()
    store.publish_all(now=NOW)  # nothing moved since: nothing logged again
    assert len(_log("moved in another calendar app")) == 1


def test_resized_there(db: Path, plan_url: str, calendar_app: Any) -> None:
    """Made longer there: the block here ends as it does there and the step's estimate
    follows; moved and made too short: moved, its length kept, the reason logged."""
    uid = week_of_work()
    store.add_caldav(plan_url, "", "", now=NOW)
    outline = ScheduledBlock.get(ScheduledBlock.step_id == "outline")
    app = calendar_app(plan_url)
    app.move(block_uid(uid, "outline", outline.chunk), outline.start, timedelta(hours=2))
    store.publish_all(now=NOW)
    here = ScheduledBlock.get(ScheduledBlock.step_id == "outline")
    assert (here.start, here.end - here.start) == (outline.start, timedelta(hours=2))
    assert here.pinned and Step.get(Step.step_id == "outline").estimate_minutes == 120
    [said] = _log("made 2 h long in another calendar app")
    assert "estimate follows" in said
    shown = app.events()[block_uid(uid, "outline", here.chunk)].icalendar_component
    assert shown.decoded("DTEND") - shown.decoded("DTSTART") == timedelta(hours=2)
    draft = ScheduledBlock.get(ScheduledBlock.step_id == "draft")
    later = draft.start + timedelta(hours=3)
    app.move(block_uid(uid, "draft", draft.chunk), later, timedelta(minutes=2))
    store.publish_all(now=NOW)
    moved = ScheduledBlock.get(ScheduledBlock.step_id == "draft")
    assert moved.start == later and moved.end - moved.start == draft.end - draft.start
    [said] = _log("step 'draft': its block was moved")
    assert "not made 2 min long" in said and "at least 5 minutes" in said


def test_deleted_there(db: Path, plan_url: str, calendar_app: Any) -> None:
    uid = week_of_work()
    store.add_caldav(plan_url, "", "", now=NOW)
    draft = ScheduledBlock.get(ScheduledBlock.step_id == "draft")
    calendar_app(plan_url).delete(block_uid(uid, "draft", draft.chunk))
    [target] = store.publish_all(now=NOW)
    assert target.error == ""
    assert not ScheduledBlock.select().where(ScheduledBlock.step_id == "draft").exists()
    assert Step.get(Step.step_id == "draft").estimate_minutes is None
    [said] = _log("deleted in another calendar app")
    assert "1 h 30" in said or "90" in said
    events = calendar_app(plan_url).events()
    assert set(events) == {block_uid(uid, b.step_id, b.chunk) for b in ScheduledBlock.select()}
    assert get_task(1).uid == uid
