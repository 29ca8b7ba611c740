"""The task sync's state in the status bar: "Synced 14:02", "Syncing… 120/600" with a
Cancel button, "Sync failed: … — click for details", "2 conflicts need attention" (a
click opens the conflicts chooser).

Times are local (``ui.words.dates.short_when``). The texts follow the interface language, and
``plain_reason`` turns a sync's known error into a sentence the settings page uses too.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Slot
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMessageBox, QToolButton, QWidget

from ui.sync.worker import Outcome, SyncWorker
from ui.words import labels
from ui.words.dates import short_when
from ui.words.retexts import told

translate = QCoreApplication.translate  # the name lupdate looks for


def plain_reason(error: str) -> str:
    """What went wrong, in the interface language, from a known error's class name."""
    reasons = {
        "Unreachable": translate("SyncStatus", "the server could not be reached (check the "
                                               "address and the network)"),
        "AuthFailed": translate("SyncStatus", "the server refused the user name or password"),
        "NoPassword": translate("SyncStatus",
                                "no password is kept for this account; enter it again"),
        "BadResponse": translate("SyncStatus", "the address does not answer like a CalDAV server"),
        "ServerFailed": translate("SyncStatus",
                                  "the server answered with an error; try again later"),
        "StoreError": translate("SyncStatus", "the database could not be written"),
        "ListChanged": translate("SyncStatus", "the task list on the server is gone or was "
                                               "replaced"),
        "UnsupportedAuth": translate("SyncStatus", "the server asks for a sign-in Stepwise "
                                                   "does not do (only Basic and Digest)"),
        "Redirected": translate("SyncStatus", "the server sent the request to another "
                                              "address; check the account's address"),
    }
    return reasons.get(error, translate("SyncStatus", "the server had a problem"))


class SyncStatus(QWidget):
    """A label and, while a sync runs, a Cancel button."""

    def __init__(self, worker: SyncWorker, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.worker = worker
        self.label = QLabel(self)
        self.label.setObjectName("syncStatus")
        self.cancel_button = QToolButton(self)
        self.cancel_button.setObjectName("syncCancel")
        self.cancel_button.hide()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label)
        row.addWidget(self.cancel_button)
        self._progress: tuple[int, int] | None = None
        self._stopping = False
        worker.sync_started.connect(self._on_worker_sync_started)
        worker.sync_progressed.connect(self._on_worker_sync_progressed)
        worker.sync_finished.connect(self._on_worker_sync_finished)
        self.cancel_button.clicked.connect(self._on_cancel_button_clicked)
        self._render()

    @Slot()
    def _on_worker_sync_started(self) -> None:
        self._progress, self._stopping = None, False
        self._render()

    @Slot(str, int, int)
    def _on_worker_sync_progressed(self, phase: str, done: int, total: int) -> None:
        if phase in ("prepare", "push") and total:
            self._progress = (done, total)
            self._render()

    @Slot(object)
    def _on_worker_sync_finished(self, _outcome: Outcome) -> None:
        self._progress, self._stopping = None, False
        self._render()

    @Slot()
    def _on_cancel_button_clicked(self) -> None:
        self._stopping = True
        self.worker.cancel()
        self._render()

    def text(self) -> str:
        """What the label says now."""
        if self.worker.running:
            if self._stopping:
                return self.tr("Stopping the sync…")
            if self._progress is None:
                return self.tr("Syncing…")
            return labels.fill(self.tr("Syncing… %1/%2"), *self._progress)
        return self._finished_text(self.worker.last)

    def _finished_text(self, outcome: Outcome | None) -> str:
        if outcome is None or outcome.state == "none":
            return ""
        if outcome.state == "failed" and outcome.error == "ListChanged":
            return labels.fill(self.tr("Sync stopped: %1 — click to choose what to do"),
                               plain_reason(outcome.error))
        if outcome.state == "failed":
            return labels.fill(self.tr("Sync failed: %1 — click for details"),
                               plain_reason(outcome.error))
        when = labels.fill(self.tr("Synced %1"), short_when(outcome.at)) if outcome.at else ""
        if outcome.state == "cancelled":
            stopped = self.tr("Sync stopped")
            return f"{stopped} · {when}" if when else stopped
        if outcome.conflicts == 1:
            return self.tr("1 conflict needs attention") + f" · {when}"
        if outcome.conflicts:
            return labels.fill(self.tr("%1 conflicts need attention"),
                               outcome.conflicts) + f" · {when}"
        if outcome.unreadable:
            count = len(outcome.unreadable)
            unread = labels.counted(self.tr("%n item(s) from other devices could not be read",
                                            "", count), count)
            return f"{when} · {unread}" if when else unread
        return when

    def _render(self) -> None:
        self.label.setText(self.text())
        self.cancel_button.setText(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop the sync; what was sent so far is kept"))
        self.cancel_button.setVisible(self.worker.running and not self._stopping)
        failed = not self.worker.running and self.worker.last is not None \
            and self.worker.last.state == "failed"
        self.label.setStyleSheet("color: #c0392b;" if failed else "")
        self.label.setCursor(Qt.CursorShape.PointingHandCursor
                             if failed or self.conflicts() or self.unreadable()
                             else Qt.CursorShape.ArrowCursor)
        self.label.setToolTip(self._hint(failed))

    def _hint(self, failed: bool) -> str:
        """What a click does, for the texts that do not say it themselves."""
        if failed:
            return ""
        if self.conflicts():
            return self.tr("Click to choose which version to keep")
        if self.unreadable():
            return self.tr("Click to see which items and why")
        return ""

    def details(self) -> str:
        """The failure told in full ("" when the last sync did not fail); else the other
        devices' items that could not be read, a line each."""
        last = self.worker.last
        if last is not None and last.state != "failed" and self.unreadable():
            lines = "\n".join(f"• {told(line)}" for line in last.unreadable)
            return labels.fill(self.tr("These items from other devices could not be read. "
                                       "They stay on the server untouched; correct them on "
                                       "the device that made them, and Stepwise reads them "
                                       "again when they change.\n\n%1"), lines)
        if last is None or last.state != "failed":
            return ""
        text = self.tr("The tasks could not be synced: %1.\n\nNothing here was changed; the "
                       "next sync tries again.\n\nThe server said: %2")
        return labels.fill(text, plain_reason(last.error), told(last.message))

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        """A failure opens its details; conflicts open the chooser (ui.sync.conflicts), as
        the label says, before the list of unreadable items (told once they are settled)."""
        super().mousePressEvent(event)
        last = self.worker.last
        if last is not None and last.state == "failed" and last.error == "ListChanged" \
                and not self.worker.running:
            from ui.sync.choice import ask_list_changed

            ask_list_changed(self.worker, last, self.window())
            return
        if self.conflicts():
            from ui.sync.conflicts import open_conflicts

            open_conflicts(self.worker.ctx, None, lambda: None, self.window())
            return
        text = self.details()
        if text:
            title = self.tr("Sync") if last is not None and last.state == "failed" \
                else self.tr("Items that could not be read")
            QMessageBox.information(self, title, text)

    def unreadable(self) -> int:
        """How many of other devices' items could not be read (0 while a sync runs)."""
        last = self.worker.last
        return len(last.unreadable) if last is not None and not self.worker.running else 0

    def conflicts(self) -> int:
        """The conflicts the last sync left for the user (0 while one runs)."""
        last = self.worker.last
        return last.conflicts if last is not None and not self.worker.running else 0

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._render()
