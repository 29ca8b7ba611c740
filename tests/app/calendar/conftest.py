"""Fixtures for the calendar tests: real servers on loopback, no keyring, a fixed now."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.app.calendar.radicale_server import Radicale
from tests.app.calendar.servers import ScriptedServer


@pytest.fixture(autouse=True)
def _no_keyring(no_keyring: None) -> None:
    """Every calendar test keeps passwords in this session's memory (tests/conftest.py)."""


@pytest.fixture(scope="session")
def radicale(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Radicale]:
    """A Radicale server without authentication (any user name gets its own home)."""
    with Radicale(tmp_path_factory.mktemp("radicale")) as server:
        yield server


@pytest.fixture(scope="session")
def radicale_auth(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Radicale]:
    """A Radicale server that knows one user: ann, password secret (plain htpasswd)."""
    with Radicale(tmp_path_factory.mktemp("radicale-auth"), users={"ann": "secret"}) as server:
        yield server


@pytest.fixture
def scripted() -> Iterator[ScriptedServer]:
    with ScriptedServer() as server:
        yield server

