"""The offline planner's step times: the time a part names, or one spread to the due.

A step's due time is the time named for it, a time relative to the task's due ("the day
before", "提前三天"), or else a point spread between now and the task's due time in
working hours, out of busy time. A reminder whose moment has passed moves on to the next
sensible one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime, time, timedelta
from typing import Any

from app.dates import roles
from app.dates.moments import sensible_moment
from app.dates.recurrence_words import find_recurrence
from models.fields import format_utc, parse_utc

WORK_START, WORK_END = 9, 18
_BEFORE = re.compile(
    r"(?:the\s+)?(day|week)\s+before|(\d+|a|one|two|three)\s+(days?|weeks?|hours?)\s+before"
    r"|提前(\d+|[一二两三四五六七])(天|周|个?小时)|前一(天|周)", re.IGNORECASE)


def own_time(text: str, ctx: Mapping[str, Any], now: datetime, due: datetime | None
             ) -> tuple[str, datetime | None]:
    """The part without its date words, and the time it names (or one relative to the due);
    ``ctx``: the planning call's context (the task, the contacts)."""
    repeats = find_recurrence(text)
    if repeats is not None:  # the task's recurrence is its own; the step keeps the words
        text = _cut(text, repeats.start, repeats.end) or text
    m = _BEFORE.search(text)
    anchor = _event_day(ctx, now) or due  # "the day before": before the event, if any
    if m and anchor is not None:
        return _cut(text, m.start(), m.end()) or text, anchor - _before(m)
    times = roles.times_in(text, now)
    given = roles.due_in(text, now, times)
    if given is None:
        return text, _asked_by(times, due) or _on_the_day(text, ctx, now)
    found, when = given.timed.found, given.when
    if repeats is not None and due is not None:  # "every Monday at 9am": this occurrence
        when = due
    if given.timed.keeps_words:
        return text, when
    if not found.understood.had_time and due and when.date() == due.date():
        when = due
    return _cut(text, found.start, found.end) or text, when  # "Friday" alone stays a title


def _asked_by(times: list[roles.Timed], due: datetime | None) -> datetime | None:
    """A question about a time ("whether she is free on Sunday") is asked by then, and
    never after the task's due; without a due it is spread like any step."""
    asked = next((t for t in times if t.role == "asked"), None)
    if asked is None or due is None:
        return None
    return min(asked.found.understood.when, due)


def _on_the_day(text: str, ctx: Mapping[str, Any], now: datetime) -> datetime | None:
    """"Bring your ID to the appointment": a step done at the event, due when it begins."""
    if not roles.ON_THE_DAY.match(text):
        return None
    task = ctx.get("task") or {}
    event = roles.times_in(f"{task.get('title', '')}\n{task.get('detail') or ''}", now)
    found = next((t for t in event if t.role in ("event", "when")), None)
    return None if found is None else found.found.understood.when


def _event_day(ctx: Mapping[str, Any], now: datetime) -> datetime | None:
    """The event's time, a day's end of work when only its day is known."""
    begins = event_time(ctx, now)
    if begins is None or begins.time() != time(0, 0):
        return begins
    return begins.replace(hour=WORK_END)


def event_time(ctx: Mapping[str, Any], now: datetime) -> datetime | None:
    """When the event the task prepares for begins (from its title and detail), or None:
    "Prepare slides for Thursday's meeting" → Thursday; "the flight in April" → 1 April."""
    task = ctx.get("task") or {}
    return roles.event_time(f"{task.get('title', '')}\n{task.get('detail') or ''}", now)


def search_window(text: str, ctx: Mapping[str, Any], now: datetime, due: datetime | None
                  ) -> tuple[datetime, datetime]:
    """The stretch of time a calendar read searches: the window the words name ("find a
    slot next week": next week, from the step's text, else the task's), else from now to
    the due time (or a week)."""
    task = ctx.get("task") or {}
    for words in (text, f"{task.get('title', '')}\n{task.get('detail') or ''}"):
        found = roles.window_in(words, now)
        if found is not None:
            return found
    return now, due if due is not None and due > now else now + timedelta(days=7)


def ahead(at: datetime, ctx: Mapping[str, Any], now: datetime, due: datetime | None
          ) -> datetime:
    """A reminder's moment, moved on to the next sensible one (a working morning, 09:00
    in the request's zone; the doer moves it again by the person's own hours) when it
    has passed."""
    return sensible_moment(at, now, closes=due, work_start=time(9, 0), zone=now.tzinfo or UTC)


def _before(m: re.Match[str]) -> timedelta:
    from app.dates.when import zh_number

    if m.group(1) or m.group(6):
        return timedelta(weeks=1) if (m.group(1) or m.group(6)) in ("week", "周") else timedelta(1)
    if m.group(2):
        amount = {"a": 1, "one": 1, "two": 2, "three": 3}.get(m.group(2).lower()) or int(m.group(2))
        unit = m.group(3).lower()
    else:
        amount, unit = zh_number(m.group(4)), m.group(5)
    if unit.startswith("week") or unit == "周":
        return timedelta(weeks=amount)
    if unit.startswith("hour") or "时" in unit:
        return timedelta(hours=amount)
    return timedelta(days=amount)


def _cut(text: str, start: int, end: int) -> str:
    joined = text[:start] + (" " if text[:start].isascii() else "") + text[end:]
    return re.sub(r"\s+([:：,，;；.?!])", r"\1", re.sub(r"\s{2,}", " ", joined)).strip(" ,，")


def spread_all(steps: list[dict[str, Any]], ctx: Mapping[str, Any], now: datetime,
               due: datetime | None) -> None:
    """Steps without a time of their own: spread to the task's due, in working hours."""
    loose = [s for s in steps if s["due"] is None]
    start = now
    task = ctx["task"]
    if task.get("start_at"):
        start = max(start, parse_utc(task["start_at"]).astimezone(now.tzinfo))
    busy = [(parse_utc(a), parse_utc(b)) for a, b in ctx.get("busy", [])]
    for i, step in enumerate(loose):
        step["due"] = spread(start, due, i, len(loose), busy)
    never_after_dependents(steps)
    for step in steps:
        step["due"] = None if step["due"] is None else format_utc(step["due"])


def never_after_dependents(steps: list[dict[str, Any]]) -> None:
    """A step is due no later than any step that waits for it (its due moves earlier)."""
    by_id = {s["id"]: s for s in steps}
    for step in reversed(steps):  # steps wait only for earlier ones: one pass from the end
        if step["due"] is None:
            continue
        for need in step["depends_on"]:
            earlier = by_id.get(need)
            if earlier is not None and (earlier["due"] is None or earlier["due"] > step["due"]):
                if earlier["due"] is not None:
                    earlier["due"] = step["due"]


def spread(start: datetime, due: datetime | None, index: int, count: int,
           busy: list[tuple[datetime, datetime]]) -> datetime | None:
    """Step i of n is due at (i+1)/n of the way to the task's due time, on a working day."""
    if due is None or due <= start:
        return due
    when = (start + (due - start) * (index + 1) / count).replace(minute=0, second=0,
                                                                 microsecond=0)
    if when.hour < WORK_START:
        when = when.replace(hour=WORK_START)
    elif when.hour >= WORK_END:
        when = when.replace(hour=WORK_END - 1)
    while when.weekday() >= 5 and when - timedelta(days=1) > start:
        when -= timedelta(days=1)  # a weekend: the Friday before, if it is still ahead
    for begin, end in sorted(busy):  # move out of busy time, never past the due time
        if begin <= when < end and end <= due:
            when = end.astimezone(when.tzinfo)
    return min(max(when, start), due)
