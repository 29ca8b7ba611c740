"""The calendar panel: a read-only day or week agenda with task and step due times on it.

A dock with a toolbar (today, previous, next, day or week, schedule, sync now, sources)
above the time grid (``ui.calendar.grid``) and its day header (``ui.calendar.header``).
The agenda of a range is read in a worker thread (``app.calendar.agenda``) and drawn from
that plain data; it is read again when tasks, plans, steps or calendars change, here or in
another process. "Sync now" is ``ui.calendar.syncing``; sources, ``ui.calendar.sources``.

The dock is one concern — its toolbar, the reading of its range
(events, planned blocks and each day's planned total) and the buttons that act on it —
and its parts already live beside it; a split by count would reach back into the dock.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import (
    QEvent,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtWidgets import (
    QButtonGroup,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from app.calendar import agenda
from app.calendar.agenda import Agenda
from app.config import settings
from app.events import Changes
from app.schedule import load
from app.schedule import views as schedule_views
from models.tables import utc_now
from ui.calendar import scheduling, syncing
from ui.calendar.common import (
    GRID_PAD,
    HOUR_HEIGHT,
    MORNING_HOUR,
    NOW_COLOUR,
    NOW_TICK_MS,
    REFRESH_DELAY_MS,
    REFRESH_KINDS,
    arrow_button,
    first_weekday,
    local_zone,
    plain_label,
    plain_tooltip,
    range_text,
    toggle_button,
)
from ui.calendar.grid import AgendaGrid
from ui.calendar.header import AgendaHeader
from ui.calendar.sources import SourcesDialog
from ui.shared.context import WindowContext
from ui.shared.runner import in_thread


class CalendarPanel(QDockWidget):
    """The calendar dock: a day or week agenda, its toolbar, sync state and source errors."""

    agenda_loaded = Signal()
    sync_finished = Signal(int, int)  # sources synced, sources failed

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("calendarPanel")
        self.setWindowTitle(self.tr("Calendar"))
        self.ctx = ctx
        self.mode = "week"
        self.zone = local_zone()
        self.first_weekday = first_weekday()  # read again when settings or language change
        self.loading = False
        self.syncing = False
        self.sources_dialog: SourcesDialog | None = None
        self._stale = False
        self._scroll_pending = True
        self._has_sources = True
        self._sync_text = ""
        self.setWidget(self._build())
        self.anchor = self.today()
        self._start_timers()
        ctx.bridge.changed.connect(self._on_bridge_changed)
        ctx.bridge.external_change.connect(self._on_bridge_external_change)
        self.grid.mark_clicked.connect(self._on_grid_mark_clicked)
        self.keeper = scheduling.Keeper(ctx, self)
        self.publisher = scheduling.Publisher(ctx, self)
        scheduling.edit_by_dragging(ctx, self.grid.planned)
        self.reload()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        """A language switch re-makes the toolbar's texts and redraws the dates."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "sources_button"):
            self.first_weekday = first_weekday()  # "as the language has it"
            self._retranslate()

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("Calendar"))
        for button, text in ((self.today_button, self.tr("Today")),
                             (self.day_button, self.tr("Day")),
                             (self.week_button, self.tr("Week")),
                             (self.sync_button, self.tr("Sync now")),
                             (self.schedule_button, self.tr("Schedule")),
                             (self.sources_button, self.tr("Sources…"))):
            button.setText(text)
        self.schedule_button.setToolTip(self.tr("Place the steps that have estimates into "
                                                "free working time"))
        self._update_toolbar()
        self.header.updateGeometry()
        self.header.update()
        self.grid.update()

    # --- building ----------------------------------------------------------------------------

    def _build(self) -> QWidget:
        body = QWidget(self)
        column = QVBoxLayout(body)
        column.setContentsMargins(4, 4, 4, 4)
        column.setSpacing(4)
        column.addLayout(self._build_toolbar(body))
        column.addLayout(self._build_status(body))
        self.problems = plain_label(body, "calendarProblems")
        self.problems.setStyleSheet(f"color: {NOW_COLOUR};")
        self.problems.hide()
        column.addWidget(self.problems)
        self.grid = AgendaGrid(body)
        self.grid.zone = self.zone
        self.header = AgendaHeader(self.grid, body)
        self.scroller = QScrollArea(body)
        self.scroller.setWidget(self.grid)
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroller.verticalScrollBar().rangeChanged.connect(self._on_scroll_range_changed)
        column.addWidget(self.header)
        column.addWidget(self.scroller, 1)
        return body

    def _build_toolbar(self, parent: QWidget) -> QHBoxLayout:
        row = QHBoxLayout()
        self.today_button = QPushButton(self.tr("Today"), parent)
        self.previous_button = arrow_button(parent, Qt.ArrowType.LeftArrow)
        self.next_button = arrow_button(parent, Qt.ArrowType.RightArrow)
        self.range_label = QLabel(parent)
        self.range_label.setObjectName("calendarRange")
        self.day_button = toggle_button(parent, self.tr("Day"))
        self.week_button = toggle_button(parent, self.tr("Week"))
        self.week_button.setChecked(True)
        self.modes = QButtonGroup(parent)
        self.modes.addButton(self.day_button)
        self.modes.addButton(self.week_button)
        self.sync_button = QPushButton(self.tr("Sync now"), parent)
        self.schedule_button = QPushButton(self.tr("Schedule"), parent)
        self.schedule_button.setToolTip(self.tr("Place the steps that have estimates into "
                                                "free working time"))
        self.schedule_button.clicked.connect(self._on_schedule_button_clicked)
        self.sources_button = QPushButton(self.tr("Sources…"), parent)
        self.today_button.clicked.connect(self._on_today_button_clicked)
        self.previous_button.clicked.connect(self._on_previous_button_clicked)
        self.next_button.clicked.connect(self._on_next_button_clicked)
        self.modes.buttonToggled.connect(self._on_modes_button_toggled)
        self.sync_button.clicked.connect(self._on_sync_button_clicked)
        self.sources_button.clicked.connect(self._on_sources_button_clicked)
        for widget in (self.today_button, self.previous_button, self.next_button):
            row.addWidget(widget)
        row.addWidget(self.range_label, 1)
        for widget in (self.day_button, self.week_button, self.schedule_button,
                       self.sync_button, self.sources_button):
            row.addWidget(widget)
        return row

    def _build_status(self, parent: QWidget) -> QHBoxLayout:
        row = QHBoxLayout()
        self.notice = plain_label(parent, "calendarNotice")
        self.progress = QProgressBar(parent)
        self.progress.setMaximumWidth(160)
        self.progress.setTextVisible(True)
        self.progress.hide()
        self.notice.hide()
        row.addWidget(self.notice, 1)
        row.addWidget(self.progress)
        return row

    def _start_timers(self) -> None:
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(REFRESH_DELAY_MS)
        self._refresh_timer.timeout.connect(self.reload)
        self._now_timer = QTimer(self)
        self._now_timer.setInterval(NOW_TICK_MS)
        self._now_timer.timeout.connect(self._on_now_timer_timeout)
        self._now_timer.start()

    # --- the range ---------------------------------------------------------------------------

    def today(self) -> date:
        """Today in the local zone (by the grid's clock)."""
        return self.grid.clock().astimezone(self.zone).date()

    def span(self) -> tuple[date, int]:
        """The first day and the number of days the panel shows."""
        return agenda.span(self.anchor, self.mode, self.first_weekday)

    def go_to(self, day: date) -> None:
        """Show the day or week holding ``day``."""
        self.anchor = day
        self.reload()

    def set_mode(self, mode: str) -> None:
        """Show one day ("day") or a week ("week")."""
        if mode not in agenda.MODES:
            raise ValueError(f"unknown calendar view {mode!r}")
        self.mode = mode
        (self.day_button if mode == "day" else self.week_button).setChecked(True)
        self.reload()

    def range_text(self) -> str:
        """The range as the toolbar shows it."""
        return range_text(*self.span())

    @Slot()
    def _on_today_button_clicked(self) -> None:
        self._scroll_pending = True
        self.go_to(self.today())

    @Slot()
    def _on_previous_button_clicked(self) -> None:
        self.go_to(agenda.moved(self.anchor, self.mode, -1))

    @Slot()
    def _on_next_button_clicked(self) -> None:
        self.go_to(agenda.moved(self.anchor, self.mode, 1))

    @Slot(QToolButton, bool)
    def _on_modes_button_toggled(self, button: QToolButton, checked: bool) -> None:
        mode = "day" if button is self.day_button else "week"
        if checked and mode != self.mode:
            self.set_mode(mode)

    def _update_toolbar(self) -> None:
        self.range_label.setText(self.range_text())
        day = self.mode == "day"
        self.previous_button.setToolTip(self.tr("Previous day") if day else
                                        self.tr("Previous week"))
        self.next_button.setToolTip(self.tr("Next day") if day else self.tr("Next week"))

    # --- reading -----------------------------------------------------------------------------

    def reload(self) -> None:
        """Read the shown range again (in a worker); a reload asked for meanwhile follows."""
        self._update_toolbar()
        if self.loading:
            self._stale = True
            return
        self.loading = True
        first, days = self.span()
        self.ctx.runner.start(self._load(first, days), self.tr("Reading the calendar"))

    async def _load(self, first: date, days: int) -> None:
        try:
            found = await in_thread(agenda.read_agenda, first, days, self.zone)
            planned = await in_thread(schedule_views.planned_between, first, days, self.zone)
            limit = await in_thread(settings.get, "calendar.day_limit_minutes")
        finally:
            if isValid(self):
                self.loading = False
        if not isValid(self):
            return
        if self._stale or (first, days) != self.span():
            self._stale = False
            self.reload()
            return
        self.grid.planned.set_blocks(planned)
        self.header.set_load(load.day_minutes(((p.start, p.end) for p in planned), self.zone),
                             first, days, int(limit))
        self._show(found)

    def _show(self, found: Agenda) -> None:
        self.grid.set_agenda(found)
        self.header.set_agenda(found)
        self._show_problems(found)
        self._has_sources = bool(found.sources)
        self._show_notice()
        self._scroll_to_morning()
        self.agenda_loaded.emit()

    def _show_notice(self) -> None:
        """The sync's progress or result; without sources, how to add one."""
        text = self._sync_text
        if not text and not self._has_sources:
            text = self.tr("No calendars yet: add one with Sources…")
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    def _show_problems(self, found: Agenda) -> None:
        """One line per failing source (the first few; all in the tooltip)."""
        shown, lines = syncing.problem_lines(found.failing, self.zone)
        self.problems.setText("\n".join(shown))
        self.problems.setToolTip(plain_tooltip(*lines))
        self.problems.setVisible(bool(lines))

    def _scroll_to_morning(self) -> None:
        """Scroll to two hours before now when today is shown, else to the morning; once the
        grid has its size (the scroll range is empty before)."""
        bar = self.scroller.verticalScrollBar()
        if not self._scroll_pending or bar.maximum() == 0:
            return
        self._scroll_pending = False
        line = self.grid.now_line()
        now_hour = None if line is None else int(line.y1() - GRID_PAD) // HOUR_HEIGHT
        hour = MORNING_HOUR if now_hour is None else max(0, now_hour - 2)
        bar.setValue(int(self.grid.y_of(hour * 60)) - GRID_PAD)

    @Slot(int, int)
    def _on_scroll_range_changed(self, low: int, high: int) -> None:
        self._scroll_to_morning()

    @Slot(object)
    def _on_bridge_changed(self, changes: Changes) -> None:
        if changes.kinds & REFRESH_KINDS:
            self._refresh_timer.start()

    def settings_changed(self) -> None:
        """The week's first day and the daily limit may have changed: read again."""
        self.first_weekday = first_weekday()
        self.reload()

    @Slot()
    def _on_bridge_external_change(self) -> None:
        self.first_weekday = first_weekday()  # `stepwise settings calendar.week_start …`
        self._refresh_timer.start()

    @Slot()
    def _on_now_timer_timeout(self) -> None:
        self.grid.update()
        self.header.update()

    @Slot()
    def _on_schedule_button_clicked(self) -> None:
        scheduling.schedule_now(self.ctx)

    @Slot(int, str)
    def _on_grid_mark_clicked(self, task_id: int, step_id: str) -> None:
        self.ctx.selection.select_task(task_id)
        if step_id:
            self.ctx.selection.select_step(step_id)

    # --- syncing -----------------------------------------------------------------------------

    def sync_now(self) -> None:
        """Fetch every enabled source again (each in a worker), showing progress."""
        if self.syncing:
            return
        self.syncing = True
        self.sync_button.setEnabled(False)
        self._sync_text = self.tr("Syncing calendars…")
        self._show_notice()
        self.ctx.runner.start(self._sync_all(), self.tr("Syncing calendars"))

    async def _sync_all(self) -> None:
        try:
            outcomes = await syncing.sync_sources(self._on_sync_counted, self._on_source_synced)
        finally:
            if isValid(self):
                self.syncing = False
                self.sync_button.setEnabled(True)
                self.progress.hide()
        if isValid(self):
            self._sync_text = syncing.result_text(outcomes, utc_now().astimezone(self.zone))
            self._show_notice()
            self.reload()
            failed = sum(1 for o in outcomes if o.error)
            self.sync_finished.emit(len(outcomes) - failed, failed)

    def _on_sync_counted(self, count: int) -> None:
        if isValid(self):
            self.progress.setRange(0, max(1, count))
            self.progress.setValue(0)
            self.progress.setVisible(count > 0)

    def _on_source_synced(self) -> None:
        if isValid(self):
            self.progress.setValue(self.progress.value() + 1)

    @Slot()
    def _on_sync_button_clicked(self) -> None:
        self.sync_now()

    # --- sources -----------------------------------------------------------------------------

    def open_sources(self) -> SourcesDialog:
        """Show the sources dialog (not blocking); the agenda follows its changes."""
        if self.sources_dialog is None or not isValid(self.sources_dialog):
            self.sources_dialog = SourcesDialog(self.ctx, self)
            self.sources_dialog.sources_changed.connect(self._on_sources_dialog_sources_changed)
        self.sources_dialog.open()
        return self.sources_dialog

    @Slot()
    def _on_sources_button_clicked(self) -> None:
        self.open_sources()

    @Slot()
    def _on_sources_dialog_sources_changed(self) -> None:
        self.reload()
