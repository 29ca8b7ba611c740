"""The command line's ``add`` grammar and ``next``: the quick-add bar's reader, headless.

``stepwise add "Pay the bill on the 5th of every month #home !2"`` reads the title with
app.tasks.quickadd (the same reader as the window's bar); ``--due`` and ``--recur`` also take
words ("every friday 9am", "每周五"). ``stepwise next`` names the task the assistant
takes next and each term of its urgency score.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime
from typing import Any

from app.dates import days
from app.dates.recurrence_words import find_recurrence
from app.dates.when import local_zone, parse_when
from app.tasks.quickadd import Reading, read_typed
from app.tasks.store import NewTask
from app.text import shown


def new_task_from(args: argparse.Namespace, now: datetime | None = None) -> NewTask:
    """The task ``add`` stores, with what was understood told on stderr."""
    zone = local_zone()
    now = (now or datetime.now(UTC)).astimezone(zone)
    reading = read_typed(args.title, now)
    times: dict[str, Any] = {}
    sources: dict[str, str] = {}
    named: list[str] = []
    recurrence = _recurrence(args.recur) if args.recur else reading.recurrence
    for role, phrase in (("start", args.start), ("due", args.due), ("expires", args.expires)):
        if phrase is None:
            continue
        sources[f"{role}_at"] = phrase
        found = find_recurrence(phrase)
        if found is not None and role != "expires":
            recurrence = recurrence or found.rule
            rest = (phrase[:found.start] + " " + phrase[found.end:]).strip()
            understood = parse_when(rest, role, now) if rest else None
            clock = understood.when.time() if understood else found.clock
            times[f"{role}_at"] = found.first(now, clock or reading_default(role))
            timed = understood.had_time if understood else found.clock is not None
        else:
            understood = parse_when(phrase, role, now)
            times[f"{role}_at"], timed = understood.when, understood.had_time
        if role != "expires":
            times[f"{role}_at"] = days.as_given(times[f"{role}_at"], timed, zone)
            named += [role] if timed else []
    if not times and reading.due is not None:
        times["due_at"] = days.as_given(reading.due, reading.due_had_time, zone)
        sources["due_at"] = " ".join(reading.cut)
        named += ["due"] if reading.due_had_time else []
    _tell(reading, times, sources, recurrence, args.title)
    detail = "\n".join(d for d in (reading.detail, args.detail) if d)
    return NewTask(title=reading.title, detail=detail,
                   priority=reading.priority or args.priority,
                   tags=tuple(dict.fromkeys([*args.tag, *reading.tags])), recurrence=recurrence,
                   timezone=getattr(zone, "key", None), named=tuple(named), **times)


def reading_default(role: str) -> Any:
    from app.dates.when import DEFAULT_TIME

    return DEFAULT_TIME[role]


def _recurrence(text: str) -> str:
    """An RRULE as given, or one read from words ("every friday"); else the text (refused)."""
    if "FREQ=" in text.upper():
        return text
    found = find_recurrence(text)
    return found.rule if found is not None else text


def _tell(reading: Reading, times: dict[str, Any], sources: dict[str, str],
          recurrence: str | None, typed: str) -> None:
    """What was understood, on stderr (nothing when the title was taken as it is)."""
    if reading.title != typed.strip():
        print(f"title: {shown(reading.title)}", file=sys.stderr)
    for key, when in times.items():
        source = f"  (from {sources[key]!r})" if sources.get(key) else ""
        all_day = ", all day" if days.is_day(when) else ""
        print(shown(f"{key.removesuffix('_at')}: {days.plain(when)}{all_day}{source}"),
              file=sys.stderr)
    for label, value in reading.lines()[1:]:
        if label not in ("due", "repeats"):
            print(f"{label}: {shown(str(value))}", file=sys.stderr)
    if recurrence:
        print(f"repeats: {recurrence}", file=sys.stderr)


def cmd_next(args: argparse.Namespace) -> int:
    """Print the task the assistant takes next and each term of its urgency."""
    from app.agent import picking
    from app.config import settings
    from app.tasks.urgency import explain_task

    now = datetime.now(UTC)
    chosen = picking.first_candidate(now, bool(settings.get("assistant.auto_accept")))
    if chosen is None:
        print(json.dumps(None) if args.json else "nothing is due now")
        return 0
    terms = dict(chosen.urgency.terms)
    if args.json:
        print(json.dumps({"task": chosen.task.id, "title": chosen.task.title,
                          "stage": chosen.stage, "score": chosen.urgency.score,
                          "terms": terms}, ensure_ascii=False))
        return 0
    print(f"#{chosen.task.id} {shown(chosen.task.title)}: {chosen.stage} next")
    print(explain_task(chosen.task, now))
    for name, value in chosen.urgency.terms:
        print(f"  {name:<9}{value:6.2f}")
    return 0
