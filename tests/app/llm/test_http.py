"""app.llm.http: the call both providers make, against a real fake server on loopback.

Streaming, keys, retries and their limits, timeouts, cut and malformed streams,
cancellation without leaks, model lists, and the pure helpers (base URLs, Retry-After,
error text). What only one provider sends: test_openai and test_ollama.
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import pytest

from app.llm import (
    Message,
    Provider,
    ProviderConfig,
    ProviderError,
    Reply,
    close_clients,
    make_provider,
)
from app.llm.http import auth_headers, checked_base, shared_client
from app.llm.ollama import OllamaProvider
from app.llm.openai import OpenAIProvider
from tests.fakeserver import (
    DEFAULT_TEXT,
    MODELS,
    USAGE,
    FakeModelServer,
    cut,
    drip,
    drop,
    hang,
    malformed,
    reply,
    status,
    whole,
)

T = TypeVar("T")
KINDS = ("openai", "ollama")
MESSAGES = [Message("system", "You plan."), Message("user", "Renew my passport")]
SCHEMA: dict[str, Any] = {"type": "object", "properties": {"think": {"type": "string"}},
                          "required": ["think"]}
KEY = "sk-test-SECRET-0123456789abcdef"
CHAT_PATHS = {"openai": "/v1/chat/completions", "ollama": "/api/chat"}


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` on a fresh loop, then close that loop's client as the shutdown does."""

    async def main() -> T:
        try:
            return await coro
        finally:
            await close_clients()

    return asyncio.run(main())


async def wait_until(condition: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.01)


def config(server: FakeModelServer | None, kind: str, **overrides: Any) -> ProviderConfig:
    """Test-sized timeouts and backoff; ``server`` None means fill ``base_url`` in yourself."""
    base = "" if server is None else (server.openai_url if kind == "openai" else server.url)
    fields: dict[str, Any] = {
        "kind": kind, "base_url": base, "model": "fake-small", "connect_timeout_s": 2.0,
        "read_timeout_s": 5.0, "deadline_s": 20.0, "max_retries": 2, "backoff_base_s": 0.01,
        "backoff_cap_s": 0.05}
    return ProviderConfig(**(fields | overrides))


def provider(server: FakeModelServer | None, kind: str, **overrides: Any) -> Provider:
    return make_provider(config(server, kind, **overrides))


def complete(p: Provider, chunks: list[str] | None = None,
             schema: dict[str, Any] | None = None) -> Reply:
    sink = None if chunks is None else chunks.append
    return run(p.complete(MESSAGES, schema=schema, on_chunk=sink))


def failure(p: Provider, chunks: list[str] | None = None) -> ProviderError:
    with pytest.raises(ProviderError) as caught:
        complete(p, chunks)
    return caught.value


def setter(event: asyncio.Event) -> Callable[[str], None]:
    """An on_chunk that sets ``event`` when the first chunk arrives."""
    return lambda _chunk: event.set()


def pieces(text: str, size: int) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)]


# Streaming and what is sent.

@pytest.mark.parametrize("kind", KINDS)
def test_chunks_arrive_in_order_and_the_whole_text_is_returned(server: FakeModelServer,
                                                               kind: str) -> None:
    text = "The quick brown fox jumps over the lazy dog."
    server.script(reply(text, chunk_size=5))
    chunks: list[str] = []
    result = complete(provider(server, kind), chunks)
    # Issue 15: pieces that arrive together are delivered together, in order.
    assert "".join(chunks) == text and all(chunks) and len(chunks) <= len(pieces(text, 5))
    assert result.text == text
    assert (result.prompt_tokens, result.completion_tokens) == USAGE
    assert result.model == "fake-small"
    assert result.attempts == 1
    assert [r.path for r in server.requests] == [CHAT_PATHS[kind]]


@pytest.mark.parametrize("kind", KINDS)
def test_chunks_are_delivered_while_the_reply_is_still_streaming(server: FakeModelServer,
                                                                 kind: str) -> None:
    server.script(reply("abcdefghij", chunk_size=2, delay_s=0.05))
    seen: list[float] = []
    p = provider(server, kind)
    run(p.complete(MESSAGES, on_chunk=lambda _: seen.append(time.monotonic())))
    assert len(seen) == 5
    assert seen[-1] - seen[0] >= 0.15  # four more chunks, 50 ms apart, came after the first


@pytest.mark.parametrize("kind", KINDS)
def test_a_server_ignoring_stream_true_still_gives_the_reply(server: FakeModelServer,
                                                             kind: str) -> None:
    server.script(whole("all at once"))
    chunks: list[str] = []
    result = complete(provider(server, kind), chunks)
    assert chunks == ["all at once"]
    assert (result.text, result.prompt_tokens, result.completion_tokens) == (
        "all at once", *USAGE)


@pytest.mark.parametrize("kind", KINDS)
def test_no_schema_no_options_and_no_key_send_nothing_extra(server: FakeModelServer,
                                                            kind: str) -> None:
    complete(provider(server, kind))
    sent = server.chat_requests[0]
    assert not {"response_format", "format", "max_tokens"} & set(sent.body)
    # Ollama's own 2,048-token context cuts prompts off: 8,192 is always asked for (issue 16).
    assert sent.body.get("options") == ({"num_ctx": 8192} if kind == "ollama" else None)
    assert "authorization" not in sent.headers


@pytest.mark.parametrize("kind", KINDS)
def test_the_key_goes_out_as_a_bearer_header(server: FakeModelServer, kind: str) -> None:
    complete(provider(server, kind, api_key=KEY))
    assert server.chat_requests[0].headers["authorization"] == f"Bearer {KEY}"


@pytest.mark.parametrize("kind", KINDS)
def test_sequential_calls_reuse_one_pooled_connection(server: FakeModelServer, kind: str
                                                      ) -> None:
    p = provider(server, kind)

    async def three() -> list[str]:
        return [(await p.complete(MESSAGES)).text for _ in range(3)]

    assert run(three()) == [DEFAULT_TEXT] * 3
    assert server.connections_opened == 1


# Retries.

@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("code", [500, 503, 408])
def test_retryable_statuses_are_retried(server: FakeModelServer, kind: str, code: int) -> None:
    server.script(status(code), reply("after all"))
    result = complete(provider(server, kind))
    assert (result.text, result.attempts) == ("after all", 2)
    assert len(server.chat_requests) == 2


@pytest.mark.parametrize("kind", KINDS)
def test_the_last_error_comes_after_max_retries(server: FakeModelServer, kind: str) -> None:
    server.script(status(500), status(500), status(500), reply("too late"))
    error = failure(provider(server, kind, max_retries=2))
    assert (error.kind, error.status) == ("http", 500)
    assert "server failed" in str(error) and "3 attempts" in str(error)
    assert len(server.chat_requests) == 3


@pytest.mark.parametrize("kind", KINDS)
def test_429_waits_as_long_as_retry_after_says(server: FakeModelServer, kind: str) -> None:
    server.script(status(429, retry_after="1"), reply("patience"))
    result = complete(provider(server, kind))
    first, second = server.chat_requests
    assert result.text == "patience"
    assert second.at - first.at >= 0.95


@pytest.mark.parametrize("kind", KINDS)
def test_retry_after_beyond_the_deadline_fails_at_once(server: FakeModelServer, kind: str
                                                       ) -> None:
    server.script(status(429, retry_after="30"))
    started = time.monotonic()
    error = failure(provider(server, kind, deadline_s=5.0))
    assert (error.kind, error.status, error.retry_after_s) == ("http", 429, 30.0)
    assert time.monotonic() - started < 2.0
    assert len(server.chat_requests) == 1


@pytest.mark.parametrize("kind", KINDS)
def test_connection_refused_is_retried_then_reported(closed_port: int, kind: str,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="app.llm.http")
    base = f"http://127.0.0.1:{closed_port}"
    error = failure(provider(None, kind, base_url=base, max_retries=2))
    assert error.kind == "connect"
    assert "is running" in str(error) and "3 attempts" in str(error)
    assert len([r for r in caplog.records if "failed" in r.getMessage()]) == 2


@pytest.mark.parametrize("kind", KINDS)
def test_a_dropped_request_is_sent_again(server: FakeModelServer, kind: str) -> None:
    server.script(drop(), reply("second try"))
    assert complete(provider(server, kind)).text == "second try"
    assert len(server.chat_requests) == 2


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("abrupt", [True, False])
def test_a_cut_after_text_reached_the_screen_is_not_retried(server: FakeModelServer,
                                                            kind: str, abrupt: bool) -> None:
    server.script(cut("abcdefghijkl", after_chunks=2, chunk_size=4, abrupt=abrupt))
    chunks: list[str] = []
    error = failure(provider(server, kind, max_retries=3), chunks)
    assert error.kind == "cut"
    assert "".join(chunks) == "abcdefgh"  # issue 15: delivered in one or two pieces
    assert len(server.chat_requests) == 1


# Timeouts, malformed streams and error messages.

@pytest.mark.parametrize("kind", KINDS)
def test_a_hanging_server_times_out_after_the_read_timeout(server: FakeModelServer,
                                                           kind: str) -> None:
    server.script(hang())
    started = time.monotonic()
    error = failure(provider(server, kind, read_timeout_s=0.5))
    elapsed = time.monotonic() - started
    assert error.kind == "timeout" and "0.5 s" in str(error)
    assert 0.4 <= elapsed < 2.0
    assert len(server.chat_requests) == 1


@pytest.mark.parametrize("kind", KINDS)
def test_the_deadline_bounds_the_whole_call(server: FakeModelServer, kind: str) -> None:
    server.script(drip(tokens=100, per_s=10))
    started = time.monotonic()
    error = failure(provider(server, kind, deadline_s=0.5))
    assert error.kind == "timeout" and "did not answer in 0.5 s" in str(error)
    assert "Time limit" in str(error) and error.partial.startswith("tok ")  # issue 16
    assert time.monotonic() - started < 2.0


@pytest.mark.parametrize("kind", KINDS)
def test_garbage_in_the_stream_is_malformed(server: FakeModelServer, kind: str) -> None:
    server.script(malformed(after_chunks=1))
    chunks: list[str] = []
    error = failure(provider(server, kind), chunks)
    assert error.kind == "malformed"
    assert chunks == [DEFAULT_TEXT[:4]]
    assert len(server.chat_requests) == 1


@pytest.mark.parametrize("kind", KINDS)
def test_401_names_the_api_key_without_showing_it(server: FakeModelServer, kind: str,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    server.script(status(401, "Incorrect API key provided: {key}"))
    p = provider(server, kind, api_key=KEY)
    error = failure(p)
    assert (error.kind, error.status, error.retryable) == ("http", 401, False)
    assert "API key" in str(error)
    shown = [str(error), repr(error), repr(p), repr(config(server, kind, api_key=KEY)),
             caplog.text, str(error.__cause__), str(error.__context__)]
    assert all(KEY not in text for text in shown)
    assert server.chat_requests[0].headers["authorization"] == f"Bearer {KEY}"


@pytest.mark.parametrize("kind", KINDS)
def test_a_key_echoed_in_an_error_body_is_redacted(server: FakeModelServer, kind: str) -> None:
    server.script(status(400, "bad request from {key}"))
    error = failure(provider(server, kind, api_key=KEY))
    assert KEY not in str(error)
    assert "bad request from [redacted]" in str(error)


@pytest.mark.parametrize("kind", KINDS)
def test_an_error_object_instead_of_a_reply_is_reported(server: FakeModelServer, kind: str
                                                        ) -> None:
    server.script(status(200, "the model is overloaded"))
    error = failure(provider(server, kind))
    assert error.kind == "http" and "the model is overloaded" in str(error)


@pytest.mark.parametrize("kind", KINDS)
def test_a_redirect_names_the_address_to_use(server: FakeModelServer, kind: str) -> None:
    server.script(status(308, location="https://models.example/v1"))
    error = failure(provider(server, kind))
    assert (error.kind, error.status) == ("http", 308)
    assert "https://models.example/v1" in str(error)
    assert len(server.chat_requests) == 1


@pytest.mark.parametrize("kind", KINDS)
def test_an_unsendable_key_is_a_config_error_that_hides_it(kind: str) -> None:
    with pytest.raises(ProviderError) as caught:
        provider(None, kind, base_url="http://127.0.0.1:1", api_key="sk-ab\ncd-SECRET")
    assert caught.value.kind == "config"
    assert "SECRET" not in str(caught.value)


@pytest.mark.parametrize("kind", KINDS)
def test_404_points_at_the_model_name_and_base_url(server: FakeModelServer, kind: str) -> None:
    server.script(status(404, "model 'nope' not found"))
    error = failure(provider(server, kind, model="nope"))
    assert error.status == 404
    assert "model name (nope)" in str(error) and "base URL" in str(error)
    assert "not found" in str(error)


# Cancellation.

@pytest.mark.parametrize("kind", KINDS)
def test_cancelled_streams_leak_no_connections(server: FakeModelServer, kind: str) -> None:
    server.script(*[drip(tokens=400, per_s=20)] * 100)
    p = provider(server, kind)

    async def scenario() -> list[Reply]:
        firsts = [asyncio.Event() for _ in range(100)]
        tasks = [asyncio.create_task(p.complete(MESSAGES, on_chunk=setter(e))) for e in firsts]
        await wait_until(lambda: all(e.is_set() for e in firsts), "a chunk on every stream")
        for task in tasks:
            task.cancel()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        assert all(isinstance(r, asyncio.CancelledError) for r in results)
        assert await asyncio.to_thread(server.wait_open_connections, 0, 5.0)
        opened = server.connections_opened
        replies = await asyncio.gather(*(p.complete(MESSAGES) for _ in range(10)))
        # Everything still open is one of the new connections, idle in the pool.
        assert 1 <= server.open_connections == server.connections_opened - opened <= 10
        await close_clients()
        assert await asyncio.to_thread(server.wait_open_connections, 0, 5.0)
        return replies

    replies = run(scenario())
    assert [r.text for r in replies] == [DEFAULT_TEXT] * 10
    assert len(server.chat_requests) == 110


# Model lists, base URLs, the factory and the shared client.

@pytest.mark.parametrize(("kind", "suffix"), [("openai", "/v1"), ("openai", ""),
                                              ("openai", "/v1/"), ("ollama", ""),
                                              ("ollama", "/api/")])
def test_models_are_listed_whatever_the_base_url_ends_with(server: FakeModelServer, kind: str,
                                                           suffix: str) -> None:
    p = provider(None, kind, base_url=server.url + suffix, api_key=KEY)
    assert run(p.list_models()) == list(MODELS)
    assert server.requests[0].path == {"openai": "/v1/models", "ollama": "/api/tags"}[kind]
    assert server.requests[0].headers["authorization"] == f"Bearer {KEY}"


@pytest.mark.parametrize("kind", KINDS)
def test_listing_models_on_a_closed_port_is_a_connect_error(closed_port: int, kind: str
                                                            ) -> None:
    p = provider(None, kind, base_url=f"http://127.0.0.1:{closed_port}", max_retries=1)
    with pytest.raises(ProviderError) as caught:
        run(p.list_models())
    assert caught.value.kind == "connect"


def test_make_provider_builds_each_kind(server: FakeModelServer) -> None:
    assert isinstance(provider(server, "openai"), OpenAIProvider)
    assert isinstance(provider(server, "ollama"), OllamaProvider)
    assert provider(None, "ollama").base == "http://127.0.0.1:11434"  # type: ignore[attr-defined]
    if importlib.util.find_spec("app.llm.offline.provider") is None:
        with pytest.raises(ProviderError) as caught:
            make_provider(ProviderConfig(kind="offline"))
        assert caught.value.kind == "config"
    else:
        assert make_provider(ProviderConfig(kind="offline")).name == "offline"


@pytest.mark.parametrize("settings", [{"kind": "gemini"}, {"kind": "openai", "base_url": ""},
                                      {"kind": "openai", "base_url": "localhost:8080"},
                                      {"kind": "ollama", "base_url": "ftp://host"}])
def test_unusable_settings_are_config_errors(settings: dict[str, str]) -> None:
    with pytest.raises(ProviderError) as caught:
        make_provider(ProviderConfig(**settings))  # type: ignore[arg-type]
    assert caught.value.kind == "config"


@pytest.mark.parametrize("kind", KINDS)
def test_no_model_is_a_config_error_before_any_request(server: FakeModelServer, kind: str
                                                       ) -> None:
    error = failure(provider(server, kind, model=""))
    assert error.kind == "config"
    assert server.requests == []


def test_one_client_per_loop_until_closed() -> None:
    async def clients() -> tuple[Any, Any, Any]:
        first, again = shared_client(), shared_client()
        await close_clients()
        return first, again, shared_client()

    first, again, after_close = run(clients())
    other_loop = run(clients())[0]
    assert first is again
    assert after_close is not first and first.is_closed and after_close.is_closed
    assert other_loop is not first


# The pure helpers.

def test_checked_base_drops_the_trailing_slash_or_refuses() -> None:
    assert checked_base(" http://h:1/v1/ ") == "http://h:1/v1"
    assert checked_base("", default="http://d") == "http://d"
    with pytest.raises(ProviderError, match="not usable"):
        checked_base("localhost:8080")


def test_auth_headers_trim_the_key_and_refuse_one_no_header_can_carry() -> None:
    assert auth_headers(ProviderConfig(api_key=" k \n")) == {"Authorization": "Bearer k"}
    assert auth_headers(ProviderConfig()) == {}
    with pytest.raises(ProviderError) as caught:
        auth_headers(ProviderConfig(api_key="sk-ключ"))
    assert caught.value.kind == "config" and "ключ" not in str(caught.value)
