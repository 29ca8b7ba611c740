"""Every placement in words, and for a step that does not fit: why, and the nearest fix.

A reason names what decided the block's start (a dependency's end, the task's start),
the rule that placed it (the first free slot, before the due date, split in chunks) and
what sits right before it (an event, another block, the start of working hours), as in
"after 'Shortlist venues' ends Mon 11:30; first free 1 h 30 min before the due date
Thu 12-03 17:00; 10:00–11:30 is 'Team meeting'".
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from app.calendar.freebusy import Interval
from app.schedule.estimates import minutes_text
from app.schedule.free import FreeTime, Span, instant, seconds, step_seconds
from app.schedule.model import (
    MIN_CHUNK_MINUTES,
    Block,
    Inputs,
    StepKey,
    Unplaced,
    Work,
    clock,
    day_clock,
)

Because = StepKey | str | None


def as_interval(block: Block, titles: dict[StepKey, str]) -> Interval:
    """A fixed block as busy time, labelled with its step's title."""
    return Interval(block.start, block.end, (titles.get(block.key, block.step_id),))


class Context:
    """What a reason may point at: busy time and blocks, found by the moment they end."""

    def __init__(self, inputs: Inputs, fixed: Sequence[Interval]) -> None:
        self.inputs = inputs
        self.zone = inputs.zone
        self._ends: dict[int, tuple[datetime, str, bool]] = {}
        for item in inputs.busy:
            if item.labels:
                self._ends.setdefault(seconds(item.end), (item.start, _quoted(item.labels),
                                                          True))
        for item in fixed:
            self._ends[seconds(item.end)] = (item.start, _quoted(item.labels), False)

    def placed(self, blocks: Sequence[Block], title: str) -> None:
        for block in blocks:
            self._ends[seconds(block.end)] = (block.start, _quoted((title,)), False)

    def why(self, work: Work, pieces: Sequence[Span], earliest: int, because: Because) -> str:
        parts = [self._start_reason(because, earliest)]
        due = "" if work.due is None else f" before the due date {day_clock(work.due, self.zone)}"
        if len(pieces) == 1:
            parts.append(f"first free {minutes_text(work.minutes)}{due}")
        else:
            parts.append(f"no single free {minutes_text(work.minutes)}{due}, so split into "
                         f"{len(pieces)} parts of {MIN_CHUNK_MINUTES} min or more")
        parts.append(self._before(pieces[0][0], earliest))
        return "; ".join(p for p in parts if p)

    def _start_reason(self, because: Because, earliest: int) -> str:
        when = clock(instant(earliest), self.zone)
        if because == "start":
            return f"not before the task's start {when}"
        if isinstance(because, tuple):
            title = self.inputs.titles.get(because, because[1])
            return f"after {_quoted((title,))} ends {when}"
        return ""

    def _before(self, start: int, earliest: int) -> str:
        if start <= earliest:
            return ""
        found = self._ends.get(start)
        if found is not None:
            begin, label, is_event = found
            finish = instant(start).astimezone(self.zone)
            span = f"{begin.astimezone(self.zone):%H:%M}–{finish:%H:%M}"
            return f"{span} is {label}" if is_event else f"{span} is taken by {label}"
        local = instant(start).astimezone(self.zone)
        if local.time() == self.inputs.hours.start:
            return f"working hours start {local:%H:%M}"
        return ""


def _quoted(labels: Sequence[str]) -> str:
    shown = [f"'{label}'" for label in labels[:2]]
    return " and ".join(shown) + (" …" if len(labels) > 2 else "")


def waits_for(work: Work, blocked: Sequence[str]) -> Unplaced:
    names = ", ".join(f"'{t}'" for t in blocked)
    return Unplaced(work.task_id, work.step_id, work.title,
                    f"it waits for {names}, which could not be placed",
                    "fix that step first")


def not_fitting(work: Work, free: FreeTime, earliest: int, because: Because, deadline: int,
                inputs: Inputs) -> Unplaced:
    """Why ``work`` does not fit before ``deadline``, with the nearest fix."""
    zone, need = inputs.zone, step_seconds(work.minutes)
    horizon = seconds(inputs.end)
    due_text = "the end of the range" if work.due is None else "its due date"
    if earliest >= deadline:
        what = ("its task starts" if because == "start" else
                f"{_quoted((inputs.titles.get(because, because[1]),))} ends"
                if isinstance(because, tuple) else "the range starts")
        reason = f"{what} {day_clock(instant(earliest), zone)}, after {due_text}"
    else:
        longest, total = free.usable(earliest, deadline, step_seconds(MIN_CHUNK_MINUTES))
        reason = (f"not enough free time before {due_text} {day_clock(instant(deadline), zone)}:"
                  f" {minutes_text(max(total, longest) // 60)} free, "
                  f"{minutes_text(work.minutes)} needed")
    return Unplaced(work.task_id, work.step_id, work.title, reason,
                    _fix(work, free, earliest, deadline, horizon, need, inputs),
                    short_of_time=earliest < deadline and work.due is not None)


def _fix(work: Work, free: FreeTime, earliest: int, deadline: int, horizon: int, need: int,
         inputs: Inputs) -> str:
    fixes = []
    later = free.first_fit(earliest, need, horizon) or _last(free.chunks(
        earliest, need, horizon, step_seconds(MIN_CHUNK_MINUTES)))
    if later is not None and work.due is not None:
        fixes.append(f"move the due date to {day_clock(instant(later[1]), inputs.zone)}")
    longest, _ = free.usable(earliest, deadline, step_seconds(MIN_CHUNK_MINUTES))
    if longest >= step_seconds(5):
        fixes.append(f"shorten it to {minutes_text(longest // 60)}")
    if not fixes:
        fixes.append("schedule more days (--days), or free some time in the calendar")
    return " or ".join(fixes)


def _last(pieces: Sequence[Span]) -> Span | None:
    return pieces[-1] if pieces else None
