"""File → Import: another planner's file (Taskwarrior JSON, todo.txt, Todoist CSV, ICS)
added to this database.

The chosen file is read and imported by the same importers as ``stepwise import --from
…`` (``app.io.importers``): in transactions of a fraction of a second, so the window and
other programs keep writing meanwhile; a small file in a worker thread, a big one in a
process of its own (``app.io.import_process``), whose reading and checking would
otherwise hold this interpreter's lock and stall every paint. A file that cannot be
read imports nothing and says why. While it runs a bar shows how far it got and Cancel
stops it after the transaction in flight, keeping what was committed (and saying so).
Afterwards the dialog shows what was read, added and skipped, and ``imported`` tells the
window to reload its list.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.errors import BadFile, KnownError
from ui.shared.context import WindowContext
from ui.shared.runner import in_thread
from ui.words import labels
from ui.words.retexts import told, told_error

if TYPE_CHECKING:
    from app.io.importers.store import Summary

_ERROR_STYLE = "color: #c0392b;"
_PATTERNS = {"taskwarrior": "*.json", "todotxt": "*.txt", "todoist": "*.csv", "ics": "*.ics"}


def import_file(source: str, path: Path, progress: Callable[[int, int], None] | None = None,
                stop: Callable[[], bool] | None = None) -> Summary:
    """Read ``path`` as format ``source`` and add its tasks (blocking; run it in a worker),
    telling ``progress`` after each transaction and ending early when ``stop()`` says so.

    Raises:
        BadFile: missing, too big or not that format; nothing was imported.
    """
    from app.io.importers.command import import_path

    return import_path(source, path, progress, stop)


async def _run(source: str, path: Path, progress: Callable[[int, int], None],
               stop: Callable[[], bool]) -> Summary | KnownError:
    """The import in a worker: its summary, or the known error that stopped it. A big
    file is imported in a process of its own (``app.io.import_process``)."""
    try:
        where = _own_process_for(path)
        if where is not None:
            from app.io.import_process import import_in_process

            return await import_in_process(source, path, *where, progress, stop)
        return await in_thread(import_file, source, path, progress, stop)
    except KnownError as exc:
        return exc


OWN_PROCESS = True  # tests that need the import in this process set it False


def _own_process_for(path: Path) -> tuple[Path, Path] | None:
    """The database and data folder for an import in a process of its own, or None to
    import in the worker thread: a small file (starting a process costs more than its
    import), or a database only this process can see (``processes.shared_store``)."""
    from app import processes
    from app.io.import_process import BIG_BYTES

    try:
        big = path.stat().st_size >= BIG_BYTES
    except OSError:  # missing: the thread's import says so in its words
        return None
    return processes.shared_store() if OWN_PROCESS and big else None


class ImportDialog(QDialog):
    """Choose a format and a file, import it, and read what happened."""

    imported = Signal(list)  # the new tasks' ids
    progressed = Signal(int, int)  # tasks done, tasks in the file (sent from the worker)

    def __init__(self, ctx: WindowContext, database: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self._jobs: list[asyncio.Task[Any]] = []  # cancelled when the dialog closes
        self._stop = threading.Event()  # set by Cancel: the worker stops between commits
        self.setObjectName("importDialog")
        self.setWindowTitle(self.tr("Import tasks"))
        self.resize(560, 380)
        box = QVBoxLayout(self)
        form = QFormLayout()
        self.format = QComboBox(self)
        for key, text in (("taskwarrior", self.tr("Taskwarrior JSON (task export)")),
                          ("todotxt", "todo.txt"),  # a file name in every language
                          ("todoist", self.tr("Todoist CSV backup")),
                          ("ics", self.tr("iCalendar file with tasks (ICS)"))):
            self.format.addItem(text, key)
        form.addRow(self.tr("Format"), self.format)
        form.addRow(self.tr("File"), self._file_row())
        into = QLabel(database, self)
        into.setWordWrap(True)
        form.addRow(self.tr("Into this database"), into)
        box.addLayout(form)
        self.summary = QPlainTextEdit(self)
        self.summary.setObjectName("importSummary")
        self.summary.setReadOnly(True)
        self.summary.setPlaceholderText(self.tr("What was read and what was skipped shows "
                                                "here."))
        box.addWidget(self.summary, 1)
        self.progress = QProgressBar(self)
        self.progress.setObjectName("importProgress")
        self.progress.hide()
        box.addWidget(self.progress)
        self.progressed.connect(self._on_progressed)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.import_button = self.buttons.addButton(self.tr("Import"),
                                                    QDialogButtonBox.ButtonRole.ActionRole)
        self.import_button.clicked.connect(self.start)
        self.cancel_button = self.buttons.addButton(self.tr("Cancel import"),
                                                    QDialogButtonBox.ButtonRole.ActionRole)
        self.cancel_button.setObjectName("importCancel")
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.hide()
        self.buttons.rejected.connect(self.reject)
        box.addWidget(self.buttons)
        self.path.textChanged.connect(self._on_path_text_changed)
        self._on_path_text_changed(self.path.text())

    def done(self, result: int) -> None:
        """Closing stops the import after its transaction in flight (what was committed
        stays) and stops waiting for it."""
        self._stop.set()
        for job in self._jobs:
            job.cancel()
        super().done(result)

    def _file_row(self) -> QWidget:
        row = QWidget(self)
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        self.path = QLineEdit(row)
        self.path.setObjectName("importPath")
        line.addWidget(self.path, 1)
        choose = QPushButton(self.tr("Choose…"), row)
        choose.clicked.connect(self._on_choose_clicked)
        line.addWidget(choose)
        return row

    def _on_path_text_changed(self, text: str) -> None:
        self.import_button.setEnabled(bool(text.strip()))

    def _on_choose_clicked(self) -> None:
        pattern = _PATTERNS[str(self.format.currentData())]
        name, _ = QFileDialog.getOpenFileName(self, self.tr("Choose a file to import"), "",
                                              f"{self.format.currentText()} ({pattern});;"
                                              + self.tr("All files (*)"))
        if name:
            self.path.setText(name)

    def start(self) -> None:
        """Import the chosen file in a worker; the summary shows when it is done."""
        self.import_button.setEnabled(False)
        self.summary.setStyleSheet("")
        self.summary.setPlainText(self.tr("Importing…"))
        self._stop = threading.Event()
        self.progress.setRange(0, 0)  # busy until the file is read
        self.progress.show()
        self.cancel_button.setEnabled(True)
        self.cancel_button.show()
        source, path = str(self.format.currentData()), Path(self.path.text().strip())
        self._jobs.append(self.ctx.runner.start(
            _run(source, path, self.progressed.emit, self._stop.is_set),
            self.tr("Importing tasks"), done=lambda result: self._on_done(path, result)))

    def cancel(self) -> None:
        """Stop the import after its transaction in flight; what was committed stays."""
        self._stop.set()
        self.cancel_button.setEnabled(False)
        self.summary.setPlainText(self.tr("Cancelling…"))

    def _on_progressed(self, done: int, total: int) -> None:
        """The bar and its words, counts grouped as the summary's ("4,000 of 30,000
        tasks": Qt's own %v and %m are not)."""
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.progress.setFormat(labels.fill(self.tr("%1 of %2 tasks"), f"{done:,}",
                                            f"{total:,}"))

    def _on_done(self, path: Path, result: Summary | KnownError) -> None:
        self.import_button.setEnabled(True)
        self.progress.hide()
        self.cancel_button.hide()
        if isinstance(result, KnownError):
            self.summary.setStyleSheet(_ERROR_STYLE)
            self.summary.setPlainText(self.failure_text(path, result))
            return
        self.summary.setPlainText("\n".join(self.summary_lines(path, result)))
        self.imported.emit(list(result.added))

    def failure_text(self, path: Path, error: KnownError) -> str:
        """Why nothing was imported, in the interface language, with the details."""
        why = self.tr("%1 could not be read as %2: it is missing, empty, too big or not "
                      "in that format.") if isinstance(error, BadFile) else \
            self.tr("%1 could not be imported as %2.")
        return labels.fill(self.tr("Nothing was imported: %1\n\nDetails: %2"),
                           labels.fill(why, path.name, self.format.currentText()),
                           told_error(error))

    def summary_lines(self, path: Path, summary: Summary) -> list[str]:
        """What the import did, in the interface language (skipped reasons as given;
        counts grouped, "20,000")."""
        n = "{:,}".format
        head = labels.fill(self.tr("Read %1 entries from %2: added %3 tasks with %4 steps, "
                                   "skipped %5."), n(summary.read), path.name,
                           n(len(summary.added)), n(summary.steps), n(len(summary.skipped)))
        skipped = self.tr("Skipped: %1")
        kept = [] if not summary.kept else [labels.fill(
            self.tr("Kept in the tasks' details: %1 fields the other app has and Stepwise "
                    "does not (%2)"), n(len(summary.kept)), ", ".join(sorted(set(summary.kept))))]
        lines = [head, *kept, *(labels.fill(skipped, told(line)) for line in summary.skipped)]
        if summary.cancelled:
            again = self.tr("importing the file again skips those") if summary.with_ids else \
                self.tr("this format carries no task IDs, so importing the file again adds "
                        "those twice")
            lines.append(labels.fill(self.tr("Imported %1 of %2 tasks before it was "
                                             "cancelled; %3."), n(summary.done),
                                     n(summary.total), again))
        return lines


def open_import(ctx: WindowContext, reload: Callable[[], None], parent: QWidget) -> None:
    """File → Import: the dialog for this database; ``reload`` runs after an import."""
    from app.config import paths

    dialog = ImportDialog(ctx, str(paths.db_path()), parent)
    dialog.imported.connect(lambda _ids: reload())
    dialog.exec()
