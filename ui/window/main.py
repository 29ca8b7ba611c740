"""The main window: quick add on top, tasks on the left, the plan in the centre (graph
and outline), the selected step on the right, the assistant as a dock.

It composes the parts and wires the selection; each part owns its own behaviour. Its
menus and commands (``WindowMenus``: File, Edit, View, Plan and Assistant, each command
with its keys and a text that follows the language) live here with it: they are the
window's own commands over its parts. Every command is also listed in ``commands`` for
the command palette (Ctrl+K). Undo and Redo name what they undo
(``ui.window.undo_actions``) and never undo silently. The texts keep the window's
translation context ("MainWindow").
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.config import settings
from app.mcp.changes import ChangeView
from app.tasks.store import get_task
from ui.assistant.dock import AssistantDock
from ui.calendar.panel import CalendarPanel
from ui.calendar.scheduling import schedule_now
from ui.plan.outline import PlanOutline
from ui.plan.toolbar import PlanToolbar
from ui.plan.view import PlanView
from ui.shared.context import WindowContext
from ui.shared.runner import in_thread
from ui.step.panel import StepPanel
from ui.style.icons import app_icon
from ui.sync.conflicts import open_conflicts
from ui.sync.status import SyncStatus
from ui.sync.worker import SyncWorker
from ui.tasks import edits as task_edits
from ui.tasks.dialog import TaskDialog
from ui.tasks.list_view import TaskListPanel
from ui.tasks.quick_add import QuickAddBar
from ui.window.agent_changes import AgentChangesDock, arrival_text
from ui.window.geometry import restore_geometry, save_geometry
from ui.window.import_dialog import open_import
from ui.window.reminders import ReminderCenter, ReminderDock
from ui.window.undo_actions import UndoActions
from ui.window.welcome import WelcomeView
from ui.words.retexts import Retexts

TASKS_MIN_WIDTH = 300  # a title beside its due and priority (the status makes way)
DOCK_MIN_START = 170  # the docks' height at the first start: five reminders in sight


class MainWindow(QMainWindow):
    closed_to_tray = Signal()  # the first time closing only hid the window
    def __init__(self, ctx: WindowContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.quitting = False
        self.remember_geometry = True  # the self-test opens a window without saving any
        self.keep_in_tray = False  # set by the tray when a tray host exists
        self.texts = Retexts()
        self.setWindowTitle("Stepwise")
        self.setWindowIcon(app_icon())
        self.resize(1280, 800)
        self.quick_add = QuickAddBar(ctx, self)
        self.tasks = TaskListPanel(ctx, self)
        self.plan_toolbar = PlanToolbar(ctx, self)
        self.plan_view = PlanView(ctx, self)
        self.outline = PlanOutline(ctx, self)
        self.steps = StepPanel(ctx, self)
        self.assistant_dock = AssistantDock(ctx, self)
        self.welcome = WelcomeView(ctx, self)
        self.reminder_center = ReminderCenter(ctx, self)
        self.reminder_dock = ReminderDock(ctx, self.reminder_center, self)
        self.calendar_dock = CalendarPanel(ctx, self)
        self.agent_dock = AgentChangesDock(ctx, self)
        self.sync = SyncWorker(ctx, self)  # started by ui.window.app.start_background
        self._build()
        self.menu_commands = WindowMenus(self)
        self.menus, self.commands = self.menu_commands.menus, self.menu_commands.commands
        self.undo_action, self.redo_action = (self.menu_commands.undo_action,
                                              self.menu_commands.redo_action)
        self._connect()
        self._restore_geometry()

    def _build(self) -> None:
        planning = QWidget(self)
        plan_tabs = QTabWidget(planning)
        plan_tabs.addTab(self.plan_view, "")
        plan_tabs.addTab(self.outline, "")
        self.texts.add(lambda text: plan_tabs.setTabText(0, text), lambda: self.tr("Graph"))
        self.texts.add(lambda text: plan_tabs.setTabText(1, text), lambda: self.tr("Outline"))
        column = QVBoxLayout(planning)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.plan_toolbar)
        column.addWidget(plan_tabs, 1)
        self.centre = QStackedWidget(self)
        self.centre.addWidget(planning)
        self.centre.addWidget(self.welcome)
        centre = self.centre
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.setChildrenCollapsible(False)
        self.split = split
        split.addWidget(self.tasks)
        split.addWidget(centre)
        split.addWidget(self.steps)
        # the list keeps room for a title beside its due, priority and status (a title
        # like "Dentist appointment" reads whole from 960 px up)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 4)
        split.setStretchFactor(2, 2)
        split.setSizes([420, 560, 280])
        body = QWidget(self)
        box = QVBoxLayout(body)
        box.setContentsMargins(4, 4, 4, 0)
        box.addWidget(self.quick_add)
        box.addWidget(split, 1)
        self.setCentralWidget(body)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.assistant_dock)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.reminder_dock)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.calendar_dock)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.agent_dock)
        self.tabifyDockWidget(self.assistant_dock, self.reminder_dock)
        self.tabifyDockWidget(self.reminder_dock, self.calendar_dock)
        self.tabifyDockWidget(self.calendar_dock, self.agent_dock)
        self.assistant_dock.raise_()
        self.tasks.setMinimumWidth(TASKS_MIN_WIDTH)
        self.steps.setMinimumWidth(200)
        self._first_show = True
        self.busy = QLabel(self)
        self.statusBar().addPermanentWidget(self.busy)
        self.sync_status = SyncStatus(self.sync, self)
        self.statusBar().addPermanentWidget(self.sync_status)

    def _connect(self) -> None:
        self._look = (str(settings.get("ui.theme")), str(settings.get("ui.language")))
        self.ctx.bridge.external_change.connect(self._on_bridge_external_change)
        self.ctx.selection.task_selected.connect(self._on_selection_task_selected)
        self.ctx.status.info.connect(self._on_status_info)
        self.ctx.status.error.connect(self._on_status_error)
        self.ctx.runner.failed.connect(self._on_runner_failed)
        self.ctx.runner.crashed.connect(self._on_runner_crashed)
        self.ctx.runner.busy_changed.connect(self._on_runner_busy_changed)
        self.quick_add.task_added.connect(self._on_quick_add_task_added)
        self.reminder_center.fired.connect(self._on_reminder_center_fired)
        self.agent_dock.arrived.connect(self._on_agent_dock_arrived)
        self.agent_dock.task_chosen.connect(self.tasks.select_task)
        self.tasks.edit_requested.connect(self.edit_task)
        self.tasks.model.loaded.connect(self._on_task_model_loaded)
        self.welcome.settings_requested.connect(self.open_settings)
        self.welcome.samples_added.connect(self._on_welcome_samples_added)
        self.quick_add.shown_by = self.welcome.shown_by = self.tasks  # they reload it

    @Slot(int)
    def _on_selection_task_selected(self, task_id: int) -> None:
        self.plan_toolbar.show_task(task_id)
        self.plan_view.show_task(task_id)
        self.outline.show_task(task_id)
        self.assistant_dock.show_task(task_id)

    @Slot(str, list)
    def _on_reminder_center_fired(self, text: str, fired: list[object]) -> None:
        """Always in the window too: the list holds them until Done."""
        self.reminder_dock.show()
        self.reminder_dock.raise_()
        self.ctx.status.info.emit(self.tr("Reminder: %1").replace("%1", text))

    @Slot(list)
    def _on_agent_dock_arrived(self, new: list[ChangeView]) -> None:
        """Calmly: the status line names what an agent just changed (no popup)."""
        self.ctx.status.info.emit(arrival_text(new))

    @Slot(int)
    def _on_task_model_loaded(self, count: int) -> None:
        """The welcome view while the store is empty (not merely the view or the search)."""
        empty_store = count == 0 and self.tasks.store_empty  # not a view that shows none
        self.centre.setCurrentIndex(1 if empty_store else 0)  # 1: the welcome view

    @Slot(list)
    def _on_welcome_samples_added(self, ids: list[int]) -> None:
        self.tasks.reload()
        if ids:
            self.tasks.select_task(ids[0])

    @Slot(int)
    def _on_quick_add_task_added(self, task_id: int) -> None:
        self.tasks.reload()  # the add's initiator: the store's notices of it are skipped
        self.tasks.select_task(task_id)

    @Slot(str)
    def _on_status_info(self, text: str) -> None:
        self.statusBar().setStyleSheet("")
        self.statusBar().showMessage(text, 6000)

    @Slot(str)
    def _on_status_error(self, text: str) -> None:
        self.statusBar().setStyleSheet("color: #c0392b;")
        self.statusBar().showMessage(text)

    @Slot(str, str)
    def _on_runner_failed(self, what: str, message: str) -> None:
        self._on_status_error(self.tr("%1: %2").replace("%1", what).replace("%2", message))

    @Slot(str, str)
    def _on_runner_crashed(self, what: str, report: str) -> None:
        from ui.window.crash import show_crash

        show_crash(self, what, report)

    @Slot(bool)
    def _on_runner_busy_changed(self, busy: bool) -> None:
        self.busy.setText(self.tr("working…") if busy else "")

    def edit_task(self, task_id: int) -> None:
        if not task_id:
            return
        dialog = TaskDialog(get_task(task_id), self)
        if dialog.exec() and dialog.changes():  # undoable, as a cell's edit is
            task_edits.edit(self.ctx, task_id, dialog.changes(), dialog.named())

    def open_settings(self) -> None:
        from ui.settings.dialog import SettingsDialog

        dialog = SettingsDialog(self.ctx, self)
        dialog.settings_saved.connect(self._on_settings_saved)
        dialog.sync_page.account_saved.connect(self.sync.sync_now)
        dialog.exec()

    @Slot()
    def _on_settings_saved(self) -> None:
        """Theme and language take effect at once (the dialog saved them in a worker)."""
        from app.config import autostart

        autostart.apply(bool(settings.get("app.start_at_login")))
        self._apply_look(force=True)
        self.calendar_dock.settings_changed()

    @Slot()
    def _on_bridge_external_change(self) -> None:
        """A theme or language set elsewhere (``stepwise settings``) applies here too."""
        self._apply_look(force=False)

    def _apply_look(self, *, force: bool) -> None:
        from PySide6.QtWidgets import QApplication

        from ui.style.look import apply_look
        from ui.words import i18n

        app = QApplication.instance()
        assert isinstance(app, QApplication)
        wanted = (str(settings.get("ui.theme")), str(settings.get("ui.language")))
        if not force and wanted == self._look:
            return
        if force or wanted[0] != self._look[0]:
            apply_look(app, wanted[0])  # repolishes and repaints every widget
        if force or wanted[1] != self._look[1]:
            i18n.install(app, wanted[1])  # LanguageChange: every text follows
        self._look = wanted

    def open_palette(self) -> None:
        from ui.style.palette import CommandPalette

        CommandPalette(self.commands, self).exec()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self.texts.apply()
            self.menu_commands.undo_actions.retranslate()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self._first_show:  # docks take their size once the window is laid out
            self._first_show = False
            QTimer.singleShot(0, self, self._size_docks)

    def _size_docks(self) -> None:
        """The docks start at about a quarter of the window's height, and never so low that
        the reminders show only two lines."""
        docks = [self.assistant_dock, self.reminder_dock, self.calendar_dock,
                 self.agent_dock]
        self.resizeDocks(docks, [max(DOCK_MIN_START, self.height() // 4)] * len(docks),
                         Qt.Orientation.Vertical)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if self.keep_in_tray and not self.quitting:
            event.ignore()
            self._save_geometry()  # now: hidden, the window manager may forget "maximised"
            self.hide()
            self._tell_once_about_the_tray()
            return
        self._save_geometry()
        event.accept()
        if not self.quitting:
            self.quit()

    def _tell_once_about_the_tray(self) -> None:
        """The first close to the tray says that Stepwise keeps running (once ever)."""
        store = QSettings("stepwise", "window")
        if store.value("notices/closed_to_tray"):
            return
        store.setValue("notices/closed_to_tray", True)
        self.closed_to_tray.emit()

    def quit(self) -> None:
        """Quit for good: the staged shutdown in ui.window.app does the rest."""
        from PySide6.QtWidgets import QApplication

        self.quitting = True
        self._save_geometry()
        QApplication.instance().quit()  # type: ignore[union-attr]

    def _save_geometry(self) -> None:
        """Where the window is, its size and whether it is maximised, and the layout for
        its screen's size. Only while it is shown: a window hidden to the tray may have
        lost its maximised state to the window manager, and Quit would save that."""
        if not self.remember_geometry or not self.isVisible():
            return
        save_geometry(self)
        self.save_layout()

    def _restore_geometry(self) -> None:
        restore_geometry(self)
        self._restore_layout()

    def _layout_key(self) -> str:
        """Splitter and dock state are kept per screen size (a laptop and a 4K monitor)."""
        screen = self.screen().availableGeometry().size() if self.screen() else None
        size = f"{screen.width()}x{screen.height()}" if screen else "any"
        return f"layout/{size}"

    def save_layout(self) -> None:
        """Remember the splitter sizes and the docks' places for this screen size."""
        store = QSettings("stepwise", "window")
        store.setValue(f"{self._layout_key()}/split", self.split.saveState())
        store.setValue(f"{self._layout_key()}/docks", self.saveState())

    def _restore_layout(self) -> None:
        store = QSettings("stepwise", "window")
        split = store.value(f"{self._layout_key()}/split")
        docks = store.value(f"{self._layout_key()}/docks")
        if split is not None:
            self.split.restoreState(split)
        if docks is not None:
            self.restoreState(docks)
            self._first_show = False  # the docks keep the height the user gave them

    def confirm(self, question: str) -> bool:
        answer = QMessageBox.question(self, "Stepwise", question)
        return answer == QMessageBox.StandardButton.Yes


# --- the menus and their commands ----------------------------------------------------

translate = QCoreApplication.translate
Keys = list[QKeySequence.StandardKey | str]
MENUS: tuple[tuple[str, Callable[[], str]], ...] = (
    ("file", lambda: translate("MainWindow", "&File")),
    ("edit", lambda: translate("MainWindow", "&Edit")),
    ("view", lambda: translate("MainWindow", "&View")),
    ("plan", lambda: translate("MainWindow", "&Plan")),
    ("assistant", lambda: translate("MainWindow", "&Assistant")),
)


class WindowMenus(QObject):
    """The menu bar of one window, its ``commands`` and its undo and redo actions."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.ctx = window.ctx
        self.menus: dict[str, QMenu] = {}
        for key, make in MENUS:
            self.menus[key] = window.menuBar().addMenu("")
            window.texts.add(self.menus[key].setTitle, make)
        self.commands: list[QAction] = []
        self._file_commands()
        self._undo_actions()
        self._edit_commands()
        self._view_commands()
        self._plan_commands()
        self._assistant_commands()

    def add(self, make: Callable[[], str], keys: Keys, slot: Callable[..., object],
            menu_name: str) -> QAction:
        """A menu command with its keys (each shown in the menu) and a text that follows
        the language."""
        action = QAction(self.window)
        self.window.texts.add(action.setText, make)
        sequences = [seq for key in keys for seq in _sequences(key)]
        if sequences:
            action.setShortcuts(sequences)
        action.triggered.connect(slot)
        self.menus[menu_name].addAction(action)
        self.commands.append(action)
        return action

    def _file_commands(self) -> None:
        w, add = self.window, self.add
        add(lambda: translate("MainWindow", "New task"), [QKeySequence.StandardKey.New, "N"],
            w.quick_add.focus_title, "file")
        add(lambda: translate("MainWindow", "Settings…"),
            [QKeySequence.StandardKey.Preferences, "Ctrl+,"], w.open_settings, "file")
        add(lambda: translate("MainWindow", "Import…"), [],
            lambda: open_import(self.ctx, w.tasks.reload, w), "file")
        add(lambda: translate("MainWindow", "Quit"), [QKeySequence.StandardKey.Quit], w.quit,
            "file")

    def _undo_actions(self) -> None:
        """Undo and redo whose text names what they undo ("Undo Add step in “Team offsite”")."""
        self.undo_actions = UndoActions(self.ctx.undo, self.window)
        for action in (self.undo_actions.undo, self.undo_actions.redo):
            self.menus["edit"].addAction(action)
            self.commands.append(action)
        self.undo_action, self.redo_action = self.undo_actions.undo, self.undo_actions.redo
        self.undo_actions.applied.connect(self._on_undo_actions_applied)

    def _edit_commands(self) -> None:
        w, add = self.window, self.add
        add(lambda: translate("MainWindow", "Edit task"), [],
            lambda: w.edit_task(self.ctx.selection.task_id), "edit")
        add(lambda: translate("MainWindow", "Delete task"), [], w.tasks.delete_selected, "edit")
        add(lambda: translate("MainWindow", "Find"), [QKeySequence.StandardKey.Find],
            self._focus_search, "edit")
        add(lambda: translate("MainWindow", "Command palette"), ["Ctrl+K"], w.open_palette,
            "edit")
        add(lambda: translate("MainWindow", "Sync conflicts…"), [],
            lambda: open_conflicts(self.ctx, None, w.tasks.reload, w), "edit")

    def _view_commands(self) -> None:
        w = self.window
        for dock in (w.assistant_dock, w.reminder_dock, w.calendar_dock, w.agent_dock):
            toggle = dock.toggleViewAction()
            self.menus["view"].addAction(toggle)
            self.commands.append(toggle)

    def _plan_commands(self) -> None:
        w, add, bar = self.window, self.add, self.window.plan_toolbar
        add(lambda: translate("MainWindow", "Go to the task list"), ["Ctrl+L"],
            w.tasks.table.setFocus, "view")
        add(lambda: translate("MainWindow", "Go to the plan"), ["Ctrl+G"], w.plan_view.setFocus,
            "view")
        add(lambda: translate("MainWindow", "Approve the plan"), ["Ctrl+Shift+A"],
            lambda: bar.act("approve"), "plan")
        add(lambda: translate("MainWindow", "Pause the plan"), [], lambda: bar.act("pause"),
            "plan")
        add(lambda: translate("MainWindow", "Resume the plan"), [], lambda: bar.act("resume"),
            "plan")
        add(lambda: translate("MainWindow", "Add step"), [], w.plan_view.add_step, "plan")

    def _assistant_commands(self) -> None:
        w, add, assistant = self.window, self.add, self.ctx.assistant
        add(lambda: translate("MainWindow", "Run the assistant"), ["F5"],
            assistant.run_until_idle, "assistant")
        add(lambda: translate("MainWindow", "Stop the assistant"), ["Esc"], assistant.stop,
            "assistant")
        add(lambda: translate("MainWindow", "Schedule the steps"), [],
            lambda: schedule_now(self.ctx), "assistant")
        self.pause_action = add(lambda: translate("MainWindow", "Pause the assistant"), [],
                                self._toggle_pause, "assistant")
        self.pause_action.setCheckable(True)
        self.pause_action.setChecked(bool(settings.get("assistant.paused")))
        t = w.texts
        t.add(w.calendar_dock.setWindowTitle, lambda: translate("MainWindow", "Calendar"))
        t.add(w.reminder_dock.setWindowTitle, lambda: translate("MainWindow", "Reminders"))
        t.add(w.assistant_dock.setWindowTitle, lambda: translate("MainWindow", "Assistant"))

    def _on_undo_actions_applied(self, task_id: int, text: str, undid: bool) -> None:
        """An undo is never silent: it says what it undid and shows that task."""
        said = (translate("MainWindow", "Undone: %1") if undid
                else translate("MainWindow", "Redone: %1"))
        self.ctx.status.info.emit(said.replace("%1", text))
        if task_id and task_id != self.ctx.selection.task_id:
            self.window.tasks.select_task(task_id)

    def _focus_search(self) -> None:
        self.window.tasks.search.setFocus()
        self.window.tasks.search.selectAll()

    def _toggle_pause(self, paused: bool) -> None:
        self.ctx.runner.start(in_thread(settings.put, "assistant.paused", paused),
                              translate("MainWindow", "Pausing the assistant"))
        if paused:
            self.ctx.assistant.stop()


def _sequences(key: QKeySequence.StandardKey | str) -> list[QKeySequence]:
    """The key sequences for a standard key (none on some desktops) or a written one."""
    if isinstance(key, QKeySequence.StandardKey):
        return list(QKeySequence.keyBindings(key))
    return [QKeySequence(key)]
