"""Settings → Planning → Publishing: a file added from the window is written at once and
listed, a bad name is told below the list, and a target is stopped (its file stays)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from app.publish import store
from tests.ui.settings_helpers import open_dialog
from ui.shared.context import WindowContext


def test_publish_from_settings(ctx: WindowContext, qtbot: QtBot, tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    dialog = open_dialog(ctx, qtbot)  # held: qtbot keeps only a weak reference
    section = dialog.planning.publishing
    chosen = [str(tmp_path / "plan.txt"), str(tmp_path / "plan.ics")]
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *args, **kwargs: (chosen.pop(0), ""))
    qtbot.mouseClick(section.add_file, Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: "does not end in .ics" in section.message.text(), timeout=5000)
    assert section.targets.count() == 0
    qtbot.mouseClick(section.add_file, Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: section.targets.count() == 1, timeout=5000)
    assert (tmp_path / "plan.ics").exists() and "0 events" in section.targets.item(0).text()
    assert section.message.text() == ""
    from app.tasks.store import NewTask, add_task

    add_task(NewTask(title="Pay rent", due_at=date(2030, 1, 10)))
    store.add_ics(str(tmp_path / "dues.ics"), dues=True)
    section.load()
    qtbot.wait_until(lambda: section.targets.count() == 2, timeout=5000)
    assert section.targets.item(1).text().startswith(f"{tmp_path / 'dues.ics'} — 1 event,")
    section.targets.setCurrentRow(0)
    qtbot.mouseClick(section.remove, Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: section.targets.count() == 1, timeout=5000)
    assert [t.location for t in store.targets()] == [str(tmp_path / "dues.ics")]
    assert (tmp_path / "plan.ics").exists()
