"""The VTODO of a plain task written as text directly, byte for byte what icalendar
writes for ``app.ical.vtodo.task_vtodo`` (100,000 tasks: seconds, not minutes).

Plain is a task without steps, plan, series (RRULE, EXDATE, RDATE) or zone other than
UTC, whose times are in UTC and whose alarms are not snoozed; any other item is
``None`` here, and its caller writes it through icalendar.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from icalendar.parser.string import _foldline

from app.ical.values import UTC_NAMES, Reminder
from app.ical.vtodo import TASK_STATUS, TaskItem, X, to_ical_priority

_SPECIAL = frozenset("\\;,\r\n")  # a UID with one is escaped by icalendar's own rules
FOLD_AT = 75  # octets: a longer content line is folded (RFC 5545 §3.1)


def plain_task(item: TaskItem, stamp: datetime) -> str | None:
    """The VTODO text of ``item`` (CRLF line ends), or None when it is not plain."""
    if not _plain(item) or not _is_utc(stamp):
        return None
    props: list[tuple[str, str]] = [
        ("UID", _text(item.uid)), ("DTSTAMP", _utc(stamp)), ("SUMMARY", _text(item.title)),
        ("SEQUENCE", str(item.sequence)),
        ("STATUS", TASK_STATUS.get(item.status, "NEEDS-ACTION")),
        (X + "STATUS;VALUE=TEXT", _text(item.status)),
        ("PRIORITY", str(to_ical_priority(item.priority))),
    ]
    if item.detail:
        props.append(("DESCRIPTION", _text(item.detail)))
    for name, when in (("LAST-MODIFIED", item.modified), ("COMPLETED", item.completed_at)):
        if when is not None:
            props.append((name, _utc(when)))
    if item.percent is not None:
        props.append(("PERCENT-COMPLETE", str(item.percent)))
    for name, set_at in (("DTSTART", item.start_at), ("DUE", item.due_at)):
        if isinstance(set_at, datetime):
            props.append((name, _utc(set_at)))
        elif set_at is not None:
            props.append((name + ";VALUE=DATE", f"{set_at:%Y%m%d}"))
    if item.tags:
        props.append(("CATEGORIES", ",".join(_text(tag) for tag in item.tags)))
    if item.expires_at is not None:
        props.append((X + "EXPIRES;VALUE=TEXT", item.expires_at.strftime("%Y%m%dT%H%M%SZ")))
    lines = ["BEGIN:VTODO", *_sorted(props)]
    for reminder in item.reminders:
        lines += ["BEGIN:VALARM", *_sorted(_alarm(reminder)), "END:VALARM"]
    lines.append("END:VTODO")
    return "".join(_fold(line) + "\r\n" for line in lines)


def _plain(item: TaskItem) -> bool:
    times = [item.modified, item.completed_at, item.start_at, item.due_at, item.expires_at,
             *(r.fire_at for r in item.reminders),
             *(r.acknowledged_at for r in item.reminders)]
    return (item.plan is None and not item.recurrence and not item.exdates
            and not item.rdates and (not item.timezone or item.timezone.upper() in UTC_NAMES)
            and all(_is_utc(t) for t in times if isinstance(t, datetime))
            and all(r.snoozed_until is None for r in item.reminders)
            and not any(_SPECIAL.intersection(uid) for uid in
                        (item.uid, *(r.uid for r in item.reminders))))


def _alarm(reminder: Reminder) -> list[tuple[str, str]]:
    props = [("ACTION", "DISPLAY"), ("TRIGGER;VALUE=DATE-TIME", _utc(reminder.fire_at)),
             ("DESCRIPTION", _text(reminder.text or "Reminder"))]
    if reminder.uid:
        props.append(("UID", _text(reminder.uid)))
    if reminder.acknowledged_at is not None:
        props.append(("ACKNOWLEDGED", _utc(reminder.acknowledged_at)))
    return props


def _sorted(props: list[tuple[str, str]]) -> list[str]:
    """Content lines in icalendar's order: by property name."""
    return [f"{name}:{value}" for name, value in
            sorted(props, key=lambda p: p[0].split(";", 1)[0])]


def _is_utc(when: datetime) -> bool:
    return when.tzinfo is UTC


def _utc(when: date) -> str:
    return f"{when:%Y%m%dT%H%M%S}Z"


def _text(value: str) -> str:
    """A TEXT value escaped as ``app.ical.values.Text`` escapes it."""
    return (value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\\n"))


def _fold(line: str) -> str:
    if len(line) * 4 < FOLD_AT or len(line.encode("utf-8")) < FOLD_AT:
        return line
    return str(_foldline(line, limit=FOLD_AT))
