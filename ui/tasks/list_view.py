"""The task list: views (Today, Upcoming, Waiting, Needs attention, Open, All), search,
tag filter and sort over the lazy ``TaskListModel``; Enter edits, Delete deletes
(undoable). Ids are fetched in a worker; a change in the store reloads them (debounced).
"""

from __future__ import annotations

from array import array

from PySide6.QtCore import (
    QEvent,
    QItemSelection,
    QModelIndex,
    QObject,
    QPoint,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from app.events import Changes, Kind
from app.states import TASK
from app.tasks.queries import SORTS, VIEWS, TaskQuery, all_tags, matching_ids
from models import Task
from ui.shared.context import WindowContext
from ui.shared.runner import in_thread, started_by
from ui.tasks import edits as task_edits
from ui.tasks.delete import delete_task
from ui.tasks.model import Pages, TaskListModel, read_pages
from ui.tasks.table import TaskTable
from ui.words import labels

RELOAD_DELAY_MS = 150


class TaskListPanel(QWidget):
    edit_requested = Signal(int)

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.model = TaskListModel(self)
        self.store_empty = False
        self.tabs = QTabBar(self)
        for _view in VIEWS:  # the core's views and sorts, in its order; named in _set_texts
            self.tabs.addTab("")
        self.tabs.setExpanding(False)
        self.tabs.setElideMode(Qt.TextElideMode.ElideRight)  # every view stays in reach
        self.tabs.setDocumentMode(True)
        self.tabs.setStyleSheet("QTabBar::tab { padding: 4px 7px; }")  # six fit in 300 px
        self.view_choice = QComboBox(self)  # the views as a list when the tabs do not fit
        self.view_choice.setObjectName("viewChoice")
        for _view in VIEWS:
            self.view_choice.addItem("")
        self.view_choice.hide()
        self.search = QLineEdit(self)
        self.search.setClearButtonEnabled(True)
        self.search.installEventFilter(self)  # Down and Up move through the results
        self.sort = QComboBox(self)
        for key in SORTS:
            self.sort.addItem("", key)
        self.tag = QComboBox(self)
        self.tag.addItem("", None)
        self.status = QComboBox(self)
        self.status.addItem("", None)
        for state in TASK.states:
            self.status.addItem("", state)
        self._set_texts()
        self.count = QLabel(self)
        self.empty = QLabel(self)  # in place of the table when the view shows no task
        self.empty.setObjectName("emptyView")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setTextFormat(Qt.TextFormat.PlainText)  # a search's text is shown in it
        self.empty.setMargin(16)
        self.empty.hide()
        self.table = TaskTable(self)
        self.table.setModel(self.model)
        self.table.set_up_columns()
        self._layout()
        self._reload_timer = QTimer(self)
        self._reload_timer.setSingleShot(True)
        self._reload_timer.setInterval(RELOAD_DELAY_MS)
        self._reload_timer.timeout.connect(self.reload)
        self.reloads = 0  # how many times the ids were fetched (a test counts them)
        self._connect()
        self._schedule()  # the first load, once the event loop runs

    def _set_texts(self) -> None:
        """Every text of the panel, in the language now installed."""
        views = {
            "open": (self.tr("Open"), self.tr("Everything still to do")),
            "today": (self.tr("Today"), self.tr("Due or starting today")),
            "upcoming": (self.tr("Upcoming"), self.tr("Due in the coming days")),
            "waiting": (self.tr("Waiting"), self.tr("Waiting to start or for a check")),
            "attention": (self.tr("Attention"),
                          self.tr("Needs attention: something went wrong or waits for you")),
            "all": (self.tr("All"), self.tr("Every task, done ones too")),
        }
        for index, view in enumerate(VIEWS):
            name, tip = views[view]
            self.tabs.setTabText(index, name)
            self.tabs.setTabToolTip(index, tip)
            self.view_choice.setItemText(index, name)
            self.view_choice.setItemData(index, tip, Qt.ItemDataRole.ToolTipRole)
        self.search.setPlaceholderText(self.tr("Search (Ctrl+F)"))
        sorts = {"urgency": self.tr("Urgency"), "due": self.tr("Due"),
                 "priority": self.tr("Priority"), "created": self.tr("Newest")}
        for index, key in enumerate(SORTS):
            self.sort.setItemText(index, sorts[key])
        self.tag.setItemText(0, self.tr("All tags"))
        self.status.setItemText(0, self.tr("Any status"))
        for index, state in enumerate(TASK.states, 1):
            self.status.setItemText(index, labels.task_status(state))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit_views()

    def _fit_views(self) -> None:
        """Tabs while every view's name fits; a list of the views when the panel is narrow."""
        wide = sum(self.tabs.tabSizeHint(i).width() for i in range(self.tabs.count()))
        narrow = self.width() < wide + 8
        self.tabs.setVisible(not narrow)
        self.view_choice.setVisible(narrow)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._set_texts()
            self._fit_views()
            self.model.retranslate()
            self._on_model_loaded(self.model.rowCount())

    def _layout(self) -> None:
        filters = QGridLayout()  # two rows: the list may be narrow
        filters.addWidget(self.search, 0, 0)
        filters.addWidget(self.sort, 0, 1)
        filters.addWidget(self.status, 1, 0)
        filters.addWidget(self.tag, 1, 1)
        filters.setColumnStretch(0, 1)
        fit = QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        for combo in (self.status, self.tag, self.sort):
            combo.setSizeAdjustPolicy(fit)
            combo.setMinimumContentsLength(8)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.tabs)
        box.addWidget(self.view_choice)
        box.addLayout(filters)
        box.addWidget(self.table, 1)
        box.addWidget(self.empty, 1)
        box.addWidget(self.count)

    def _connect(self) -> None:
        self.tabs.currentChanged.connect(self._on_tabs_current_changed)
        self.tabs.currentChanged.connect(self._schedule)
        self.tabs.currentChanged.connect(self.view_choice.setCurrentIndex)
        self.view_choice.currentIndexChanged.connect(self.tabs.setCurrentIndex)
        self.search.textChanged.connect(self._schedule)
        self.sort.currentIndexChanged.connect(self._schedule)
        self.tag.currentIndexChanged.connect(self._schedule)
        self.status.currentIndexChanged.connect(self._schedule)
        self.ctx.bridge.changed.connect(self._on_bridge_changed)
        self.ctx.bridge.external_change.connect(self._schedule)
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.table.edit_requested.connect(self._on_table_edit_requested)
        self.table.delete_requested.connect(self.delete_selected)
        self.table.tick_requested.connect(self._on_table_tick_requested)
        self.table.customContextMenuRequested.connect(
            self._on_table_custom_context_menu_requested)
        self.model.done_toggled.connect(self._on_model_done_toggled)
        self.model.cell_edited.connect(self._on_model_cell_edited)
        self.model.loaded.connect(self._on_model_loaded)

    @Slot(int)
    def _on_tabs_current_changed(self, index: int) -> None:
        """Upcoming reads as an agenda: in order of due time, grouped by day."""
        if VIEWS[index] == "upcoming":
            self.sort.setCurrentIndex(self.sort.findData("due"))

    def query(self) -> TaskQuery:
        return TaskQuery(view=VIEWS[max(self.tabs.currentIndex(), 0)],
                         tag=self.tag.currentData(), status=self.status.currentData(),
                         text=self.search.text(),
                         sort=self.sort.currentData() or "urgency")

    @Slot()
    def _schedule(self) -> None:
        """Reload once changes pause for RELOAD_DELAY_MS. While an assistant run changes a
        task every few milliseconds that is at its end: a reload of 10,000 rows costs the
        GUI thread ~60 ms, over the 50 ms stall target for F5 (bench/window_assistant.py)."""
        self._reload_timer.start()

    @Slot(object)
    def _on_bridge_changed(self, changes: Changes) -> None:
        if started_by(self, changes.initiator):
            return  # work this view started: its success path reloaded already
        if changes.kinds - {Kind.ASSISTANT_STARTED, Kind.ASSISTANT_FINISHED}:
            self._schedule()

    def reload(self) -> None:
        """Fetch the ids in a worker, then swap them in keeping the selection. A pending
        debounced reload is dropped: this one reads everything committed so far."""
        self._reload_timer.stop()
        self.reloads += 1
        query = self.query()
        pages = self.model.visible_pages(self.table.rowAt(0),
                                         self.table.rowAt(self.table.viewport().height()))
        self.ctx.runner.start(in_thread(_load, query, [0, *pages]), self.tr("Loading tasks"),
                              lambda result: self._apply(query, *result))

    def _apply(self, query: TaskQuery, ids: array[int], pages: Pages, tags: list[str],
               empty: bool) -> None:
        self.store_empty = empty  # no task at all (not merely none in this view)
        searched = query.text != self.model.query.text
        self.model.apply_ids(ids, query, pages)
        self._set_tags(tags)
        self._keep_selection(searched)

    def _keep_selection(self, searched: bool) -> None:
        """The selected task stays selected while the list shows it. A new search selects
        its first result; a task the filter hid is not left on show in the plan (the
        first row, or nothing, is selected instead)."""
        selected = self.ctx.selection.task_id
        row = self.model.row_of(selected) if selected and not searched else None
        if row is None and (selected or searched):
            row = 0 if self.model.rowCount() else None
        if row is None:
            self.ctx.selection.select_task(0)
            return
        self.table.selectRow(row)
        self.table.scrollTo(self.model.index(row, 0))
        self.ctx.selection.select_task(self.model.task_id(row))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """Down and Up in the search field move through the results; Enter goes to the
        list, on the result selected (where Enter again edits it)."""
        if watched is self.search and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            step = {Qt.Key.Key_Down: 1, Qt.Key.Key_Up: -1}.get(Qt.Key(event.key()))
            if step is not None:
                self._step_result(step)
                return True
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.model.rowCount():
                self.table.setFocus()
                return True
        return super().eventFilter(watched, event)

    def _step_result(self, step: int) -> None:
        count = self.model.rowCount()
        if not count:
            return
        rows = self.table.selectionModel().selectedRows()
        row = min(max(rows[0].row() + step if rows else 0, 0), count - 1)
        self.table.selectRow(row)
        self.table.scrollTo(self.model.index(row, 0))

    def _set_tags(self, tags: list[str]) -> None:
        current = self.tag.currentData()
        known = [self.tag.itemData(i) for i in range(1, self.tag.count())]
        if known == tags:
            return
        self.tag.blockSignals(True)
        self.tag.clear()
        self.tag.addItem(self.tr("All tags"), None)
        for tag in tags:
            self.tag.addItem(f"#{tag}", tag)
        index = self.tag.findData(current)
        self.tag.setCurrentIndex(max(index, 0))
        self.tag.blockSignals(False)

    @Slot(int)
    def _on_model_loaded(self, count: int) -> None:
        self.count.setText(labels.counted(self.tr("%n task(s)", "", count), count))
        self.empty.setText(self._empty_text() if not count else "")
        self.empty.setVisible(not count)
        self.table.setVisible(bool(count))

    def _empty_text(self) -> str:
        """What an empty view says: why nothing is here, and what to do."""
        if self.store_empty:
            return self.tr("No tasks yet. Add one above (Ctrl+N).")
        if self.model.query.text.strip():
            return self.tr("No task matches “%1”.").replace("%1", self.model.query.text.strip())
        if self.model.query.tag or self.model.query.status:
            return self.tr("No task here with this tag or status.")
        said = {
            "open": self.tr("Nothing left to do. Add a task above (Ctrl+N)."),
            "today": self.tr("Nothing due or starting today. Enjoy the quiet — or add a "
                             "task above."),
            "upcoming": self.tr("Nothing due in the coming days."),
            "waiting": self.tr("Nothing is waiting to start or for a check."),
            "attention": self.tr("Nothing needs your attention."),
            "all": self.tr("No tasks yet. Add one above (Ctrl+N)."),
        }
        return said.get(self.model.query.view, "")

    @Slot(QItemSelection, QItemSelection)
    def _on_table_selection_changed(self, selected: QItemSelection, _old: QItemSelection
                                    ) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows:
            self.ctx.selection.select_task(self.model.task_id(rows[0].row()))

    def select_task(self, task_id: int) -> None:
        row = self.model.row_of(task_id)
        if row is not None:
            self.table.selectRow(row)
        self.ctx.selection.select_task(task_id)

    @Slot()
    def _on_table_edit_requested(self) -> None:
        if self.ctx.selection.task_id:
            self.edit_requested.emit(self.ctx.selection.task_id)

    @Slot()
    def delete_selected(self) -> None:
        if self.ctx.selection.task_id:
            delete_task(self.ctx, self.ctx.selection.task_id)

    # --- in place (ui.tasks.edits) -------------------------------------------------------

    def _on_model_done_toggled(self, task_id: int, ticked: bool) -> None:
        row = self.model.row_of(task_id)
        text = self.model.index(row, 0).data(Qt.ItemDataRole.EditRole) if row is not None \
            else ""
        task_edits.tick(self.ctx, task_id, task_edits.split_tags(str(text))[0], ticked)

    def _on_model_cell_edited(self, task_id: int, column: int, text: str) -> None:
        task_edits.save_cell(self.ctx, task_id, column, text)

    def _on_table_tick_requested(self) -> None:
        index = self.table.currentIndex().siblingAtColumn(0)
        if index.isValid() and index.flags() & Qt.ItemFlag.ItemIsUserCheckable:
            done = index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
            self._on_model_done_toggled(self.model.task_id(index.row()), not done)

    def _on_table_custom_context_menu_requested(self, pos: QPoint) -> None:
        index = self.table.indexAt(pos).siblingAtColumn(0)
        if not index.isValid():
            return
        self.table.selectRow(index.row())
        self.table.setCurrentIndex(index)
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        done = index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
        can_tick = bool(index.flags() & Qt.ItemFlag.ItemIsUserCheckable)
        task_edits.fill_task_menu(menu, done, can_tick, {
            "tick": self._on_table_tick_requested,
            "rename": lambda: self.table.edit(index),
            "edit": self._on_table_edit_requested, "delete": self.delete_selected,
            "approve_all": lambda: task_edits.approve_all(self.ctx)})
        self._add_conflicts_entry(menu, index)
        menu.popup(self.table.viewport().mapToGlobal(pos))


    def _add_conflicts_entry(self, menu: QMenu, index: QModelIndex) -> None:
        """A task whose problem is a sync conflict offers the dialog that settles it."""
        from app.tasks.problems import CONFLICTS
        from ui.sync.conflicts import open_conflicts

        if self.model.problem_code(index.row()) not in CONFLICTS:
            return
        task_id = self.model.task_id(index.row())
        menu.addAction(self.tr("Sync conflicts…")).triggered.connect(
            lambda: open_conflicts(self.ctx, task_id, self.reload, self))


def _load(query: TaskQuery, pages: list[int]
          ) -> tuple[array[int], Pages, list[str], bool]:
    """In a worker: the ids the query shows, the rows of ``pages`` of them (those in
    sight: the GUI thread paints them without a read), the tags for the filter menu, and
    whether the store has no task at all (the welcome view)."""
    ids = array("q", matching_ids(query))
    return (ids, read_pages(ids, pages), all_tags(),
            not ids and not Task.select(Task.id).exists())
