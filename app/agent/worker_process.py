"""The offline assistant's run in a process of its own, for the window.

The offline planner is pure Python: in a thread of the window's process it holds the
interpreter lock most of the time, and every paint, timer and scroll waits for it (the
F5 stalls of the 10,000-task bench). Here the run happens in a ``spawn`` child with
its own interpreter and its own connection to the same database, as ``stepwise agent
run`` would. The child forwards each change notice it emits (``app.events``) and the
text it streams through a pipe; the caller re-emits the notices in its own process, so
the window hears the same changes, in the same order, as when the run was a thread.

Stopping is cooperative: the child checks a flag between stages (one offline stage
takes ~20 ms) and ends the run there, so nothing half-done is saved; a child that does
not answer within ``STOP_GRACE_S`` is terminated (SQLite rolls its open transaction
back). The child stays warm for ``IDLE_EXIT_S`` after a run (starting one and
importing the planner takes ~0.5 s), serves one run at a time, and serves one database.

A frozen bundle calls ``multiprocessing.freeze_support()`` first thing in its entry
point, as for any spawned process.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import astuple
from multiprocessing.connection import Connection
from multiprocessing.synchronize import Event as EventType
from pathlib import Path
from typing import Any

from app import processes
from app.agent.outcome import Outcome
from app.errors import KnownError
from app.events import Change, Kind, events

IDLE_EXIT_S = 300.0  # a warm child with no run for this long exits by itself
STOP_GRACE_S = 2.0
POLL_S = 0.01  # how often the caller looks at the pipe while a run is under way
CHUNK_POST_S = 0.05  # the child sends streamed text at most 20 times a second
NICENESS = 10  # added to the child's nice value: the window's paints come first


class ChildFailed(KnownError):
    """The run's process died or raised something that is not a known refusal."""


async def run_until_idle(db: Path, data_dir: Path,
                         on_chunk: Callable[[str], None] | None = None,
                         on_outcome: Callable[[Outcome], None] | None = None
                         ) -> list[Outcome]:
    """``Assistant(offline).run_until_idle()`` in the child process, awaited here.

    Each change notice of the run is emitted here as it arrives (from the calling thread);
    ``on_chunk`` gets the streamed text and ``on_outcome`` each outcome as it comes.
    Cancelling the caller stops the run between two stages (the child is terminated if it
    does not stop within ``STOP_GRACE_S``).

    Raises:
        KnownError: the run's own known error, or the child's refusal to open the
            database (with its message).
        ChildFailed: the process died, or failed with a bug (the message holds its
            traceback).
    """
    child = await asyncio.to_thread(_warm_child, db, data_dir)
    child.stop.clear()
    child.conn.send(("run",))
    heard = _Heard(on_chunk, on_outcome)
    try:
        return await _answer(child, heard)
    except asyncio.CancelledError:
        child.stop.set()
        await asyncio.shield(asyncio.to_thread(_drain, child, heard))
        raise


def warm_up() -> None:
    """Import what starting a child takes (``multiprocessing``'s spawn machinery), so
    the first F5 does not."""
    import multiprocessing.connection  # noqa: F401
    import multiprocessing.popen_spawn_posix  # noqa: F401
    import multiprocessing.synchronize  # noqa: F401


class _Child:
    """One spawned process serving runs over a pipe."""

    def __init__(self, db: Path, data_dir: Path) -> None:
        context = multiprocessing.get_context("spawn")
        self.key = (db, data_dir)
        self.conn, theirs = context.Pipe()
        self.stop = context.Event()
        self.process = context.Process(target=serve, args=(theirs, self.stop, str(db),
                                                           str(data_dir)),
                                       daemon=True, name="stepwise-assistant")
        self.process.start()
        theirs.close()

    def end(self) -> None:
        """Terminate the process (killed if it does not go within the grace time)."""
        processes.end(self.process, STOP_GRACE_S)
        self.conn.close()


_lock = threading.Lock()
_warm: _Child | None = None


def _warm_child(db: Path, data_dir: Path) -> _Child:
    """The warm child for this database, started when there is none (blocking)."""
    global _warm
    with _lock:
        if _warm is not None and (_warm.key != (db, data_dir) or not _warm.process.is_alive()):
            _warm.end()
            _warm = None
        if _warm is None:
            _warm = _Child(db, data_dir)
        return _warm


def shut_down() -> None:
    """End the warm child (the window's staged shutdown; tests)."""
    global _warm
    with _lock:
        if _warm is not None:
            _warm.end()
            _warm = None


class _Heard:
    """What the caller hears during a run, and the outcomes heard so far."""

    def __init__(self, on_chunk: Callable[[str], None] | None,
                 on_outcome: Callable[[Outcome], None] | None) -> None:
        self.on_chunk = on_chunk
        self.on_outcome = on_outcome
        self.outcomes: list[Outcome] = []

    def outcome(self, fields: tuple[Any, ...]) -> None:
        outcome = Outcome(*fields)
        self.outcomes.append(outcome)
        if self.on_outcome is not None:
            self.on_outcome(outcome)

    def chunk(self, text: str) -> None:
        if self.on_chunk is not None:
            self.on_chunk(text)


async def _answer(child: _Child, heard: _Heard) -> list[Outcome]:
    while True:
        answer = _take(child, heard)
        if answer is not None:
            _result(answer)
            return heard.outcomes
        await asyncio.sleep(POLL_S)


def _take(child: _Child, heard: _Heard) -> tuple[str, Any] | None:
    """Handle what the pipe holds now; the run's answer once it comes."""
    try:
        while child.conn.poll():
            kind, payload = child.conn.recv()
            if kind == "changes":  # one transaction's, delivered here as one again
                events.emit_all([Change(Kind(k), task, detail) for k, task, detail in payload])
            elif kind == "chunk":
                heard.chunk(payload)
            elif kind == "outcome":
                heard.outcome(payload)
            else:
                return kind, payload
    except (EOFError, OSError):
        return "gone", None
    if not child.process.is_alive() and not child.conn.poll():
        return "gone", None
    return None


def _drain(child: _Child, heard: _Heard) -> None:
    """After a stop: hear the run out for the grace time, else terminate the child."""
    ends = time.monotonic() + STOP_GRACE_S
    while time.monotonic() < ends:
        if _take(child, heard) is not None:
            return
        time.sleep(POLL_S)
    shut_down()


def _result(answer: tuple[str, Any]) -> None:
    """Raise what the run's answer says went wrong (nothing when it ended well)."""
    kind, payload = answer
    if kind == "done":
        return
    if kind == "known":
        raise payload
    if kind == "refused":
        raise KnownError(payload)
    if kind == "bug":
        raise ChildFailed(f"the assistant's process failed:\n{payload}")
    shut_down()
    raise ChildFailed("the assistant's process stopped unexpectedly; press F5 to try again")


# --- in the child ------------------------------------------------------------------------

def serve(conn: Connection, stop: EventType, db: str, data_dir: str) -> None:
    """The child's main: open the store, then run on each request until idle for long.

    The child runs at a lower priority (``NICENESS``): on a busy machine the window's
    paints come before the assistant's planning, which still has any core left free."""
    from app.config import paths
    from models import StoreError, open_database

    processes.be_nice(NICENESS)
    paths.configure(data_dir=data_dir, db=db)
    try:
        open_database(db)
    except (KnownError, StoreError) as exc:  # said where the person pressed F5
        _send_failure(conn, exc)
        return
    while conn.poll(IDLE_EXIT_S):
        try:
            conn.recv()
        except EOFError:
            return
        answer = _one_run(conn, stop)
        try:
            conn.send(answer)
        except OSError:  # the window is gone
            return


def _send_failure(conn: Connection, exc: Exception) -> None:
    try:
        if conn.poll(IDLE_EXIT_S):
            conn.recv()
            conn.send(processes.known(exc))
    except (EOFError, OSError):
        pass


def _one_run(conn: Connection, stop: EventType) -> tuple[str, Any]:
    """One run until idle, its change notices and text sent as they come."""
    streamed = _Streamed(conn)
    unsubscribe = events.subscribe(
        lambda changes: _send(conn, ("changes", [(str(c.kind), c.task_id, c.detail)
                                                 for c in changes]), streamed, stop))
    try:
        outcomes = asyncio.run(_run(stop, streamed.add, lambda outcome: _send(
            conn, ("outcome", astuple(outcome)), streamed, stop)))
        streamed.flush()
        return "done", len(outcomes)
    except KnownError as exc:
        return processes.known(exc)
    except Exception:
        return "bug", traceback.format_exc()
    finally:
        unsubscribe()


async def _run(stop: EventType, on_chunk: Callable[[str], None],
               on_outcome: Callable[[Outcome], None]) -> list[Outcome]:
    from app.agent.loop import Assistant
    from app.agent.setup import provider_from_settings

    provider, key = provider_from_settings()
    try:
        return await Assistant(provider, on_chunk=on_chunk, secret=key).run_until_idle(
            stop=stop.is_set, on_outcome=on_outcome)
    finally:
        await provider.aclose()


class _Streamed:
    """Streamed text gathered and sent at most every ``CHUNK_POST_S`` (and before each
    change notice, so the caller hears both in order)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.parts: list[str] = []
        self.last = 0.0

    def add(self, text: str) -> None:
        self.parts.append(text)
        if time.monotonic() - self.last >= CHUNK_POST_S:
            self.flush()

    def flush(self) -> None:
        self.last = time.monotonic()
        if self.parts:
            text, self.parts = "".join(self.parts), []
            self.conn.send(("chunk", text))


def _send(conn: Connection, message: tuple[str, Any], streamed: _Streamed,
          stop: EventType) -> None:
    """Send a change notice; when nobody listens any more (the window is gone, even
    killed), the run stops at its next stage instead of going on alone."""
    try:
        streamed.flush()
        conn.send(message)
    except OSError:  # BrokenPipeError: the other end closed
        stop.set()
