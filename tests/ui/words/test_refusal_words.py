"""A refused action reads in the interface language (issue 16 item 7): the status bar,
the runner's failures, the import summary's skip reasons and the task dialog say the
core's English refusals in Chinese in a Chinese window, and unchanged in English."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from datetime import UTC
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.errors import Refused
from app.plan import ticks as task_done
from app.sync import conflicts
from app.sync.merge import Conflict
from app.tasks.queries import rows_for
from app.tasks.store import NewTask, add_task, set_status
from app.words.plain_zh import in_chinese
from models import atomic
from tests.app.plain_walk import CJK
from tests.ui.window.test_import_dialog import EXPORT, _dialog, _run
from tests.ui.window.test_window_main import open_window
from ui.shared.context import WindowContext
from ui.tasks import edits as task_edits
from ui.tasks.model import _tooltip
from ui.window.main import MainWindow
from ui.words import i18n
from ui.words.retexts import interface_language, told


@pytest.fixture
def chinese(qapp: QApplication) -> Iterator[None]:
    """A Chinese window; afterwards English and the locale the tests had before."""
    before = QLocale()
    assert i18n.install(qapp, "zh_CN") == "zh_CN"
    try:
        yield
    finally:
        i18n.install(qapp, "en")
        QLocale.setDefault(before)


REFUSED = "a task cannot go from cancelled to done; from cancelled it can go to new"


def _cancelled(title: str) -> int:
    task = add_task(NewTask(title=title))
    with atomic():
        set_status(task, "cancelled", why="test")
    return task.id


def _refused_tick(ctx: WindowContext, qtbot: QtBot) -> MainWindow:
    """Tick off a cancelled task (refused: a cancelled task is reopened, not done)."""
    window = open_window(ctx, qtbot)
    task_edits.run(ctx, task_done.finish_task, _cancelled("Team offsite"))
    qtbot.wait_until(lambda: bool(window.statusBar().currentMessage()), timeout=10000)
    qtbot.wait_until(lambda: not ctx.runner.running, timeout=10000)  # the calendar's read
    return window


@pytest.mark.timeout(60)
def test_a_refused_tick_reads_in_chinese_in_a_chinese_window(
        ctx: WindowContext, qtbot: QtBot, chinese: None) -> None:
    assert interface_language() == "zh"
    shown = _refused_tick(ctx, qtbot).statusBar().currentMessage()
    assert shown == in_chinese(REFUSED) and CJK.search(shown)


@pytest.mark.timeout(60)
def test_a_refused_tick_reads_unchanged_in_an_english_window(
        ctx: WindowContext, qtbot: QtBot) -> None:
    assert interface_language() == "en"
    shown = _refused_tick(ctx, qtbot).statusBar().currentMessage()
    assert shown == REFUSED


@pytest.mark.timeout(60)
def test_a_runner_failure_reads_in_chinese(ctx: WindowContext, qtbot: QtBot,
                                           chinese: None) -> None:
    async def refused() -> None:
        raise Refused("task 7 has no plan yet")

    with qtbot.wait_signal(ctx.runner.failed, timeout=10000) as got:
        ctx.runner.start(refused(), "保存计划")
    assert got.args == ["保存计划", "任务 7 还没有计划"]


@pytest.mark.timeout(60)
def test_import_skip_reasons_read_in_chinese(ctx: WindowContext, qtbot: QtBot,
                                             tmp_path: Path, chinese: None) -> None:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(EXPORT), encoding="utf-8")
    said = _run(_dialog(ctx, qtbot, "taskwarrior", path), qtbot)
    assert "已跳过：'Weekly report'：重复任务的一次实例（重复任务本身只导入一次）" in said
    assert "recurring" not in said


def test_told_is_the_same_twice(chinese: None) -> None:
    once = told("step 's2' cannot wait for itself")
    assert once == "步骤 's2' 不能等待它自己" == told(once)


def test_a_sync_conflict_on_a_task_reads_in_chinese_in_its_tooltip(
        ctx: WindowContext, chinese: None) -> None:
    task_id = int(add_task(NewTask(title="Pay rent")).id)
    conflicts.keep(task_id, [Conflict("title", "Pay rent", "Pay the rent", "mine"),
                             Conflict("tags", ["home"], ["money"], "theirs")])
    tip = _tooltip(rows_for([task_id])[task_id])
    assert "⚠ 同步冲突：标题：保留了 " in tip and "另一台设备的 " in tip and "（另有 1 个）" in tip
    assert "kept" not in tip and "more" not in tip


def test_a_calendar_that_could_not_be_synced_says_why_in_chinese(chinese: None) -> None:
    from app.calendar.agenda import SourceState
    from ui.calendar.syncing import problem_lines

    state = SourceState(1, "Work", "ics_url", "https://example.com/w.ics", None, True, 0, None,
                        "example.com did not answer within 30 s; the server may be down or "
                        "slow, try again later", None)
    shown, _all = problem_lines([state], UTC)
    assert "example.com 在 30 秒内没有回答；服务器可能停机或很慢，请稍后再试" in shown[0]


UI = Path(__file__).resolve().parents[3] / "ui"
# an error's text kept raw here is told where it is shown (the file's reason)
TOLD_WHERE_SHOWN = {
    "settings/model_test.py": "told with app.words.plain.in_language in the model test's language",
    "tasks/quick_add.py": "made in a worker; _on_saved tells it",
    "settings/sync_page.py": "_say tells every message it shows",
    "step/form.py": "FieldError's text is told by save",
    "sync/worker.py": "ui.sync.status tells the outcome's message",
    "window/agent_changes.py": "refusal_text tells an undo's refusal (told for the rest)",
}


def _raw_error_texts(path: Path) -> list[int]:
    """Lines where ``str(exc)`` of a caught error is used without ``told``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    lines = []
    for handler in ast.walk(tree):
        if isinstance(handler, ast.ExceptHandler) and handler.name:
            for node in ast.walk(handler):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                        and node.func.id == "str" and len(node.args) == 1 \
                        and isinstance(node.args[0], ast.Name) \
                        and node.args[0].id == handler.name:
                    outer = parents.get(node)
                    if not (isinstance(outer, ast.Call) and isinstance(outer.func, ast.Name)
                            and outer.func.id == "told"):
                        lines.append(node.lineno)
    return lines


def test_the_window_tells_every_caught_errors_text() -> None:
    raw = {name: lines for path in sorted(UI.rglob("*.py"))
           if (lines := _raw_error_texts(path))
           and (name := path.relative_to(UI).as_posix()) not in TOLD_WHERE_SHOWN}
    assert raw == {}, "pass these through ui.words.retexts.told where they are shown"


def test_told_error_uses_the_code(chinese: None) -> None:
    from app.errors import Refused
    from app.tasks.problems import Problem, refused
    from ui.words.retexts import told_error

    assert told_error(refused(Problem.of("still_waits", step="s2", waiting="s1"), "en")) == (
        "步骤“s2”还在等待：s1——请先完成或跳过它们")
    assert told_error(Refused("step 's2' cannot wait for itself")) == "步骤 's2' 不能等待它自己"
