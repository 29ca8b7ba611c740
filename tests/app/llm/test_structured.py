"""Structured output that reaches the model (issue 16): refusals of any status move one
form down and are remembered; per-stage token caps and the temperature are sent."""

from __future__ import annotations

from typing import Any

import pytest

from app.llm import ProviderError
from app.llm.structured import FORMS, FormLadder, InProcessMemory, names_feature
from tests.app.llm.test_http import MESSAGES, SCHEMA, complete, provider, run
from tests.fakeserver import FakeModelServer, reply, status

# What llama-cpp-python 0.3's server answers to response_format json_schema.
LLAMA_CPP_500 = ("1 validation error: {'type': 'literal_error', 'loc': ('body', "
                 "'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\"}")


def sent_forms(server: FakeModelServer) -> list[str]:
    forms = []
    for request in server.chat_requests:
        fmt = request.body.get("response_format")
        if fmt is None:
            forms.append("none")
        elif fmt["type"] == "json_object":
            forms.append("json_object_schema" if "schema" in fmt else "json_object")
        else:
            forms.append(fmt["type"])
    return forms


def test_a_500_naming_response_format_falls_back_once_not_retried(server: FakeModelServer
                                                                   ) -> None:
    server.script(status(500, LLAMA_CPP_500), reply("{}"), reply("{}"))
    p = provider(server, "openai")
    assert complete(p, schema=SCHEMA).text == "{}"
    assert complete(p, schema=SCHEMA).text == "{}"
    assert sent_forms(server) == ["json_schema", "json_object_schema", "json_object_schema"]
    assert server.chat_requests[1].body["response_format"]["schema"] == SCHEMA


def test_each_refusal_moves_one_form_down_until_no_schema(server: FakeModelServer) -> None:
    server.script(status(500, LLAMA_CPP_500), status(400, "json_object schema: grammar error"),
                  status(422, "response_format not supported"), reply("ok"))
    assert complete(provider(server, "openai"), schema=SCHEMA).text == "ok"
    assert sent_forms(server) == list(FORMS["openai"])


def test_a_refusal_is_remembered_for_the_next_provider_of_that_server_and_model(
        server: FakeModelServer) -> None:
    memory = InProcessMemory()
    server.script(status(500, LLAMA_CPP_500), reply("a"), reply("b"), reply("c"))
    complete(provider(server, "openai", forms=memory), schema=SCHEMA)
    complete(provider(server, "openai", forms=memory), schema=SCHEMA)
    complete(provider(server, "openai", forms=memory, model="other"), schema=SCHEMA)
    assert sent_forms(server) == ["json_schema", "json_object_schema", "json_object_schema",
                                  "json_schema"]


def test_a_500_not_about_the_format_is_retried_with_the_same_form(server: FakeModelServer
                                                                   ) -> None:
    server.script(status(500, "CUDA out of memory"), reply("ok"))
    assert complete(provider(server, "openai"), schema=SCHEMA).text == "ok"
    assert sent_forms(server) == ["json_schema", "json_schema"]


def test_a_401_mentioning_format_is_a_key_problem_not_a_refusal(server: FakeModelServer
                                                                 ) -> None:
    server.script(status(401, "bad key format"))
    with pytest.raises(ProviderError) as caught:
        complete(provider(server, "openai", api_key="sk-x"), schema=SCHEMA)
    assert caught.value.status == 401
    assert sent_forms(server) == ["json_schema"]


def test_ollama_refused_format_falls_back_to_json_then_nothing(server: FakeModelServer) -> None:
    server.script(status(400, "invalid format: schema not supported"),
                  status(500, "format json unsupported"), reply("ok"))
    assert complete(provider(server, "ollama"), schema=SCHEMA).text == "ok"
    formats = [r.body.get("format", "none") for r in server.chat_requests]
    assert formats == [SCHEMA, "json", "none"]


def test_without_a_schema_nothing_structured_is_sent_even_after_an_error(
        server: FakeModelServer) -> None:
    server.script(status(400, "response_format missing"))
    with pytest.raises(ProviderError):
        complete(provider(server, "openai"))
    assert sent_forms(server) == ["none"]


@pytest.mark.parametrize(("purpose", "configured", "expected"), [
    ("review", 4096, 600), ("plan", 4096, 1200), ("check", 100, 100), ("write", None, 1500)])
def test_each_stage_sends_its_own_token_cap_and_the_temperature(
        server: FakeModelServer, purpose: str, configured: int | None, expected: int) -> None:
    server.script(reply("x"), reply("x"))
    for kind in ("openai", "ollama"):
        p = provider(server, kind, max_tokens=configured, temperature=0.1)
        run(p.complete(MESSAGES, context={"purpose": purpose}))
    openai_body, ollama_body = (r.body for r in server.chat_requests)
    assert openai_body["max_tokens"] == expected
    assert openai_body["temperature"] == 0.1
    options: dict[str, Any] = ollama_body["options"]
    assert options == {"num_ctx": 8192, "num_predict": expected, "temperature": 0.1}


def test_ollama_num_ctx_is_never_below_8192(server: FakeModelServer) -> None:
    server.script(reply("x"), reply("x"))
    complete(provider(server, "ollama", num_ctx=2048))
    complete(provider(server, "ollama", num_ctx=32768))
    assert [r.body["options"]["num_ctx"] for r in server.chat_requests] == [8192, 32768]


def test_the_feature_words_and_the_ladder_bounds() -> None:
    assert names_feature("Input should be 'text' or 'json_object'")
    assert names_feature('invalid "format"')
    assert not names_feature("model not found")
    ladder = FormLadder("openai", "http://h/v1", "m")
    assert ladder.refused("json_object_schema", "x") == "json_object"
    assert ladder.refused("json_schema", "late news of an older request") == "json_object"
    with pytest.raises(ValueError):
        ladder.refused("none", "x")
