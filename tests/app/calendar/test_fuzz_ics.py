"""Property tests for the calendar class (issue 12): generated .ics files.

VEVENTs with random DTSTART/DTEND/DURATION (any year, any size, broken text), RRULEs
(valid and invalid parts, any numbers), EXDATEs, TZIDs (known, Windows, unknown),
broken and folded lines and huge values go through the calendar parser (``expand``,
both readings) and through ``calendar add ics`` + ``calendar events`` + ``calendar
free``. Each is read into well-formed rows with warnings, or refused as a malformed
calendar (exit 2); a command exits 0, 1 or 2 with a message, never 70, never a hang.
Outcomes are counted with ``hypothesis.event`` (see ``--hypothesis-show-statistics``).
"""

from __future__ import annotations

import json
import re
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from app.calendar.errors import MalformedCalendar
from app.calendar.expand import expand
from tests.app.calendar.support import NOW, run_cli
from tests.app.dates.test_fuzz_rrule import RULES, plausible

Capsys = pytest.CaptureFixture[str]
TIMEOUT = max(60, settings().max_examples // 3)
EACH_S = 10.0
WINDOW = (NOW - timedelta(days=31), NOW + timedelta(days=366))
UTC_TEXT = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
DATE_TEXT = re.compile(r"\d{4}-\d\d-\d\d")

NEAR = st.datetimes(min_value=datetime(2026, 9, 1), max_value=datetime(2027, 12, 31))
FAR = st.one_of(st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31)),
                st.sampled_from([datetime(1, 1, 1), datetime(9999, 12, 31, 23, 59, 59),
                                 datetime(1900, 1, 1), datetime(9999, 12, 30, 23, 0)]))
LOCALS = st.sampled_from(["Asia/Shanghai", "America/New_York", "UTC", "Pacific/Kiritimati",
                          "Etc/GMT+12"])
TZIDS = st.sampled_from(["", ";TZID=Asia/Shanghai", ";TZID=Europe/Berlin",
                         ";TZID=America/New_York", ";TZID=Etc/GMT+12", ";TZID=Pacific/Kiritimati",
                         ";TZID=W. Europe Standard Time", ";TZID=Not/AZone", ";TZID=",
                         ";VALUE=DATE", ';TZID="Quoted;Zone"'])


def stamp(value: datetime, form: int) -> str:
    day = f"{value.year:04d}{value.month:02d}{value.day:02d}"
    clock = f"{value.hour:02d}{value.minute:02d}{value.second:02d}"
    return (f"{day}T{clock}Z", f"{day}T{clock}", day)[form % 3]


VALID_TIMES = st.tuples(st.one_of(NEAR, NEAR, FAR), st.integers(0, 2)).map(lambda t: stamp(*t))
TIMES = st.one_of(VALID_TIMES, VALID_TIMES, VALID_TIMES, st.text("0123456789TZ-:", max_size=20))
DURATIONS = st.one_of(
    st.tuples(st.sampled_from(["P", "-P", "+P"]), st.integers(0, 10**9),
              st.sampled_from(["W", "D", "DT1H", "T", "TM", "TS"])).map(
        lambda t: f"{t[0]}{t[1]}{t[2]}"),
    st.sampled_from(["PT1H", "P1D", "P99999999W", "PT0S", "garbage", ""]))


@st.composite
def clean_vevent(draw: st.DrawFn) -> str:
    """A well-formed event near the window (timed or all-day, maybe recurring): most are
    read into rows, so the rows' checks and the commands' output are exercised too."""
    start = draw(NEAR)
    zone = draw(st.sampled_from(["", ";TZID=Asia/Shanghai", ";TZID=Europe/Berlin"]))
    length = timedelta(minutes=draw(st.integers(0, 60 * 24 * 3)))
    if draw(st.booleans()):
        times = [f"DTSTART;VALUE=DATE:{start:%Y%m%d}",
                 f"DTEND;VALUE=DATE:{start + timedelta(days=1 + length.days):%Y%m%d}"]
    else:
        suffix = "" if zone else "Z"
        times = [f"DTSTART{zone}:{start:%Y%m%dT%H%M%S}{suffix}",
                 draw(st.sampled_from([f"DTEND{zone}:{start + length:%Y%m%dT%H%M%S}{suffix}",
                                       f"DURATION:PT{length.seconds // 60}M", "DURATION:P1D"]))]
    if draw(st.booleans()):
        times.append(f"RRULE:{draw(plausible())}")
        if draw(st.booleans()):
            times.append(f"EXDATE{zone}:{start + timedelta(days=7):%Y%m%dT%H%M%S}"
                         f"{'' if zone else 'Z'}")
    uid = f"UID:clean-{draw(st.integers(0, 5))}"
    return "BEGIN:VEVENT\r\n" + "\r\n".join([uid, *times, "SUMMARY:Clean"]) + "\r\nEND:VEVENT\r\n"


@st.composite
def edge_vevent(draw: st.DrawFn) -> str:
    """An event at the edges of time: the first and last days a datetime holds, in zones
    east and west of UTC, with ends and durations that run past them."""
    start = draw(st.sampled_from([
        datetime(1, 1, 1), datetime(1, 1, 1, 5), datetime(1899, 12, 31, 20),
        datetime(9999, 12, 31, 23, 59, 59), datetime(9999, 12, 30, 20)]))
    zone = draw(st.sampled_from(["", ";TZID=America/New_York", ";TZID=Pacific/Kiritimati",
                                 ";TZID=Etc/GMT+12", ";VALUE=DATE"]))
    form = 2 if zone == ";VALUE=DATE" else draw(st.integers(0, 1))
    times = [f"DTSTART{zone}:{stamp(start, form)}"]
    times += draw(st.lists(st.sampled_from([
        "DTEND:20270101T000000Z", "DTEND;VALUE=DATE:99991231", "DURATION:P3652058D",
        "DURATION:-P1D", "DURATION:PT1H", "RRULE:FREQ=YEARLY", "RRULE:FREQ=DAILY;COUNT=3"]),
        max_size=2, unique_by=lambda line: line.split(":")[0]))
    uid = f"UID:edge-{draw(st.integers(0, 99))}"
    return "BEGIN:VEVENT\r\n" + "\r\n".join([uid, *times, "SUMMARY:Edge"]) + "\r\nEND:VEVENT\r\n"


@st.composite
def vevent(draw: st.DrawFn) -> str:
    """Anything an event may hold: broken times, junk rules, bad lines, huge values."""
    lines = [f"UID:{draw(st.sampled_from(['a', 'b', 'c', '']))}{draw(st.integers(0, 3))}"]
    if draw(st.integers(0, 9)):  # now and then an event without a start
        lines.append(f"DTSTART{draw(TZIDS)}:{draw(TIMES)}")
    end = draw(st.integers(0, 3))
    if end == 1:
        lines.append(f"DTEND{draw(TZIDS)}:{draw(TIMES)}")
    elif end == 2:
        lines.append(f"DURATION:{draw(DURATIONS)}")
    for _ in range(draw(st.integers(0, 2))):
        lines.append(f"{draw(st.sampled_from(['RRULE', 'EXRULE', 'RRULE']))}:{draw(RULES)}")
    if draw(st.booleans()):
        lines.append(f"EXDATE{draw(TZIDS)}:{draw(TIMES)}")
    if draw(st.booleans()):
        lines.append(f"RECURRENCE-ID{draw(TZIDS)}:{draw(TIMES)}")
    harmless = st.sampled_from(["TRANSP:TRANSPARENT", "TRANSP:OPAQUE", "LOCATION:Room 1",
                                "DESCRIPTION:a\\nb", "X-MICROSOFT-CDO-BUSYSTATUS:FREE"])
    broken = st.sampled_from(["STATUS:CANCELLED", "this has no colon", "X-LONG:" + "x" * 5000,
                              " folded continuation", ":", "A;B=\"C:D"])
    lines += draw(st.lists(st.one_of(harmless, harmless, harmless, broken), max_size=2))
    lines.append(f"SUMMARY:{draw(st.text(max_size=30)).replace(chr(13), '').replace(chr(10), '')}")
    return "BEGIN:VEVENT\r\n" + "\r\n".join(draw(st.permutations(lines))) + "\r\nEND:VEVENT\r\n"


@st.composite
def calendars(draw: st.DrawFn) -> str:
    events = "".join(draw(st.lists(st.one_of(vevent(), clean_vevent(), edge_vevent()),
                                   min_size=1, max_size=5)))
    head = draw(st.sampled_from(["", "X-WR-TIMEZONE:Europe/Berlin\r\n", "X-WR-TIMEZONE:Bad\r\n"]))
    text = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//fuzz//EN\r\n"
            f"{head}{events}END:VCALENDAR\r\n")
    damage = draw(st.integers(0, 9))
    if damage == 0:  # cut short
        text = text[:draw(st.integers(0, len(text)))]
    elif damage == 1:  # bare line endings
        text = text.replace("\r\n", draw(st.sampled_from(["\n", "\r"])))
    return text


def check_rows(rows: list[object]) -> None:
    for row in rows:
        start, end, all_day = row.start, row.end, row.all_day  # type: ignore[attr-defined]
        pattern = DATE_TEXT if all_day else UTC_TEXT
        assert pattern.fullmatch(start) and pattern.fullmatch(end), row
        assert start <= end, row


@pytest.mark.timeout(TIMEOUT)
@given(text=calendars(), fast=st.booleans(), local=LOCALS)
def test_generated_calendars_are_read_or_refused(text: str, fast: bool, local: str) -> None:
    started = time.monotonic()
    try:
        found = expand([text], *WINDOW, local, fast=fast)
    except MalformedCalendar as exc:
        assert str(exc).strip() and exc.exit_code == 2
        event("refused: malformed")
        return
    finally:
        assert time.monotonic() - started < EACH_S
    check_rows(found.rows)
    event("read, with warnings" if found.warnings else "read")
    event(f"rows: {min(len(found.rows), 3)}{'+' if len(found.rows) >= 3 else ''}")


@pytest.mark.timeout(TIMEOUT * 2)
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture],
          max_examples=max(10, settings().max_examples // 2))
@given(text=calendars())
def test_calendar_commands_accept_or_refuse_generated_files(
        data_dir: Path, tmp_path: Path, capsys: Capsys, text: str) -> None:
    path = tmp_path / "fuzz.ics"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    started = time.monotonic()
    added = run_cli(capsys, "calendar", "add", "ics", str(path), "--name", "Fuzz")
    assert time.monotonic() - started < EACH_S
    assert added.code in (0, 1, 2), added.err
    assert "Traceback" not in added.err
    if added.code:
        assert added.err.strip()
        event(f"add refused: exit {added.code}")
        return
    event("added")
    source = re.match(r"calendar (\d+):", added.out)
    assert source is not None
    try:
        shown = run_cli(capsys, "calendar", "events", "--from", "2026-09-01", "--to",
                        "2027-12-31", "--json")
        assert shown.code == 0, shown.err
        check_rows([_Row(**e) for e in json.loads(shown.out)])
        free = run_cli(capsys, "calendar", "free", "--from", "2026-12-01", "--json")
        assert free.code == 0, free.err
        synced = run_cli(capsys, "calendar", "sync")
        assert synced.code == 0 and "Traceback" not in synced.err
    finally:
        assert run_cli(capsys, "calendar", "remove", source.group(1)).code == 0


class _Row:
    """An event of ``calendar events --json``, with the fields ``check_rows`` reads."""

    def __init__(self, **fields: object) -> None:
        self.start, self.end, self.all_day = fields["start"], fields["end"], fields["all_day"]
