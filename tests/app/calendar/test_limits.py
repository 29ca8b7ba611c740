"""app.calendar.limits: what one expansion may cost — periods of a series, of the whole
calendar, occurrences and wall-clock time — so no file or server can hang a sync."""

from __future__ import annotations

import time
from datetime import datetime

import pytest

from app.calendar import limits
from app.calendar.expand import expand
from app.calendar.limits import MAX_PERIODS, Budget
from app.calendar.scan import Block, Props, properties, scan
from tests.app.calendar.test_hardening import AHEAD, GOOD, ics, soon

END = datetime(2027, 1, 1)


def series(rule: str, start: str = "20261201T090000Z") -> tuple[Block, Props]:
    block = scan(ics(f"DTSTART:{start}\r\nRRULE:{rule}\r\nSUMMARY:S\r\n")).events[0]
    return block, properties(block)


@pytest.mark.timeout(30)
def test_defect_3_a_series_from_long_ago_is_skipped_not_scanned() -> None:
    text = ics(GOOD, "DTSTART:19000101T090000Z\r\nRRULE:FREQ=HOURLY\r\nSUMMARY:Old\r\n")
    started = time.monotonic()
    found = expand([text], *AHEAD, "Asia/Shanghai")
    assert time.monotonic() - started < 2  # dateutil alone: 2.5 s for this one series
    assert [r.summary for r in found.rows] == ["Good"]
    assert any("'Old'" in w and "expands at most" in w for w in found.warnings)


def test_defect_3_occurrences_per_expansion_are_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_OCCURRENCES", 50)
    text = ics(f"DTSTART:{soon(1)}\r\nDTEND:{soon(2)}\r\nRRULE:FREQ=HOURLY\r\nSUMMARY:Often\r\n")
    found = expand([text], *AHEAD, "Asia/Shanghai")
    assert len(found.rows) == 50
    assert any("only the first were kept" in w for w in found.warnings)


def test_defect_3_checking_series_stops_at_the_wall_clock_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "BUDGET_S", -1.0)  # already spent
    text = ics(GOOD, f"DTSTART:{soon(2)}\r\nRRULE:FREQ=DAILY\r\nSUMMARY:Daily\r\n")
    found = expand([text], *AHEAD, "Asia/Shanghai")
    assert [r.summary for r in found.rows] == ["Good"]
    assert any("'Daily'" in w and "took over" in w for w in found.warnings)


def test_a_series_is_charged_by_its_periods_to_the_window_end() -> None:
    budget = Budget(END)
    block, props = series("FREQ=DAILY")
    assert budget.series_problem(block, props) is None
    assert budget.periods == 30  # Dec 1 09:00 to Jan 1: 30 whole days
    weekly, props = series("FREQ=WEEKLY;INTERVAL=2")
    assert budget.series_problem(weekly, props) is None
    assert budget.periods == 32


def test_a_bad_rule_or_too_many_periods_is_named() -> None:
    block, props = series("FREQ=DAILY;INTERVAL=0")
    assert Budget(END).series_problem(block, props)
    old, props = series("FREQ=HOURLY", start="19000101T000000Z")
    said = Budget(END).series_problem(old, props) or ""
    assert f"{MAX_PERIODS:,}" in said


def test_the_calendar_total_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_TOTAL_PERIODS", 40)
    budget = Budget(END)
    block, props = series("FREQ=DAILY")
    assert budget.series_problem(block, props) is None
    assert "together repeat" in (budget.series_problem(block, props) or "")


def test_take_keeps_to_the_occurrence_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_OCCURRENCES", 5)
    budget = Budget(END)
    assert budget.take(iter(range(3))) == [0, 1, 2] and not budget.truncated
    assert budget.take(iter(range(100))) == [0, 1] and budget.truncated
    assert budget.take(iter(range(100))) == []

