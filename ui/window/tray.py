"""The tray icon: quick add, show/hide, run the assistant, the reminders, quit.

Closing the window keeps Stepwise in the tray when a tray exists. Reminders show as the
tray's notifications; their Snooze and Done are in the tray menu and the window's
reminder list (Qt's tray messages have no buttons). Without a tray, nothing changes but
this: closing the window quits, and reminders show in the window only.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QSystemTrayIcon

from app.reminders.store import ReminderView
from ui.style.icons import app_icon
from ui.window.main import MainWindow
from ui.window.reminders import ReminderCenter

MESSAGE_MS = 10_000


class Tray(QObject):
    def __init__(self, window: MainWindow, center: ReminderCenter) -> None:
        super().__init__(window)
        self.window, self.center = window, center
        self.icon = QSystemTrayIcon(app_icon(), self)
        self.icon.setToolTip("Stepwise")
        self.menu = QMenu()
        self.actions_: dict[str, QAction] = {}
        self._waiting: list[ReminderView] = []
        for key, slot in (("quick_add", self._on_quick_add_triggered),
                          ("show", self._on_show_triggered),
                          ("run", window.ctx.assistant.run_until_idle)):
            self.actions_[key] = self.menu.addAction("", slot)
        self.reminders_menu = self.menu.addMenu("")
        self.menu.addSeparator()
        self.actions_["quit"] = self.menu.addAction("", window.quit)
        self._set_texts()
        self.menu.installEventFilter(self)  # the menu hears of a language change
        self.icon.setContextMenu(self.menu)
        self.icon.activated.connect(self._on_icon_activated)
        window.closed_to_tray.connect(self._on_window_closed_to_tray)
        center.fired.connect(self._on_center_fired)
        center.list_changed.connect(self._on_center_list_changed)
        self._on_center_list_changed([])

    def _set_texts(self) -> None:
        for key, text in (("quick_add", self.tr("Quick add…")),
                          ("show", self.tr("Show or hide Stepwise")),
                          ("run", self.tr("Run the assistant")), ("quit", self.tr("Quit"))):
            self.actions_[key].setText(text)
        self.reminders_menu.setTitle(self.tr("Reminders"))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self.menu and event.type() == QEvent.Type.LanguageChange:
            self._set_texts()
            self._on_center_list_changed(self._waiting)
        return False

    def _on_window_closed_to_tray(self) -> None:
        self.notice = self.tr("Stepwise keeps running here and reminds you when something is "
                              "due. Choose Quit in this menu to leave it.")
        self.icon.showMessage(self.tr("Stepwise is still running"), self.notice,
                              QSystemTrayIcon.MessageIcon.Information, 8000)

    @staticmethod
    def available() -> bool:
        return QSystemTrayIcon.isSystemTrayAvailable()

    def show(self) -> None:
        self.icon.show()
        self.window.keep_in_tray = True

    @Slot(str, list)
    def _on_center_fired(self, text: str, fired: list[ReminderView]) -> None:
        if self.icon.isVisible() and QSystemTrayIcon.supportsMessages():
            self.icon.showMessage(self.tr("Stepwise reminder"), text,
                                  QSystemTrayIcon.MessageIcon.Information, MESSAGE_MS)

    @Slot(list)
    def _on_center_list_changed(self, waiting: list[ReminderView]) -> None:
        self._waiting = waiting
        self.reminders_menu.clear()
        self.reminders_menu.setEnabled(bool(waiting))
        for reminder in waiting[:10]:
            sub = self.reminders_menu.addMenu(reminder.text[:60])
            for action, label in (("5m", self.tr("Snooze 5 min")),
                                  ("1h", self.tr("Snooze 1 hour")),
                                  ("tomorrow", self.tr("Tomorrow")), ("done", self.tr("Done"))):
                sub.addAction(label, self._acting(reminder.id, action))

    def _acting(self, reminder_id: int, action: str) -> Callable[[], None]:
        return lambda: self.center.act(reminder_id, action)

    @Slot()
    def _on_quick_add_triggered(self) -> None:
        self._raise()
        self.window.quick_add.focus_title()

    @Slot()
    def _on_show_triggered(self) -> None:
        if self.window.isVisible():
            self.window.hide()
        else:
            self._raise()

    def _raise(self) -> None:
        self.window.show()
        self.window.raise_()
        self.window.activateWindow()

    @Slot(QSystemTrayIcon.ActivationReason)
    def _on_icon_activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason == QSystemTrayIcon.ActivationReason.Trigger:
            self._on_show_triggered()
