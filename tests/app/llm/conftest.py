"""Fixtures for the model-provider tests: the fake model server and a port nobody serves."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from tests.fakeserver import FakeModelServer

_PROXY_VARIABLES = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy",
                    "all_proxy")


@pytest.fixture(autouse=True)
def _no_proxies(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loopback requests must reach the fake server even on a machine with a proxy set."""
    for name in _PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def server() -> Iterator[FakeModelServer]:
    """A running fake server; at teardown every connection is closed and nothing failed."""
    with FakeModelServer() as fake:
        yield fake
    assert fake.open_connections == 0
    assert fake.errors == []


@pytest.fixture
def closed_port() -> int:
    """A loopback port with nothing listening (connections to it are refused)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
