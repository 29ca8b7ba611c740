"""app.llm.ollama: what the Ollama provider sends and the server root it talks to."""

from __future__ import annotations

import pytest

from app.llm.ollama import DEFAULT_BASE, ollama_base
from tests.app.llm.test_http import SCHEMA, complete, provider
from tests.fakeserver import FakeModelServer


def test_ollama_request_carries_format_and_options(server: FakeModelServer) -> None:
    complete(provider(server, "ollama", num_ctx=8192, max_tokens=256), schema=SCHEMA)
    body = server.chat_requests[0].body
    assert body["stream"] is True
    assert body["format"] == SCHEMA
    assert body["options"] == {"num_ctx": 8192, "num_predict": 256}
    assert body["messages"][1] == {"role": "user", "content": "Renew my passport"}


@pytest.mark.parametrize("typed", ["http://h:11434", "http://h:11434/api", "http://h:11434/v1/"])
def test_ollama_base_is_the_server_root(typed: str) -> None:
    assert ollama_base(typed) == "http://h:11434"


def test_an_empty_base_url_is_the_local_default() -> None:
    assert ollama_base("  ") == DEFAULT_BASE
