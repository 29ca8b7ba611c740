"""The quick-add grammar: what one typed line says besides the task's own words.

``read_typed`` takes "Pay the bill on the 5th of every month #home !2 @Alice" apart:
``#tag``, ``!1``–``!4`` (priority), ``@Name`` (a contact), a recurrence ("every friday",
"每周五") and a date phrase anywhere ("before Dec 20", "明天下午三点"). The title keeps
only the words that name the task. The quick-add bar's preview and the CLI's ``add``
use this one reader; it never calls dateparser, so it is fast on every keystroke.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, time

from app.dates.in_text import Found
from app.dates.recurrence_words import Recurring, find_recurrence
from app.dates.roles import due_in, times_in
from app.dates.when import DEFAULT_TIME
from app.tasks.store import NewTask

_TAG = re.compile(r"(?:(?<=\s)|^)#([^\s#!@,，。]+)")
_PRIORITY = re.compile(r"(?:(?<=\s)|^)!([1-4])(?=\s|$)")
_CONTACT = re.compile(r"(?:(?<=\s)|^|(?<=[\u4e00-\u9fff]))@([^\s@#!,，。]+)")
_DANGLING = re.compile(r"^(?:\s|[,，;；:：]|\b(?:on|at|by|every|and|to)\b(?=\s*$))+"
                       r"|(?:\s|[,，;；:：]|\b(?:on|at|by|every|and|starting|from)\b)+$",
                       re.IGNORECASE)
_TRAILING_CONTACTS = re.compile(r"(?<!\bto)(?<!\bwith)(?<!\bfor)(?<!\bfrom)(?<!\bask)(?<!\btell)"
                                r"(?<!\bcall)(?<!\bemail)(?<!给)(?<!和)(?<!跟)(?<!问)"
                                r"(?:(?:\s+|(?<=[\u4e00-\u9fff]))@[^\s@#!,，。]+)+\s*$",
                                re.IGNORECASE)
# "remind me to …", "提醒我…": the reminder is what the task is for, not its words
_REMIND = re.compile(r"^\s*(?:please\s+)?(?:remind me(?:\s+(?:to|about|that))?|reminder:|"
                     r"don't forget(?:\s+to)?)\s+|^\s*(?:请)?(?:提醒我|提醒一下我?|别忘了)\s*"
                     r"|(?<=\s)(?:remind me(?:\s+to)?)\s+(?=\S)|(?<=[\u4e00-\u9fff])提醒我(?=\S)",
                     re.IGNORECASE)
_SPEECH = re.compile(r"\b(?:tell|ask|say|that|whether|if)\b|告诉|问|说|通知", re.IGNORECASE)
REMINDER_TIME = time(9, 0)


@dataclass(frozen=True)
class Reading:
    """What a typed line was read as."""

    title: str
    due: datetime | None = None
    due_had_time: bool = False
    recurrence: str | None = None
    tags: tuple[str, ...] = ()
    priority: int | None = None
    contact: str | None = None
    cut: tuple[str, ...] = field(default=())
    detail: str = ""
    reminder: str = ""  # the "remind me" words taken from the title; the detail keeps them
    role: str = ""  # the role of the time the due came from (app.dates.roles)

    def lines(self) -> list[tuple[str, str]]:
        """(label, value) pairs of everything understood, for a preview or stderr."""
        shown = [("title", self.title)]
        if self.due is not None:
            shown.append(("due", self.due.strftime("%a %Y-%m-%d %H:%M")))
        for label, value in (("repeats", self.recurrence), ("tags", " ".join(
                f"#{t}" for t in self.tags)), ("priority", self.priority and f"!{self.priority}"),
                ("contact", self.contact and f"@{self.contact}")):
            if value:
                shown.append((label, str(value)))
        return shown


def read_typed(text: str, now: datetime, role: str = "due") -> Reading:
    """Read a typed line relative to ``now`` (aware, in the user's zone).

    Args:
        text: the line as typed.
        now: the reference instant, local.
        role: the role of a date found (``due`` for the quick-add bar).
    """
    rest, tags = _take_all(_TAG, text)
    rest, priorities = _take_all(_PRIORITY, rest)
    contacts = [m.group(1) for m in _CONTACT.finditer(rest)]
    rest = _TRAILING_CONTACTS.sub("", rest)  # "… @Sam" at the end: who, not the words
    rest = _CONTACT.sub(lambda m: m.group(1), rest)  # "send them to @Bob": the word stays
    cut: list[str] = []
    recurring = find_recurrence(rest)
    if recurring is not None:
        cut.append(rest[recurring.start:recurring.end])
        rest = _cut(rest, recurring.start, recurring.end)
    reminds = _reminds(rest)
    due, had_time, rest, timed_role = _due(rest, recurring, now, role, cut)
    rest, reminder = _remind_out(rest)
    rest, detail = _list_out(rest)
    if reminder:
        detail = "\n".join(d for d in (reminder_note(reminder), detail) if d)
    taken = bool(cut or tags or priorities or contacts or detail)
    title = (_tidy(rest) or _tidy(text)) if taken else text.strip()
    if (text.strip()[:1].isupper() or reminder) and title[:1].islower():
        title = title[:1].upper() + title[1:]
    return Reading(title=title, due=due, due_had_time=had_time,
                   recurrence=recurring.rule if recurring else None,
                   tags=tuple(dict.fromkeys(tags)),
                   priority=int(priorities[-1]) if priorities else None,
                   contact=contacts[0] if contacts else None, cut=tuple(cut), detail=detail,
                   reminder=reminder if reminds else "", role=timed_role)


def _remind_out(text: str) -> tuple[str, str]:
    """The title without "remind me to" / "提醒我" (kept when nothing else is left)."""
    m = _REMIND.search(text)
    if m is None:
        return text, ""
    rest = _cut(text, m.start(), m.end())
    if not _tidy(rest):
        return text, ""
    return rest, m.group(0).strip()


def reminder_note(words: str) -> str:
    """The detail line that keeps a reminder's words ("Remind me", "提醒我")."""
    words = words.rstrip(" :：")
    return words[:1].upper() + words[1:]


_NOTE = re.compile(r"\s*(?:please\s+)?(?:remind me(?:\s+(?:to|about|that))?|reminder:|"
                   r"don't forget(?:\s+to)?)|\s*(?:请)?(?:提醒我|提醒一下我?|别忘了)",
                   re.IGNORECASE)


def as_reminder(title: str, detail: str) -> str | None:
    """The words a reminder task stands for ("Remind me to call mum"), when its detail
    keeps the "remind me" quick add took from its title; else None."""
    m = _NOTE.fullmatch((detail or "").split("\n", 1)[0].rstrip())  # the note quick add wrote
    if m is None or _reminds(title):
        return None
    note = m.group(0).strip().rstrip(":：")
    if re.search(r"[\u4e00-\u9fff]", note):
        return f"{note}{title}"
    lead = note if re.search(r"\b(?:to|about|that)$", note, re.IGNORECASE) else f"{note} to"
    return f"{lead} {title[:1].lower() + title[1:]}"


def _list_out(text: str) -> tuple[str, str]:
    """"Plan the offsite: 1. … 2. …": the title before the list, the list as detail lines."""
    from app.words.text_parts import split_text

    found = split_text(text, "")
    if not found.header or len(found.pieces) < 2:
        return text, ""
    ordered = any(p.after for p in found.pieces)
    lines = [f"{i + 1}. {p.text}" if ordered else f"- {p.text}"
             for i, p in enumerate(found.pieces)]
    return found.header, "\n".join(lines)


def _due(rest: str, recurring: Recurring | None, now: datetime, role: str, cut: list[str]
         ) -> tuple[datetime | None, bool, str, str]:
    """The due the words give (app.dates.roles), and the title without a deadline's or a
    plain time's words; an event's, a window's and an asked time's words stay."""
    times = times_in(rest, now)
    due = due_in(rest, now, times)
    timed = due.timed if due is not None else None
    if timed is not None and not timed.keeps_words:
        found = timed.found
        cut.append(rest[found.start:found.end])
        rest = _cut(rest, found.start, found.end)
    timed_role = timed.role if timed is not None else ""
    if recurring is None:
        if due is None:
            return None, False, rest, ""
        when = due.when
        if not due.had_time and _reminds(rest):  # "明天提醒我带伞": in the morning
            when = when.replace(hour=REMINDER_TIME.hour, minute=REMINDER_TIME.minute)
        return when, due.had_time, rest, timed_role
    clock = (timed.found.understood.when.time() if timed and timed.found.understood.had_time
             else recurring.clock)
    default = REMINDER_TIME if _reminds(rest) else DEFAULT_TIME[role]
    return recurring.first(now, clock or default), clock is not None, rest, timed_role


def keeps_words(text: str, found: Found) -> bool:
    """Whether a date phrase stays in the words: an attribute, or the content of a message."""
    said = not found.deadline and bool(_SPEECH.search(text[:found.start]))
    return found.attributive or said


def _reminds(text: str) -> bool:
    return bool(re.search(r"\bremind|提醒|记得|别忘", text, re.IGNORECASE))


def marks(text: str) -> tuple[str, list[str], int | None]:
    """A title's #tags and !priority read as quick add reads them, for a title typed
    anywhere else (a list cell): "Buy milk #shop, now" → ("Buy milk, now", ["shop"],
    None); "Fix bug #work!2" → ("Fix bug", ["work"], 2)."""
    rest, tags = _take_all(_TAG, text)
    rest, priorities = _take_all(_PRIORITY, rest)
    title = _tidy(rest) if tags or priorities else text.strip()
    return title, list(dict.fromkeys(tags)), int(priorities[-1]) if priorities else None


def _take_all(pattern: re.Pattern[str], text: str) -> tuple[str, list[str]]:
    found = [m.group(1) for m in pattern.finditer(text)]
    return pattern.sub("", text), found


def _cut(text: str, start: int, end: int) -> str:
    before, after = text[:start], text[end:]
    joiner = " " if before[-1:].isascii() and after[:1].isascii() and before and after else ""
    return before.rstrip() + (joiner or "") + after.lstrip() if joiner else before + after


def _tidy(text: str) -> str:
    text = re.sub(r"[ \t]+([:：,，;；.?!])", r"\1", re.sub(r"[ \t]{2,}", " ", text)).strip()
    previous = None
    while previous != text:
        previous, text = text, _DANGLING.sub("", text).strip()
    return text


def new_task(typed: str, when: str, now: datetime) -> NewTask:
    """The task a quick-add line (and an optional due phrase) stands for.

    The due phrase may need dateparser, so call this off the GUI thread.

    Raises:
        DateError: the due phrase is not a time.
    """
    from app.dates import days
    from app.dates.when import local_zone, parse_when

    reading = read_typed(typed, now)
    due: datetime | None
    if when.strip():
        understood = parse_when(when, "due", now)
        due, named = understood.when, understood.had_time
    else:
        due, named = reading.due, reading.due_had_time
    return NewTask(title=reading.title, detail=reading.detail,
                   due_at=days.as_given(due, named), recurrence=reading.recurrence,
                   tags=reading.tags, priority=reading.priority or 3,
                   timezone=getattr(local_zone(), "key", None),
                   named=("due",) if named and due is not None else ())


@dataclass(frozen=True)
class Seen:
    """What the quick-add bar read: the title (None for an empty line), the due time (from
    the due field when one is typed, else from the title), and the rest as (label, value)
    pairs: repeats, tags, priority, contact."""

    title: str | None
    due: date | datetime | None  # as ``new_task`` saves it: a date when no time was said
    others: list[tuple[str, str]]


def seen_in(typed: str, when: str, now: datetime) -> Seen | None:
    """What a preview shows, or None when the due phrase needs the slow reader
    (dateparser) or cannot be read."""
    from app.dates import days
    from app.dates.when import DateError, parse_quick

    reading = read_typed(typed, now)
    due, had_time = reading.due, reading.due_had_time
    if when.strip():
        try:
            found = parse_quick(when, "due", now)
        except DateError:
            found = None
        if found is None:
            return None
        due, had_time = found.when, found.had_time
    return Seen(reading.title if typed.strip() else None, days.as_given(due, had_time),
              [(label, value) for label, value in reading.lines()[1:] if label != "due"])

