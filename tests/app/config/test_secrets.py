"""The API key's keeping (``app.config.secrets``): a keyring when there is one, else memory."""

from __future__ import annotations

from collections.abc import Iterator

import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.backends import fail
from keyring.errors import PasswordDeleteError

from app.config import secrets


class MemoryKeyring(KeyringBackend):
    """A keyring backend in a dict: a fake of the system's, for the tests."""

    priority = 1
    # defining the class registers it with keyring; were it viable, keyring would take it
    # as the default backend of every later test (it is only ever set by the fixture)
    viable = False

    def __init__(self) -> None:
        super().__init__()
        self.store: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.store.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.store[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if self.store.pop((service, username), None) is None:
            raise PasswordDeleteError("no such password")


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> Iterator[KeyringBackend]:
    previous = keyring.get_keyring()
    chosen: KeyringBackend = request.param()
    keyring.set_keyring(chosen)
    secrets._session.clear()
    yield chosen
    keyring.set_keyring(previous)
    secrets._session.clear()


@pytest.mark.parametrize("backend", [MemoryKeyring], indirect=True)
def test_a_key_goes_to_the_keyring_and_is_forgotten_there(backend: MemoryKeyring) -> None:
    account = secrets.account_for("openai", "http://h/v1/")
    assert secrets.persistent()
    assert secrets.set_key(account, "sk-1") is True
    assert backend.store == {("stepwise", "openai:http://h/v1"): "sk-1"}
    assert secrets.get_key(account) == "sk-1"
    assert secrets.set_key(account, None) is True and secrets.get_key(account) is None
    assert secrets.set_key(account, None) is True  # forgetting twice is fine


@pytest.mark.parametrize("backend", [fail.Keyring], indirect=True)
def test_without_a_keyring_a_key_is_kept_for_this_session_only(backend: fail.Keyring) -> None:
    assert not secrets.persistent()
    assert secrets.get_key("a") is None
    assert secrets.set_key("a", "sk-2") is False and secrets.get_key("a") == "sk-2"
    assert secrets.set_key("a", None) is False and secrets.get_key("a") is None


def test_a_broken_backend_counts_as_no_keyring(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> bool:
        raise RuntimeError("dbus is gone")

    monkeypatch.setattr(secrets, "_backend_usable", broken)
    assert secrets.persistent() is False


def test_one_account_per_server_whatever_the_trailing_slash() -> None:
    assert secrets.account_for("ollama", "http://127.0.0.1:11434/") == \
        secrets.account_for("ollama", "http://127.0.0.1:11434")
    assert secrets.account_for("a", "u") != secrets.account_for("b", "u")
