"""The crash dialog: a bug shows its traceback, where the log is, and how to report it."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from app.config import paths

translate = QCoreApplication.translate  # lupdate reads translate(context, text)


def log_path() -> str:
    return str(paths.data_dir() / "stepwise.log")


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
