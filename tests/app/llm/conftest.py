"""Fixtures for the model-provider tests: the fake model server, a port nobody serves, a
server with only the OpenAI model list, and a real llama.cpp server where one is built
(slow tests)."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

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


class _OpenAIOnly(BaseHTTPRequestHandler):
    """A server with only the OpenAI model list (as llama.cpp's): /api/tags is a 404."""

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""

    def do_GET(self) -> None:
        found = self.path == "/v1/models"
        body = json.dumps({"data": [{"id": "m"}]} if found else {"detail": "Not Found"})
        self.send_response(200 if found else 404)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body.encode())


@pytest.fixture
def openai_only() -> Iterator[str]:
    """The base URL of a running server that answers only the OpenAI model list."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _OpenAIOnly)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join()


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    """A real llama.cpp server with SmolLM2-135M (skipped, saying why, where none is built)."""
    reason = llama_server_missing()
    if reason is not None:
        pytest.skip(reason)
    with running(tmp_path_factory.mktemp("llama") / "server.log") as server:
        yield server
