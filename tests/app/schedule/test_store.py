"""Scheduling against the store: save, keep current, pin, resize, remind (the command line
is tests/app/schedule/test_schedule_cli.py)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from app.config import settings
from app.plan import store as plans
from app.schedule import keeper, store
from app.tasks.store import NewTask, add_task
from models import Reminder, ScheduledBlock, WorkLog

Z = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 12, 7, 8, 0, tzinfo=Z)  # a Monday morning


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return (NOW + timedelta(days=day)).replace(hour=hour, minute=minute)


def offsite(**task: Any) -> int:
    task_id = add_task(NewTask(title="Team offsite", **task)).id
    plans.save_plan(task_id, {"schema_version": 2, "title": "Offsite", "steps": [
        {"id": "venues", "title": "Shortlist venues", "estimate_minutes": 90},
        {"id": "book", "title": "Book the venue", "depends_on": ["venues"],
         "estimate_minutes": 60},
        {"id": "invite", "title": "Draft the invitation", "target": "assistant.write",
         "inputs": {"instructions": "x"}, "worker": "assistant", "estimate_minutes": 30},
        {"id": "send", "title": "Send it", "depends_on": ["book", "invite"],
         "estimate_minutes": 15, "worker": "Ann"},
    ]})
    plans.approve_all()  # a plan nobody approved is not scheduled
    return task_id


def starts() -> dict[str, datetime]:
    return {b.step_id: b.start for b in ScheduledBlock.select().order_by(ScheduledBlock.start)}


@pytest.fixture
def listening(db: Path) -> Iterator[None]:
    stop = keeper.keep_current()
    yield
    stop()


def _moved(monkeypatch: pytest.MonkeyPatch, when: datetime) -> None:
    real = store.run

    def run(**kwargs: Any) -> store.Outcome:
        kwargs.setdefault("now", when)
        return real(**kwargs)

    monkeypatch.setattr(store, "run", run)


def test_only_the_users_own_steps_with_estimates_are_placed(db: Path) -> None:
    offsite()
    outcome = store.run(now=NOW)
    assert [(b.step_id, b.start, b.end) for b in outcome.schedule.blocks] == [
        ("venues", at(0, 9), at(0, 10, 30)), ("book", at(0, 10, 30), at(0, 11, 30))]
    assert outcome.schedule.unplaced == []
    logged = [w.message for w in WorkLog.select().where(WorkLog.kind == "schedule")]
    assert logged[0].startswith("'Shortlist venues' placed Mon 12-07 09:00: ")


def test_named_time_kept_free(db: Path) -> None:
    add_task(NewTask(title="Call Mum", due_at=at(0, 9, 30), named=("due",)))  # "at 9:30"
    offsite()
    blocks = store.run(now=NOW).schedule.blocks
    assert [(b.step_id, b.start) for b in blocks] == [("venues", at(0, 10, 30)),
                                                       ("book", at(0, 12))]
    assert all(b.end <= at(0, 9, 30) or b.start >= at(0, 10, 30) for b in blocks)


def test_unapproved_plan_not_scheduled(db: Path) -> None:
    task_id = add_task(NewTask(title="Invite")).id
    plans.save_plan(task_id, {"schema_version": 2, "title": "p", "steps": [
        {"id": "list", "title": "List the guests", "estimate_minutes": 30},
        {"id": "draft", "title": "Draft", "target": "assistant.write",
         "inputs": {"instructions": "x"}}]})
    assert store.run(now=NOW).schedule.blocks == []


def test_a_dry_run_saves_nothing_and_a_second_run_changes_nothing(db: Path) -> None:
    offsite()
    dry = store.run(now=NOW, dry_run=True)
    assert len(dry.schedule.blocks) == 2 and ScheduledBlock.select().count() == 0
    store.run(now=NOW)
    again = store.run(now=NOW)
    assert again.changes == {} and ScheduledBlock.select().count() == 2


def test_a_step_done_early_moves_what_follows(db: Path, listening: None,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    task_id = offsite()
    plans.approve_all()
    store.run(now=NOW, start=at(0, 10))
    assert starts()["book"] == at(0, 11, 30)
    _moved(monkeypatch, at(0, 10))
    plans.step_action(task_id, "venues", "done")  # done at 10:00 instead of 11:30
    assert "venues" not in starts() and starts()["book"] == at(0, 10)
    moved = WorkLog.select().where(WorkLog.kind == "schedule").order_by(WorkLog.id.desc()).first()
    assert moved.message.startswith("'Book the venue' moved from Mon 12-07 11:30 to Mon 12-07 "
                                    "10:00") and moved.message.endswith("(a step changed)")


def test_a_pinned_block_and_one_under_way_stay(db: Path, listening: None,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from app.schedule.estimates import set_estimate

    task_id = offsite()
    store.run(now=NOW)
    _moved(monkeypatch, at(0, 9, 30))  # "Shortlist venues" is under way
    book = ScheduledBlock.get(ScheduledBlock.step_id == "book")
    store.move(book.id, at(1, 14))
    set_estimate(task_id, "venues", 30)  # would end it sooner, but it is under way
    assert starts() == {"venues": at(0, 9), "book": at(1, 14)}
    pinned = ScheduledBlock.get(ScheduledBlock.step_id == "book")
    assert pinned.pinned and pinned.end == at(1, 15)


def test_an_estimate_change_re_schedules(db: Path, listening: None,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from app.schedule.estimates import set_estimate

    task_id = offsite()
    store.run(now=NOW)
    _moved(monkeypatch, NOW)
    set_estimate(task_id, "venues", 120)
    assert starts()["book"] == at(0, 11)


def test_a_calendar_sync_re_schedules_around_new_events(db: Path, listening: None,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from app.calendar.cache import add_source, replace_events
    from app.calendar.rows import EventRow
    from app.events import Change, Kind, events

    offsite()
    store.run(now=NOW)
    source = add_source("Work", "ics_file", "/tmp/none.ics")
    replace_events(source.id, [EventRow("m1", None, "Team meeting", "", "", "2026-12-07T01:00:00Z",
                                "2026-12-07T03:00:00Z", False, None, True)],
                   etag=None, last_modified=None, at=NOW)
    _moved(monkeypatch, NOW)
    events.emit(Change(Kind.CALENDAR_SYNCED, None, "Work"))
    assert starts()["venues"] == at(0, 11)
    assert "09:00–11:00 is 'Team meeting'" in ScheduledBlock.get(
        ScheduledBlock.step_id == "venues").why


def test_an_all_day_busy_event_takes_the_whole_day(db: Path) -> None:
    from app.calendar.cache import add_source, replace_events
    from app.calendar.rows import EventRow

    offsite()
    source = add_source("Home", "ics_file", "/tmp/none.ics")
    day = EventRow("d1", None, "Moving house", "", "", "2026-12-07", "2026-12-08", True, None, True)
    replace_events(source.id, [day], etag=None, last_modified=None, at=NOW)
    assert store.run(now=NOW).schedule.blocks[0].start == at(1, 9)


def test_resizing_a_block_sets_the_estimate(db: Path) -> None:
    task_id = offsite()
    store.run(now=NOW)
    venues = ScheduledBlock.get(ScheduledBlock.step_id == "venues")
    store.resize(venues.id, at(0, 11))
    assert plans.spec_of(plans.active_plan(task_id)).step("venues").estimate_minutes == 120


def test_block_start_reminders_fire_once(db: Path) -> None:
    from app.reminders import store as reminders

    settings.put("reminders.block_start", True)
    offsite()
    store.run(now=NOW)
    store.run(now=NOW)
    rows = list(Reminder.select().where(Reminder.kind == "block").order_by(Reminder.fire_at))
    assert [r.fire_at for r in rows] == [at(0, 8, 45), at(0, 10, 15)]
    assert rows[0].text == "Block starts 09:00: Shortlist venues"
    fired = reminders.tick(now=at(0, 8, 50))
    assert [r.text for r in fired if r.kind == "block"] == ["Block starts 09:00: Shortlist venues"]
    assert [r.kind for r in reminders.tick(now=at(0, 8, 55))] == []


def test_clear_removes_every_block(db: Path) -> None:
    offsite()
    store.run(now=NOW)
    assert store.clear() == 2 and ScheduledBlock.select().count() == 0


def test_rounded_moves_up_to_five_minutes() -> None:
    assert store.rounded(datetime(2026, 1, 1, 9, 1, 1, tzinfo=UTC)) == \
        datetime(2026, 1, 1, 9, 5, tzinfo=UTC)
    assert store.rounded(datetime(2026, 1, 1, 9, 5, tzinfo=UTC)) == \
        datetime(2026, 1, 1, 9, 5, tzinfo=UTC)


def test_a_block_moved_by_hand_makes_the_others_make_room(db: Path, listening: None,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    offsite()
    store.run(now=NOW)
    _moved(monkeypatch, NOW)
    venues = ScheduledBlock.get(ScheduledBlock.step_id == "venues")
    store.move(venues.id, at(0, 10, 30))  # onto "Book the venue", which waits for it
    assert starts() == {"venues": at(0, 10, 30), "book": at(0, 12)}
    logged = WorkLog.select().where(WorkLog.kind == "schedule").order_by(WorkLog.id.desc()).first()
    assert logged.message.endswith("(a block was moved by hand)")
