"""The question a task list that is gone or replaced asks (``app.sync.identity``):
make the list again from this device's tasks, keep both, or forget the account. The
sync stays stopped until the person answers; nothing here is trashed meanwhile. The
answer is written in a worker and the sync runs again at once (not after "forget")."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from ui.shared.runner import in_thread
from ui.sync.worker import Outcome, SyncWorker
from ui.words import labels
from ui.words.retexts import told

translate = QCoreApplication.translate


def question(outcome: Outcome, parent: QWidget | None) -> tuple[QMessageBox, dict[object, str]]:
    """The message box and which of its buttons answers what (``identity.CHOICES``)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(translate("SyncChoice", "The task list changed"))
    box.setText(translate("SyncChoice", "The task list on the server is gone or was "
                                        "replaced. Nothing on this device was changed."))
    box.setInformativeText(labels.fill(translate(
        "SyncChoice", "Make it again from this device's tasks, keep this device's tasks and "
                      "take what the list holds now, or stop syncing with it (your tasks "
                      "stay here).\n\nThe server said: %1"), told(outcome.message)))
    answers = {
        box.addButton(translate("SyncChoice", "Make the list again"),
                      QMessageBox.ButtonRole.AcceptRole): "recreate",
        box.addButton(translate("SyncChoice", "Keep both"),
                      QMessageBox.ButtonRole.ActionRole): "keep-both",
        box.addButton(translate("SyncChoice", "Forget the account"),
                      QMessageBox.ButtonRole.DestructiveRole): "forget",
    }
    box.setDefaultButton(box.addButton(QMessageBox.StandardButton.Cancel))
    return box, answers


def ask_list_changed(worker: SyncWorker, outcome: Outcome, parent: QWidget | None) -> None:
    """Ask, then carry out the answer (in a worker) and sync again."""
    from app.sync import identity

    box, answers = question(outcome, parent)
    box.exec()
    choice = answers.get(box.clickedButton())
    if choice is None:
        return

    def answered(_: None) -> None:
        if choice == "forget":
            worker.start()  # shows the state without the account
        else:
            worker.sync_now()

    worker.ctx.runner.start(in_thread(identity.start_over, outcome.account, choice),
                            translate("SyncChoice", "Answering the sync question"), answered)
