"""The Ollama provider: its native streamed ``/api/chat`` and the ``/api/tags`` model list.

Replies stream as JSON lines until one says ``"done": true`` (it carries the token
counts); a JSON schema goes out as ``format`` (or ``"json"``, or nothing, on a server that
refuses it: ``app.llm.structured``), the context size as ``options.num_ctx`` (at least
:data:`MIN_NUM_CTX`: Ollama's own default of 2,048 cuts a prompt off without a word).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import httpx2

from app.config.provider_kinds import ProviderKind
from app.llm.base import ChunkSink, Failure, Message, ProviderConfig, Reply, token_cap
from app.llm.batches import Batches
from app.llm.frames import LineFrames
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

DEFAULT_BASE = "http://127.0.0.1:11434"
MIN_NUM_CTX = 8192
# Endpoint roots users paste by mistake; the native API lives beside them.
_FOREIGN_SUFFIXES = ("/api", "/v1")


def ollama_base(base_url: str) -> str:
    """The server root (``http://host:11434``), whatever API path the user typed after it."""
    base = checked_base(base_url, default=DEFAULT_BASE)
    for suffix in _FOREIGN_SUFFIXES:
        base = base.removesuffix(suffix)
    return base


class OllamaProvider:
    """A model served by Ollama, spoken to in its own API."""

    name: str = ProviderKind.OLLAMA

    def __init__(self, config: ProviderConfig) -> None:
        self.config = config
        self.model = config.model
        self._headers = auth_headers(config)
        self.base = ollama_base(config.base_url)
        self.forms = FormLadder(ProviderKind.OLLAMA, self.base, self.model, config.forms)

    def __repr__(self) -> str:
        return f"OllamaProvider(base={self.base!r}, model={self.model!r})"

    async def complete(self, messages: list[Message], *, schema: dict[str, Any] | None = None,
                       on_chunk: ChunkSink | None = None,
                       context: Mapping[str, Any] | None = None) -> Reply:
        """Stream a chat reply; see :class:`app.llm.base.Provider`."""
        require_model(self.config)
        call = Call(self.config, self.base, on_chunk)
        cap = token_cap(self.config, context)
        await call.run(lambda: self._attempt(call, messages, schema, cap))
        return call.reply(self.model)

    async def list_models(self) -> list[str]:
        """The names from ``GET /api/tags``."""
        call = Call(self.config, self.base)
        return await call.model_names(f"{self.base}/api/tags", self._headers, "models", "name",
                                      "Ollama")

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
        }
        if schema is not None and form != "none":
            body["format"] = schema_in_form(form, schema) if form == "schema" else "json"
        options: dict[str, int | float] = {
            "num_ctx": max(self.config.num_ctx or MIN_NUM_CTX, MIN_NUM_CTX)}
        if cap is not None:
            options["num_predict"] = cap
        if self.config.temperature is not None:
            options["temperature"] = self.config.temperature
        body["options"] = options
        return body

    async def _exchange(self, call: Call, body: dict[str, Any], form: str) -> None:
        call.begin()
        with call.errors():
            async with shared_client().stream("POST", f"{self.base}/api/chat", json=body,
                                              headers=self._headers,
                                              timeout=call.timeout) as response:
                call.responded = True
                await _check(call, response, form)
                await _read_lines(call, response)


async def _check(call: Call, response: httpx2.Response, form: str) -> None:
    if form != "none" and response.status_code >= 400 and response.status_code not in (401, 403):
        body = await read_body(response, call.too_large, 64 * 1024, cut=True)
        if names_feature(body):
            raise FormRefused(f"HTTP {response.status_code}: {error_text(body)}")
        await call.check_status(response, body=body)
        return
    await call.check_status(response)


async def _read_lines(call: Call, response: httpx2.Response) -> None:
    """Deliver the reply's text once per batch of lines until the one with done: true."""
    frames = LineFrames(MAX_BODY_BYTES, call.too_large)
    async with Batches(closable(response.aiter_bytes())) as batches:
        async for data in batches:
            if _take_lines(call, frames.feed(data)):
                await drain(batches)
                return
        if _take_lines(call, frames.end()):
            return
    raise call.error(Failure.CUT, f"The reply from {call.origin} stopped before its last line "
                                  "(done: true): the connection was cut; try again.")


def _take_lines(call: Call, lines: list[str]) -> bool:
    """Deliver the text of ``lines`` in one piece; True once the last line (done) came.

    The text of the lines before a bad one is delivered before its error is raised."""
    texts: list[str] = []
    try:
        for line in lines:
            if not line.strip():
                continue
            data = call.decode(line, "stream line")
            texts.append(_take(call, data))
            if data.get("done") is True:
                call.note(prompt_tokens=data.get("prompt_eval_count"),
                          completion_tokens=data.get("eval_count"))
                return True
        return False
    finally:
        call.deliver("".join(texts))


def _take(call: Call, data: dict[str, Any]) -> str:
    """A line's text; the model that wrote it is noted."""
    if data.get("error"):
        raise call.error(Failure.HTTP, f"Ollama at {call.origin} reported an error in the reply: "
                                       f"{error_text(str(data['error']))}")
    call.note(model=data.get("model"))
    message = data.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    return content if isinstance(content, str) else ""
