"""What one expansion of a calendar may cost, so no file or server can hang a sync.

A recurring series costs dateutil one step per period from its DTSTART to the end of
the window (an hourly series from 1900 is a million steps, 2.5 s), and a rule that
never matches scans to the year 9999. So before a series is expanded its RRULEs and
EXRULEs pass ``app.dates.rrules.validate_rrule`` (which refuses ``INTERVAL=0``, impossible
rules and more than 96 occurrences a day), its periods are counted against
MAX_PERIODS for the series and MAX_TOTAL_PERIODS for the calendar, the whole check
stops after BUDGET_S of wall-clock time, and at most MAX_OCCURRENCES occurrences are
taken from all series together. Whatever is left out is named in a warning.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from itertools import islice
from typing import Any

from app.calendar.scan import Block, Props, parse_line
from app.dates.rrules import InvalidRule, parse_parts, validate_rrule

MAX_PERIODS = 200_000  # dateutil steps for one series: about half a second
MAX_TOTAL_PERIODS = 2_000_000  # for the whole calendar: about five seconds
MAX_OCCURRENCES = 250_000  # occurrences of all series in one window
BUDGET_S = 10.0  # wall-clock time for checking the series of one expansion
PERIOD_HOURS = {"YEARLY": 8766.0, "MONTHLY": 730.5, "WEEKLY": 168.0, "DAILY": 24.0,
                "HOURLY": 1.0}
RULE_PROPS = ("RRULE", "EXRULE")


@dataclass
class Budget:
    """The work one expansion has spent so far, and what it had to leave out."""

    window_end: datetime
    started: float = field(default_factory=time.monotonic)
    periods: int = 0
    occurrences: int = 0
    truncated: bool = False

    def series_problem(self, block: Block, props: Props) -> str | None:
        """Why a series must not be expanded (its rule, its cost), or None; an accepted
        series is charged to the budget."""
        if time.monotonic() - self.started > BUDGET_S:
            return f"checking this calendar's recurring events took over {BUDGET_S:.0f} s"
        start = _wall_start(props)
        periods = 0
        for rule in _rules(block):
            try:
                validate_rrule(rule, start)
            except InvalidRule as exc:
                return str(exc)
            periods = max(periods, self._periods(rule, start))
        if periods > MAX_PERIODS:
            return (f"it repeats about {periods:,} times between its start and the end of "
                    f"the synced time; Stepwise expands at most {MAX_PERIODS:,}")
        if self.periods + periods > MAX_TOTAL_PERIODS:
            return ("this calendar's recurring events together repeat more than "
                    f"{MAX_TOTAL_PERIODS:,} times; the rest were left out")
        self.periods += periods
        return None

    def _periods(self, rule: str, start: datetime | None) -> int:
        if start is None:
            return 0
        parts = parse_parts(rule)
        hours = (self.window_end.replace(tzinfo=None) - start).total_seconds() / 3600
        step = PERIOD_HOURS[parts["FREQ"]] * int(parts.get("INTERVAL", "1"))
        return max(0, int(hours / step))

    def take(self, occurrences: Iterator[Any]) -> list[Any]:
        """Occurrences until MAX_OCCURRENCES have been taken in this expansion."""
        room = MAX_OCCURRENCES - self.occurrences
        taken = list(islice(occurrences, room + 1))
        if len(taken) > room:
            self.truncated = True
            taken = taken[:room]
        self.occurrences += len(taken)
        return taken


def _rules(block: Block) -> list[str]:
    """Every RRULE and EXRULE value of a block (a second RRULE counts as much as the first)."""
    found = []
    for line in block.lines[1:-1]:
        if line[:6].upper().startswith(RULE_PROPS):
            try:
                name, _params, value = parse_line(line)
            except ValueError:
                continue
            if name in RULE_PROPS:
                found.append(value)
    return found


def _wall_start(props: Props) -> datetime | None:
    """DTSTART's date and time as written (wall time), or None if it cannot be read."""
    text = props.get("DTSTART", ("", {}))[0].strip()
    try:
        day = date(int(text[:4]), int(text[4:6]), int(text[6:8]))
        if len(text) >= 15 and text[8] == "T":
            return datetime(day.year, day.month, day.day, int(text[9:11]), int(text[11:13]),
                            min(int(text[13:15]), 59))
        return datetime(day.year, day.month, day.day)
    except (ValueError, IndexError):
        return None
