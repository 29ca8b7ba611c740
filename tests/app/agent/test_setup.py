"""The configured provider: offline by default, consent before text leaves the computer."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.agent.setup import ConsentNeeded, is_local, provider_from_settings
from app.config import secrets, settings
from app.errors import KnownError


@pytest.mark.parametrize(("url", "local"), [
    ("http://127.0.0.1:11434", True), ("http://localhost:8080/v1", True),
    ("http://[::1]:1234", True), ("https://api.openai.com/v1", False),
    ("http://192.168.1.5:11434", False)])
def test_local_servers(url: str, local: bool) -> None:
    assert is_local(url) is local


def test_offline_by_default(db: Path) -> None:
    provider, key = provider_from_settings()
    assert provider.name == "offline" and key is None


def test_a_remote_server_needs_consent(db: Path) -> None:
    settings.put("assistant.provider", "openai")
    settings.put("assistant.base_url", "https://api.example.com/v1")
    settings.put("assistant.model", "m")
    with pytest.raises(ConsentNeeded, match="api.example.com"):
        provider_from_settings()
    settings.put("assistant.remote_consent", True)
    provider, _ = provider_from_settings()
    assert provider.name == "openai"


def test_a_local_server_needs_no_consent_and_gets_its_key(db: Path) -> None:
    settings.put("assistant.provider", "ollama")
    settings.put("assistant.base_url", "http://127.0.0.1:11434")
    settings.put("assistant.model", "qwen")
    secrets.set_key(secrets.account_for("ollama", "http://127.0.0.1:11434"), "k-123")
    provider, key = provider_from_settings()
    assert provider.name == "ollama" and key == "k-123"


def test_an_incomplete_setup_is_named(db: Path) -> None:
    settings.put("assistant.provider", "openai")
    with pytest.raises(KnownError, match="address and the model"):
        provider_from_settings()


def test_without_a_keyring_the_key_lives_for_the_session_only() -> None:
    import keyring
    from keyring.backends import fail

    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        _session_only()
    finally:
        keyring.set_keyring(previous)


def _session_only() -> None:
    assert secrets.persistent() is False
    assert secrets.set_key("acct", "secret") is False
    assert secrets.get_key("acct") == "secret"
    secrets.set_key("acct", None)
    assert secrets.get_key("acct") is None
