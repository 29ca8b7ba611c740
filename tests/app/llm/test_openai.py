"""app.llm.openai: what the OpenAI-compatible provider sends, its structured-output
fallback, and its base URL."""

from __future__ import annotations

import pytest

from app.llm import ProviderError
from app.llm.openai import openai_base
from tests.app.llm.test_http import KEY, SCHEMA, complete, provider
from tests.fakeserver import FakeModelServer, reject_response_format, reply, status


def test_openai_request_carries_stream_usage_schema_and_max_tokens(server: FakeModelServer
                                                                   ) -> None:
    complete(provider(server, "openai", max_tokens=256), schema=SCHEMA)
    body = server.chat_requests[0].body
    assert body["model"] == "fake-small"
    assert body["messages"] == [{"role": "system", "content": "You plan."},
                                {"role": "user", "content": "Renew my passport"}]
    assert body["stream"] is True
    assert body["stream_options"] == {"include_usage": True}
    assert body["response_format"] == {"type": "json_schema", "json_schema": {
        "name": "reply", "schema": SCHEMA, "strict": False}}
    assert body["max_tokens"] == 256


def test_rejected_response_format_falls_back_once_and_is_remembered(server: FakeModelServer
                                                                    ) -> None:
    server.script(reject_response_format(), reply("first"), reply("second"))
    p = provider(server, "openai")
    assert complete(p, schema=SCHEMA).text == "first"
    assert complete(p, schema=SCHEMA).text == "second"
    sent = [r.body["response_format"]["type"] for r in server.chat_requests]
    # issue 16: the next form down the ladder, not straight to no schema at all
    assert sent == ["json_schema", "json_object", "json_object"]
    assert "schema" in server.chat_requests[1].body["response_format"]


def test_another_400_is_an_error_and_keeps_the_schema(server: FakeModelServer) -> None:
    server.script(status(400, "messages must not be empty"))
    p = provider(server, "openai")
    with pytest.raises(ProviderError) as caught:
        complete(p, schema=SCHEMA)
    assert (caught.value.kind, caught.value.status) == ("http", 400)
    assert "messages must not be empty" in str(caught.value)
    complete(p, schema=SCHEMA)
    assert [("response_format" in r.body) for r in server.chat_requests] == [True, True]


def test_a_pasted_key_loses_its_surrounding_whitespace(server: FakeModelServer) -> None:
    complete(provider(server, "openai", api_key=f"  {KEY}\n"))
    assert server.chat_requests[0].headers["authorization"] == f"Bearer {KEY}"


@pytest.mark.parametrize("typed", ["http://h:8080", "http://h:8080/v1/", " http://h:8080/v1 "])
def test_openai_base_ends_in_v1_whatever_was_typed(typed: str) -> None:
    assert openai_base(typed) == "http://h:8080/v1"


@pytest.mark.parametrize("typed", ["", "h:8080", "ftp://h/v1"])
def test_an_unusable_base_url_is_a_config_error(typed: str) -> None:
    with pytest.raises(ProviderError) as caught:
        openai_base(typed)
    assert caught.value.kind == "config"
