"""The task list as a Qt item model: virtual over the store, lazy, cheap to scroll.

The model holds only the ids of the tasks its query shows (fetched in a worker, so a
100,000-task store never stalls the window; kept in an ``array('q')``, 8 bytes an id) and
the rows of the pages that are painted. Pages are read off the GUI thread
(``ui.tasks.page_reader``): the reload that fetched the ids brings the pages in sight with it,
any other page shows placeholders until its read is posted back, and a page whose
content changed keeps showing its old rows until the new ones arrive. Painting asks
each cell once (``multiData``), not once a role: every entry into Python from Qt waits
for the GIL, which the assistant's worker thread holds most of the time while it runs.
"""

from __future__ import annotations

from array import array
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QModelRoleData,
    QModelRoleDataSpan,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont

from app.plan.views import local
from app.states import OPEN_TASK, TaskStatus
from app.tasks.queries import TaskQuery, TaskRow
from app.tasks.urgency import urgency
from models import Task
from ui.tasks.page_reader import PageReader, read_rows
from ui.words import labels
from ui.words.dates import clock_text, short_when
from ui.words.retexts import interface_language

PAGE = 200
PAGES_KEPT = 20
PLACEHOLDER = "…"  # a row whose page is still being read
Index = QModelIndex | QPersistentModelIndex
Pages = dict[int, dict[int, TaskRow]]  # page number → {task id: row}
PRIORITY_TEXT = {1: "!!!", 2: "!!", 3: "", 4: "↓"}
STATUS_COLOURS: dict[str, str] = {TaskStatus.DONE: "#7a8a7a", TaskStatus.CANCELLED: "#9a9a9a",
                                  TaskStatus.EXPIRED: "#9a9a9a", TaskStatus.FAILED: "#c0392b",
                                  TaskStatus.IN_PROGRESS: "#2e86c1", TaskStatus.WAITING: "#b9770e"}


def read_pages(ids: Sequence[int], pages: Iterable[int]) -> Pages:
    """In a worker: the rows of these pages of ``ids`` (for ``TaskListModel.apply_ids``)."""
    return {page: read_rows(ids[page * PAGE:(page + 1) * PAGE])
            for page in sorted(set(pages)) if 0 <= page * PAGE < len(ids)}


class TaskListModel(QAbstractTableModel):
    """Columns: title, due, priority, status. ``TaskIdRole`` gives a row's task id.

    Every task's title cell has a check circle (a planned task's open steps close with
    it); title, due and priority are edited
    in place. The model only reports (``done_toggled``, ``cell_edited``).
    """

    TaskIdRole = Qt.ItemDataRole.UserRole + 1
    loaded = Signal(int)  # how many tasks the query shows
    done_toggled = Signal(int, bool)  # task id, ticked (the check circle)
    cell_edited = Signal(int, int, str)  # task id, column, the text typed into the cell

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.query = TaskQuery()
        self._ids = array("q")
        self._pages: OrderedDict[int, dict[int, TaskRow]] = OrderedDict()
        self._stale: dict[int, TaskRow] = {}  # rows read before a change, shown meanwhile
        self._asked: set[int] = set()  # pages the reader is reading now
        self._generation = 0
        self.reader = PageReader(self)
        self.reader.page_read.connect(self._on_reader_page_read)
        self._headers: list[str] = []
        self._header_tips: list[str] = []
        self.retranslate()

    def retranslate(self) -> None:
        """Headers and rows in the language now installed."""
        # the priority column is as narrow as its marks ("!!!"): its header is a mark too,
        # its name the header's tooltip
        self._headers = [self.tr("Task"), self.tr("Due"), "!", self.tr("Status")]
        self._header_tips = [self._headers[0], self._headers[1], self.tr("Priority"),
                             self._headers[3]]
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self._headers) - 1)
        self.refresh_rows()

    # --- loading ------------------------------------------------------------------------

    def apply_ids(self, ids: Sequence[int], query: TaskQuery | None = None,
                  pages: Pages | None = None) -> None:
        """Show these ids; ``pages`` are rows already read for them (``read_pages``)."""
        self.beginResetModel()
        if query is not None:
            self.query = query
        self._forget()
        self._ids = ids if isinstance(ids, array) else array("q", ids)
        for page, rows in (pages or {}).items():
            self._keep(page, rows)
        self.endResetModel()
        self.loaded.emit(len(self._ids))

    def refresh_rows(self) -> None:
        """Read the shown rows again (their content changed, the ids did not); until
        they arrive the old rows stay on screen."""
        self._forget()
        if self._ids:
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(len(self._ids) - 1, self.columnCount() - 1))

    def visible_pages(self, first: int, last: int) -> list[int]:
        """The pages rows ``first``…``last`` fall on (what a reload reads ahead)."""
        return list(range(max(first, 0) // PAGE, max(last, first, 0) // PAGE + 1))

    def task_id(self, row: int) -> int:
        return self._ids[row]

    def problem_code(self, row: int) -> str | None:
        """What kind of problem the task at ``row`` has (``app.tasks.problems``), None
        when none or not read yet."""
        read = self._row(row)
        return read.problem_code if read is not None else None

    def row_of(self, task_id: int) -> int | None:
        try:
            return self._ids.index(task_id)
        except ValueError:
            return None

    def _forget(self) -> None:
        """Drop the pages read so far (kept as stale rows) and the reads under way."""
        for rows in self._pages.values():
            self._stale.update(rows)
        self._pages.clear()
        self._asked.clear()
        self._generation += 1
        self.reader.generation = self._generation

    def _keep(self, page: int, rows: dict[int, TaskRow]) -> None:
        self._pages[page] = rows
        self._pages.move_to_end(page)
        while len(self._pages) > PAGES_KEPT:
            self._pages.popitem(last=False)
        if len(self._stale) > PAGES_KEPT * PAGE:
            self._stale.clear()  # bounded: the oldest reads are not worth showing

    def _row(self, row: int) -> TaskRow | None:
        """The row, read or stale; None when its page is being read (a placeholder) or
        the task was deleted since the ids were read (``_loaded`` tells which)."""
        page = row // PAGE
        rows = self._pages.get(page)
        task_id = self._ids[row]
        if rows is None:
            self._ask(page)
            return self._stale.get(task_id)
        self._pages.move_to_end(page)
        return rows.get(task_id)

    def _loaded(self, row: int) -> bool:
        return row // PAGE in self._pages or self._ids[row] in self._stale

    def _ask(self, page: int) -> None:
        if page not in self._asked:
            self._asked.add(page)
            dropped = self.reader.request(self._generation, page,
                                          self._ids[page * PAGE:(page + 1) * PAGE])
            self._asked.difference_update(dropped)  # scrolled past: asked again if painted

    def _on_reader_page_read(self, generation: int, page: int, rows: dict[int, TaskRow]
                             ) -> None:
        if generation != self._generation:
            return  # read for ids replaced since
        self._asked.discard(page)
        self._keep(page, rows)
        first, last = page * PAGE, min((page + 1) * PAGE, len(self._ids)) - 1
        if first <= last:
            self.dataChanged.emit(self.index(first, 0),
                                  self.index(last, self.columnCount() - 1))

    # --- the model interface -------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._headers)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._headers[section]
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return self._header_tips[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._ids):
            return None
        if role == self.TaskIdRole:
            return self._ids[index.row()]
        row = self._row(index.row())
        if row is None:  # being read (a placeholder), or deleted since the ids were read
            placeholder = role == Qt.ItemDataRole.DisplayRole and index.column() == 0
            return PLACEHOLDER if placeholder and not self._loaded(index.row()) else None
        if index.column() == 1 and self.by_day() and role in DAY_ROLES:
            return self._day_value(index.row(), row, role)
        return _value(row, index.column(), role)

    def by_day(self) -> bool:
        """Upcoming, in order of due time: the rows are grouped by their day."""
        return self.query.view == "upcoming" and self.query.sort == "due"

    def _day_value(self, number: int, row: TaskRow, role: int) -> Any:
        """Grouped by day, a day's first row names the day (in bold) and the rows after
        it give the time alone ("All day" for a due without one)."""
        before = self._row(number - 1) if number else None
        first = before is None or _day_of(before) != _day_of(row)
        if role == Qt.ItemDataRole.FontRole:
            return _bold() if first else None
        due = row.due
        if first or due is None:
            return _display(row, 1)
        if not isinstance(due, datetime):
            return self.tr("All day")
        return clock_text(due.astimezone())

    def multiData(self, index: Index,  # noqa: N802 - Qt's name
                  roleDataSpan: QModelRoleDataSpan | QModelRoleData) -> None:  # noqa: N803
        """Every role a delegate asks for at once: one entry from Qt a cell."""
        wanted: Any = [roleDataSpan] if isinstance(roleDataSpan, QModelRoleData) \
            else roleDataSpan  # iterable, though the stubs do not say so
        for role_data in wanted:
            role_data.setData(self.data(index, role_data.role()))

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if not index.isValid() or not 0 <= index.row() < len(self._ids):
            return base
        row = self._row(index.row())
        if row is None:  # a placeholder: nothing to edit or tick until it is read
            return base
        if index.column() in (0, 1, 2):
            base |= Qt.ItemFlag.ItemIsEditable  # title with #tags, due, priority
        if index.column() == 0:  # a planned task too: its open steps close with it
            base |= Qt.ItemFlag.ItemIsUserCheckable
        return base

    def setData(self, index: Index, value: Any,  # noqa: N802 - Qt's name
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Typed text or a click on the check circle is reported, not stored here: the
        row changes once the store does."""
        if not index.isValid() or not 0 <= index.row() < len(self._ids):
            return False
        flags = self.flags(index)
        task_id = self._ids[index.row()]
        if role == Qt.ItemDataRole.EditRole and flags & Qt.ItemFlag.ItemIsEditable:
            self.cell_edited.emit(task_id, index.column(), str(value))
            return True
        if role == Qt.ItemDataRole.CheckStateRole and flags & Qt.ItemFlag.ItemIsUserCheckable:
            state = value if isinstance(value, Qt.CheckState) else Qt.CheckState(value)
            self.done_toggled.emit(task_id, state == Qt.CheckState.Checked)
            return True
        return False


def _value(row: TaskRow, column: int, role: int) -> Any:
    """What a read row shows in ``column`` for ``role``."""
    if role == Qt.ItemDataRole.DisplayRole:
        return _display(row, column)
    if role == Qt.ItemDataRole.EditRole:
        return _editable_text(row, column)
    if role == Qt.ItemDataRole.CheckStateRole and column == 0:
        return Qt.CheckState.Checked if row.status == TaskStatus.DONE else Qt.CheckState.Unchecked
    if role == Qt.ItemDataRole.ToolTipRole:
        return _tooltip(row)
    if role == Qt.ItemDataRole.ForegroundRole and column == 3:
        colour = STATUS_COLOURS.get(row.status)
        return QBrush(QColor(colour)) if colour else None
    if role == Qt.ItemDataRole.ForegroundRole and column == 0 and row.problem:
        return QBrush(QColor(STATUS_COLOURS["failed"]))
    return None


def _display(row: TaskRow, column: int) -> str:
    if column == 0:
        mark = "⚠ " if row.problem else ""
        tags = "  " + " ".join(f"#{t}" for t in row.tags) if row.tags else ""
        return f"{mark}{row.title}{tags}"
    if column == 1:
        return short_when(row.due)
    if column == 2:
        return PRIORITY_TEXT.get(row.priority, "")
    return labels.task_status(row.status)


def _editable_text(row: TaskRow, column: int) -> str:
    """What a cell's editor starts with: the title with its #tags, the due time (its
    date alone, "2026-12-15", when all day: typed back it stays a date), 1–4."""
    if column == 0:
        return " ".join([row.title, *(f"#{t}" for t in row.tags)])
    if column == 1:
        due = row.due
        return local(row.due_at) if isinstance(due, datetime) or due is None \
            else due.isoformat()
    if column == 2:
        return str(row.priority)
    return ""


def _tooltip(row: TaskRow) -> str:
    """The whole title (a row may be cut off), its status (a narrow list hides that
    column), tags, problem and why it ranks where it does (its urgency, term by term),
    each a line."""
    lines = [row.title, labels.task_status(row.status)]
    if row.tags:
        lines.append(" ".join(f"#{t}" for t in row.tags))
    if row.problem:
        lines.append(f"⚠ {row.problem_in(interface_language())}")
    if row.status in OPEN_TASK:
        lines.append(urgency_line(row, datetime.now(UTC)))
    return "\n".join(lines)


def urgency_line(row: TaskRow, now: datetime) -> str:
    """"Urgency 9.98 = priority 3.9 + due 6.1" in the interface language (the score
    app.tasks.urgency ranks by, the same as ``stepwise next`` explains)."""
    created = Task.select(Task.created_at).where(Task.id == row.id).scalar()  # one hover
    score = urgency(row.priority, row.due_at, created or now, bool(row.problem), now)
    names = {"priority": QCoreApplication.translate("TaskListModel", "Priority"),
             "due": QCoreApplication.translate("TaskListModel", "due"),
             "age": QCoreApplication.translate("TaskListModel", "age"),
             "blocked": QCoreApplication.translate("TaskListModel", "blocked")}
    terms = " + ".join(f"{names[name]} {value:.1f}" for name, value in score.terms if value)
    said = QCoreApplication.translate("TaskListModel", "Urgency %1 = %2")
    return said.replace("%1", f"{score.score:.2f}").replace("%2", terms or "0")


DAY_ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.FontRole)


def _day_of(row: TaskRow) -> date | None:
    """The day a row is grouped under: an all-day due's own date, a moment's local day."""
    due = row.due
    return due.astimezone().date() if isinstance(due, datetime) else due


def _bold() -> QFont:
    font = QFont()
    font.setBold(True)
    return font

