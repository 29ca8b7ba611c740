"""The settings dialog: models listed by a real server on loopback, validation, consent,
and the API key kept out of the settings table."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.config import secrets, settings
from models import Setting
from tests.fakeserver import MODELS, FakeModelServer
from tests.ui.settings_helpers import choose, model_server, open_dialog, refused_address
from ui.settings.dialog import SettingsDialog
from ui.shared.context import WindowContext

KEY = "sk-test-0123456789abcdef"


@pytest.fixture
def server() -> Iterator[FakeModelServer]:
    yield from model_server()


@pytest.fixture(autouse=True)
def _no_system_keyring() -> Iterator[None]:
    """These tests expect no keyring (keys for this session only), whatever ran before."""
    import keyring
    from keyring.backends import fail

    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    yield
    keyring.set_keyring(previous)


@pytest.fixture(autouse=True)
def _forget_session_keys() -> Iterator[None]:
    yield
    secrets._session.clear()  # keys kept "for the session" must not leak into other tests


@pytest.fixture
def closed_port() -> Iterator[str]:
    yield from refused_address()


def model_names(dialog: SettingsDialog) -> list[str]:
    return [dialog.model.itemText(i) for i in range(dialog.model.count())]


def test_models_are_listed_from_an_openai_compatible_server(
        ctx: WindowContext, qtbot: QtBot, server: FakeModelServer) -> None:
    dialog = open_dialog(ctx, qtbot)
    choose(dialog, "openai", server.openai_url)
    dialog.api_key.setText(KEY)
    with qtbot.wait_signal(dialog.models_listed, timeout=10_000) as listed:
        qtbot.mouseClick(dialog.list_button, Qt.MouseButton.LeftButton)
        assert dialog.progress.isVisible()
    assert listed.args == [sorted(MODELS)] and model_names(dialog) == sorted(MODELS)
    assert not dialog.progress.isVisible() and dialog.model_status.text() == \
        "The server offers 2 models."
    gets = [r for r in server.requests if r.path == "/v1/models"]
    assert gets and gets[-1].headers["authorization"] == f"Bearer {KEY}"


def test_models_are_listed_from_ollama(ctx: WindowContext, qtbot: QtBot,
                                       server: FakeModelServer) -> None:
    settings.put("assistant.provider", "ollama")
    settings.put("assistant.base_url", server.url)
    dialog = SettingsDialog(ctx)  # lists at once: the stored server is usable
    qtbot.add_widget(dialog)
    with qtbot.wait_signal(dialog.models_listed, timeout=10_000) as listed:
        dialog.show()
    assert listed.args == [sorted(MODELS)]
    assert any(r.path == "/api/tags" for r in server.requests)


def test_a_server_that_is_down_gives_a_clear_message(ctx: WindowContext, qtbot: QtBot,
                                                     closed_port: str) -> None:
    dialog = open_dialog(ctx, qtbot)
    choose(dialog, "openai", closed_port)
    with qtbot.wait_signal(dialog.models_failed, timeout=10_000) as failed:
        qtbot.mouseClick(dialog.list_button, Qt.MouseButton.LeftButton)
    assert "Could not connect to http://127.0.0.1" in failed.args[0]
    assert "check that the model server is running" in failed.args[0]
    assert dialog.model_status.isVisible() and dialog.model_status.text() == failed.args[0]
    assert not dialog.progress.isVisible() and model_names(dialog) == []


def test_a_bad_url_is_told_inline_and_blocks_saving(ctx: WindowContext, qtbot: QtBot) -> None:
    dialog = open_dialog(ctx, qtbot)
    assert dialog.save_button.isEnabled()  # the offline planner needs nothing
    choose(dialog, "openai", "localhost:8080")
    assert dialog.url_error.isVisible() and "http://" in dialog.url_error.text()
    assert not dialog.save_button.isEnabled() and not dialog.list_button.isEnabled()
    dialog.base_url.setText("http://localhost:8080/v1")
    dialog.model.setEditText("llama3")
    assert not dialog.url_error.isVisible() and dialog.save_button.isEnabled()


def test_a_remote_server_asks_for_consent(ctx: WindowContext, qtbot: QtBot) -> None:
    dialog = open_dialog(ctx, qtbot)
    choose(dialog, "openai", "http://127.0.0.1:8080/v1")
    assert not dialog.consent.isVisible()  # this computer: no consent needed
    dialog.base_url.setText("https://models.example.com/v1")
    assert dialog.consent.isVisible() and not dialog.consent.isChecked()
    assert dialog.consent.text() == "Send my tasks' text to this server"
    dialog.consent.setChecked(True)
    dialog.model.setEditText("big-model")
    with qtbot.wait_signal(dialog.settings_saved, timeout=5000):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert settings.get("assistant.remote_consent") is True


def test_save_keeps_the_key_out_of_the_settings_table(ctx: WindowContext, qtbot: QtBot,
                                                      server: FakeModelServer) -> None:
    dialog = open_dialog(ctx, qtbot)
    with qtbot.wait_signal(dialog.key_checked, timeout=5000) as checked:
        pass
    assert checked.args == [False] and "session only" in dialog.key_note.text()
    choose(dialog, "openai", server.openai_url)
    dialog.model.setEditText("fake-large")
    dialog.api_key.setText(KEY)
    dialog.auto_accept.setChecked(True)
    dialog.max_steps.setValue(12)
    dialog.theme.setCurrentIndex(dialog.theme.findData("dark"))
    with qtbot.wait_signal(dialog.settings_saved, timeout=5000):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    stored = {row.key: row.value for row in Setting.select()}
    assert stored["assistant.provider"] == "openai" and stored["assistant.model"] == "fake-large"
    assert stored["assistant.max_steps"] == 12 and stored["assistant.auto_accept"] is True
    assert stored["ui.theme"] == "dark"
    assert KEY not in json.dumps(stored) and "sk-test" not in json.dumps(stored)
    assert secrets.get_key(secrets.account_for("openai", server.openai_url)) == KEY
    assert dialog.result() == SettingsDialog.DialogCode.Accepted


def test_the_stored_key_is_shown_again(ctx: WindowContext, qtbot: QtBot) -> None:
    settings.put("assistant.provider", "openai")
    settings.put("assistant.base_url", "http://127.0.0.1:9/v1")
    secrets.set_key(secrets.account_for("openai", "http://127.0.0.1:9/v1"), KEY)
    dialog = SettingsDialog(ctx)
    qtbot.add_widget(dialog)
    qtbot.wait_signal(dialog.key_checked, timeout=5000).wait()
    assert dialog.api_key.text() == KEY
    assert dialog.api_key.echoMode() == dialog.api_key.EchoMode.Password


def test_the_time_limit_temperature_and_tokens_are_saved(ctx: WindowContext, qtbot: QtBot
                                                         ) -> None:
    dialog = open_dialog(ctx, qtbot)
    dialog.deadline.setValue(120)
    dialog.temperature.setValue(0.3)
    dialog.max_tokens.setValue(512)
    dialog.deadline.setValue(99_999)  # beyond the declared range: held at its maximum
    with qtbot.wait_signal(dialog.settings_saved, timeout=5000):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert settings.get("assistant.deadline_s") == settings.SETTINGS["assistant.deadline_s"].max
    assert settings.get("assistant.temperature") == 0.3
    assert settings.get("assistant.max_tokens") == 512




def test_agents_may_be_limited_to_reading_or_turned_off(ctx: WindowContext, qtbot: QtBot
                                                        ) -> None:
    settings.put("mcp.mode", "off")
    dialog = open_dialog(ctx, qtbot)
    assert dialog.agents.currentData() == "off"
    dialog.agents.setCurrentIndex(dialog.agents.findData("read-only"))
    assert not dialog.agents_schedule.isChecked()
    dialog.agents_schedule.setChecked(True)
    with qtbot.wait_signal(dialog.settings_saved, timeout=5000):
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert (settings.get("mcp.mode"), settings.get("mcp.may_schedule")) == ("read-only", True)
