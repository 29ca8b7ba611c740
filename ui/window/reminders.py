"""Reminders in the window: the tick, the notification, and the reminder list.

A timer asks ``app.reminders.store.tick`` every few seconds, comparing wall-clock time, so a
suspend, a clock change or a restart brings every missed reminder exactly once (the
tick marks them presented in the same transaction that returns them). Several at once
make one summary notification. They stay in the reminder list until you press Done
(or snooze them); the tray shows the notification when a tray exists, and the window's
list always holds them, so nothing is silently dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, date, datetime

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.reminders import store as reminders
from app.reminders.store import ReminderView
from ui.shared.context import WindowContext
from ui.shared.runner import in_thread
from ui.words import labels
from ui.words.dates import core_when, short_when
from ui.words.retexts import Retexts, told

translate = QCoreApplication.translate

# how the core writes a due time ("Wed 12-02 09:00"; an all-day due's date alone)
_WHEN = r"(?P<when>[A-Z][a-z]{2} \d\d-\d\d(?: \d\d:\d\d)?)"
_SAID: tuple[tuple[re.Pattern[str], Callable[[], str]], ...] = (
    (re.compile(r"^Start: (?P<title>.+)$"), lambda: translate("ReminderDock", "Start: %1")),
    (re.compile(rf"^Due {_WHEN}: (?P<title>.+)$"),
     lambda: translate("ReminderDock", "Due %2: %1")),
    (re.compile(rf"^Step due {_WHEN}: (?P<title>.+) \((?P<task>.+)\)$"),
     lambda: translate("ReminderDock", "Step due %2: %1 (%3)")),
)
TICK_MS = 10_000
UPCOMING = 20  # how many reminders still to fire the dock lists


class ReminderCenter(QObject):
    """Ticks, and tells the window (and the tray) what fired."""

    fired = Signal(str, list)  # the notification text, the ReminderViews
    list_changed = Signal(list)  # every reminder waiting for you (fired, not done)
    upcoming_changed = Signal(list)  # the next reminders still to fire

    def __init__(self, ctx: WindowContext, parent: QObject | None = None,
                 interval_ms: int = TICK_MS) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.tick)
        self.timer.start()

    @Slot()
    def tick(self) -> None:
        now = datetime.now(UTC)
        self.ctx.runner.start(in_thread(_tick, now), self.tr("Checking reminders"),
                              self._on_ticked)

    def _on_ticked(self, result: tuple[list[ReminderView], list[ReminderView],
                                       list[ReminderView]]) -> None:
        fired, waiting, upcoming = result
        if fired:
            self.fired.emit(summary(fired), fired)
        self.list_changed.emit(waiting)
        self.upcoming_changed.emit(upcoming)

    def act(self, reminder_id: int, action: str) -> None:
        """``done``, or a snooze choice: ``5m``, ``1h``, ``tomorrow``."""
        self.ctx.runner.start(in_thread(_act, reminder_id, action), self.tr("Reminder"),
                              self._on_acted)

    def _on_acted(self, lists: tuple[list[ReminderView], list[ReminderView]]) -> None:
        self.list_changed.emit(lists[0])
        self.upcoming_changed.emit(lists[1])


def _tick(now: datetime) -> tuple[list[ReminderView], list[ReminderView], list[ReminderView]]:
    return reminders.tick(now), reminders.reminder_list(), reminders.upcoming(UPCOMING)


def _act(reminder_id: int, action: str) -> tuple[list[ReminderView], list[ReminderView]]:
    now = datetime.now(UTC)
    if action == "done":
        reminders.done(reminder_id, now=now)
    else:
        reminders.snooze(reminder_id, reminders.snooze_until(action, now), now=now)
    return reminders.reminder_list(), reminders.upcoming(UPCOMING)


class ReminderDock(QDockWidget):
    """The reminder list: what fired and waits for you, with Snooze and Done, beside what
    is still to come. Its texts follow the language live."""

    def __init__(self, ctx: WindowContext, center: ReminderCenter,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reminderDock")
        self.ctx, self.center = ctx, center
        self.texts = Retexts()
        self.list = QListWidget(self)
        self.empty = QLabel(self)
        self.coming = QLabel(self)
        self.upcoming = QListWidget(self)
        self.upcoming.setObjectName("upcomingReminders")
        self.buttons = {key: QPushButton(self) for key in ("5m", "1h", "tomorrow", "done")}
        self._set_texts()
        self._upcoming: list[ReminderView] = []
        self.setWidget(self._build())
        center.list_changed.connect(self._on_center_list_changed)
        center.upcoming_changed.connect(self._on_center_upcoming_changed)
        self.list.currentRowChanged.connect(lambda _row: self._update_buttons())
        self._update_buttons()

    def _set_texts(self) -> None:
        add = self.texts.add
        add(self.setWindowTitle, lambda: self.tr("Reminders"))
        add(self.list.setAccessibleName, lambda: self.tr("Reminders waiting for you"))
        add(self.empty.setText, lambda: self.tr("No reminders waiting."))
        add(self.coming.setText, lambda: self.tr("Coming up"))
        add(self.upcoming.setAccessibleName, lambda: self.tr("Reminders still to come"))
        add(self.buttons["5m"].setText, lambda: self.tr("Snooze 5 min"))
        add(self.buttons["1h"].setText, lambda: self.tr("Snooze 1 hour"))
        add(self.buttons["tomorrow"].setText, lambda: self.tr("Tomorrow"))
        add(self.buttons["done"].setText, lambda: self.tr("Done"))

    def _build(self) -> QWidget:
        """What waits for you on the left, with its buttons; what is coming up on the
        right: each list gets the dock's whole height, and scrolls on its own."""
        row = QHBoxLayout()
        for key, button in self.buttons.items():
            button.clicked.connect(lambda _=False, k=key: self._on_button_clicked(k))
            row.addWidget(button)
        row.addStretch(1)
        waiting = QVBoxLayout()
        waiting.addWidget(self.empty)
        waiting.addWidget(self.list, 1)
        waiting.addLayout(row)
        coming = QVBoxLayout()
        coming.addWidget(self.coming)
        coming.addWidget(self.upcoming, 1)
        body = QWidget(self)
        box = QHBoxLayout(body)
        box.setContentsMargins(6, 4, 6, 4)
        box.addLayout(waiting, 3)
        box.addLayout(coming, 2)
        for widget in (self.list, self.upcoming):
            widget.setMinimumHeight(40)
        return body

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "texts"):
            self.texts.apply()
            self._on_center_upcoming_changed(self._upcoming)

    @Slot(list)
    def _on_center_list_changed(self, waiting: list[ReminderView]) -> None:
        current = self._current_id()
        self.list.clear()
        for reminder in waiting:
            item = QListWidgetItem(f"{short_when(reminder.fire_at)}  {reminder_text(reminder)}",
                                   self.list)
            item.setData(Qt.ItemDataRole.UserRole, reminder.id)
            item.setData(Qt.ItemDataRole.UserRole + 1, reminder.task_id or 0)
            if reminder.id == current:
                self.list.setCurrentItem(item)
        if self.list.currentRow() < 0 and self.list.count():
            self.list.setCurrentRow(0)
        self.empty.setVisible(not waiting)
        self._update_buttons()

    @Slot(list)
    def _on_center_upcoming_changed(self, upcoming: list[ReminderView]) -> None:
        self._upcoming = upcoming
        self.upcoming.clear()
        for reminder in upcoming:
            when = reminder.snoozed_until or reminder.fire_at
            QListWidgetItem(f"{short_when(when)}  {reminder_text(reminder)}", self.upcoming)
        if not upcoming:
            QListWidgetItem(self.tr("Nothing scheduled"), self.upcoming).setFlags(
                Qt.ItemFlag.NoItemFlags)

    def _current_id(self) -> int | None:
        item = self.list.currentItem()
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))

    def _update_buttons(self) -> None:
        chosen = self._current_id() is not None
        for button in self.buttons.values():
            button.setEnabled(chosen)

    def _on_button_clicked(self, action: str) -> None:
        reminder_id = self._current_id()
        if reminder_id is not None:
            self.center.act(reminder_id, action)


def reminder_text(reminder: ReminderView) -> str:
    """A reminder's text in the interface language, its due time in the window's one
    format: the core writes "Due Wed 12-02 09:00: Renew passport"."""
    for pattern, make in _SAID:
        m = pattern.match(reminder.text)
        if m is not None:
            found = m.groupdict()
            when = _due_time(found["when"], reminder.fire_at) if "when" in found else None
            return labels.fill(make(), found["title"], short_when(when) if when else "",
                               found.get("task", ""))
    return told(reminder.text)


def _due_time(text: str, fired: datetime) -> date | datetime | None:
    """"Wed 12-02 09:00" (no year): the first such day from a day before ``fired``;
    "Wed 12-02" (all day): that day alone."""
    month, day, clock = text[4:6], text[7:9], text[10:]
    if not clock:
        moment = core_when(int(month), int(day), 0, 0, fired)
        return moment.date() if moment is not None else None
    return core_when(int(month), int(day), int(clock[:2]), int(clock[3:]), fired)


def summary(fired: list[ReminderView]) -> str:
    """One line for a notification, in words: the reminder, or how many and the first
    three."""
    texts = [reminder_text(r) for r in fired]
    if len(texts) <= 1:
        return texts[0] if texts else ""
    shown = "; ".join(texts[:3])
    if len(texts) > 3:
        shown = labels.fill(translate("ReminderDock", "%1; and %2 more"), shown,
                            len(texts) - 3)
    return labels.fill(translate("ReminderDock", "%1 reminders: %2"), len(texts), shown)
