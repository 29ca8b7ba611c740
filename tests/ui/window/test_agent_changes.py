"""Issue 28: the window lists what other AI agents changed and undoes it
(``ui.window.agent_changes``): newest first, Undo in a worker, a refusal said in the dock
with nothing changed, a change from another process listed and told calmly."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.mcp import changes
from app.tasks import store as tasks
from ui.shared.context import WindowContext
from ui.window.agent_changes import AgentChangesDock, arrival_text, refusal_text


def _rename_by(client: str, task_id: int, title: str) -> None:
    with changes.changing(client, task_id, f"renamed to {title!r}"):
        tasks.update_task(task_id, title=title)


def _add_by(client: str, title: str) -> int:
    with changes.changing(client, None, f"added {title!r}") as added:
        added.append(tasks.add_task(tasks.NewTask(title=title)).id)
    return added[0]


def _dock(ctx: WindowContext, qtbot: QtBot, rows: int) -> AgentChangesDock:
    dock = AgentChangesDock(ctx)
    qtbot.add_widget(dock)
    qtbot.wait_until(lambda: dock.list.topLevelItemCount() == rows)
    return dock


def _texts(dock: AgentChangesDock, row: int) -> list[str]:
    item = dock.list.topLevelItem(row)
    return [item.text(column) for column in range(4)]


def _select(dock: AgentChangesDock, row: int) -> None:
    dock.list.setCurrentItem(dock.list.topLevelItem(row))


def test_lists_newest_first(ctx: WindowContext, qtbot: QtBot, english: object) -> None:
    task = tasks.add_task(tasks.NewTask(title="Buy milk"))
    _rename_by("Claude Desktop", task.id, "Buy oat milk")
    _add_by("coder", "Call Bob")
    dock = _dock(ctx, qtbot, 2)
    assert _texts(dock, 0)[:3] == ["coder", "added 'Call Bob'", "Call Bob"]
    assert _texts(dock, 1)[:3] == ["Claude Desktop", "renamed to 'Buy oat milk'",
                                   "Buy oat milk"]
    assert all(_texts(dock, row)[3] for row in range(2))  # when, in the one format
    assert dock.windowTitle() == "Agent changes" and not dock.empty.isVisible()
    _select(dock, 0)
    assert dock.undo_button.isEnabled()


def test_undo_puts_the_task_back(ctx: WindowContext, qtbot: QtBot, english: object) -> None:
    task = tasks.add_task(tasks.NewTask(title="Buy milk"))
    _rename_by("Claude Desktop", task.id, "Buy oat milk")
    dock = _dock(ctx, qtbot, 1)
    said: list[str] = []
    ctx.status.info.connect(said.append)
    _select(dock, 0)
    dock.undo_button.click()
    qtbot.wait_until(lambda: ", undone " in _texts(dock, 0)[3])
    assert tasks.get_task(task.id).title == "Buy milk"
    assert _texts(dock, 0)[2] == "Buy milk"  # the task's title now
    assert said == ["Undone: renamed to 'Buy oat milk' (by Claude Desktop)"]
    item = dock.list.topLevelItem(0)
    assert item.foreground(1).color() != dock.palette().color(dock.palette().ColorRole.Text)
    assert not dock.undo_button.isEnabled()
    assert dock.message.text() == ""


def test_only_the_newest_change_of_a_task_undoes(ctx: WindowContext, qtbot: QtBot) -> None:
    task = tasks.add_task(tasks.NewTask(title="A"))
    _rename_by("agent-x", task.id, "B")
    _rename_by("agent-x", task.id, "C")
    dock = _dock(ctx, qtbot, 2)
    _select(dock, 1)
    assert not dock.undo_button.isEnabled()
    _select(dock, 0)
    assert dock.undo_button.isEnabled()


def test_a_refused_undo_is_said_and_changes_nothing(ctx: WindowContext, qtbot: QtBot,
                                                    english: object) -> None:
    other = _add_by("agent-x", "Call Bob")
    task = tasks.add_task(tasks.NewTask(title="Report"))
    _rename_by("agent-x", task.id, "Report v2")
    dock = _dock(ctx, qtbot, 2)
    tasks.update_task(task.id, title="Report (mine)")  # the person, after the agent
    _select(dock, 0)
    reads = len(ctx.runner.running)
    dock.undo_button.click()
    qtbot.wait_until(lambda: dock.message.text() != "" and len(ctx.runner.running) <= reads)
    assert dock.message.text() == ("Not undone: you changed this task after agent-x did, and "
                                   "your later edit is kept.")
    assert tasks.get_task(task.id).title == "Report (mine)"
    assert [c.undone_at for c in changes.recent()] == [None, None]
    assert tasks.get_task(other).title == "Call Bob"
    _select(dock, 1)
    assert dock.message.text() == ""  # it spoke of the other change


def test_a_change_from_elsewhere_arrives(ctx: WindowContext, qtbot: QtBot,
                                         english: object) -> None:
    dock = _dock(ctx, qtbot, 0)
    qtbot.wait_until(lambda: dock._newest is not None)  # the first read: a baseline
    assert dock.empty.isVisibleTo(dock) and not dock.list.isVisibleTo(dock)
    _add_by("Claude Desktop", "Buy milk")  # as ``stepwise mcp`` writes, in its process
    with qtbot.wait_signal(dock.arrived, timeout=5000) as arrived:
        ctx.bridge.external_change.emit()  # as the bridge's poll tells of another process
    assert [c.summary for c in arrived.args[0]] == ["added 'Buy milk'"]
    assert arrival_text(arrived.args[0]) == "Claude Desktop: added 'Buy milk'"
    assert dock.windowTitle() == "Agent changes (1)"  # out of sight: counted
    assert _texts(dock, 0)[:3] == ["Claude Desktop", "added 'Buy milk'", "Buy milk"]


def test_the_count_clears_when_seen(ctx: WindowContext, qtbot: QtBot, english: object) -> None:
    dock = _dock(ctx, qtbot, 0)
    qtbot.wait_until(lambda: dock._newest is not None)
    _add_by("a", "One")
    _add_by("a", "Two")
    with qtbot.wait_signal(dock.arrived, timeout=5000) as arrived:
        ctx.bridge.external_change.emit()
    assert arrival_text(arrived.args[0]) == "a: added 'Two' (and 1 more)"
    assert dock.windowTitle() == "Agent changes (2)"
    dock.show()
    qtbot.wait_exposed(dock)
    qtbot.wait_until(lambda: dock.windowTitle() == "Agent changes")


def test_names_and_summaries_are_plain_text(ctx: WindowContext, qtbot: QtBot) -> None:
    task = tasks.add_task(tasks.NewTask(title="Plan"))
    with changes.changing("<b>Bot</b>", task.id, "set <i>due</i>\nto Friday"):
        tasks.update_task(task.id, title="Plan <script>")
    dock = _dock(ctx, qtbot, 1)
    assert _texts(dock, 0)[:3] == ["<b>Bot</b>", "set <i>due</i> to Friday", "Plan <script>"]
    assert "&lt;b&gt;Bot&lt;/b&gt;" in dock.list.topLevelItem(0).toolTip(0)


def test_show_task_selects_it(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = _add_by("a", "Call Bob")
    dock = _dock(ctx, qtbot, 1)
    _select(dock, 0)
    with qtbot.wait_signal(dock.task_chosen) as chosen:
        dock.show_button.click()
    assert chosen.args == [task_id]


def test_a_deleted_task_is_said_and_not_undoable(ctx: WindowContext, qtbot: QtBot,
                                                 english: object) -> None:
    from app.tasks import trash

    task_id = _add_by("a", "Call Bob")
    trash.trash_task(task_id)
    dock = _dock(ctx, qtbot, 1)
    _select(dock, 0)
    assert _texts(dock, 0)[2] == "(task deleted)"
    assert not dock.undo_button.isEnabled() and not dock.show_button.isEnabled()


def test_a_saved_schedule_is_listed_and_undone(ctx: WindowContext, qtbot: QtBot,
                                               english: object) -> None:
    with changes.scheduling("Cursor", "saved a schedule of 7 days"):
        pass
    dock = _dock(ctx, qtbot, 1)
    _select(dock, 0)
    assert _texts(dock, 0)[:3] == ["Cursor", "saved a schedule of 7 days", "(the schedule)"]
    assert dock.undo_button.isEnabled() and not dock.show_button.isEnabled()
    qtbot.mouseClick(dock.undo_button, Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: "undone" in _texts(dock, 0)[3], timeout=5000)


def test_refusals_are_retold(english: object) -> None:
    assert refusal_text("a later change by an agent to this task must be undone first") == (
        "an agent changed this task again later; undo that change first.")
    assert refusal_text("agent change 3 was undone already") == "it was undone already."
    assert refusal_text("something new") == "something new"


def test_follows_a_live_language_switch(ctx: WindowContext, qtbot: QtBot,
                                        qapp: QApplication, db: Path) -> None:
    from ui.words import i18n

    task_id = _add_by("Claude Desktop", "Buy milk")
    dock = _dock(ctx, qtbot, 1)
    try:
        i18n.install(qapp, "en")
        qtbot.wait_until(lambda: dock.windowTitle() == "Agent changes")
        tasks.update_task(task_id, title="Buy milk today")  # the person, after the agent
        dock.undo_button.click()
        qtbot.wait_until(lambda: dock.message.text().startswith("Not undone"))
        i18n.install(qapp, "zh_CN")
        qtbot.wait_until(lambda: dock.windowTitle() != "Agent changes")
        assert not dock.message.text().startswith("Not undone")  # the refusal follows
        assert dock.undo_button.text() != "Undo"
        assert dock.list.headerItem().text(0) != "Agent"
        assert _texts(dock, 0)[0] == "Claude Desktop"  # data stays as it is
        assert refusal_text("agent change 3 was undone already") != "it was undone already."
    finally:
        i18n.install(qapp, "en")


def test_the_window_tells_and_lists_it(ctx: WindowContext, qtbot: QtBot,
                                       english: object) -> None:
    from tests.ui.window_helpers import open_window

    window = open_window(ctx, qtbot)
    window.remember_geometry = False
    assert window.agent_dock.toggleViewAction() in window.menus["view"].actions()
    qtbot.wait_until(lambda: window.agent_dock._newest is not None)
    _add_by("Claude Desktop", "Buy milk")
    window.ctx.bridge.external_change.emit()
    qtbot.wait_until(lambda: window.statusBar().currentMessage()
                     == "Claude Desktop: added 'Buy milk'")
    assert window.agent_dock.list.topLevelItem(0).data(0, Qt.ItemDataRole.UserRole)


def test_a_rename_here_is_read_again(ctx: WindowContext, qtbot: QtBot, english: object) -> None:
    task_id = _add_by("a", "Call Bob")
    dock = _dock(ctx, qtbot, 1)
    tasks.update_task(task_id, title="Call Bob at noon")  # its notice reaches the bridge
    qtbot.wait_until(lambda: _texts(dock, 0)[2] == "Call Bob at noon")
    assert dock.windowTitle() == "Agent changes"  # no change of an agent's: nothing told


def test_a_long_tooltip_wraps(ctx: WindowContext, qtbot: QtBot) -> None:
    task = tasks.add_task(tasks.NewTask(title="Plan"))
    _rename_by("a", task.id, "Plan " + "and more " * 12)
    dock = _dock(ctx, qtbot, 1)
    item = dock.list.topLevelItem(0)
    assert "white-space:pre" in item.toolTip(0) and "<table" in item.toolTip(1)
