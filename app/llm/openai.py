"""The OpenAI-compatible provider: streamed ``/v1/chat/completions`` and ``/v1/models``.

Serves OpenAI itself and the servers that speak its API (llama.cpp's server, LM Studio,
vLLM, Ollama's /v1). Replies stream as server-sent events until ``data: [DONE]``; a JSON
schema goes out in the best ``response_format`` the server takes (``app.llm.structured``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

import httpx2

from app.config.provider_kinds import ProviderKind
from app.llm.base import ChunkSink, Failure, Message, ProviderConfig, Reply, token_cap
from app.llm.batches import Batches
from app.llm.frames import SSEFrames
from app.llm.http import (
    MAX_BODY_BYTES,
    Call,
    auth_headers,
    checked_base,
    closable,
    drain,
    error_text,
    read_body,
    require_model,
    shared_client,
)
from app.llm.structured import (
    FormLadder,
    FormRefused,
    names_feature,
    schema_in_form,
    send_in_best_form,
)

log = logging.getLogger(__name__)
# What httpx2's sse() would send; its event parser is not used (app.llm.frames reads
# the events per batch).
_SSE_HEADERS = {"Accept": "text/event-stream", "Cache-Control": "no-store"}


def openai_base(base_url: str) -> str:
    """The API root, ending in /v1 whether or not the user typed it."""
    base = checked_base(base_url)
    return base if base.endswith("/v1") else base + "/v1"


class OpenAIProvider:
    """A model behind an OpenAI-compatible server."""

    name: str = ProviderKind.OPENAI

    def __init__(self, config: ProviderConfig) -> None:
        self.config = config
        self.model = config.model
        self._headers = auth_headers(config)
        self.base = openai_base(config.base_url)
        self.forms = FormLadder(ProviderKind.OPENAI, self.base, self.model, config.forms)

    def __repr__(self) -> str:
        return f"OpenAIProvider(base={self.base!r}, model={self.model!r})"

    async def complete(self, messages: list[Message], *, schema: dict[str, Any] | None = None,
                       on_chunk: ChunkSink | None = None,
                       context: Mapping[str, Any] | None = None) -> Reply:
        """Stream a chat completion; see :class:`app.llm.base.Provider`."""
        require_model(self.config)
        call = Call(self.config, self.base, on_chunk)
        cap = token_cap(self.config, context)
        await call.run(lambda: self._attempt(call, messages, schema, cap))
        return call.reply(self.model)

    async def list_models(self) -> list[str]:
        """The ids from ``GET /v1/models``."""
        call = Call(self.config, self.base)
        return await call.model_names(f"{self.base}/models", self._headers, "data", "id",
                                      "OpenAI-compatible")

    async def aclose(self) -> None:
        """Nothing to release: connections belong to the shared client."""

    async def _attempt(self, call: Call, messages: list[Message],
                       schema: dict[str, Any] | None, cap: int | None) -> None:
        await send_in_best_form(self.forms, schema, lambda form: self._exchange(
            call, self._body(messages, schema, form, cap), form))

    def _body(self, messages: list[Message], schema: dict[str, Any] | None, form: str,
              cap: int | None) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": m.role, "content": m.content} for m in messages],
            "stream": True,
            "stream_options": {"include_usage": True},
        }
        if schema is not None and form != "none":
            body["response_format"] = _response_format(form, schema_in_form(form, schema))
        if cap is not None:
            body["max_tokens"] = cap
        if self.config.temperature is not None:
            body["temperature"] = self.config.temperature
        return body

    async def _exchange(self, call: Call, body: dict[str, Any], form: str) -> None:
        call.begin()
        with call.errors():
            async with shared_client().stream("POST", f"{self.base}/chat/completions",
                                              json=body, headers=self._headers | _SSE_HEADERS,
                                              timeout=call.timeout) as response:
                call.responded = True
                await self._check(call, response, form)
                if _is_json(response):
                    await _read_whole(call, response)
                else:
                    await _read_events(call, response)

    async def _check(self, call: Call, response: httpx2.Response, form: str) -> None:
        if form != "none" and response.status_code >= 400 and not _about_key(response):
            body = await read_body(response, call.too_large, cut=True)
            if names_feature(body):
                raise FormRefused(f"HTTP {response.status_code}: {error_text(body)}")
            await call.check_status(response, body=body)
            return
        await call.check_status(response)


def _about_key(response: httpx2.Response) -> bool:
    """401/403 answers are about the key (their bodies may quote it): never a refusal."""
    return response.status_code in (401, 403)


def _response_format(form: str, schema: dict[str, Any]) -> dict[str, Any]:
    if form == "json_schema":
        return {"type": "json_schema",
                "json_schema": {"name": "reply", "schema": schema, "strict": False}}
    if form == "json_object_schema":
        return {"type": "json_object", "schema": schema}
    return {"type": "json_object"}


def _is_json(response: httpx2.Response) -> bool:
    """A server that ignores ``stream: true`` answers with one JSON completion."""
    return response.headers.get("content-type", "").startswith("application/json")


async def _read_events(call: Call, response: httpx2.Response) -> None:
    """Deliver the reply's text once per batch of events until ``data: [DONE]``."""
    _check_event_stream(call, response)
    frames = SSEFrames(MAX_BODY_BYTES, call.too_large)
    async with Batches(closable(response.aiter_bytes())) as batches:
        async for data in batches:
            if _take_events(call, frames.feed(data)):
                await drain(batches)
                return
    raise call.error(Failure.CUT, f"The reply from {call.origin} stopped before its end marker "
                                  "([DONE]): the connection was cut; try again.")


def _check_event_stream(call: Call, response: httpx2.Response) -> None:
    kind = response.headers.get("content-type", "").partition(";")[0].strip()
    if kind.lower() != "text/event-stream":
        raise call.error(Failure.MALFORMED, f"The server at {call.origin} sent no readable stream "
                                            f"(content type {kind!r}, not text/event-stream): "
                                            "check the base URL.")


def _take_events(call: Call, events: list[str]) -> bool:
    """Deliver the text of ``events`` in one piece; True once the end marker came.

    The text of the events before a bad one is delivered before its error is raised."""
    texts: list[str] = []
    try:
        for data in events:
            if data.strip() == "[DONE]":
                return True
            texts.append(_take(call, call.decode(data, "stream chunk")))
        return False
    finally:
        call.deliver("".join(texts))


async def _read_whole(call: Call, response: httpx2.Response) -> None:
    data = call.decode(await read_body(response, call.too_large), "reply")
    if "choices" not in data and not data.get("error"):
        raise call.error(Failure.MALFORMED, f"The server at {call.origin} sent a reply without "
                                            "choices: is it OpenAI-compatible?")
    call.deliver(_take(call, data))


def _take(call: Call, data: dict[str, Any]) -> str:
    """A chunk's (or a whole reply's) text; its model and token counts are noted."""
    if data.get("error"):
        raise call.error(Failure.HTTP, f"The server at {call.origin} reported an error in the "
                                       f"reply: {error_text(json.dumps(data))}")
    call.note(model=data.get("model"))
    counts = data.get("usage")
    if isinstance(counts, dict):
        call.note(prompt_tokens=counts.get("prompt_tokens"),
                  completion_tokens=counts.get("completion_tokens"))
    return _text_of(data)


def _text_of(data: dict[str, Any]) -> str:
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        return ""  # the usage chunk has no choices
    part = choices[0].get("delta") or choices[0].get("message")
    content = part.get("content") if isinstance(part, dict) else None
    return content if isinstance(content, str) else ""
