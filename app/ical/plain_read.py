"""Plain VTODOs read straight from their content lines, without icalendar's parser
(100,000 tasks: seconds, not minutes); ``app.io.importers.ics`` gives icalendar the rest.

``split`` cuts a file into its VTIMEZONEs and VTODOs (None for a layout it does not
know: the caller then reads the file whole, as before). ``read_plain`` reads a VTODO
whose every line is of a shape known here: UTC, floating or ``VALUE=DATE`` times (no
TZID), text without escapes or with escapes icalendar unescapes, no RRULE, EXDATE,
RDATE, RELATED-TO or RECURRENCE-ID, VALARMs with a UTC or relative trigger and no
snooze; any other VTODO is None, and icalendar reads it. What a plain VTODO gives is what
``read_task`` and the importer get from icalendar for it (tested both ways).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from functools import lru_cache

from icalendar.parser.content_line import Contentline

from app.ical.values import instant
from app.ical.vtodo import TASK_FROM_ICAL, TASK_STATUS, TaskItem, X, from_ical_priority

_UTC = re.compile(r"(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)(Z?)\Z")
_DATE = re.compile(r"(\d{4})(\d\d)(\d\d)\Z")
_INT = re.compile(r"\d{1,9}\Z")
_DURATION = re.compile(r"[-+]?P(?:\d+W|\d+D(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+S)?)?"
                       r"|T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+S)?)\Z")
# icalendar's unfolding and line split (``(\r?\n)+[ \t]``, ``\r?\n``) on the text with its
# CRLFs made LFs first: the same lines, and a pattern that starts with a plain character
# is found three times as fast (100,000 tasks: 0.9 s, not 2.8 s)
_FOLD = re.compile(r"\n+[ \t]")
TEXT = ("UID", "SUMMARY", "DESCRIPTION", "STATUS")
STAMPS = ("CREATED", "LAST-MODIFIED", "COMPLETED", "DTSTAMP")
SET_TIMES = ("DTSTART", "DUE")
INTS = ("PRIORITY", "SEQUENCE", "PERCENT-COMPLETE")
KEPT_TEXT = ("LOCATION", "COMMENT", "CONTACT", "CLASS", "URL")  # kept in the detail
ALARM_TEXT = ("ACTION", "DESCRIPTION", "SUMMARY", "UID")


@dataclass
class Plain:
    """A plain VTODO as the importer reads it: the task, the times it keeps, the
    properties it keeps in the detail (named) and the VALARMs with a fire time."""

    task: TaskItem
    created: datetime | None = None
    completed: datetime | None = None
    modified: datetime | None = None
    extras: list[tuple[str, str]] = field(default_factory=list)
    alarms: int = 0


class _NotPlain(Exception):
    """A line of a shape this reader leaves to icalendar."""


def split(raw: bytes) -> tuple[list[str], list[list[str]]] | None:
    """The file's VTIMEZONEs (as text) and VTODOs (as unfolded lines, BEGIN to END), or
    None when it is not UTF-8 or not VCALENDARs holding components one level deep."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    zones: list[str] = []
    todos: list[list[str]] = []
    lines = [line for line in _FOLD.sub("", text.replace("\r\n", "\n")).split("\n") if line]
    at, depth = 0, 0
    while at < len(lines):
        kind, name = _edge(lines[at])
        if depth == 0:
            if (kind, name) != ("BEGIN", "VCALENDAR"):
                return None
            depth, at = 1, at + 1
        elif kind == "END":
            if name != "VCALENDAR":
                return None
            depth, at = 0, at + 1
        elif kind == "BEGIN":
            end = _end_of(lines, at, name)
            if end is None:
                return None
            if name == "VTODO":
                todos.append(lines[at:end + 1])
            elif name == "VTIMEZONE":
                zones.append("\r\n".join(lines[at:end + 1]))
            at = end + 1
        else:
            at += 1
    return (zones, todos) if depth == 0 else None


def _edge(line: str) -> tuple[str, str]:
    """("BEGIN", "VTODO") for a BEGIN or END line, else ("", "")."""
    if line[0] not in "BbEe":
        return "", ""
    head, _, value = line.partition(":")
    kind = head.upper()
    return (kind, value.upper()) if kind in ("BEGIN", "END") else ("", "")


def _end_of(lines: list[str], at: int, name: str) -> int | None:
    """The END line of the component that begins at ``at``; None when it has none, or
    (other than a VTODO's VALARMs) holds a VTODO, which only icalendar walks to."""
    depth = 0
    for n in range(at, len(lines)):
        if lines[n][0] not in "BbEe":
            continue
        kind, inner = _edge(lines[n])
        if kind == "BEGIN":
            if depth and inner == "VTODO":
                return None
            depth += 1
        elif kind == "END":
            depth -= 1
            if depth == 0:
                return n if inner == name else None
    return None


def read_plain(lines: list[str]) -> Plain | None:
    """A VTODO's lines (``split``) read directly, or None when one is not plain."""
    try:
        return _read(lines)
    except (_NotPlain, ValueError):  # a date like 20261340: icalendar names it
        return None


def _read(lines: list[str]) -> Plain:
    props: dict[str, object] = {}
    cats: list[str] = []
    extras: list[tuple[str, str]] = []
    alarms: list[list[str]] = []
    at = 1
    while at < len(lines) - 1:
        line = lines[at]
        if line[0] in "Bb" and _edge(line) == ("BEGIN", "VALARM"):
            end = next(n for n in range(at, len(lines)) if _edge(lines[n])[0] == "END")
            if _edge(lines[end]) != ("END", "VALARM"):
                raise _NotPlain
            alarms.append(lines[at + 1:end])
            at = end + 1
            continue
        name, params, value = _parts(line)
        if name == "CATEGORIES" and not params and value and "\\" not in value:
            cats.extend(value.split(","))
        elif name in props and not name.startswith(X):
            raise _NotPlain  # a property twice: icalendar's list
        else:
            _take(props, extras, line, name, params, value)
        at += 1
    return _plain(props, cats, extras, [_fires(a, props) for a in alarms])


def _parts(line: str) -> tuple[str, tuple[str, ...], str]:
    """A content line's name (upper case), parameters and value; _NotPlain for a line
    with a quoted parameter, a carriage return or a name that is no property's."""
    head, colon, value = line.partition(":")  # name;params:value, split without a regex
    name, semi, params = head.partition(";")
    if not colon or not _is_name(name) or '"' in params or "\r" in line:
        raise _NotPlain
    name = name.upper()
    if name in ("BEGIN", "END"):
        raise _NotPlain
    return name, tuple(params.split(";")) if semi else (), value


def _is_name(name: str) -> bool:
    """A property name: ASCII letters, digits and dashes (not dashes alone: no
    property's)."""
    return name.isascii() and name.replace("-", "").isalnum()


def _take(props: dict[str, object], extras: list[tuple[str, str]], line: str, name: str,
          params: tuple[str, ...], value: str) -> None:
    """One property of a plain VTODO into ``props`` (or ``extras``), or _NotPlain."""
    if name.startswith(X) and params in ((), ("VALUE=TEXT",)):
        props.setdefault(name, _text(line, value))
    elif name in TEXT and not params:
        props[name] = _text(line, value)
    elif name in STAMPS and not params:
        props[name] = _moment(value, utc_only=True)
    elif name in SET_TIMES and not params:
        props[name] = instant(_moment(value, utc_only=False), "")
    elif name in SET_TIMES and params == ("VALUE=DATE",):
        found = _DATE.match(value)
        if found is None:
            raise _NotPlain
        props[name] = date(*map(int, found.groups()))
    elif name in INTS and not params and _INT.match(value):
        props[name] = int(value)
        if name == "PERCENT-COMPLETE":  # kept in the detail unless _plain drops it
            extras.append((f"iCalendar {name}", str(int(value))))
    elif (name in KEPT_TEXT or name.startswith("X-")) and not params and "\\" not in value:
        extras.append((f"iCalendar {name}", " ".join(value.split())))
    else:
        raise _NotPlain


def _text(line: str, value: str) -> str:
    """A TEXT value unescaped as icalendar does (its own content-line parser reads the
    few lines that hold an escape)."""
    if "\\" not in value:
        return value
    return str(Contentline(line).parts()[2])


@lru_cache(maxsize=4096)  # a file's DTSTAMPs are often one time
def _moment(value: str, utc_only: bool) -> datetime:
    found = _UTC.match(value)
    if found is None or (utc_only and not found.group(7)):
        raise _NotPlain
    year, month, day, hour, minute, second = map(int, found.groups()[:6])
    when = datetime(year, month, day, hour, minute, second)
    return when.replace(tzinfo=UTC) if found.group(7) else when


def _fires(lines: list[str], props: dict[str, object]) -> bool:
    """Whether a plain VALARM has a fire time (``values.fire_at_of``), or _NotPlain."""
    fires = False
    for line in lines:
        name, params, value = _parts(line)
        if name == "TRIGGER" and params == ("VALUE=DATE-TIME",):
            fires = _moment(value, utc_only=True) is not None
        elif name == "TRIGGER" and params in ((), ("RELATED=START",), ("RELATED=END",)) \
                and _DURATION.match(value):
            anchor = "DUE" if params == ("RELATED=END",) else "DTSTART"
            fires = anchor in props or "DUE" in props
        elif name == "ACKNOWLEDGED" and not params:
            _moment(value, utc_only=True)
        elif not (name in ALARM_TEXT or name.startswith("X-") and name != "X-"):
            raise _NotPlain
    return fires


def _plain(props: dict[str, object], cats: list[str], extras: list[tuple[str, str]],
           alarms: list[bool]) -> Plain:
    def get(name: str) -> object:
        return props.get(name)

    if not get("UID"):
        raise _NotPlain  # the tree names it
    ical = str(get("STATUS") or "NEEDS-ACTION").upper()
    exact = get(X + "STATUS")
    status = exact if isinstance(exact, str) and TASK_STATUS.get(exact, "NEEDS-ACTION") == ical \
        else TASK_FROM_ICAL.get(ical, "new")
    tags: list[str] = []
    for cat in (c.strip() for c in cats):
        if cat and cat not in tags:
            tags.append(cat)
    expires = get(X + "EXPIRES")
    return Plain(_task(props, status, tags, expires), _stamp(get("CREATED")),
                 _stamp(get("COMPLETED")), _stamp(get("LAST-MODIFIED")),
                 _kept(extras, ours=bool(extras) and any(k.startswith(X) for k in props)),
                 sum(alarms))


def _kept(extras: list[tuple[str, str]], ours: bool) -> list[tuple[str, str]]:
    """The detail's named fields as ``ics._extras`` lists them: by property, in the order
    each first appears; a PERCENT-COMPLETE only when it is not Stepwise's (its percent
    follows its steps) nor 0 or 100 (its status says those)."""
    if not extras:
        return extras
    first: dict[str, int] = {}
    for n, (name, _value) in enumerate(extras):
        first.setdefault(name, n)
    kept = [(name, value) for name, value in extras if name != "iCalendar PERCENT-COMPLETE"
            or not (ours or value in ("0", "100"))]
    return sorted(kept, key=lambda e: first[e[0]])


def _task(props: dict[str, object], status: str, tags: list[str], expires: object
          ) -> TaskItem:
    def get(name: str) -> object:
        return props.get(name)

    return TaskItem(
        uid=str(get("UID")), title=str(get("SUMMARY") or ""),
        detail=str(get("DESCRIPTION") or ""), status=status,
        priority=from_ical_priority(int(str(get("PRIORITY") or 0))), tags=tags,
        start_at=_set(get("DTSTART")), due_at=_set(get("DUE")),
        expires_at=_expiry(expires) if isinstance(expires, str) and expires else None)


def _set(value: object) -> date | datetime | None:
    return value if isinstance(value, date) else None


def _stamp(value: object) -> datetime | None:
    return value if isinstance(value, datetime) else None


def _expiry(text: str) -> datetime | None:
    try:
        return datetime.strptime(text, "%Y%m%dT%H%M%S%z")
    except ValueError:
        return None
