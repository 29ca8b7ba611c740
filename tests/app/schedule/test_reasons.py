"""app.schedule.reasons: every placement in words, and for a step that does not fit, why
and the nearest fix."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from app.calendar.freebusy import Interval
from app.schedule.free import FreeTime, seconds
from app.schedule.model import Inputs, Work
from app.schedule.reasons import Context, not_fitting, waits_for

ZONE = ZoneInfo("Asia/Shanghai")
MON = datetime(2026, 11, 30, 9, 0, tzinfo=ZONE)
MEETING = Interval(MON, MON + timedelta(hours=1), ("Team meeting",))


def inputs(*work: Work) -> Inputs:
    return Inputs(work=work, busy=[MEETING], start=MON, end=MON + timedelta(days=1), zone=ZONE,
                  titles={(1, "s1"): "Shortlist venues"})


def test_a_block_after_an_event_says_so() -> None:
    work = Work(1, "s2", "Book", 90, due=MON + timedelta(days=3))
    ctx = Context(inputs(work), [])
    start = seconds(MON + timedelta(hours=1))
    why = ctx.why(work, [(start, start + 5400)], seconds(MON), None)
    assert why == ("first free 1 h 30 min before the due date Thu 12-03 09:00; "
                   "09:00–10:00 is 'Team meeting'")


def test_a_block_after_its_dependency_and_in_chunks() -> None:
    work = Work(1, "s2", "Book", 60)
    ctx = Context(inputs(work), [])
    earliest = seconds(MON + timedelta(hours=2))
    pieces = [(earliest, earliest + 1800), (earliest + 3600, earliest + 5400)]
    why = ctx.why(work, pieces, earliest, (1, "s1"))
    assert why.startswith("after 'Shortlist venues' ends Mon 11:00; no single free 1 h")
    assert "split into 2 parts of 30 min or more" in why


def test_a_step_that_waits_for_an_unplaced_one() -> None:
    unplaced = waits_for(Work(1, "s2", "Book", 30), ["Shortlist venues"])
    assert unplaced.reason == "it waits for 'Shortlist venues', which could not be placed"
    assert unplaced.fix == "fix that step first"


def test_not_enough_time_before_the_due_names_the_free_time_and_fixes() -> None:
    due = MON + timedelta(hours=2)
    work = Work(1, "s2", "Book", 120, due=due)
    free = FreeTime([(seconds(MON + timedelta(hours=1)), seconds(MON + timedelta(hours=8)))])
    unplaced = not_fitting(work, free, seconds(MON), None, seconds(due), inputs(work))
    assert unplaced.reason == ("not enough free time before its due date Mon 11-30 11:00: "
                               "1 h free, 2 h needed")
    assert unplaced.fix == "move the due date to Mon 11-30 12:00 or shorten it to 1 h"


def test_a_start_after_the_due_date() -> None:
    due = MON + timedelta(hours=1)
    work = Work(1, "s2", "Book", 30, due=due)
    unplaced = not_fitting(work, FreeTime([]), seconds(MON + timedelta(hours=3)), "start",
                           seconds(due), inputs(work))
    assert unplaced.reason == "its task starts Mon 11-30 12:00, after its due date"
    assert "schedule more days" in unplaced.fix
