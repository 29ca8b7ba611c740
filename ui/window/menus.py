"""The main window's menus and commands: File, Edit, View, Plan and Assistant, each
command with its keys and a text that follows the language.

Every command is also listed in ``commands`` for the command palette (Ctrl+K). Undo and
Redo name what they undo (``ui.window.undo_actions``) and never undo silently. The texts keep
the window's translation context ("MainWindow"), where they were first written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from app.config import settings
from ui.calendar.scheduling import schedule_now
from ui.shared.runner import in_thread
from ui.sync.conflicts import open_conflicts
from ui.window.import_dialog import open_import
from ui.window.undo_actions import UndoActions

if TYPE_CHECKING:
    from ui.window.main import MainWindow

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
