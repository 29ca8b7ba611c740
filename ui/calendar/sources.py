"""The calendar sources dialog: adds and removes ICS files, URLs and CalDAV accounts with
the functions the command line uses; a CalDAV password goes to the keyring
(``app.config.secrets``), never to the store.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from PySide6.QtCore import (
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QColor,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from app.calendar import agenda
from app.calendar.agenda import SourceState
from app.errors import KnownError
from models import StoreError
from ui.calendar.common import NOW_COLOUR, local_zone, plain_tooltip, when_text
from ui.shared.context import WindowContext
from ui.shared.runner import in_thread
from ui.words.labels import fill
from ui.words.retexts import told, told_error


class CaldavForm(QDialog):
    """Asks for a CalDAV account: address, user name, password and an optional name."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Add a CalDAV account"))
        self.url = QLineEdit(self)
        self.url.setPlaceholderText("https://cloud.example.com/remote.php/dav")  # an address
        self.user = QLineEdit(self)
        self.password = QLineEdit(self)
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.name = QLineEdit(self)
        self.name.setPlaceholderText(self.tr("optional"))
        form = QFormLayout(self)
        form.addRow(self.tr("Server address"), self.url)
        form.addRow(self.tr("User name"), self.user)
        form.addRow(self.tr("Password"), self.password)
        form.addRow(self.tr("Name"), self.name)
        note = QLabel(self.tr("The password is kept in the system keyring, never in the "
                              "Stepwise database."), self)
        note.setWordWrap(True)
        form.addRow(note)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        for field in (self.url, self.user, self.password):
            field.textChanged.connect(self._on_field_text_changed)
        self._on_field_text_changed()

    @Slot()
    def _on_field_text_changed(self) -> None:
        ready = all(f.text().strip() for f in (self.url, self.user)) and bool(self.password.text())
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(ready)


class SourcesDialog(QDialog):
    """The calendar sources: name, kind, last sync and last error; add and remove them."""

    sources_listed = Signal()
    job_finished = Signal(bool, str)  # worked, the message shown
    sources_changed = Signal()

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.states: list[SourceState] = []
        self.busy = False
        self.setWindowTitle(self.tr("Calendar sources"))
        self.resize(720, 360)
        layout = QVBoxLayout(self)
        layout.addWidget(self._build_table())
        layout.addLayout(self._build_buttons())
        self.message = QLabel(self)
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # errors quote untrusted text
        self.message.setWordWrap(True)
        self.message.setObjectName("sourcesMessage")
        layout.addWidget(self.message)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        layout.addWidget(close)
        self.reload()

    def _build_table(self) -> QTableWidget:
        self.table = QTableWidget(0, 5, self)
        self.table.setHorizontalHeaderLabels([
            self.tr("Name"), self.tr("Kind"), self.tr("Events"), self.tr("Last synced"),
            self.tr("Last error")])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._on_table_item_selection_changed)
        return self.table

    def _build_buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.add_file_button = QPushButton(self.tr("Add ICS file…"), self)
        self.add_url_button = QPushButton(self.tr("Add ICS URL…"), self)
        self.add_caldav_button = QPushButton(self.tr("Add CalDAV…"), self)
        self.remove_button = QPushButton(self.tr("Remove"), self)
        self.add_file_button.clicked.connect(self._on_add_file_button_clicked)
        self.add_url_button.clicked.connect(self._on_add_url_button_clicked)
        self.add_caldav_button.clicked.connect(self._on_add_caldav_button_clicked)
        self.remove_button.clicked.connect(self._on_remove_button_clicked)
        for button in (self.add_file_button, self.add_url_button, self.add_caldav_button):
            row.addWidget(button)
        row.addStretch(1)
        row.addWidget(self.remove_button)
        self.remove_button.setEnabled(False)
        return row

    # --- the list ----------------------------------------------------------------------------

    def reload(self) -> None:
        """Read the sources again (in a worker)."""
        self.ctx.runner.start(in_thread(agenda.source_states), self.tr("Reading calendars"),
                              self._on_states_read)

    def _on_states_read(self, states: list[SourceState]) -> None:
        if not isValid(self):
            return
        self.states = states
        self.table.setRowCount(len(states))
        for row, state in enumerate(states):
            self._fill_row(row, state)
        self._on_table_item_selection_changed()
        self.sources_listed.emit()

    def _fill_row(self, row: int, state: SourceState) -> None:
        synced = (when_text(state.last_synced_at, local_zone()) if state.last_synced_at
                  else self.tr("never"))
        cells = [agenda.one_line(state.name), self.kind_name(state.kind), str(state.events),
                 synced, agenda.one_line(told(state.last_error or ""))]
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            item.setToolTip(plain_tooltip(state.location if column == 0 else
                                          told(state.last_error or "") if column == 4 else ""))
            if column == 4:
                item.setForeground(QColor(NOW_COLOUR))
            self.table.setItem(row, column, item)

    def kind_name(self, kind: str) -> str:
        """A source kind for people."""
        names = {"ics_file": self.tr("ICS file"), "ics_url": self.tr("ICS URL"),
                 "caldav": self.tr("CalDAV")}
        return names.get(kind, kind)

    def selected(self) -> SourceState | None:
        """The source of the selected row."""
        rows = self.table.selectionModel().selectedRows()
        return self.states[rows[0].row()] if rows and rows[0].row() < len(self.states) else None

    @Slot()
    def _on_table_item_selection_changed(self) -> None:
        self.remove_button.setEnabled(not self.busy and self.selected() is not None)

    # --- the buttons -------------------------------------------------------------------------

    @Slot()
    def _on_add_file_button_clicked(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self, self.tr("Add a calendar file"), "",
            self.tr("iCalendar files (*.ics);;All files (*)"))
        if path:
            self.add_ics(path)

    @Slot()
    def _on_add_url_button_clicked(self) -> None:
        url, ok = QInputDialog.getText(self, self.tr("Add a calendar address"),
                                       self.tr("The address of an .ics calendar (https:// or "
                                               "webcal://):"))
        if ok and url.strip():
            self.add_ics(url.strip())

    @Slot()
    def _on_add_caldav_button_clicked(self) -> None:
        form = CaldavForm(self)
        if form.exec():
            self.add_caldav(form.url.text().strip(), form.user.text().strip(),
                            form.password.text(), form.name.text().strip() or None)
        form.password.clear()

    @Slot()
    def _on_remove_button_clicked(self) -> None:
        state = self.selected()
        if state is None:
            return
        answer = QMessageBox.question(self, self.tr("Remove a calendar"), fill(
            self.tr("Remove %1 and its cached events? The calendar itself is not changed."),
            agenda.one_line(state.name)))
        if answer == QMessageBox.StandardButton.Yes:
            self.remove_source(state.id)

    # --- the jobs ----------------------------------------------------------------------------

    def add_ics(self, location: str) -> None:
        """Add an ``.ics`` file or URL and sync it (in a worker); kept only if it reads."""
        self._start(self._add_ics(location), self.tr("Adding a calendar"))

    def add_caldav(self, url: str, user: str, password: str, name: str | None = None) -> None:
        """Add a CalDAV account's calendars; the password goes to the keyring."""
        self._start(self._add_caldav(url, user, password, name),
                    self.tr("Adding a CalDAV account"))

    def remove_source(self, source_id: int) -> None:
        """Forget a source and its cached events."""
        self._start(self._remove(source_id), self.tr("Removing a calendar"))

    async def _add_ics(self, location: str) -> str:
        from app.calendar import sources

        added = await in_thread(sources.add_ics_blocking, location)
        return self._added_text(added)

    async def _add_caldav(self, url: str, user: str, password: str, name: str | None) -> str:
        from app.calendar import sources

        added = await in_thread(sources.add_caldav_blocking, url, user, password, name)
        return self._added_text(added)

    async def _remove(self, source_id: int) -> str:
        from app.calendar import cache

        await in_thread(cache.remove_source, source_id)
        return self.tr("The calendar was removed.")

    def _added_text(self, added: Any) -> str:
        names = ", ".join(agenda.one_line(s.name) for s in added.sources)
        text = fill(self.tr("Added %1 (%2 events)."), names, sum(r.events for r in added.results))
        if added.password_kept == "session":
            text += " " + self.tr("There is no keyring on this system, so the password is kept "
                                  "only until Stepwise quits.")
        return text

    def _start(self, job: Coroutine[Any, Any, str], what: str) -> None:
        self._set_busy(True)
        self.message.setStyleSheet("")
        self.message.setText(what + "…")
        self.ctx.runner.start(self._finish(job), what)

    async def _finish(self, job: Coroutine[Any, Any, str]) -> None:
        try:
            text, worked = await job, True
        except (KnownError, StoreError) as exc:
            text, worked = told_error(exc), False
        if not isValid(self):
            return
        self._set_busy(False)
        self.message.setStyleSheet("" if worked else f"color: {NOW_COLOUR};")
        self.message.setText(text)
        self.reload()
        if worked:
            self.sources_changed.emit()
        self.job_finished.emit(worked, text)

    def _set_busy(self, busy: bool) -> None:
        self.busy = busy
        for button in (self.add_file_button, self.add_url_button, self.add_caldav_button):
            button.setEnabled(not busy)
        self._on_table_item_selection_changed()
