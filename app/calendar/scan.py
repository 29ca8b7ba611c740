"""iCalendar text split into its blocks, and content lines read without icalendar.

icalendar turns every property into objects, about 0.2 ms an event, so a 5,000-event
calendar takes a second before a single recurrence is expanded. Most events in a real
calendar happen once, so ``expand`` reads those from the lines split here and hands
only recurring series, their overrides and the VTIMEZONEs to icalendar. A test checks
that both readings agree on every fixture.

Structural problems (not iCalendar at all, a BEGIN without its END, a file cut short)
raise MalformedCalendar with the line number; a broken line inside one event only
costs that event (``expand`` skips it with a warning).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from app.calendar.errors import MalformedCalendar

_BREAK = re.compile(r"\r\n|\n|\r")
_NAME = re.compile(r"[A-Za-z0-9-]+")
_ESCAPE = re.compile(r"\\([\\;,nN])")
CALENDAR_PROPS = frozenset({"VERSION", "PRODID", "CALSCALE", "X-WR-TIMEZONE", "X-WR-CALNAME"})
KEPT_BLOCKS = frozenset({"VEVENT", "VTIMEZONE"})
SHOWN = 60
SHOWN_TITLE = 60

Prop = tuple[str, dict[str, str]]
Props = dict[str, Prop]


@dataclass
class Block:
    """One VEVENT or VTIMEZONE: its unfolded lines, BEGIN and END included.

    A VEVENT's alarms (VALARM) are left out; a VTIMEZONE keeps its sub-blocks.
    """

    name: str
    line: int
    lines: list[str] = field(default_factory=list)


@dataclass
class Scanned:
    """A calendar's own properties (the first value wins), time zones and events."""

    props: dict[str, str] = field(default_factory=dict)
    timezones: list[Block] = field(default_factory=list)
    events: list[Block] = field(default_factory=list)


def unfold(text: str) -> list[tuple[int, str]]:
    """The content lines with their first physical line numbers; blank lines dropped."""
    lines: list[tuple[int, str]] = []
    for number, line in enumerate(_split_lines(text), 1):
        if line[:1] in (" ", "\t") and lines:
            first, head = lines[-1]
            lines[-1] = (first, head + line[1:])
        elif line.strip():
            lines.append((number, line))
    return lines


def _split_lines(text: str) -> list[str]:
    """Physical lines for CRLF, LF or CR endings (str.split is much faster than a regex)."""
    returns = text.count("\r")
    if not returns:
        return text.split("\n")
    if returns == text.count("\r\n") == text.count("\n"):
        return text.split("\r\n")
    return _BREAK.split(text)


def scan(text: str) -> Scanned:
    """Split one or more VCALENDARs into their blocks.

    Raises:
        MalformedCalendar: the text is not iCalendar or its structure is broken.
    """
    lines = unfold(text.lstrip("\ufeff"))
    if not lines or lines[0][1].strip().upper() != "BEGIN:VCALENDAR":
        first = lines[0][1][:SHOWN] if lines else ""
        raise MalformedCalendar(
            f"this is not an iCalendar (.ics) file: it should start with BEGIN:VCALENDAR, "
            f"not {first!r}")
    splitter = _Splitter()
    for number, line in lines:
        splitter.feed(number, line)
    splitter.finish()
    return splitter.result


class _Splitter:
    """The state of one pass over the lines: the open components and the current block."""

    def __init__(self) -> None:
        self.result = Scanned()
        self.stack: list[tuple[str, int]] = []
        self.block: Block | None = None

    def feed(self, number: int, line: str) -> None:
        head = line[:6].upper()
        if head == "BEGIN:":
            self._begin(number, line[6:].strip().upper())
        elif head[:4] == "END:":
            self._end(number, line[4:].strip().upper())
        elif not self.stack:
            raise MalformedCalendar(f"line {number}: text after END:VCALENDAR: {line[:SHOWN]!r}")
        elif self.block is not None:
            if len(self.stack) == 2 or self.block.name == "VTIMEZONE":
                self.block.lines.append(line)
        elif len(self.stack) == 1:
            self._calendar_prop(line)

    def _begin(self, number: int, name: str) -> None:
        if not self.stack and name != "VCALENDAR":
            raise MalformedCalendar(f"line {number}: BEGIN:{name} outside a VCALENDAR")
        self.stack.append((name, number))
        if len(self.stack) == 2 and name in KEPT_BLOCKS:
            self.block = Block(name, number, [f"BEGIN:{name}"])
        elif self.block is not None and self.block.name == "VTIMEZONE":
            self.block.lines.append(f"BEGIN:{name}")

    def _end(self, number: int, name: str) -> None:
        if not self.stack or self.stack[-1][0] != name:
            opened = f"BEGIN:{self.stack[-1][0]} (line {self.stack[-1][1]})" if self.stack \
                else "nothing"
            raise MalformedCalendar(f"line {number}: END:{name} does not close {opened}")
        self.stack.pop()
        block = self.block
        if block is None:
            return
        if len(self.stack) == 1:
            block.lines.append(f"END:{name}")
            (self.result.events if name == "VEVENT" else self.result.timezones).append(block)
            self.block = None
        elif block.name == "VTIMEZONE":
            block.lines.append(f"END:{name}")

    def _calendar_prop(self, line: str) -> None:
        try:
            name, _params, value = parse_line(line)
        except ValueError:
            return  # a calendar-level oddity costs nothing: Stepwise reads none of them
        if name in CALENDAR_PROPS:
            self.result.props.setdefault(name, value)

    def finish(self) -> None:
        if self.stack:
            name, number = self.stack[-1]
            raise MalformedCalendar(
                f"the calendar ends inside BEGIN:{name} (line {number}): the file is cut short")


def parse_line(line: str) -> tuple[str, dict[str, str], str]:
    """A content line's upper-case name, its parameters and its raw value.

    Raises:
        ValueError: not a ``NAME[;PARAM=VALUE]:value`` line.
    """
    colon = line.find(":")
    if colon <= 0:
        raise ValueError(f"not an iCalendar content line: {line[:SHOWN]!r}")
    if '"' in line[:colon]:
        return _parse_quoted(line)
    name, *parts = line[:colon].split(";")
    if not _NAME.fullmatch(name):
        raise ValueError(f"not an iCalendar property name: {name[:SHOWN]!r}")
    params = {}
    for part in parts:
        key, _eq, value = part.partition("=")
        params[key.upper()] = value
    return name.upper(), params, line[colon + 1:]


def _parse_quoted(line: str) -> tuple[str, dict[str, str], str]:
    """``parse_line`` for parameters in double quotes (which may hold ``;`` and ``:``)."""
    pieces: list[str] = []
    current: list[str] = []
    quoted = False
    for index, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char in ";:" and not quoted:
            pieces.append("".join(current))
            current = []
            if char == ":":
                name, params = pieces[0], dict(_param(p) for p in pieces[1:])
                if not _NAME.fullmatch(name):
                    raise ValueError(f"not an iCalendar property name: {name[:SHOWN]!r}")
                return name.upper(), params, line[index + 1:]
        else:
            current.append(char)
    raise ValueError(f"not an iCalendar content line: {line[:SHOWN]!r}")


def _param(text: str) -> tuple[str, str]:
    key, _eq, value = text.partition("=")
    return key.upper(), value


def properties(block: Block) -> Props:
    """Each property's first value and parameters (a VEVENT's own lines only).

    Raises:
        ValueError: a line that is not a content line.
    """
    props: Props = {}
    for line in block.lines[1:-1]:
        name, params, value = parse_line(line)
        props.setdefault(name, (value, params))
    return props


def title(props: Props) -> str:
    """An event's summary, unescaped and cut for messages."""
    return unescape(props.get("SUMMARY", ("", {}))[0])[:SHOWN_TITLE]


def block_title(block: Block) -> str:
    """``title`` of a block whose lines may be broken ("" then)."""
    try:
        return title(properties(block))
    except ValueError:
        return ""


def unescape(value: str) -> str:
    r"""A TEXT value with its escapes (``\n``, ``\,``, ``\;``, ``\\``) undone."""
    if "\\" not in value:
        return value
    return _ESCAPE.sub(lambda m: "\n" if m.group(1) in "nN" else m.group(1), value)
