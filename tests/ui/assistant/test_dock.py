"""The assistant dock: live state, outcomes, the task's journal, and the outbox."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from app.agent.outbox import add_contact, entries
from app.plan import store as plans
from app.tasks.store import NewTask, add_task
from models import OutboxMessage, Step
from tests.ui.async_helpers import (
    planned_task,
    two_step_plan,
)
from tests.ui.plan.test_toolbar import SlowProvider
from ui.assistant.dock import STREAM_CHARS, AssistantDock
from ui.shared.context import WindowContext

MESSAGE = "Hi Ann,\n<b>the offsite</b> is on Dec 3 & 4.\n  — me"


@pytest.fixture
def dock(ctx: WindowContext, qtbot: QtBot) -> AssistantDock:
    widget = AssistantDock(ctx)
    qtbot.add_widget(widget)
    widget.resize(520, 480)
    widget.show()
    qtbot.wait_signal(widget.outbox_shown, timeout=5000).wait()
    return widget


class FakeTransport:
    """Takes messages (or refuses them) and keeps what it was given."""

    def __init__(self, takes: bool = True) -> None:
        self.takes = takes
        self.sent: list[tuple[str, str, str]] = []

    def __call__(self, address: str, subject: str, body: str) -> bool:
        self.sent.append((address, subject, body))
        return self.takes


def queued_message(text: str = MESSAGE) -> int:
    """A pending message to Ann from a running plan's message.post step; the task id."""
    contact = add_contact("Ann", "ann@example.com")
    plan = two_step_plan()
    plan["steps"] = [{"id": "invite", "title": "Invite Ann", "target": "message.post",
                      "inputs": {"to": "Ann", "text": text}}]
    task_id = planned_task(plan)
    step = Step.get(Step.step_id == "invite")
    OutboxMessage.create(task=task_id, step=step, contact=contact, text=text)
    return task_id


def rows(tree: QTreeWidget) -> list[QTreeWidgetItem]:
    items = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    return [item for item in items if item is not None]


def item_texts(dock: AssistantDock) -> list[str]:
    return [dock.outcomes.item(i).text() for i in range(dock.outcomes.count())]


def test_a_run_shows_outcomes_the_work_log_and_model_calls(
        dock: AssistantDock, ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = int(add_task(NewTask(title="Renew passport by Friday")).id)
    dock.show_task(task_id)
    qtbot.wait_signal(dock.log_shown, timeout=5000).wait()
    assert dock.doing.text() == "Idle" and not dock.stop_button.isEnabled()
    with qtbot.wait_signal(ctx.assistant.idle, timeout=20_000):
        qtbot.mouseClick(dock.run_button, Qt.MouseButton.LeftButton)
        assert dock.stop_button.isEnabled() and not dock.run_button.isEnabled()
    qtbot.wait_until(lambda: bool(item_texts(dock)))
    outcomes = item_texts(dock)  # sentences, not the core's log words (issue 11)
    assert any(text.startswith("Planned ") and "“Renew passport" in text
               and text.endswith("waiting for your approval") for text in outcomes), outcomes
    assert not any(text.startswith(f"Task {task_id}, ") for text in outcomes)
    assert any("revision 1" in dock.outcomes.item(i).toolTip()
               for i in range(dock.outcomes.count()))
    assert "── Task" in dock.stream.toPlainText() and "{" in dock.stream.toPlainText()
    qtbot.wait_until(lambda: dock.calls.topLevelItemCount() >= 1, timeout=5000)
    call = rows(dock.calls)[0]
    assert (call.text(1), call.text(2), call.text(3)) == ("reviewing", "the built-in planner",
                                                          "used")
    log = rows(dock.worklog)
    assert {"Added", "Plan"} <= {item.text(2) for item in log}
    said = [item.text(c) for item in log for c in range(4)]
    assert not any(re.search(r"\d{4}-\d\d-\d\dT|Z$|offline planner:|→ \w+:", t)
                   for t in said), said
    assert "You" in {item.text(1) for item in log}
    dock.calls.setCurrentItem(call)
    assert dock.reply.toPlainText().startswith("{")  # the reply, as written
    assert dock.doing.text() == "Idle" and dock.run_button.isEnabled()


def test_stop_ends_a_slow_run(dock: AssistantDock, ctx: WindowContext, qtbot: QtBot,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    slow = SlowProvider()
    monkeypatch.setattr("ui.shared.assistant.provider_from_settings", lambda: (slow, None))
    add_task(NewTask(title="Renew passport"))
    monkeypatch.setattr("ui.shared.assistant.OWN_PROCESS", False)  # the thread's run
    qtbot.mouseClick(dock.run_button, Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: slow.asked)
    qtbot.wait_until(lambda: "reviewing" in dock.doing.text()  # queued from the worker
                     and dock.stream.toPlainText().endswith('{"steps": ['))
    qtbot.wait_until(lambda: dock.doing.text() == "“Renew passport”: reviewing")  # by name
    with qtbot.wait_signal(ctx.assistant.idle, timeout=500):
        qtbot.mouseClick(dock.stop_button, Qt.MouseButton.LeftButton)
    assert slow.cancelled and dock.doing.text() == "Idle"


def test_streamed_text_is_capped(dock: AssistantDock, ctx: WindowContext) -> None:
    for _ in range(60):
        ctx.assistant.chunk.emit("x" * 1000)
    text = dock.stream.toPlainText()
    assert 0 < len(text) <= STREAM_CHARS and text == "x" * len(text)


def test_the_outbox_shows_the_exact_text_and_approve_sends_it(
        dock: AssistantDock, qtbot: QtBot) -> None:
    task_id = queued_message()
    with qtbot.wait_signal(dock.outbox_shown, timeout=5000):
        dock.reload_outbox()
    assert dock.outbox_list.count() == 1 and dock.tabs.tabText(3) == "Outbox (1)"
    assert dock.message_text.toPlainText() == MESSAGE
    assert dock.recipient.text() == ("To: Ann <ann@example.com> · for “Organise the team "
                                     "offsite”, step “Invite Ann”\n"
                                     "Subject: Organise the team offsite")  # names, not ids
    assert dock.outbox_list.item(0).text().startswith("To Ann for “Organise the team offsite”")
    transport = FakeTransport()
    dock.transport = transport
    with qtbot.wait_signal(dock.outbox_shown, timeout=5000):
        qtbot.mouseClick(dock.approve_button, Qt.MouseButton.LeftButton)
    assert transport.sent == [("ann@example.com", "Organise the team offsite", MESSAGE)]
    assert [e.status for e in entries()] == ["sent"] and dock.outbox_list.count() == 0
    assert plans.spec_of(plans.latest_plan_or_fail(task_id)).step("invite").status == "completed"
    assert dock.outbox_note.text() == "Message sent." and not dock.approve_button.isEnabled()


def test_an_outcome_sentence_links_to_its_task(dock: AssistantDock, ctx: WindowContext,
                                              qtbot: QtBot) -> None:
    task_id = planned_task()
    dock.ctx.assistant.outcome.emit(task_id, "plan", "plan: 2 step(s)", "")
    qtbot.wait_until(lambda: dock.outcomes.count() == 1)
    item = dock.outcomes.item(0)
    assert "waiting for your approval" in item.text() or "Working on" in item.text()
    dock.outcomes.itemClicked.emit(item)
    assert ctx.selection.task_id == task_id


def test_approving_a_plan_ends_its_waiting_line(dock: AssistantDock, ctx: WindowContext,
                                                 qtbot: QtBot) -> None:
    task_id = int(add_task(NewTask(title="Renew passport by Friday")).id)
    with qtbot.wait_signal(ctx.assistant.idle, timeout=20_000):
        ctx.assistant.run_until_idle()
    qtbot.wait_until(lambda: any(t.endswith("waiting for your approval")
                                 for t in item_texts(dock)))
    plans.plan_action(task_id, "approve")
    ctx.bridge.external_change.emit()  # as the bridge's poll tells of another process
    qtbot.wait_until(lambda: not any("approval" in t for t in item_texts(dock)), timeout=5000)


def test_the_dock_has_no_scroll_area_around_its_lists(dock: AssistantDock) -> None:
    from PySide6.QtWidgets import QScrollArea

    assert not isinstance(dock.widget(), QScrollArea)
    assert dock.widget().minimumSizeHint().height() < 200  # a short dock still fits


def test_the_journal_headers_follow_the_language(dock: AssistantDock, qtbot: QtBot,
                                                 qapp: object) -> None:
    from PySide6.QtWidgets import QApplication

    from ui.words import i18n

    assert isinstance(qapp, QApplication)
    english = dock.worklog.headerItem().text(0), dock.calls.headerItem().text(1)
    assert english == ("Time", "Purpose")
    try:
        i18n.install(qapp, "zh_CN")
        qtbot.wait_until(lambda: dock.worklog.headerItem().text(0) != "Time")
        assert dock.calls.headerItem().text(1) != "Purpose"
    finally:
        i18n.install(qapp, "en")
    qtbot.wait_until(lambda: dock.worklog.headerItem().text(0) == "Time")
