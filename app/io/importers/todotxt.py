"""todo.txt files (https://github.com/todotxt/todo.txt): one task a line.

Read as the format says: ``x `` then a completion date marks a done task; a priority is
``(A) `` at the very start only; then an optional creation date (both dates are kept
as the task's times). A ``+project`` or ``@context`` is a word that starts with the sign
and has more after it (a lone ``+`` is text); a ``key:value`` has both sides non-empty,
no spaces and no colon (and, so that "10:30", a link or "f:date?" stay words, a key
starting with a letter and a value neither starting with "/" nor ending in "?", "." …).
Tags and pairs before or after the words of the task leave the title; those in the
middle stay in it (and are read as well), so a sentence keeps its words. Priority (A)
and (B) are 1 and 2, (C) and none 3, (D)–(Z) 4; ``due:`` and ``t:`` (threshold: not
before) are dates and stay dates (all day: the format has no clock time); ``rec:`` (1d,
2w, +1m, 1y, 5b) becomes an RRULE; ``pri:`` keeps a done task's priority. A known key
whose value does not read (``due:someday``) is text; every other pair, repeated ones
too, stays in the detail, named ("todo.txt id: 42").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, time

from app.errors import BadFile
from app.io.importers.incoming import (
    Batch,
    Incoming,
    aware,
    decode_text,
    kept_lines,
    start_in_order,
    zone_name,
)
from app.tasks.store import NewTask

WHAT = "a todo.txt file"
_REC = r"\+?(\d{1,4})([dwmyb])"  # rec:2w; an interval of more than 4 digits is text
_REC_UNITS = {"d": "DAILY", "w": "WEEKLY", "m": "MONTHLY", "y": "YEARLY",
              "b": "DAILY;BYDAY=MO,TU,WE,TH,FR"}
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_PAIR = re.compile(r"([^\s:]+):([^\s:]+)")
_TAG = re.compile(r"[+@]\S+")
_DAY_TIME = time(12, 0)  # a creation or completion date: midday, the same day in any zone


@dataclass
class _Line:
    """One line taken apart: its words and what the format marks in it."""

    done: bool = False
    priority: str | None = None
    completed: date | None = None
    created: date | None = None
    words: list[str] = field(default_factory=list)


def read(raw: bytes, name: str) -> Batch:
    """Every non-empty line of the file as a task."""
    text = decode_text(raw, name, WHAT)
    if "\x00" in text:
        raise BadFile(f"{name} holds binary data, so it is not {WHAT}")
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    batch = Batch(read=len(lines))
    for number, line in lines:
        incoming = _task(_parts(line.strip()), number, batch)
        if incoming is not None:
            batch.tasks.append(incoming)
    return batch


def _parts(line: str) -> _Line:
    """The completion mark, priority and dates at the start, and the words after them."""
    parts = _Line()
    rest = line
    if rest.startswith("x "):
        parts.done, rest = True, rest[2:].lstrip()
    if re.match(r"\([A-Z]\) ", rest):  # "x (A) …": some clients keep it on completion
        parts.priority, rest = rest[1], rest[4:].lstrip()
    if parts.done:
        parts.completed, rest = _leading_date(rest)
    created, rest = _leading_date(rest)
    if parts.done and parts.completed is None:
        parts.completed = created  # "x 2026-12-01 …": the one date is the completion
    else:
        parts.created = created
    parts.words = rest.split()
    return parts


def _leading_date(text: str) -> tuple[date | None, str]:
    head, _, rest = text.partition(" ")
    if _DATE.fullmatch(head):
        try:
            return date.fromisoformat(head), rest.lstrip()
        except ValueError:
            pass  # 2026-13-40 is a word of the task
    return None, text


def _task(parts: _Line, number: int, batch: Batch) -> Incoming | None:
    words = parts.words
    plain = [i for i, word in enumerate(words) if _mark(word) is None]
    if not plain:
        batch.skipped.append(f"line {number}: no words besides tags and dates")
        return None
    known, other = _pairs(words, number, batch)
    due = _day(known.get("due"))
    recurrence = _recurrence(known.get("rec")) if due is not None else None
    if "rec" in known and due is None:
        batch.skipped.append(f"line {number}: rec: without due: (imported as a task that "
                             "does not repeat)")
        other.insert(0, ("rec", str(known["rec"])))
    tags = [w[1:] for sign in "@+" for w in words if w[0] == sign and _mark(w) == "tag"]
    new = NewTask(
        title=" ".join(words[plain[0]:plain[-1] + 1]),
        detail="\n".join(kept_lines([(f"todo.txt {k}", v) for k, v in other], batch)),
        priority=_priority(parts.priority or known.get("pri")),
        start_at=_day(known.get("t")), due_at=due,
        tags=tuple(dict.fromkeys(tags)), recurrence=recurrence,
        timezone=zone_name() if recurrence else None, creator="import")
    return Incoming(new=start_in_order(new, batch), status="done" if parts.done else "new",
                    created_at=_at(parts.created, _DAY_TIME),
                    updated_at=_at(parts.completed, _DAY_TIME))


def _mark(word: str) -> str | None:
    """What the format marks ``word`` as: "tag", "pair", or None (a word of the task)."""
    if _TAG.fullmatch(word):
        return "tag"
    match = _PAIR.fullmatch(word)
    if match is None or not match.group(1)[0].isalpha() or match.group(2).startswith("/") \
            or match.group(2).endswith(("?", "!", ".", ",", ";")):
        return None  # a word of the task: "10:30", "https://…", "f:date?"
    key, value = match.groups()
    if key in _READERS and _READERS[key](value) is None:
        return None  # due:someday is text, not a date
    return "pair"


def _pairs(words: list[str], number: int, batch: Batch
           ) -> tuple[dict[str, object], list[tuple[str, str]]]:
    """The first value of each key Stepwise reads, and every other pair as written; a
    known key whose value does not read is said (the words keep it)."""
    known: dict[str, object] = {}
    other: list[tuple[str, str]] = []
    for word in words:
        match = _PAIR.fullmatch(word)
        if match is None or _TAG.match(word):
            continue
        key, value = match.groups()
        if _mark(word) is None:
            if key in ("due", "t"):
                batch.skipped.append(f"line {number}: {key}:{value} is not a date "
                                     "(YYYY-MM-DD)")
            elif key == "rec":
                batch.skipped.append(f"line {number}: rec:{value} (imported as a task "
                                     "that does not repeat)")
        elif key in _READERS and key not in known:
            known[key] = _READERS[key](value)
        else:
            other.append((key, value))
    return known, other


def _date_value(text: str) -> date | None:
    try:
        return date.fromisoformat(text) if _DATE.fullmatch(text) else None
    except ValueError:
        return None


def _rec_value(text: str) -> str | None:
    match = re.fullmatch(_REC, text.strip().lower())
    return text if match and int(match.group(1)) > 0 else None


def _pri_value(text: str) -> str | None:
    return text.upper() if len(text) == 1 and text.isalpha() else None


_READERS = {"due": _date_value, "t": _date_value, "rec": _rec_value, "pri": _pri_value}


def _priority(letter: object) -> int:
    if not isinstance(letter, str) or len(letter) != 1 or not letter.isalpha():
        return 3
    return {"A": 1, "B": 2, "C": 3}.get(letter.upper(), 4)


def _day(value: object) -> date | None:
    return value if isinstance(value, date) else None


def _at(day: object, at: time) -> datetime | None:
    return aware(datetime.combine(day, at)) if isinstance(day, date) else None


def _recurrence(text: object) -> str | None:
    match = re.fullmatch(_REC, str(text).strip().lower())
    if match is None:
        return None
    return f"FREQ={_REC_UNITS[match.group(2)]};INTERVAL={int(match.group(1))}"
