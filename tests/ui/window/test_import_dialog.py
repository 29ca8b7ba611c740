"""File → Import: the dialog imports a real-shaped file in a worker and shows what was
read and skipped; a bad file says why and imports nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from models import Task
from ui.shared.context import WindowContext
from ui.window.import_dialog import ImportDialog

DATA = Path(__file__).parents[2] / "app" / "io" / "importers" / "data"
EXPORT = [  # the shape of Taskwarrior 2.6's `task export`
    {"id": 1, "description": "Renew passport", "entry": "20261120T090000Z",
     "modified": "20261120T090000Z", "status": "pending", "priority": "H",
     "due": "20261215T170000Z", "tags": ["admin"],
     "uuid": "5b1a51c2-7a0c-4c8e-9f39-0d4f0f7f3a11", "urgency": 9.2,
     "annotations": [{"entry": "20261121T080000Z", "description": "photo first"}]},
    {"id": 2, "description": "Book photo booth", "entry": "20261120T090100Z",
     "modified": "20261120T090100Z", "status": "pending",
     "depends": "5b1a51c2-7a0c-4c8e-9f39-0d4f0f7f3a11",
     "uuid": "9d6c3f1e-2b55-4f7a-a3a5-6c0d9e6a2b22", "urgency": 1.0},
    {"id": 0, "description": "Old chore", "entry": "20261101T090000Z",
     "end": "20261102T090000Z", "status": "deleted",
     "uuid": "0e0e0e0e-1111-4222-8333-444444444444", "urgency": 0},
    {"id": 3, "description": "Weekly report", "entry": "20261101T090000Z",
     "status": "recurring", "recur": "weekly", "due": "20261204T170000Z",
     "uuid": "7a7a7a7a-1111-4222-8333-555555555555", "urgency": 2},
    {"id": 4, "description": "Weekly report", "entry": "20261101T090000Z",
     "status": "pending", "due": "20261204T170000Z", "imask": 0,
     "parent": "7a7a7a7a-1111-4222-8333-555555555555",
     "uuid": "8b8b8b8b-1111-4222-8333-666666666666", "urgency": 2},
]


def _dialog(ctx: WindowContext, qtbot: QtBot, source: str, path: Path) -> ImportDialog:
    dialog = ImportDialog(ctx, "/tmp/stepwise.db")
    qtbot.add_widget(dialog)
    dialog.show()
    dialog.format.setCurrentIndex(dialog.format.findData(source))
    dialog.path.setText(str(path))
    return dialog


def _run(dialog: ImportDialog, qtbot: QtBot) -> str:
    dialog.import_button.click()
    qtbot.wait_until(lambda: dialog.import_button.isEnabled(), timeout=10000)
    return dialog.summary.toPlainText()


def test_a_taskwarrior_export_is_imported_and_the_summary_says_what_was_skipped(
        ctx: WindowContext, qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(EXPORT), encoding="utf-8")
    dialog = _dialog(ctx, qtbot, "taskwarrior", path)
    with qtbot.wait_signal(dialog.imported, timeout=10000) as got:
        said = _run(dialog, qtbot)
    assert len(got.args[0]) == Task.select().count() >= 1
    assert "Read 5 entries from export.json" in said
    assert "Skipped: 'Weekly report': an instance of a recurring task" in said
    assert {"Book photo booth", "Weekly report"} <= {t.title for t in Task.select()}


def test_a_todoist_backup_is_imported(ctx: WindowContext, qtbot: QtBot) -> None:
    dialog = _dialog(ctx, qtbot, "todoist", DATA / "todoist.csv")
    said = _run(dialog, qtbot)
    assert "Move flat" in {t.title for t in Task.select()}
    assert said.startswith("Read ") and "todoist.csv" in said


def test_a_broken_file_says_why_and_imports_nothing(
        ctx: WindowContext, qtbot: QtBot, tmp_path: Path) -> None:
    good = tmp_path / "export.json"
    good.write_text(json.dumps(EXPORT), encoding="utf-8")
    _run(_dialog(ctx, qtbot, "taskwarrior", good), qtbot)
    before = Task.select().count()
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(EXPORT)[:150], encoding="utf-8")  # cut off half-way
    dialog = _dialog(ctx, qtbot, "taskwarrior", broken)
    said = _run(dialog, qtbot)
    assert said.startswith("Nothing was imported:") and "broken.json" in said
    assert Task.select().count() == before
    missing = _dialog(ctx, qtbot, "ics", tmp_path / "nowhere.ics")
    assert _run(missing, qtbot).startswith("Nothing was imported:")


def test_import_needs_a_file_name(ctx: WindowContext, qtbot: QtBot, qapp: QApplication) -> None:
    dialog = ImportDialog(ctx, "/tmp/stepwise.db")
    qtbot.add_widget(dialog)
    assert not dialog.import_button.isEnabled()
    dialog.path.setText("tasks.txt")
    assert dialog.import_button.isEnabled()


def test_in_chinese_the_summary_and_a_bad_file_are_told_in_chinese(
        ctx: WindowContext, qtbot: QtBot, qapp: QApplication, tmp_path: Path) -> None:
    from ui.words import i18n

    path = tmp_path / "export.json"
    path.write_text(json.dumps(EXPORT), encoding="utf-8")
    assert i18n.install(qapp, "zh_CN") == "zh_CN"
    try:
        said = _run(_dialog(ctx, qtbot, "taskwarrior", path), qtbot)
        assert said.startswith("从 export.json 读取了 5 条") and "已跳过：" in said
        bad = _run(_dialog(ctx, qtbot, "taskwarrior", tmp_path / "missing.json"), qtbot)
        assert bad.startswith("未导入任何内容：missing.json 无法按") and "详情：" in bad
    finally:
        i18n.install(qapp, "en")


def test_fields_kept_in_the_details_are_counted(ctx: WindowContext, qtbot: QtBot,
                                                tmp_path: Path) -> None:
    path = tmp_path / "uda.json"
    path.write_text(json.dumps([{**EXPORT[0], "estimate": 3, "client": "Acme"}]),
                    encoding="utf-8")
    said = _run(_dialog(ctx, qtbot, "taskwarrior", path), qtbot)
    assert "Kept in the tasks' details: " in said and "estimate" in said
    assert "Taskwarrior estimate: 3" in Task.get(Task.title == "Renew passport").detail


def test_cancel_keeps_committed(ctx: WindowContext, qtbot: QtBot, tmp_path: Path,
                                monkeypatch: Any) -> None:
    from app.io.importers import store

    monkeypatch.setattr(store, "HOLD_S", 0.0)  # one task per transaction, and slow
    monkeypatch.setattr(store, "GAP_S", 0.05)
    path = tmp_path / "todo.txt"
    path.write_text("".join(f"Call supplier {n}\n" for n in range(300)), encoding="utf-8")
    dialog = _dialog(ctx, qtbot, "todotxt", path)
    dialog.import_button.click()
    qtbot.wait_until(lambda: dialog.progress.value() >= 2, timeout=20000)
    assert dialog.progress.isVisible() and dialog.cancel_button.isVisible()
    dialog.cancel_button.click()
    qtbot.wait_until(lambda: dialog.import_button.isEnabled(), timeout=20000)
    said = dialog.summary.toPlainText()
    done = Task.select().count()
    assert 2 <= done < 300 and not dialog.progress.isVisible()
    assert f"Imported {done} of 300 tasks before it was cancelled" in said


def test_big_file_own_process(ctx: WindowContext, qtbot: QtBot, tmp_path: Path) -> None:
    """A file of 20,000 tasks is imported in another process (the window's interpreter
    stays free to paint); its progress shows here and Cancel stops it there."""
    from app.io import import_process
    from ui.window.import_dialog import _own_process_for

    path = tmp_path / "todo.txt"
    path.write_text("".join(f"Call supplier {n} +work\n" for n in range(20_000)),
                    encoding="utf-8")
    assert path.stat().st_size >= import_process.BIG_BYTES
    assert _own_process_for(path) is not None
    dialog = _dialog(ctx, qtbot, "todotxt", path)
    dialog.import_button.click()
    qtbot.wait_until(lambda: dialog.progress.value() >= 1, timeout=30000)
    dialog.cancel_button.click()
    qtbot.wait_until(lambda: dialog.import_button.isEnabled(), timeout=30000)
    done = Task.select().count()
    assert 1 <= done < 20_000
    said = dialog.summary.toPlainText()
    assert said.startswith(f"Read 20,000 entries from todo.txt: added {done:,} tasks")
    assert f"Imported {done:,} of 20,000 tasks before it was cancelled" in said


def test_progress_grouped(ctx: WindowContext, qtbot: QtBot, tmp_path: Path) -> None:
    """The bar counts as the summary does: "4,000 of 30,000 tasks"."""
    dialog = _dialog(ctx, qtbot, "todotxt", tmp_path / "todo.txt")
    dialog.progressed.emit(4000, 30000)
    qtbot.wait_until(lambda: dialog.progress.value() == 4000)
    assert dialog.progress.text() == "4,000 of 30,000 tasks"
