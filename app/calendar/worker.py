"""Calendar expansion off the event loop: in a thread when small, in a process when big.

Parsing a 50,000-event calendar holds the GIL for seconds, which a thread cannot hide
from the window (DESIGN.md §11, Heavy work). Big inputs therefore go to a ``spawn``
worker process that returns plain rows through a pipe. The worker stays warm for
IDLE_EXIT_S after a job (starting one and importing icalendar costs about half a
second), runs one job at a time, and is terminated at once when the awaiting task is
cancelled; the next job starts a fresh one. Small inputs run in a thread.

A frozen bundle must call ``multiprocessing.freeze_support()`` first thing in its entry
point, as for any spawned process.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
import traceback
from collections.abc import Callable, Sequence
from datetime import datetime
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from app import processes
from app.calendar.errors import CalendarError
from app.calendar.expand import Expanded, expand
from app.errors import KnownError

PROCESS_THRESHOLD = 256 * 1024  # characters of iCalendar text; about 1,500 events
IDLE_EXIT_S = 300.0
STOP_GRACE_S = 2.0

T = TypeVar("T")


async def expand_async(texts: Sequence[str], start: datetime, end: datetime, local_key: str,
                       *, in_process: bool | None = None) -> Expanded:
    """``expand.expand`` without blocking the loop.

    Args:
        texts: the iCalendar texts of one source.
        start: the window's start (aware).
        end: the window's end (aware).
        local_key: the local zone's IANA key.
        in_process: force (True) or forbid (False) the worker process; by default
            inputs of PROCESS_THRESHOLD characters or more go to it.
    """
    if in_process is None:
        in_process = sum(len(t) for t in texts) >= PROCESS_THRESHOLD
    args = (list(texts), start, end, local_key)
    if in_process:
        return await run_in_process(expand, *args)
    return await asyncio.to_thread(expand, *args)


class _Worker:
    """One spawned process serving calls over a pipe."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child,), daemon=True,
                                       name="stepwise-calendar")
        self.process.start()
        child.close()

    def call(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[str, Any]:
        """Send one call and wait for its answer (blocking: runs in a thread)."""
        try:
            self.conn.send((fn, args))
            return self.conn.recv()
        except (EOFError, OSError):
            return ("gone", None)

    def stop(self) -> None:
        """Terminate the process, then kill it if it does not go within the grace time."""
        processes.end(self.process, STOP_GRACE_S)


class _Job:
    """A call waiting for, or running in, the worker; cancellable from the loop."""

    def __init__(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.fn, self.args = fn, args
        self.cancelled = threading.Event()
        self.worker: _Worker | None = None


_lock = threading.Lock()  # one job at a time, whichever event loop asks
_warm: _Worker | None = None


def _run(job: _Job) -> tuple[str, Any]:
    """Run a job in the warm worker, starting one if needed (blocking: runs in a thread)."""
    global _warm
    with _lock:
        if _warm is None or not _warm.process.is_alive():
            _warm = _Worker()
        job.worker = worker = _warm
        if job.cancelled.is_set():  # cancelled while waiting for the lock
            return ("cancelled", None)
        result = worker.call(job.fn, job.args)
        if result[0] == "gone" and _warm is worker:
            _warm = None
        return result


async def run_in_process(fn: Callable[..., T], *args: Any) -> T:
    """Call a module-level function in the worker process and await its result.

    Known errors raised there are raised here; anything else becomes a CalendarError
    carrying the worker's traceback. Cancelling the caller terminates the worker.

    Raises:
        KnownError: the function's own known error.
        CalendarError: the call failed or the worker died.
    """
    job = _Job(fn, args)
    try:
        kind, payload = await asyncio.to_thread(_run, job)
    except BaseException:
        job.cancelled.set()
        if job.worker is not None:
            job.worker.stop()
        raise
    if kind == "ok":
        return payload
    if kind == "known":
        raise payload
    if kind == "bug":
        raise CalendarError(f"reading the calendar failed in its worker process:\n{payload}")
    raise CalendarError("the calendar reader stopped unexpectedly; try again, or remove the "
                        "calendar if it happens again")


def worker_pid() -> int | None:
    """The warm worker's process id, if one is running (for tests and diagnostics)."""
    worker = _warm
    return worker.process.pid if worker is not None and worker.process.is_alive() else None


def shutdown() -> None:
    """Stop the warm worker (part of a staged shutdown; safe to call twice)."""
    global _warm
    worker, _warm = _warm, None
    if worker is not None:
        worker.stop()


def _serve(conn: Connection) -> None:
    """The worker process: answer calls until the pipe closes or it has idled too long."""
    import icalendar  # noqa: F401 - imported once, before the first call arrives
    import recurring_ical_events  # noqa: F401

    while conn.poll(IDLE_EXIT_S):
        try:
            fn, args = conn.recv()
        except EOFError:
            return
        conn.send(_call(fn, args))


def _call(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[str, Any]:
    try:
        return ("ok", fn(*args))
    except KnownError as exc:
        return ("known", exc)
    except Exception as exc:  # noqa: BLE001 - sent to the parent, which reports it as a bug
        return ("bug", "".join(traceback.format_exception(exc)))
