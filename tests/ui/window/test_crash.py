"""The crash dialog (ui.window.crash): a bug shows what was being done, that the data is safe,
where the log is, and the traceback in its details; a native crash leaves its stack in the
crash file, which the next start logs and tells about once."""

from __future__ import annotations

import faulthandler
import logging
import sys
from pathlib import Path

import pytest
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


def test_a_native_crash_is_logged_and_told_on_the_next_start(
        data_dir: Path, qtbot: QtBot, caplog: pytest.LogCaptureFixture) -> None:
    import subprocess

    from tests.conftest import ROOT, stepwise_env

    died = subprocess.run(  # a session that dies in native code, as a Qt segfault does
        [sys.executable, "-c", "from app.config import paths; paths.configure(); "
         "from ui.window import crash; crash.keep_fault_trace(); "
         "import faulthandler; faulthandler._sigsegv()"],
        capture_output=True, text=True, timeout=60, env=stepwise_env(data_dir), cwd=ROOT)
    assert died.returncode != 0
    try:
        with caplog.at_level(logging.ERROR, logger="stepwise"):
            left = crash.keep_fault_trace()  # the next start
        assert "Segmentation fault" in left and "<string>" in left  # the Python stack
        assert any("closed unexpectedly" in r.getMessage() and "Segmentation fault"
                   in r.getMessage() for r in caplog.records)
        box = crash.tell_last_crash(None)
        qtbot.add_widget(box)
        assert box.isVisible() and box.icon() == QMessageBox.Icon.Information
        assert box.text() == (f"Stepwise closed unexpectedly last time; the details are in "
                              f"{crash.log_path()}.")
        assert crash.keep_fault_trace() == ""  # told once: the file is this session's now
    finally:
        crash.stop_fault_trace()
        faulthandler.enable(sys.stderr)  # pytest's own, as it was
    assert crash.keep_fault_trace() == ""  # a session that ended well left nothing
    crash.stop_fault_trace()
    faulthandler.enable(sys.stderr)
