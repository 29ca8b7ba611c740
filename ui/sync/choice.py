"""The question a task list that is gone or replaced asks (``app.sync.identity``):
make the list again from this device's tasks, keep both, or forget the account. The
sync stays stopped until the person answers; nothing here is trashed meanwhile. The
answer is written in a worker and the sync runs again at once (not after "forget")."""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from ui.shared.runner import in_thread
from ui.sync.worker import Outcome, SyncWorker
from ui.words import labels

translate = QCoreApplication.translate


def question(outcome: Outcome, parent: QWidget | None) -> tuple[QMessageBox, dict[object, str]]:
    """The message box and which of its buttons answers what (``identity.CHOICES``).

    It says which list and what happened (read from the core's question,
    ``identity._ask``), what each button does, and the command that answers the same."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(translate("SyncChoice", "The task list changed"))
    box.setText(_what_happened(outcome.message))
    box.setInformativeText(labels.fill(translate(
        "SyncChoice", "Nothing on this device was changed; syncing waits until you choose.\n\n"
                      "• Make the list again: put this device's tasks back on the server.\n"
                      "• Keep both: keep these tasks and take what the list holds now.\n"
                      "• Forget the account: stop syncing with this list; your tasks stay "
                      "here.\n\n"
                      "In a terminal:\nstepwise sync start-over %1 recreate|keep-both|forget"),
        outcome.account))
    answers: dict[object, str] = {  # the buttons in the order the text tells them
        box.addButton(translate("SyncChoice", "Make the list again"),
                      QMessageBox.ButtonRole.AcceptRole): "recreate",
        box.addButton(translate("SyncChoice", "Keep both"),
                      QMessageBox.ButtonRole.AcceptRole): "keep-both",
        box.addButton(translate("SyncChoice", "Forget the account"),
                      QMessageBox.ButtonRole.DestructiveRole): "forget",
    }
    box.setDefaultButton(box.addButton(QMessageBox.StandardButton.Cancel))
    return box, answers


_ASKED = re.compile(r"^The task list (\S+) (is gone from the server|no longer holds)")


def _what_happened(message: str) -> str:
    """Which list and what happened to it, in the interface language (the core's question
    is English and names the command-line answers, which the box tells apart)."""
    asked = _ASKED.match(message)
    if asked is None:
        return translate("SyncChoice", "The task list on the server is gone or was "
                                       "replaced.")
    url, what = asked.groups()
    if what.startswith("is gone"):
        return labels.fill(translate("SyncChoice", "The task list %1 is no longer on the "
                                                   "server."), url)
    return labels.fill(translate("SyncChoice", "The task list %1 no longer holds any of the "
                                               "tasks this device synced with it: it was "
                                               "reset, recreated or replaced."), url)


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
