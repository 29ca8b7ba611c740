"""The window's first frame: the open tasks' first page, painted before the rest loads.

Start-up paints first and wires later (``ui.window.app``): this frame needs only Qt's widgets and
the lean reader (``app.lean.reads``, the standard ``sqlite3`` module), so it is on screen
before Peewee, qasync, the assistant, the HTTP stack and the calendar have loaded. It
takes the saved window geometry, the theme and the language from the store's own
settings, says "Starting…" in its status bar, and remembers what the user did meanwhile
(the row they chose, a close) for the main window that replaces it.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtCore import QEventLoop as QtEventLoop
from PySide6.QtGui import QCloseEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QHeaderView, QMainWindow, QTableView

from ui.window.geometry import restore_geometry
from ui.words import labels
from ui.words.dates import short_when

log = logging.getLogger("stepwise")

PAGE = 60  # a screenful on a tall screen; each row costs the first paint ~0.07 ms of cells
PAINT_TIMEOUT_MS = 2000  # a platform that never paints (no display) still starts
PRIORITY_TEXT = {1: "!!!", 2: "!!", 3: "", 4: "↓"}  # as ui.tasks.model shows them
LOOK_KEYS = ("ui.theme", "ui.language")
# the setting table's own columns (models.tables.Setting: key, value as JSON text)
SETTINGS_SQL = "SELECT key, value FROM setting WHERE key IN (?, ?)"
COLUMNS = ("Task", "Due", "!", "Status")  # the task list model's headers ("!": priority)


def read_first_page(db: Path) -> tuple[list[tuple[Any, ...]], dict[str, str]]:
    """The first page of open tasks (``app.lean.reads.first_open_rows``) and the look
    settings.

    Anything the lean reader cannot promise (no file yet, another schema version, a row
    with values of other types, a SQLite error) gives an empty page: the main window
    reads it properly.
    """
    from app.lean import reads as lean_reads

    try:
        conn = lean_reads.connect(db)
        if conn is None:
            return [], {}
        try:
            rows, look = lean_reads.first_open_rows(conn, PAGE), _look_settings(conn)
        finally:
            conn.close()
    except (sqlite3.Error, lean_reads.Unusual, ValueError, TypeError, AttributeError) as error:
        log.info("first frame without rows (%s); the window reads them", error)
        return [], {}
    if not all(map(_plain, rows)):
        log.info("first frame without rows (a row of unusual values); the window reads them")
        return [], look
    return rows, look


def _plain(row: tuple[Any, ...]) -> bool:
    """Whether a list row holds the types the store writes (the frame shows them as is)."""
    task_id, priority, status, due_at, title, tags, problem, all_day, zone = row
    return (type(task_id) is int and type(priority) is int and isinstance(status, str)
            and (due_at is None or isinstance(due_at, datetime)) and isinstance(title, str)
            and isinstance(tags, list) and all(isinstance(t, str) for t in tags)
            and (problem is None or isinstance(problem, str))
            and isinstance(all_day, list) and (zone is None or isinstance(zone, str)))


def _look_settings(conn: sqlite3.Connection) -> dict[str, str]:
    found: dict[str, str] = {}
    for key, text in conn.execute(SETTINGS_SQL, LOOK_KEYS):
        value = json.loads(text) if isinstance(text, str) else None
        if isinstance(value, str):
            found[key] = value
    return found


class FirstPageModel(QStandardItemModel):
    """Read-only rows (``LIST_COLUMNS``: id, priority, status, due_at, title, tags, problem,
    all_day, timezone) under the task list's own headers.

    A model Qt holds in C++ (its cells are made once, here): painting it never calls
    into Python, and nothing before the first paint touches the ``Qt`` namespace, whose
    enums PySide6 builds on first use (~11 ms)."""

    def __init__(self, rows: list[tuple[Any, ...]], parent: QObject | None = None) -> None:
        super().__init__(len(rows), len(COLUMNS), parent)
        self.rows = rows
        tr = QCoreApplication.translate  # the task list's own strings
        self.headers = [tr("TaskListModel", text) for text in COLUMNS]
        self.setHorizontalHeaderLabels(self.headers)
        for number, row in enumerate(rows):
            for column in range(len(COLUMNS)):
                item = QStandardItem(cell_text(row, column))
                item.setEditable(False)
                self.setItem(number, column, item)


def cell_text(row: tuple[Any, ...], column: int) -> str:
    """What the task list shows in ``column`` for a lean list row."""
    _id, priority, status, due_at, title, tags, problem, all_day, zone = row
    if column == 0:
        mark = "⚠ " if problem else ""
        tagged = "  " + " ".join(f"#{t}" for t in tags) if tags else ""
        return f"{mark}{title}{tagged}"
    if column == 1:
        from app.lean.reads import due_day

        return short_when(due_day(due_at, all_day, zone) or due_at)
    if column == 2:
        return PRIORITY_TEXT.get(priority, "")
    return labels.task_status(status)


class FirstFrame(QMainWindow):
    """The window as it first appears; ``chosen_task`` and ``closing`` say what the user
    did before the main window was ready."""

    def __init__(self, rows: list[tuple[Any, ...]]) -> None:
        super().__init__()
        self.setWindowTitle("Stepwise")
        self.resize(1280, 800)
        restore_geometry(self)
        self.closing = False
        self.table = QTableView(self)
        self.table.setModel(FirstPageModel(rows, self.table))
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()  # as the task list: the title takes the rest
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().hide()
        self.setCentralWidget(self.table)
        self.statusBar().showMessage(QCoreApplication.translate("FirstFrame", "Starting…"))

    @property
    def chosen_task(self) -> int:
        """The task id of the row chosen meanwhile; 0 for none."""
        index = self.table.currentIndex()
        model = self.table.model()
        if not index.isValid() or not isinstance(model, FirstPageModel):
            return 0
        return int(model.rows[index.row()][0])

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        """A close before the main window is ready quits once it is (staged shutdown)."""
        self.closing = True
        event.ignore()
        self.hide()


def show_painted(app: QApplication, frame: QMainWindow) -> None:
    """Show ``frame`` and return once its first paint pass is over (or after a timeout)."""
    waiting = QtEventLoop()

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                frame.removeEventFilter(self)
                QTimer.singleShot(0, waiting.quit)  # after this paint pass and its flush
            return False

    watcher = FirstPaint(frame)
    frame.installEventFilter(watcher)
    QTimer.singleShot(PAINT_TIMEOUT_MS, waiting.quit)
    frame.show()
    waiting.exec()
    watcher.deleteLater()
