"""todo.txt files (read with ``pytodotxt``): one task a line.

Priority (A) and (B) are 1 and 2, (C) and none 3, (D)–(Z) 4; contexts (@phone) and
projects (+home) become tags; ``due:`` and ``t:`` (threshold: not before) are dates,
18:00 and 09:00 local time; ``rec:`` (1d, 2w, +1m, 1y, 5b) becomes an RRULE; ``x``
marks a done task (``pri:`` keeps its priority). Other ``key:value`` pairs stay in
the detail.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time

import pytodotxt

from app.errors import BadFile
from app.io.importers.incoming import Batch, Incoming, aware, decode_text, zone_name
from app.tasks.store import NewTask

WHAT = "a todo.txt file"
KNOWN_KEYS = ("due", "t", "rec", "pri")
_REC_UNITS = {"d": "DAILY", "w": "WEEKLY", "m": "MONTHLY", "y": "YEARLY",
              "b": "DAILY;BYDAY=MO,TU,WE,TH,FR"}


def read(raw: bytes, name: str) -> Batch:
    """Every non-empty line of the file as a task."""
    text = decode_text(raw, name, WHAT)
    if "\x00" in text:
        raise BadFile(f"{name} holds binary data, so it is not {WHAT}")
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    batch = Batch(read=len(lines))
    for number, line in lines:
        try:
            entry = pytodotxt.Task(line.strip())
        except ValueError as exc:  # an impossible completion or creation date
            batch.skipped.append(f"line {number}: {exc}")
            continue
        incoming = _task(entry, number, batch)
        if incoming is not None:
            batch.tasks.append(incoming)
    return batch


def _task(entry: pytodotxt.Task, number: int, batch: Batch) -> Incoming | None:
    title = " ".join(w for w in entry.bare_description().split()
                     if not re.fullmatch(r"[@+]\S+", w)).strip()
    if not title:
        batch.skipped.append(f"line {number}: no words besides tags and dates")
        return None
    attributes = {k: v[0] for k, v in (entry.attributes or {}).items() if v}
    recurrence = _recurrence(attributes.get("rec"), number, batch)
    due = _day(attributes.get("due"), time(18, 0), "due", number, batch)
    new = NewTask(
        title=title, detail=" ".join(f"{k}:{v}" for k, v in attributes.items()
                                     if k not in KNOWN_KEYS),
        priority=_priority(entry.priority or attributes.get("pri")),
        start_at=_day(attributes.get("t"), time(9, 0), "t", number, batch), due_at=due,
        tags=tuple(dict.fromkeys([*entry.contexts, *entry.projects])),
        recurrence=recurrence if due is not None else None,
        timezone=zone_name() if recurrence and due is not None else None, creator="import")
    if recurrence and due is None:
        batch.skipped.append(f"line {number}: rec: without due: (imported as a task that "
                             "does not repeat)")
    return Incoming(new=new, status="done" if entry.is_completed else "new")


def _priority(letter: object) -> int:
    if not isinstance(letter, str) or len(letter) != 1 or not letter.isalpha():
        return 3
    return {"A": 1, "B": 2, "C": 3}.get(letter.upper(), 4)


def _day(text: str | None, at: time, key: str, number: int, batch: Batch) -> datetime | None:
    if text is None:
        return None
    try:
        return aware(datetime.combine(date.fromisoformat(text), at))
    except ValueError:
        batch.skipped.append(f"line {number}: {key}:{text} is not a date (YYYY-MM-DD)")
        return None


def _recurrence(text: str | None, number: int, batch: Batch) -> str | None:
    if text is None:
        return None
    match = re.fullmatch(r"\+?(\d+)([dwmyb])", text.strip().lower())
    if match is None or int(match.group(1)) == 0:
        batch.skipped.append(f"line {number}: rec:{text} (imported as a task that does not "
                             "repeat)")
        return None
    return f"FREQ={_REC_UNITS[match.group(2)]};INTERVAL={int(match.group(1))}"
