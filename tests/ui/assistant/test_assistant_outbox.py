"""The assistant dock's Outbox tab (ui.assistant.outbox): reject fails the step and sends
nothing; a mail client that cannot take the message is told; the one-line preview."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.agent.outbox import entries
from app.plan import store as plans
from tests.ui.assistant.test_dock import FakeTransport, queued_message
from ui.assistant.outbox import OutboxTab, preview
from ui.shared.context import WindowContext


@pytest.fixture
def dock(ctx: WindowContext, qtbot: QtBot) -> OutboxTab:
    """The tab alone, under the dock's name: it holds what these tests use of the dock."""
    widget = OutboxTab(ctx)
    qtbot.add_widget(widget)
    widget.resize(520, 480)
    widget.show()
    with qtbot.wait_signal(widget.read, timeout=5000):
        widget.reload()
    return widget


def test_the_preview_is_one_line_and_shortened() -> None:
    assert preview("Hi Ann,\n  the offsite") == "Hi Ann, the offsite"
    long = preview("word " * 40)
    assert len(long) == 80 and long.endswith("…")


def test_reject_fails_the_step_and_sends_nothing(dock: OutboxTab, qtbot: QtBot) -> None:
    task_id = queued_message()
    dock.reload()
    qtbot.wait_until(lambda: dock.outbox_list.count() == 1)
    transport = FakeTransport()
    dock.transport = transport
    with qtbot.wait_signal(dock.read, timeout=5000):
        qtbot.mouseClick(dock.reject_button, Qt.MouseButton.LeftButton)
    assert transport.sent == [] and [e.status for e in entries()] == ["rejected"]
    step = plans.spec_of(plans.latest_plan_or_fail(task_id)).step("invite")
    assert step.status == "failed" and step.error == "you rejected the message"


def test_a_transport_that_cannot_take_the_message_is_told(dock: OutboxTab,
                                                          qtbot: QtBot) -> None:
    queued_message()
    dock.reload()
    qtbot.wait_until(lambda: dock.outbox_list.count() == 1)
    dock.transport = FakeTransport(takes=False)
    with qtbot.wait_signal(dock.read, timeout=5000):
        qtbot.mouseClick(dock.approve_button, Qt.MouseButton.LeftButton)
    assert [e.status for e in entries()] == ["approved"]
    assert "was not sent" in dock.outbox_note.text()


def test_language_switch(dock: OutboxTab, qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QApplication

    from ui.words import i18n

    queued_message()
    dock.reload()
    qtbot.wait_until(lambda: dock.outbox_list.count() == 1)
    english = (dock.approve_button.text(), dock.outbox_list.item(0).text())
    app = QApplication.instance()
    try:
        i18n.install(app, "zh_CN")
        qtbot.wait_until(lambda: dock.approve_button.text() != english[0])
        assert dock.outbox_list.item(0).text() != english[1]  # "给 … 的" not "To …"
        assert dock.outbox_list.count() == 1 and dock.selected_message() is not None
    finally:
        i18n.install(app, "en")
    qtbot.wait_until(lambda: dock.approve_button.text() == english[0])


def test_long_title_wraps(dock: OutboxTab, qtbot: QtBot) -> None:
    from models import Task

    task_id = queued_message()
    Task.update(title="Ask everyone on the team about " * 8).where(Task.id == task_id).execute()
    width = dock.width()
    dock.reload()
    qtbot.wait_until(lambda: dock.outbox_list.count() == 1)
    assert dock.recipient.wordWrap() and dock.minimumSizeHint().width() <= width


def test_decided_elsewhere(dock: OutboxTab, qtbot: QtBot) -> None:
    """A message decided meanwhile (the CLI, another window) is refused where the person
    looks: the tab's note and the status line, and it is not sent."""
    from app.agent import outbox

    queued_message()
    dock.reload()
    qtbot.wait_until(lambda: dock.outbox_list.count() == 1)
    [entry] = entries()
    outbox.decide(entry.id, False, None)
    transport = FakeTransport()
    dock.transport = transport
    with qtbot.wait_signal(dock.ctx.status.error, timeout=5000) as said:
        qtbot.mouseClick(dock.approve_button, Qt.MouseButton.LeftButton)
    assert said.args[0] and dock.outbox_note.text() == said.args[0]
    assert transport.sent == [] and [e.status for e in entries()] == ["rejected"]
