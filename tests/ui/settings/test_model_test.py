"""The settings dialog's "Test model" row (ui.settings.model_test), against a fake model server
on loopback: the result in plain words, the stage whose reply would not be used, a server
that is down, Cancel, closing the dialog, and the problem told in Chinese."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.config import secrets, settings
from tests.app.llm.test_agent_commands import CHECK, PLAN, REVIEW
from tests.fakeserver import FakeModelServer, hang, reply
from tests.ui.settings_helpers import choose, model_server, open_dialog, refused_address
from ui.settings.dialog import SettingsDialog
from ui.shared.context import WindowContext


@pytest.fixture
def server() -> Iterator[FakeModelServer]:
    yield from model_server()


@pytest.fixture(autouse=True)
def _forget_session_keys() -> Iterator[None]:
    yield
    secrets._session.clear()  # keys kept "for the session" must not leak into other tests


@pytest.fixture
def closed_port() -> Iterator[str]:
    yield from refused_address()


def start_model_test(dialog: SettingsDialog, url: str, qtbot: QtBot) -> None:
    choose(dialog, "openai", url)
    dialog.model.setEditText("fake-small")
    assert dialog.model_test.button.isEnabled()
    qtbot.mouseClick(dialog.model_test.button, Qt.MouseButton.LeftButton)
    assert dialog.model_test.progress.isVisible()
    assert dialog.model_test.button.text() == "Cancel test"


def test_model_test_tells_in_plain_words_what_the_model_can_do(
        ctx: WindowContext, qtbot: QtBot, server: FakeModelServer) -> None:
    server.script(reply(REVIEW), reply(PLAN), reply(CHECK))
    dialog = open_dialog(ctx, qtbot)
    dialog.temperature.setValue(0.35)  # the test uses the values shown, not yet saved
    with qtbot.wait_signal(dialog.model_test.tested, timeout=20_000) as tested:
        start_model_test(dialog, server.openai_url, qtbot)
    assert tested.args == [True]
    text = dialog.model_test.result.text()
    assert "Structured output: response_format json_schema" in text
    for stage in ("review", "plan", "check"):
        assert f"The {stage} reply is usable" in text
    assert "tokens/s" in text and "The assistant can work with this model." in text
    assert not dialog.model_test.progress.isVisible()
    assert dialog.model_test.button.text() == "Test model"
    posts = [r for r in server.requests if r.path.endswith("/chat/completions")]
    assert len(posts) == 3 and all(r.body["model"] == "fake-small" for r in posts)
    assert all(r.body["temperature"] == 0.35 for r in posts)
    assert settings.get("assistant.temperature") == 0.1


def test_model_test_names_the_stage_whose_reply_would_not_be_used(
        ctx: WindowContext, qtbot: QtBot, server: FakeModelServer) -> None:
    server.script(reply("I am a small model"), reply(PLAN), reply(CHECK))
    dialog = open_dialog(ctx, qtbot)
    with qtbot.wait_signal(dialog.model_test.tested, timeout=20_000) as tested:
        start_model_test(dialog, server.openai_url, qtbot)
    assert tested.args == [False]
    text = dialog.model_test.result.text()
    assert "The review reply would not be used" in text and "try a larger one" in text
    assert "The plan reply is usable" in text


def test_model_test_against_a_server_that_is_down_says_so(ctx: WindowContext, qtbot: QtBot,
                                                          closed_port: str) -> None:
    dialog = open_dialog(ctx, qtbot)
    with qtbot.wait_signal(dialog.model_test.tested, timeout=20_000) as tested:
        start_model_test(dialog, closed_port, qtbot)
    assert tested.args == [False] and dialog.model_test.result.text()
    assert "Could not connect to http://127.0.0.1" in dialog.model_test.result.text()


def test_model_test_can_be_cancelled(ctx: WindowContext, qtbot: QtBot,
                                     server: FakeModelServer) -> None:
    server.script(hang())
    dialog = open_dialog(ctx, qtbot)
    start_model_test(dialog, server.openai_url, qtbot)
    qtbot.wait_until(lambda: "review" in dialog.model_test.result.text(), timeout=10_000)
    qtbot.mouseClick(dialog.model_test.button, Qt.MouseButton.LeftButton)
    assert dialog.model_test.result.text() == "The test was cancelled."
    assert dialog.model_test.button.text() == "Test model"
    qtbot.wait_until(lambda: "Testing the model" not in ctx.runner.running, timeout=5000)


def test_closing_the_dialog_cancels_the_model_test(ctx: WindowContext, qtbot: QtBot,
                                                   server: FakeModelServer) -> None:
    server.script(hang())
    dialog = open_dialog(ctx, qtbot)
    start_model_test(dialog, server.openai_url, qtbot)
    dialog.reject()
    assert not dialog.model_test.running
    qtbot.wait_until(lambda: "Testing the model" not in ctx.runner.running, timeout=5000)


def test_model_test_tells_a_problem_in_chinese_when_chinese_is_chosen(
        ctx: WindowContext, qtbot: QtBot, closed_port: str) -> None:
    dialog = open_dialog(ctx, qtbot)
    dialog.language.setCurrentIndex(dialog.language.findData("zh_CN"))
    with qtbot.wait_signal(dialog.model_test.tested, timeout=20_000):
        start_model_test(dialog, closed_port, qtbot)
    text = dialog.model_test.result.text()
    assert text.startswith("无法连接 http://127.0.0.1:") and "check that" not in text, text
