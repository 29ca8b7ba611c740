"""Fixtures for the sync tests: Radicale and Xandikos on loopback, no keyring."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest

from tests.app.calendar.radicale_server import Radicale
from tests.app.sync.dav_servers import FaultProxy, Phone, start

_lists = itertools.count(1)


@pytest.fixture(autouse=True)
def _no_keyring(no_keyring: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Passwords stay in this session's memory (tests/conftest.py); child processes get no
    keyring either."""
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")


@pytest.fixture(scope="module")
def radicale(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[Radicale]:
    """A Radicale server without authentication, shared by one test module."""
    name = request.module.__name__.rsplit(".", 1)[-1]
    with Radicale(tmp_path_factory.mktemp(f"radicale-{name}")) as server:
        yield server


@pytest.fixture
def proxy(radicale: Radicale) -> Iterator[FaultProxy]:
    """A proxy in front of the module's Radicale that fails requests on cue."""
    fronted = FaultProxy(radicale.url)
    yield fronted
    fronted.stop()


@pytest.fixture(scope="session", params=["radicale", "xandikos"])
def dav_server(request: pytest.FixtureRequest,
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Radicale, str]]:
    """A running server of each kind and the URL of its (first) task list."""
    server, url = start(request.param, tmp_path_factory.mktemp(request.param))
    with server:
        yield server, url


@pytest.fixture
def task_list(dav_server: tuple[Radicale, str]) -> str:
    """A fresh task list's URL on the server (made by the first sync)."""
    server, url = dav_server
    base = url.rstrip("/").rsplit("/", 1)[0]
    return f"{base}/list{next(_lists)}/"


@pytest.fixture
def phone() -> Iterator[Callable[[str], Phone]]:
    """Phone-style clients on a task list; each closed at the end of the test."""
    made: list[Phone] = []

    def make(url: str) -> Phone:
        made.append(Phone(url))
        return made[-1]

    yield make
    for one in made:
        one.client.close()
