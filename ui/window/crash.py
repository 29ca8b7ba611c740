"""What a crash leaves behind: the dialog for a bug (its traceback, where the log is,
how to report it), and the trace of a native crash, which no dialog can show.

A crash in Qt's C++ (a segfault) ends the process at once. ``keep_fault_trace`` turns on
``faulthandler`` into ``crash.log`` in the data folder at start-up, so such a crash
leaves its Python stack there; the next start finds it, copies it into the log file
and says calmly that Stepwise closed unexpectedly (``tell_last_crash``).
"""

from __future__ import annotations

import faulthandler
import logging
from typing import IO

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from app.config import paths

translate = QCoreApplication.translate  # lupdate reads translate(context, text)
log = logging.getLogger("stepwise")
FAULT_FILE = "crash.log"
_kept: list[IO[str]] = []  # faulthandler writes to the file's descriptor: keep it open


def log_path() -> str:
    return str(paths.data_dir() / "stepwise.log")


def fault_path() -> str:
    return str(paths.data_dir() / FAULT_FILE)


def keep_fault_trace() -> str:
    """Turn on ``faulthandler`` into the crash file; returns what the last session left
    there ("" when it ended well), which is written to the log first."""
    path = paths.data_dir() / FAULT_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        left = path.read_text(encoding="utf-8", errors="replace").strip()
    except FileNotFoundError:
        left = ""
    if left:
        log.error("Stepwise closed unexpectedly last time; what it left in %s:\n%s",
                  path, left)
    for old in _kept:
        old.close()
    _kept.clear()
    _kept.append(path.open("w", encoding="utf-8"))  # emptied: this session's, if any
    faulthandler.enable(_kept[0], all_threads=True)
    return left


def stop_fault_trace() -> None:
    """The session ended well: the crash file stays empty."""
    if _kept:
        faulthandler.disable()
        _kept.pop().close()


def tell_last_crash(parent: QWidget | None) -> QMessageBox:
    """Say, without alarm, that the last session ended in a crash and where its details
    are; the box is shown (not waited for) and returned."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Information)
    box.setWindowTitle("Stepwise")
    box.setText(translate("CrashDialog", "Stepwise closed unexpectedly last time; the "
                          "details are in %1.").replace("%1", log_path()))
    box.setInformativeText(translate("CrashDialog", "Your tasks and plans are saved as they "
                                     "were. If it happens again, please include that file "
                                     "in a report."))
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def show_crash(parent: QWidget | None, what: str, report: str) -> None:
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle(translate("CrashDialog", "Stepwise hit a bug"))
    box.setText(translate("CrashDialog", "Something went wrong while: %1. This is a bug in "
                          "Stepwise, not something you did. Your data is safe.")
                .replace("%1", what))
    box.setInformativeText(translate("CrashDialog", "The details are in %1; please include "
                                     "them in a report.").replace("%1", log_path()))
    box.setDetailedText(report)
    box.exec()
