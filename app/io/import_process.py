"""A big import in a process of its own, for the window.

Reading and checking 100,000 tasks is pure Python: in a thread of the window's process
it holds the interpreter lock for most of 20 seconds, and every paint and scroll waits.
Here the import runs in a ``spawn`` child with its own interpreter and its own connection
to the same database, as ``stepwise import`` would, at a lower priority. After each
transaction the child sends the change notices its commit emitted, then its progress;
the caller re-emits the notices in its own process (of the per-task kinds one per kind,
``coalesced``, at most once a second), so every view hears that tasks were added, as
when the import was a thread, without 100,000 notices to handle. Cancelling sets a flag
the child reads between transactions: what was committed stays and the summary says so.
A child that does not answer within ``STOP_GRACE_S`` of a cancel is terminated (SQLite
rolls its open transaction back; what was committed before stays).

Files under ``BIG_BYTES`` are imported in the caller's thread: starting a process and
importing the importers there costs ~0.5 s, more than a small file's whole import.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import time
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.synchronize import Event as EventType
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app import processes
from app.errors import KnownError
from app.events import Change, Kind, events

if TYPE_CHECKING:
    from app.io.importers.store import Summary

BIG_BYTES = 256 * 1024  # a file this big (~2,000 tasks) is imported in a process
POLL_S = 0.02  # how often the caller looks at the pipe
STOP_GRACE_S = 5.0  # a transaction holds ~0.4 s; a file is read in a few seconds
NICENESS = 10
NOTICE_S = 1.0  # the window hears the import's notices at most this often
COALESCED = frozenset({Kind.TASK_ADDED, Kind.REMINDERS_SCHEDULED})

Progress = Callable[[int, int], None]


class ChildFailed(KnownError):
    """The import's process died, or failed with a bug (the message holds its traceback)."""


async def import_in_process(source: str, path: Path, db: Path, data_dir: Path,
                            progress: Progress | None = None,
                            stop: Callable[[], bool] | None = None) -> Summary:
    """``import_path(source, path, progress, stop)`` in a child process, awaited here.

    ``progress`` and the re-emitted change notices are called from the calling thread;
    ``stop()`` is asked every ``POLL_S``; cancelling the caller stops the import as
    ``stop`` does and waits for the child to end.

    Raises:
        KnownError: the import's own refusal (a BadFile, the database refused), with its
            message.
        ChildFailed: the process died or failed with a bug.
    """
    ours, flag, child = await asyncio.to_thread(_started, source, path, db, data_dir)
    notices = _Notices()
    try:
        while True:
            answer = _take(ours, child, progress, notices)
            if answer is not None:
                return _result(answer)
            if stop is not None and stop():
                flag.set()
            await asyncio.sleep(POLL_S)
    except asyncio.CancelledError:
        flag.set()
        await asyncio.shield(asyncio.to_thread(_drain, ours, child, notices))
        raise
    finally:
        await asyncio.shield(asyncio.to_thread(processes.end, child, STOP_GRACE_S))
        ours.close()


def _started(source: str, path: Path, db: Path, data_dir: Path
             ) -> tuple[Connection, EventType, multiprocessing.process.BaseProcess]:
    """The child started (blocking: its first Event starts multiprocessing's resource
    tracker, a process too), with the pipe's end and the stop flag."""
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe(duplex=False)
    flag = context.Event()
    child = context.Process(target=serve, args=(theirs, flag, source, str(path), str(db),
                                                str(data_dir)),
                            daemon=True, name="stepwise-import")
    child.start()
    theirs.close()
    return ours, flag, child


class _Notices:
    """The child's change notices, emitted here at most every ``NOTICE_S`` (coalesced):
    each emission reloads the window's list, a read of every task's id."""

    def __init__(self) -> None:
        self.pending: list[tuple[str, int | None, str]] = []
        self.last = time.monotonic()

    def add(self, changes: list[tuple[str, int | None, str]]) -> None:
        self.pending += changes

    def flush(self, *, due_only: bool = False) -> None:
        if not self.pending or (due_only and time.monotonic() - self.last < NOTICE_S):
            return
        changes, self.pending, self.last = self.pending, [], time.monotonic()
        events.emit_all(coalesced(changes))


def _take(conn: Connection, child: multiprocessing.process.BaseProcess,
          progress: Progress | None, notices: _Notices) -> tuple[str, Any] | None:
    """Handle what the pipe holds now; the import's answer once it comes (after every
    notice held is emitted)."""
    try:
        while conn.poll():
            kind, payload = conn.recv()
            if kind == "changes":
                notices.add(payload)
            elif kind == "progress":
                if progress is not None:
                    progress(*payload)
            else:
                notices.flush()
                return kind, payload
    except (EOFError, OSError):
        notices.flush()
        return "gone", None
    if not child.is_alive() and not conn.poll():
        notices.flush()
        return "gone", None
    notices.flush(due_only=True)
    return None


def coalesced(changes: list[tuple[str, int | None, str]]) -> list[Change]:
    """One transaction's change notices as the caller emits them: of the kinds an import
    sends one per task (``COALESCED``), only the last, in its place.

    Every view reacts to those by kind (a list or calendar reloads, sync is due), and a
    transaction of 5,000 tasks re-emitted one by one was 1.8 s of the window's time on
    a 30,000-task import."""
    last = {kind: n for n, (kind, _task, _detail) in enumerate(changes) if kind in COALESCED}
    return [Change(Kind(kind), task_id, detail)
            for n, (kind, task_id, detail) in enumerate(changes)
            if kind not in COALESCED or last[kind] == n]


def _drain(conn: Connection, child: multiprocessing.process.BaseProcess,
           notices: _Notices) -> None:
    """After a cancel: hear the import out for the grace time (its last commit's
    notices re-emitted), then let ``processes.end`` end it."""
    ends = time.monotonic() + STOP_GRACE_S
    while time.monotonic() < ends and _take(conn, child, None, notices) is None:
        time.sleep(POLL_S)


def _result(answer: tuple[str, Any]) -> Summary:
    kind, payload = answer
    if kind == "done":
        summary: Summary = payload
        return summary
    if kind == "known":
        raise payload
    if kind == "refused":
        raise KnownError(payload)
    if kind == "bug":
        raise ChildFailed(f"the import's process failed:\n{payload}")
    raise ChildFailed("the import's process stopped unexpectedly; what it committed is "
                      "kept, and importing the file again skips tasks with IDs")


# --- in the child ------------------------------------------------------------------------

def serve(conn: Connection, stop: EventType, source: str, path: str, db: str,
          data_dir: str) -> None:
    """The child's main: open the store, import, send the summary (or the refusal)."""
    from app.config import paths
    from app.io.importers.command import import_path
    from models import StoreError, open_database

    processes.be_nice(NICENESS)
    paths.configure(data_dir=data_dir, db=db)
    heard: list[tuple[str, int | None, str]] = []  # since the last message
    events.subscribe(lambda changes: heard.extend((str(c.kind), c.task_id, c.detail)
                                                  for c in changes))

    def send(message: tuple[str, Any]) -> None:
        if heard:  # a transaction's notices, then what follows its commit
            _send(conn, ("changes", heard[:]), stop)
            heard.clear()
        _send(conn, message, stop)

    try:
        open_database(db)
        summary = import_path(source, Path(path),
                              lambda done, total: send(("progress", (done, total))),
                              stop.is_set)
        answer: tuple[str, Any] = ("done", summary)
    except (KnownError, StoreError) as exc:
        answer = processes.known(exc)
    except Exception:
        answer = ("bug", traceback.format_exc())
    send(answer)


def _send(conn: Connection, message: tuple[str, Any], stop: EventType) -> None:
    """Send a message; when nobody listens any more (the window is gone, even killed),
    the import stops after its transaction in flight instead of going on alone."""
    try:
        conn.send(message)
    except OSError:  # BrokenPipeError: the other end closed
        stop.set()
