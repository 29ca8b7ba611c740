"""Pages of the task list read off the GUI thread.

``read_rows`` reads one page of list rows with the lean query layer
(``app.lean_reads.page_rows``: the standard ``sqlite3`` module on a read-only connection),
or through the store (``app.task_queries.rows_for``) when the lean reader cannot promise
the same values. Either way it runs in a worker thread: the sqlite3 module hands the GIL
back and forth at every row it steps, and while the assistant works in its own thread
each hand-back costs the GUI thread up to a switch interval, so a page read on the GUI
thread stalled the window (issue 10's F5 target).

``PageReader`` is the task list model's worker: the model asks for the pages it has to
paint and shows placeholders meanwhile; each page read is posted back as ``page_read``
(Qt queues it to the GUI thread). The newest request is read first (the rows the user
scrolled to last), only the newest few wait, a request of an older generation (ids
since replaced) is dropped,
and the thread ends when it has nothing left to read.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.task_queries import TaskRow

log = logging.getLogger(__name__)
WAITING = 8  # requests kept waiting: about two screens of rows, the newest first


def read_rows(ids: Sequence[int]) -> dict[int, TaskRow]:
    """The list rows of these task ids (any that no longer exist are left out).

    Call it from a worker thread. Raises what the store raises (``StoreError``, a
    Peewee or SQLite error) when the database cannot be read at all.
    """
    from app import lean_reads

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
    from app.task_queries import rows_for

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
        self._wanted: list[tuple[int, int, list[int]]] = []  # newest last
        self._thread: threading.Thread | None = None

    def request(self, generation: int, page: int, ids: Sequence[int]) -> list[int]:
        """Read the rows of ``ids`` (page ``page`` of ``generation``) in the worker.

        Returns the pages no longer going to be read: the oldest requests beyond
        ``WAITING`` (pages scrolled past before their turn; asked again when painted).
        """
        with self._lock:
            self._wanted.append((generation, page, [int(i) for i in ids]))
            dropped = [page for _, page, _ in self._wanted[:-WAITING]]
            del self._wanted[:-WAITING]
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="task-pages",
                                                daemon=True)
                self._thread.start()
        return dropped

    def wait_idle(self, timeout_s: float = 10.0) -> bool:
        """Wait until the worker has read everything asked (tests, shutdown)."""
        with self._lock:
            thread = self._thread
        if thread is not None:
            thread.join(timeout_s)
            return not thread.is_alive()
        return True

    def _next(self) -> tuple[int, int, list[int]] | None:
        with self._lock:
            while self._wanted:
                generation, page, ids = self._wanted.pop()
                if generation == self.generation:
                    return generation, page, ids
            self._thread = None  # the next request starts a new worker
            return None

    def _work(self) -> None:
        while (wanted := self._next()) is not None:
            generation, page, ids = wanted
            try:
                rows = read_rows(ids)
            except Exception:  # the store closed or broke under the reader: logged, shown
                log.exception("reading a page of the task list failed")  # as placeholders
                continue
            try:
                self.page_read.emit(generation, page, rows)
            except RuntimeError:  # the model was deleted meanwhile: nobody to tell
                with self._lock:
                    self._wanted.clear()
                    self._thread = None
                return
