"""The crash dialog (ui.window.crash): a bug shows what was being done, that the data is safe,
where the log is, and the traceback in its details."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from ui.window import crash


def test_a_bug_names_what_it_was_doing_and_where_the_log_is(
        data_dir: Path, qtbot: QtBot) -> None:
    seen: list[tuple[str, str, str, str, QMessageBox.Icon]] = []

    def read_and_close() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen.append((box.windowTitle(), box.text(), box.informativeText(),
                     box.detailedText(), box.icon()))
        box.close()

    QTimer.singleShot(0, read_and_close)
    crash.show_crash(None, "saving the plan", "Traceback (most recent call last): boom")
    assert len(seen) == 1
    title, text, where, details, icon = seen[0]
    assert title == "Stepwise hit a bug" and icon == QMessageBox.Icon.Critical
    assert "while: saving the plan." in text and "Your data is safe." in text
    assert str(data_dir) in where and where.endswith("please include them in a report.")
    assert crash.log_path() == str(Path(crash.paths.data_dir()) / "stepwise.log")
    assert details == "Traceback (most recent call last): boom"
