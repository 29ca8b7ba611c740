"""Pages of the task list read off the GUI thread.

``read_rows`` reads one page of list rows with the lean query layer
(``app.lean.reads.page_rows``: the standard ``sqlite3`` module on a read-only connection),
or through the store (``app.tasks.queries.rows_for``) when the lean reader cannot promise
the same values. Either way it runs in a worker thread: the sqlite3 module hands the GIL
back and forth at every row it steps, and while the assistant works in its own thread
each hand-back costs the GUI thread up to a switch interval, so a page read on the GUI
thread stalled the window (issue 10's F5 target).

``PageReader`` is the task list model's worker: the model asks for the pages it has to
paint and shows placeholders meanwhile; each page read is posted back as ``page_read``
(Qt queues it to the GUI thread). The newest request is read first (the rows the user
scrolled to last), only the newest few wait, a request of an older generation (ids
since replaced) is dropped,
and the thread ends when it has had nothing to read for ``IDLE_S``.

A row is the store's ``TaskRow``, which carries an all-day due's date (``due_day``), so
the list shows the day instead of the 18:00 it stands for.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.tasks.queries import TaskRow

log = logging.getLogger(__name__)
WAITING = 8  # requests kept waiting: about two screens of rows, the newest first
SETTLE_S, SETTLE_MAX_S = 0.012, 0.05  # how long requests pause before a read starts
IDLE_S = 2.0  # the worker waits this long for more before it ends (one thread a scroll:
# a thread for each page read left up to 28 MiB more resident, malloc's arenas)


def read_rows(ids: Sequence[int]) -> dict[int, TaskRow]:
    """The list rows of these task ids (any that no longer exist are left out).

    Call it from a worker thread. Raises what the store raises (``StoreError``, a
    Peewee or SQLite error) when the database cannot be read at all.
    """
    from app.lean import reads as lean_reads

    chosen = [int(i) for i in ids]
    if not chosen:
        return {}
    path = _database_path()
    try:
        conn = lean_reads.connect(path) if path is not None else None
        if conn is not None:
            try:
                return {key: TaskRow(*values)
                        for key, values in lean_reads.page_rows(conn, chosen).items()}
            finally:
                conn.close()
    except (sqlite3.Error, lean_reads.Unusual) as error:
        log.debug("a page through the store (%s)", error)
    from app.tasks.queries import rows_for  # a database the lean reader refuses

    return rows_for(chosen)


def _database_path() -> Path | None:
    """The open store's file (None for an in-memory or closed store)."""
    from models import database

    name = database.database
    return Path(name) if isinstance(name, str) and name != ":memory:" else None


class PageReader(QObject):
    """Reads pages in a worker thread and posts each back as ``page_read``."""

    page_read = Signal(int, int, object)  # generation, page number, {task id: TaskRow}

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.generation = 0  # requests of another generation are not read
        self._lock = threading.Lock()
        self._arrived = threading.Condition(self._lock)
        self._wanted: list[tuple[int, int, list[int]]] = []  # newest last
        self._thread: threading.Thread | None = None
        self._reading = False  # a page is being read (set by the worker only)

    def request(self, generation: int, page: int, ids: Sequence[int]) -> list[int]:
        """Read the rows of ``ids`` (page ``page`` of ``generation``) in the worker.

        Returns the pages no longer going to be read: the oldest requests beyond
        ``WAITING`` (pages scrolled past before their turn; asked again when painted).
        """
        with self._lock:
            self._wanted.append((generation, page, [int(i) for i in ids]))
            dropped = [page for _, page, _ in self._wanted[:-WAITING]]
            del self._wanted[:-WAITING]
            self._arrived.notify()
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="task-pages",
                                                daemon=True)
                self._thread.start()
        return dropped

    def wait_idle(self, timeout_s: float = 10.0) -> bool:
        """Wait until the worker has read everything asked (tests, the bench)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            with self._lock:
                if not self._wanted and not self._reading:
                    return True
            time.sleep(0.005)
        return False

    def _next(self) -> tuple[int, int, list[int]] | None:
        """The newest request still wanted; None once none came for IDLE_S."""
        with self._lock:
            while True:
                self._settle()
                while self._wanted:
                    generation, page, ids = self._wanted.pop()
                    if generation == self.generation:
                        self._reading = True  # until posted (``wait_idle``)
                        return generation, page, ids
                if not self._arrived.wait_for(lambda: bool(self._wanted), IDLE_S):
                    self._thread = None  # the next request starts a new worker
                    return None

    def _settle(self) -> None:
        """While requests keep coming (a scroll under way), wait until they pause for
        SETTLE_S, at most SETTLE_MAX_S: the pages scrolled past are never read (a scroll
        through 100,000 rows read 453 pages and held them all, 35 MiB, until the GUI
        thread took the posts). Called with the lock held."""
        deadline = time.monotonic() + SETTLE_MAX_S
        while self._wanted and time.monotonic() < deadline:
            if not self._arrived.wait(SETTLE_S):
                return

    def _work(self) -> None:
        while (wanted := self._next()) is not None:
            generation, page, ids = wanted
            try:
                self._read(generation, page, ids)
            except RuntimeError:  # the model was deleted meanwhile: nobody to tell
                with self._lock:
                    self._wanted.clear()
                    self._thread = None
                    self._reading = False
                return
            with self._lock:
                self._reading = False

    def _read(self, generation: int, page: int, ids: list[int]) -> None:
        try:
            rows = read_rows(ids)
        except Exception:  # the store closed or broke under the reader: logged, shown
            log.exception("reading a page of the task list failed")  # as placeholders
            return
        self.page_read.emit(generation, page, rows)
