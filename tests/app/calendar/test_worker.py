"""Big calendars are parsed in a separate process that a cancel terminates."""

from __future__ import annotations

import asyncio
import os
from datetime import timedelta
from pathlib import Path

import pytest

from app.calendar import cache, worker
from app.calendar.errors import CalendarError, MalformedCalendar
from app.calendar.sync import sync_source
from tests.app.calendar.probe import crash, report_and_wait
from tests.app.calendar.support import NOW

EVENTS = 50_000


def big_calendar(count: int) -> str:
    """``count`` single events, one every 40 minutes from three years back."""
    first = NOW - timedelta(days=3 * 365)
    parts = ["BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//big//EN\r\n"]
    for i in range(count):
        start = first + timedelta(minutes=40 * i)
        parts.append(
            f"BEGIN:VEVENT\r\nUID:big-{i}\r\nDTSTAMP:20261101T000000Z\r\n"
            f"DTSTART:{start:%Y%m%dT%H%M%SZ}\r\nDURATION:PT30M\r\nSUMMARY:Event {i}\r\n"
            "END:VEVENT\r\n")
    parts.append("END:VCALENDAR\r\n")
    return "".join(parts)


def in_window(count: int) -> int:
    first = NOW - timedelta(days=3 * 365)
    low, high = NOW - timedelta(days=31), NOW + timedelta(days=366)
    starts = (first + timedelta(minutes=40 * i) for i in range(count))
    return sum(1 for s in starts if s + timedelta(minutes=30) > low and s < high)


@pytest.mark.slow
def test_a_50000_event_calendar_is_parsed_in_another_process(db: Path, tmp_path: Path) -> None:
    text = big_calendar(EVENTS)
    assert len(text) > worker.PROCESS_THRESHOLD
    low, high = NOW - timedelta(days=31), NOW + timedelta(days=366)
    expanded = asyncio.run(worker.expand_async([text], low, high, "Asia/Shanghai"))
    assert expanded.pid != os.getpid()
    assert len(expanded.rows) == in_window(EVENTS) > 10_000
    path = tmp_path / "big.ics"
    path.write_text(text, encoding="utf-8")
    source = cache.add_source("Big", "ics_file", str(path))
    result = asyncio.run(sync_source(source.id, now=NOW))
    assert result.ok and result.events == len(expanded.rows) == cache.event_count(source.id)


def test_cancelling_terminates_the_worker_process() -> None:
    async def scenario() -> None:
        arrived: asyncio.Queue[tuple[int, asyncio.StreamReader, asyncio.StreamWriter]] = (
            asyncio.Queue())

        async def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await arrived.put((int(await reader.readline()), reader, writer))

        server = await asyncio.start_server(connected, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        job = asyncio.create_task(worker.run_in_process(report_and_wait, port))
        pid, reader, writer = await asyncio.wait_for(arrived.get(), 60)
        assert pid != os.getpid() and worker.worker_pid() == pid
        job.cancel()
        with pytest.raises(asyncio.CancelledError):
            await job
        assert await asyncio.wait_for(reader.read(), 10) == b""  # its end of the socket closed
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)  # terminated and reaped
        writer.close()
        await writer.wait_closed()
        server.close()
        await server.wait_closed()
        small = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"
        after = await worker.expand_async([small], NOW, NOW + timedelta(days=1), "UTC",
                                          in_process=True)
        assert after.pid not in (pid, os.getpid())  # the next job gets a fresh worker

    asyncio.run(scenario())


def test_errors_in_the_worker_come_back_as_known_errors_or_bug_reports() -> None:
    with pytest.raises(MalformedCalendar, match="should start with BEGIN:VCALENDAR"):
        asyncio.run(worker.expand_async(["<html>"], NOW, NOW + timedelta(days=1), "UTC",
                                        in_process=True))
    with pytest.raises(CalendarError) as caught:
        asyncio.run(worker.run_in_process(crash))
    assert "ZeroDivisionError: a bug in the worker" in str(caught.value)
    assert "probe.py" in str(caught.value)  # with the worker's traceback


def test_small_calendars_stay_out_of_the_worker() -> None:
    small = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"
    found = asyncio.run(worker.expand_async([small], NOW, NOW + timedelta(days=1), "UTC"))
    assert found.pid == os.getpid() and found.rows == []


def test_shutdown_stops_the_warm_worker() -> None:
    small = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"
    found = asyncio.run(worker.expand_async([small], NOW, NOW + timedelta(days=1), "UTC",
                                            in_process=True))
    assert worker.worker_pid() == found.pid
    worker.shutdown()
    assert worker.worker_pid() is None
    with pytest.raises(ProcessLookupError):
        os.kill(found.pid, 0)


