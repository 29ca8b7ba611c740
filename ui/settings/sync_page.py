"""The Sync page of Settings: the CalDAV task list the tasks sync with, a connection
test, how often to sync, and removing the account.

Its actions take effect at once (as the calendar sources do), each in a worker thread:
saving the account puts the password in the system keyring through
``app.sync.accounts`` (or, with no keyring, keeps it for this session and says so);
"Test connection" asks the server without writing anything (``app.sync.probe``) and
tells the outcome in plain words; the interval is the declared setting
``sync.interval_minutes`` (0: only after changes here).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.config import settings
from ui.settings import fields
from ui.shared.context import WindowContext
from ui.shared.runner import Op, in_thread
from ui.sync.status import plain_reason
from ui.words import labels
from ui.words.retexts import told


@dataclass(frozen=True)
class Kept:
    """The account the page shows (the first one), read in a worker."""

    account_id: int = 0  # 0: none yet
    url: str = ""
    user: str = ""
    interval: int = 15


@dataclass(frozen=True)
class Tested:
    """A connection test's outcome: what was found, or the known error's class."""

    found: str = ""  # app.sync.probe.Found, "" when it failed
    error: str = ""
    message: str = ""


class SyncPage(QWidget):
    """Edit the sync account; every action reports through a signal and the message."""

    loaded = Signal()
    tested = Signal(bool, str)  # connected, the message shown
    account_saved = Signal(bool)  # whether the keyring keeps the password
    account_removed = Signal()
    failed = Signal(str)  # a save or remove that was refused, the message shown

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.kept = Kept()
        self._build()
        self._connect()
        self.reload()

    def tab_name(self) -> str:
        """This page's name among the Settings tabs."""
        return self.tr("Sync")

    def _build(self) -> None:
        column = QVBoxLayout(self)
        intro = QLabel(self.tr("Keep your tasks and plans in a CalDAV task list (Nextcloud, "
                               "Radicale, Fastmail …) so your other computers and phone apps "
                               "such as Tasks.org or DAVx⁵ see them too."), self)
        intro.setWordWrap(True)
        column.addWidget(intro)
        form = QFormLayout()
        self.url, self.user, self.password = QLineEdit(self), QLineEdit(self), QLineEdit(self)
        self.url.setObjectName("syncUrl")
        self.url.setPlaceholderText("https://cloud.example.org/remote.php/dav/calendars/ann/tasks/")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow(self.tr("Task list address"), self.url)
        form.addRow(self.tr("User name"), self.user)
        form.addRow(self.tr("Password"), self.password)
        self.interval = fields.spin(self, "sync.interval_minutes")
        self.interval.setSpecialValueText(self.tr("Off (only after changes here)"))
        self.interval.setSuffix(self.tr(" min"))
        form.addRow(self.tr("Sync every"), self.interval)
        column.addLayout(form)
        column.addLayout(self._button_row())
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 0)  # busy: a test has no steps to count
        self.progress.hide()
        column.addWidget(self.progress)
        self.message = QLabel(self)
        self.message.setObjectName("syncMessage")
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        column.addWidget(self.message)
        column.addStretch(1)

    def _button_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.test_button = QPushButton(self.tr("Test connection"), self)
        self.save_button = QPushButton(self.tr("Save account"), self)
        self.remove_button = QPushButton(self.tr("Remove account"), self)
        for button in (self.test_button, self.save_button, self.remove_button):
            row.addWidget(button)
        row.addStretch(1)
        return row

    def _connect(self) -> None:
        self.test_button.clicked.connect(self._on_test_button_clicked)
        self.save_button.clicked.connect(self._on_save_button_clicked)
        self.remove_button.clicked.connect(self._on_remove_button_clicked)
        self.url.textChanged.connect(self._update)

    def reload(self) -> None:
        """Read the account and the interval again (in a worker)."""
        self.ctx.runner.start(in_thread(read_kept), self.tr("Reading the sync account"),
                              self._on_kept_read)

    def _on_kept_read(self, kept: Kept) -> None:
        self.kept = kept
        self.url.setText(kept.url)
        self.user.setText(kept.user)
        self.password.clear()
        self.password.setPlaceholderText(self.tr("Kept: leave empty to keep it")
                                         if kept.account_id else "")
        self.interval.blockSignals(True)
        self.interval.setValue(kept.interval)
        self.interval.blockSignals(False)
        self.interval.valueChanged.connect(self._on_interval_value_changed,
                                           Qt.ConnectionType.UniqueConnection)
        self._update()
        self.loaded.emit()

    @Slot()
    def _update(self) -> None:
        have = bool(self.kept.account_id)
        for field in (self.url, self.user):
            field.setReadOnly(have)
        self.save_button.setEnabled(not have and not self.url_problem())
        self.remove_button.setEnabled(have)
        self.test_button.setEnabled(not self.url_problem() and self.progress.isHidden())

    def url_problem(self) -> str:
        """Why the address cannot be a task list's ("" when it can)."""
        url = self.url.text().strip()
        if url.startswith(("http://", "https://")) and len(url) > len("https://"):
            return ""
        return self.tr("Enter the http:// or https:// address of a CalDAV task list.")

    def _say(self, text: str, *, error: bool) -> None:
        self.message.setStyleSheet(fields.ERROR_STYLE if error else "")
        self.message.setText(told(text))  # a refusal of the core, in the window's language

    # --- test, save, remove ----------------------------------------------------------------

    @Slot()
    def _on_test_button_clicked(self) -> None:
        self.test_connection()

    def test_connection(self) -> None:
        """Ask the server in a worker; the outcome comes as ``tested``."""
        self.progress.show()
        self._update()
        self._say(self.tr("Connecting to the server…"), error=False)
        self.ctx.runner.start(
            in_thread(run_test, self.url.text().strip(), self.user.text().strip(),
                      self.password.text(), self.kept.account_id),
            self.tr("Testing the sync server"), self._on_tested)

    def _on_tested(self, result: Tested) -> None:
        self.progress.hide()
        self._update()
        if result.error:
            text = self.tr("Not connected: %1.").replace("%1", plain_reason(result.error))
        elif result.found == "list":
            text = self.tr("Connected: the task list is there.")
        else:
            text = self.tr("Connected. The task list does not exist yet: the first sync "
                           "creates it.")
        self._say(text, error=bool(result.error))
        self.tested.emit(not result.error, text)

    @Slot()
    def _on_save_button_clicked(self) -> None:
        self.save_account()

    def save_account(self) -> None:
        """Add the account the fields describe (the password to the keyring)."""
        self.save_button.setEnabled(False)
        Op(self.ctx.runner, in_thread(save, self.url.text().strip(), self.user.text().strip(),
                                      self.password.text(), self.interval.value()),
           self.tr("Saving the sync account")).success(lambda kept: self._on_saved(kept, "")
                                                       ).failure(
            lambda error: self._on_saved(False, error)).run()

    def _on_saved(self, kept: bool, error: str) -> None:
        """The account is added (the password kept for good or not), or why not."""
        if error:
            self._say(error, error=True)
            self._update()
            self.failed.emit(error)
            return
        if not kept:
            text = self.tr("Saved. No system keyring was found: the password is kept only "
                           "until Stepwise quits.")
        elif self.password.text():
            text = self.tr("Saved. The password is kept in the system keyring.")
        else:
            text = self.tr("Saved.")
        self._say(text, error=False)
        self.reload()
        self.account_saved.emit(kept)

    @Slot()
    def _on_remove_button_clicked(self) -> None:
        self.remove_account()

    def remove_account(self) -> None:
        """Forget the account (tasks here and on the server stay as they are)."""
        self.ctx.runner.start(in_thread(remove, self.kept.account_id),
                              self.tr("Removing the sync account"), self._on_removed)

    def _on_removed(self, _none: None) -> None:
        self._say(self.tr("The account was removed. Your tasks here and on the server stay "
                          "as they are."), error=False)
        self.reload()
        self.account_removed.emit()

    @Slot(int)
    def _on_interval_value_changed(self, minutes: int) -> None:
        self.ctx.runner.start(in_thread(settings.put, "sync.interval_minutes", minutes),
                              self.tr("Saving the sync interval"))
        if minutes:
            self._say(labels.fill(self.tr("Tasks sync every %1 minutes and after changes."),
                                  minutes), error=False)


def read_kept() -> Kept:
    """The first sync account and the interval (worker thread)."""
    from models.tables import SyncAccount

    interval = int(settings.get("sync.interval_minutes"))
    row = SyncAccount.select().order_by(SyncAccount.id).first()
    if row is None:
        return Kept(interval=interval)
    return Kept(row.id, row.url, row.user, interval)


def run_test(url: str, user: str, password: str, account_id: int) -> Tested:
    """A connection test with the typed password, else the kept one (worker thread)."""
    from app.calendar.errors import CalendarError
    from app.sync import accounts, probe

    if not password and account_id:
        password = accounts.password(accounts.get_account(account_id), None)
    try:
        return Tested(found=str(probe.probe(url, user, password)))
    except CalendarError as exc:
        return Tested(error=type(exc).__name__, message=str(exc))


def save(url: str, user: str, password: str, interval: int) -> bool:
    """Add the account and set the interval; whether the password is kept for good.

    Raises:
        KnownError: the settings or the account are refused (nothing is kept then).
    """
    from app.sync import accounts

    settings.put("sync.interval_minutes", interval)
    _account, kept = accounts.add_account(url, user, password or None)
    return kept


def remove(account_id: int) -> None:
    from app.sync import accounts

    accounts.remove_account(account_id)
