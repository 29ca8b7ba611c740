"""Settings → Planning → Publishing: where the schedule is published (``app.publish``),
with how the last write went; add an iCalendar file or a CalDAV calendar of Stepwise's
own, or stop one. Each action takes effect at once, in a worker, as the command line's
``stepwise publish`` does; a refusal is told below the list in the interface language."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.publish import store
from ui.settings import fields
from ui.shared.context import WindowContext
from ui.shared.runner import Op, in_thread
from ui.words.labels import fill


class PublishSection(QGroupBox):
    """The publish targets and the buttons that change them."""

    def __init__(self, ctx: WindowContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setTitle(self.tr("Publishing"))
        box = QVBoxLayout(self)
        intro = QLabel(self.tr("Show your scheduled blocks in the calendar app you already "
                               "use: an .ics file it subscribes to, or a calendar of "
                               "Stepwise's own on your CalDAV server."), self)
        intro.setWordWrap(True)
        box.addWidget(intro)
        self.targets = QListWidget(self)
        self.targets.setObjectName("publishTargets")
        self.targets.setMaximumHeight(90)
        box.addWidget(self.targets)
        row = QHBoxLayout()
        self.add_file = QPushButton(self.tr("Add file…"), self)
        self.add_caldav = QPushButton(self.tr("Add CalDAV calendar…"), self)
        self.remove = QPushButton(self.tr("Stop publishing"), self)
        for button in (self.add_file, self.add_caldav, self.remove):
            row.addWidget(button)
        row.addStretch(1)
        box.addLayout(row)
        self.message = fields.message_label(self, "publishMessage")
        box.addWidget(self.message)
        self.add_file.clicked.connect(self._on_add_file_clicked)
        self.add_caldav.clicked.connect(self._on_add_caldav_clicked)
        self.remove.clicked.connect(self._on_remove_clicked)
        self.targets.currentRowChanged.connect(lambda _row: self._update())
        self._update()

    def load(self) -> None:
        """Read the targets (in a worker) and show them."""
        Op(self.ctx.runner, in_thread(store.targets), self.tr("Reading where the schedule "
                                                              "is published")).success(
            self._show).failure(self._tell).run()

    def _show(self, found: list[store.Target]) -> None:
        self.targets.clear()
        for target in found:
            item = QListWidgetItem(self._line(target), self.targets)
            item.setData(Qt.ItemDataRole.UserRole, target.id)
            item.setToolTip(target.error or target.location)
        self._update()

    def _line(self, target: store.Target) -> str:
        if target.error:
            return fill(self.tr("%1 — not written: %2"), target.location, target.error)
        when = target.published_at.astimezone().strftime("%Y-%m-%d %H:%M") \
            if target.published_at else "—"
        if target.events == 1:
            return fill(self.tr("%1 — 1 event, written %2"), target.location, when)
        return fill(self.tr("%1 — %2 events, written %3"), target.location, target.events,
                    when)

    def _update(self) -> None:
        self.remove.setEnabled(self.targets.currentRow() >= 0)

    def _tell(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def _done(self, _target: store.Target) -> None:
        self._tell("")
        self.load()

    def _on_add_file_clicked(self) -> None:
        path, _filter = QFileDialog.getSaveFileName(
            self, self.tr("Publish the schedule to a file"), "plan.ics",
            self.tr("iCalendar files (*.ics)"))
        if not path:
            return
        Op(self.ctx.runner, in_thread(store.add_ics, path), self.tr("Publishing the "
                                                                    "schedule")).success(
            self._done).failure(self._tell).run()

    def _on_add_caldav_clicked(self) -> None:
        asked = CalDavDialog(self)
        if asked.exec() != QDialog.DialogCode.Accepted:
            return
        Op(self.ctx.runner, in_thread(store.add_caldav, asked.url.text().strip(),
                                      asked.user.text().strip(), asked.password.text()),
           self.tr("Publishing the schedule")).success(self._done).failure(self._tell).run()

    def _on_remove_clicked(self) -> None:
        item = self.targets.currentItem()
        if item is None:
            return
        target_id = int(item.data(Qt.ItemDataRole.UserRole))
        Op(self.ctx.runner, in_thread(store.remove, target_id),
           self.tr("Stopping publishing")).success(self._done).failure(self._tell).run()


class CalDavDialog(QDialog):
    """The address of a new calendar for Stepwise to make, and the account."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Publish to a CalDAV calendar"))
        form = QFormLayout(self)
        self.url = QLineEdit(self, placeholderText="https://dav.example.com/ann/stepwise-plan/")
        form.addRow(self.tr("New calendar's address"), self.url)
        self.user = QLineEdit(self)
        form.addRow(self.tr("User"), self.user)
        self.password = QLineEdit(self)
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow(self.tr("Password"), self.password)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
