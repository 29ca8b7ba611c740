"""Fixtures for the model-provider tests: the fake model server, a port nobody serves, and
a real llama.cpp server where one is built (slow tests)."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from tests.app.llm.llama_server import LlamaServer, running
from tests.app.llm.llama_server import missing as llama_server_missing
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


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    """A real llama.cpp server with SmolLM2-135M (skipped, saying why, where none is built)."""
    reason = llama_server_missing()
    if reason is not None:
        pytest.skip(reason)
    with running(tmp_path_factory.mktemp("llama") / "server.log") as server:
        yield server
