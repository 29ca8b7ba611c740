"""The placer: properties over random plans, calendars and working hours; scenarios with reasons."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.calendar.freebusy import Interval
from app.schedule.model import Block, Hours, Inputs, Schedule, Work
from app.schedule.placer import schedule

SHANGHAI = ZoneInfo("Asia/Shanghai")
LONDON = ZoneInfo("Europe/London")
NEW_YORK = ZoneInfo("America/New_York")
MON = datetime(2026, 12, 7, 8, 0, tzinfo=SHANGHAI)


OFFICE = Hours()


def inputs(work: list[Work], busy: Sequence[Interval] = (), *, start: datetime = MON,
           days: int = 7, hours: Hours = OFFICE, fixed: Sequence[Block] = ()) -> Inputs:
    assert start.tzinfo is not None
    return Inputs(work=work, busy=list(busy), start=start, end=start + timedelta(days=days),
                  zone=start.tzinfo, hours=hours, fixed=list(fixed),
                  titles={w.key: w.title for w in work})


def at(day: int, hour: int, minute: int = 0, base: datetime = MON) -> datetime:
    return (base + timedelta(days=day)).replace(hour=hour, minute=minute)


# --- properties -----------------------------------------------------------------------------

ZONES = (SHANGHAI, LONDON, NEW_YORK)
STARTS = (date(2026, 12, 7), date(2026, 10, 22), date(2026, 10, 29), date(2026, 3, 26),
          date(2026, 3, 5))  # ordinary, and the weeks around Europe's and America's DST changes


@st.composite
def scenarios(draw: st.DrawFn) -> Inputs:
    zone = draw(st.sampled_from(ZONES))
    start = datetime.combine(draw(st.sampled_from(STARTS)), time(draw(st.integers(0, 23))), zone)
    first = draw(st.integers(5 * 2, 12 * 2))  # half hours
    last = draw(st.integers(first + 1, 22 * 2))
    hours = Hours(time(first // 2, 30 * (first % 2)), time(last // 2, 30 * (last % 2)),
                  frozenset(draw(st.sets(st.integers(0, 6), min_size=1))))
    busy = [Interval(start + timedelta(minutes=a), start + timedelta(minutes=a + n), ("busy",))
            for a, n in draw(st.lists(st.tuples(st.integers(0, 10 * 1440), st.integers(5, 600)),
                                      max_size=30))]
    work: list[Work] = []
    for task_id in range(1, draw(st.integers(1, 4)) + 1):
        urgency = draw(st.floats(0, 20))
        due = draw(st.none() | st.integers(60, 12 * 1440))
        for i in range(draw(st.integers(1, 6))):
            deps = draw(st.sets(st.integers(0, i - 1), max_size=2)) if i else set()
            step_due = draw(st.none() | st.integers(60, 12 * 1440)) if not due else due
            work.append(Work(task_id, f"s{i}", f"Step {task_id}.{i}", draw(st.integers(5, 400)),
                             tuple((task_id, f"s{d}") for d in sorted(deps)),
                             None if step_due is None else start + timedelta(minutes=step_due),
                             None, urgency, i))
    pins = [Block(w.task_id, w.step_id, start + timedelta(minutes=a),
                  start + timedelta(minutes=a + w.minutes), "pinned", True)
            for w, a in zip(work, draw(st.lists(st.integers(0, 6 * 1440), max_size=2)),
                            strict=False)]
    return Inputs(work, busy, start, start + timedelta(days=draw(st.integers(1, 14))), zone,
                  hours, pins, {w.key: w.title for w in work})


def _inside_hours(block: Block, data: Inputs) -> bool:
    day = block.start.astimezone(data.zone).date()
    low = datetime.combine(day, data.hours.start, data.zone)
    high = datetime.combine(day, data.hours.end, data.zone)
    return day.weekday() in data.hours.days and low <= block.start and block.end <= high


def _overlaps(a: Block | Interval, b: Block | Interval) -> bool:
    return a.start < b.end and b.start < a.end


@pytest.mark.timeout(120)
@given(scenarios())
def test_every_rule_holds_on_random_plans(data: Inputs) -> None:
    result = schedule(data)
    blocks = result.blocks
    for block in blocks:
        assert _inside_hours(block, data), block
        assert data.start <= block.start and block.end <= data.end
        assert not any(_overlaps(block, busy) for busy in data.busy), block
        assert not any(_overlaps(block, pin) for pin in data.fixed), block
    for a, b in zip(blocks, blocks[1:], strict=False):
        assert a.end <= b.start  # sorted by start and never overlapping one another
    _check_work(data, result)


def _check_work(data: Inputs, result: Schedule) -> None:
    placed = {b.key for b in [*result.blocks, *data.fixed]}
    ends: dict[tuple[int, str], datetime] = {}
    for b in [*data.fixed, *result.blocks]:
        ends[b.key] = max(ends.get(b.key, b.end), b.end)
    missing = {u.key for u in result.unplaced}
    pinned = {b.key for b in data.fixed}
    for work in data.work:
        mine = [b for b in result.blocks if b.key == work.key]
        if work.key in pinned:
            assert not mine and work.key not in missing  # pinned: left where it is
            continue
        assert (work.key in missing) != bool(mine), work  # placed or reported, never both
        if not mine:
            continue
        assert sum((b.end - b.start for b in mine), timedelta()) == timedelta(minutes=work.minutes)
        if len(mine) > 1:
            assert all(b.end - b.start >= timedelta(minutes=30) for b in mine)
        for dep in work.depends_on:
            assert dep in placed, (work, dep)
            assert mine[0].start >= ends[dep]
        if work.due is not None:
            assert mine[-1].end <= work.due


@pytest.mark.timeout(120)
@given(scenarios(), st.randoms(use_true_random=False))
def test_the_same_input_gives_the_same_schedule_in_any_order(data: Inputs,
                                                            rnd: random.Random) -> None:
    first = schedule(data)
    shuffled = list(data.work)
    rnd.shuffle(shuffled)
    again = schedule(Inputs(shuffled, list(reversed(data.busy)), data.start, data.end,
                            data.zone, data.hours, data.fixed, data.titles))
    assert again.blocks == first.blocks and again.unplaced == first.unplaced


# --- scenarios ------------------------------------------------------------------------------

def test_the_reason_names_the_dependency_the_rule_and_the_event() -> None:
    meeting = Interval(at(0, 11, 30), at(0, 13), ("Team meeting",))
    work = [Work(1, "venues", "Shortlist venues", 150, position=0),
            Work(1, "book", "Book the venue", 90, ((1, "venues"),), at(3, 17), position=1)]
    first, second = schedule(inputs(work, [meeting])).blocks
    assert (first.start, first.end) == (at(0, 9), at(0, 11, 30))
    assert (second.start, second.end) == (at(0, 13), at(0, 14, 30))
    assert second.why == ("after 'Shortlist venues' ends Mon 11:30; first free 1 h 30 min before "
                          "the due date Thu 12-10 17:00; 11:30–13:00 is 'Team meeting'")


def test_chinese_titles_and_events_in_reasons() -> None:
    lunch = Interval(at(0, 9), at(0, 10), ("部门例会",))
    work = [Work(1, "a", "写周报", 60, due=at(0, 18))]
    (block,) = schedule(inputs(work, [lunch])).blocks
    assert block.start == at(0, 10) and "09:00–10:00 is '部门例会'" in block.why


def test_more_urgent_tasks_go_first() -> None:
    work = [Work(1, "a", "Later", 60, urgency=1.0), Work(2, "a", "Sooner", 60, urgency=9.0)]
    blocks = schedule(inputs(work)).blocks
    assert [b.task_id for b in blocks] == [2, 1]


def test_a_step_too_big_for_one_slot_is_split_into_chunks() -> None:
    busy = [Interval(at(0, 10), at(0, 11), ("Standup",)), Interval(at(0, 12), at(0, 18), ("Away",))]
    (one, two) = schedule(inputs([Work(1, "a", "Write", 120, due=at(0, 18))], busy)).blocks
    assert (one.start, one.end, two.start, two.end) == (at(0, 9), at(0, 10), at(0, 11), at(0, 12))
    assert "split into 2 parts" in one.why and (one.chunk, two.chunk) == (1, 2)


def test_weekends_are_not_working_days() -> None:
    (block,) = schedule(inputs([Work(1, "a", "A", 60)], start=at(5, 8))).blocks  # a Saturday
    assert block.start == at(7, 9)  # the Monday after


def test_a_dst_week_keeps_local_working_hours() -> None:
    start = datetime(2026, 10, 23, 8, 0, tzinfo=LONDON)  # Friday; clocks go back on Sunday
    work = [Work(1, "a", "Before", 8 * 60, position=0), Work(1, "b", "After", 60, ((1, "a"),),
                                                              position=1)]
    blocks = schedule(inputs(work, start=start, hours=Hours(time(9), time(17)))).blocks
    assert [b.start.astimezone(LONDON).hour for b in blocks] == [9, 9]
    assert blocks[0].start.utcoffset() == timedelta(0)  # both given in UTC
    assert blocks[1].start - blocks[0].start == timedelta(days=3, hours=1)  # 25-hour Sunday


def test_an_all_day_busy_day_is_skipped() -> None:
    day = Interval(datetime.combine(date(2026, 12, 7), time(0), SHANGHAI),
                   datetime.combine(date(2026, 12, 8), time(0), SHANGHAI), ("Offsite day",))
    (block,) = schedule(inputs([Work(1, "a", "A", 60)], [day])).blocks
    assert block.start == at(1, 9) and "Offsite day" not in block.why  # a new day begins


def test_a_full_week_reports_every_step_with_a_fix() -> None:
    week = Interval(MON, MON + timedelta(days=7), ("Conference",))
    work = [Work(1, "a", "Prepare", 60, due=at(4, 17)), Work(1, "b", "Review", 30, ((1, "a"),))]
    result = schedule(inputs(work, [week], days=7))
    assert result.blocks == []
    first, second = result.unplaced
    assert first.reason.startswith("not enough free time before its due date Fri 12-11 17:00")
    assert "schedule more days" in first.fix
    assert second.reason == "it waits for 'Prepare', which could not be placed"


def test_a_due_date_too_early_suggests_a_later_one_or_a_shorter_step() -> None:
    work = [Work(1, "a", "Write", 120, due=at(0, 10))]
    (miss,) = schedule(inputs(work)).unplaced
    assert miss.reason == "not enough free time before its due date Mon 12-07 10:00: 1 h free, " \
                          "2 h needed"
    assert miss.fix == "move the due date to Mon 12-07 11:00 or shorten it to 1 h"


def test_a_dependency_that_ends_after_the_due_date_is_named() -> None:
    work = [Work(1, "a", "Long", 9 * 60, position=0),
            Work(1, "b", "Short", 30, ((1, "a"),), at(0, 17), position=1)]
    (miss,) = schedule(inputs(work)).unplaced
    assert miss.reason == "'Long' ends Mon 12-07 18:00, after its due date"


def test_pinned_blocks_stay_and_count_for_dependencies() -> None:
    pin = Block(1, "a", at(1, 14), at(1, 15), "moved by you", True)
    work = [Work(1, "a", "A", 60, position=0), Work(1, "b", "B", 30, ((1, "a"),), position=1)]
    (block,) = schedule(inputs(work, fixed=[pin])).blocks
    assert block.step_id == "b" and block.start == at(1, 15)
    assert block.why.startswith("after 'A' ends Tue 15:00")
