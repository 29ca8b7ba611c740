"""How model providers use HTTP: the shared client and the policy of one model call.

One ``httpx2.AsyncClient`` per running event loop (a client's connections belong to the
loop that opened them), created lazily and closed by :func:`close_clients` in the staged
shutdown. Each model call is a :class:`Call`: per-read timeouts from the config, one
deadline over all its attempts, bounded retries with exponential backoff on connect
errors, 408, 429 (Retry-After) and 5xx, and never a retry once text reached ``on_chunk``.
Every failure becomes a :class:`ProviderError` whose message says what to do and never
contains the API key.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import ssl
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from typing import Any, TypeVar
from urllib.parse import urlsplit

import httpx2

from app.llm.base import (
    MAX_REPLY_CHARS,
    ChunkSink,
    Failure,
    ProviderConfig,
    ProviderError,
    Reply,
    redact,
)
from app.llm.bodies import MAX_BODY_BYTES as MAX_BODY_BYTES  # re-exported for providers
from app.llm.bodies import closable as closable
from app.llm.bodies import error_text as error_text  # re-exported for providers
from app.llm.bodies import read_body, retry_after_s

log = logging.getLogger(__name__)
T = TypeVar("T")

# Room for many concurrent streams; a few idle connections are kept for the next call.
_LIMITS = httpx2.Limits(max_connections=256, max_keepalive_connections=16, keepalive_expiry=30.0)
_JITTER = 0.1  # up to 10 % added to each backoff so parallel callers do not retry in step
_DRAIN_S = 1.0  # how long to read past the end marker to keep the connection reusable
_ERROR_BODY_BYTES = 64 * 1024  # of an error body, the rest is dropped

# What to tell the user for a failed status; 5xx and other 4xx have their own lines below.
_STATUS_ADVICE: dict[int, str] = {
    401: "The server refused the API key (HTTP 401): check the API key in the assistant settings.",
    403: "The server refused access (HTTP 403): check the API key and that it may use this model.",
    404: "Not found (HTTP 404): check the model name ({model}) and the base URL ({base}).",
    408: "The server timed out waiting for the request (HTTP 408): try again.",
    429: "The server is limiting requests (HTTP 429): wait a little, or check your quota.",
}
_SECRET_STATUSES = frozenset({401, 403})  # their bodies may quote part of the key: never shown
_RETRY_STATUSES = frozenset({408, 429})  # and every 5xx

_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, httpx2.AsyncClient] = (
    weakref.WeakKeyDictionary())


_ssl_context: list[ssl.SSLContext] = []


def warm_up() -> None:
    """Build the TLS context ahead of the first call (it reads the system's certificates,
    tens of milliseconds): the window calls this from a worker thread at start."""
    if not _ssl_context:
        _ssl_context.append(httpx2.create_ssl_context())


def shared_client() -> httpx2.AsyncClient:
    """The running loop's client, created on first use (its pool is shared by all providers)."""
    loop = asyncio.get_running_loop()
    client = _clients.get(loop)
    if client is None or client.is_closed:
        verify: ssl.SSLContext | bool = _ssl_context[0] if _ssl_context else True
        client = httpx2.AsyncClient(limits=_LIMITS, timeout=httpx2.Timeout(60.0), verify=verify)
        _clients[loop] = client
    return client


async def close_clients() -> None:
    """Close the running loop's client and its pooled connections (staged shutdown)."""
    client = _clients.pop(asyncio.get_running_loop(), None)
    if client is not None:
        await client.aclose()


def auth_headers(config: ProviderConfig) -> dict[str, str]:
    """The bearer header when a key is configured (httpx2 hides it in reprs).

    Raises:
        ProviderError: ``config`` for a key no HTTP header can carry; checked here because
            the HTTP stack's own complaint would quote the key.
    """
    key = (config.api_key or "").strip()  # pasted keys often bring a space or newline
    if not key:
        return {}
    if not key.isascii() or not key.isprintable() or any(c.isspace() for c in key):
        raise ProviderError(Failure.CONFIG, "The API key contains spaces, line breaks or letters "
                            "outside ASCII: paste it again in the assistant settings.")
    return {"Authorization": f"Bearer {key}"}


def checked_base(base_url: str, *, default: str = "") -> str:
    """``base_url`` without a trailing slash, or a config error naming what is wrong."""
    base = (base_url.strip() or default).rstrip("/")
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        shown = base or "(empty)"
        raise ProviderError(Failure.CONFIG, f"The model server's base URL {shown} is not usable: "
                                            "enter one like http://localhost:8080/v1.")
    return base


def require_model(config: ProviderConfig) -> None:
    if not config.model.strip():
        raise ProviderError(Failure.CONFIG,
                            "No model is chosen: pick one in the assistant settings.")


async def drain(items: AsyncIterator[Any]) -> None:
    """Read what follows a stream's end marker so the connection can go back to the pool.

    The reply is already complete, so a server that lingers or breaks here costs only
    that connection: such errors are deliberately ignored.
    """
    with suppress(httpx2.HTTPError, TimeoutError):
        async with asyncio.timeout(_DRAIN_S):
            async for _ in items:
                pass


class Call:
    """One model call: its attempts, the text streamed so far, and how failures are told.

    Args:
        config: timeouts, retry limits and the key to keep out of messages.
        base: the provider's normalised base URL (its origin names the server in messages).
        on_chunk: where streamed text goes; once it got any, nothing is retried.
    """

    def __init__(self, config: ProviderConfig, base: str, on_chunk: ChunkSink | None = None,
                 ) -> None:
        self.config = config
        self.base = base
        parts = urlsplit(base)
        self.origin = f"{parts.scheme}://{parts.hostname}" + (
            f":{parts.port}" if parts.port else "")
        self.attempts = 0
        self.delivered = False
        self.responded = False
        self.model_seen: str | None = None
        self.prompt_tokens: int | None = None
        self.completion_tokens: int | None = None
        self._sink = on_chunk
        self._parts: list[str] = []
        self._chars = 0
        self._started = time.monotonic()

    @property
    def host(self) -> str:
        """The server as people name it: host and port, without the scheme."""
        return self.origin.split("://", 1)[-1]

    @property
    def text(self) -> str:
        return "".join(self._parts)

    @property
    def latency_ms(self) -> float:
        return (time.monotonic() - self._started) * 1000.0

    @property
    def timeout(self) -> httpx2.Timeout:
        """Per-request timeouts; waiting for a pooled connection is bounded by the deadline."""
        read = self.config.read_timeout_s
        return httpx2.Timeout(connect=self.config.connect_timeout_s, read=read, write=read,
                              pool=None)

    def begin(self) -> None:
        """Start an exchange afresh (a retry only happens when nothing was delivered)."""
        self.responded = False
        self._parts.clear()
        self._chars = 0
        self.prompt_tokens = self.completion_tokens = None

    def note(self, *, model: Any = None, prompt_tokens: Any = None,
             completion_tokens: Any = None) -> None:
        """Keep what the server said about the reply, ignoring values of the wrong type."""
        if isinstance(model, str) and model:
            self.model_seen = model
        if _is_count(prompt_tokens):
            self.prompt_tokens = prompt_tokens
        if _is_count(completion_tokens):
            self.completion_tokens = completion_tokens

    def reply(self, model: str) -> Reply:
        """The finished reply; ``model`` names it unless the server said which model wrote it."""
        return Reply(text=self.text, model=self.model_seen or model, latency_ms=self.latency_ms,
                     prompt_tokens=self.prompt_tokens, completion_tokens=self.completion_tokens,
                     attempts=self.attempts)

    def deliver(self, text: str) -> None:
        """Keep a piece of the reply and pass it on to ``on_chunk``."""
        if not text:
            return
        self._chars += len(text)
        if self._chars > MAX_REPLY_CHARS:
            raise self.too_large()
        self._parts.append(text)
        if self._sink is not None:
            self.delivered = True
            self._sink(text)

    def error(self, kind: Failure, message: str, **details: Any) -> ProviderError:
        """A ProviderError whose message cannot show the key, even if a server echoed it."""
        key = self.config.api_key
        text = redact(redact(message, key), key.strip() if key else None)
        return ProviderError(kind, text, **details)

    def too_large(self) -> ProviderError:
        """The reply passed :data:`MAX_REPLY_CHARS`: reading stopped and it is refused."""
        return self.error(Failure.TOO_LARGE, f"The reply from {self.origin} passed "
                          f"{MAX_REPLY_CHARS / 2**20:g} MiB of text and was refused: lower "
                          "assistant.max_tokens, or ask for less.")

    def decode(self, text: str, what: str) -> dict[str, Any]:
        """A JSON object from the server, or a ``malformed`` error quoting what came."""
        try:
            value: Any = json.loads(text)
        except ValueError:
            value = None
        if not isinstance(value, dict):
            raise self.error(Failure.MALFORMED, f"The server at {self.origin} sent a {what} that "
                             f"is not JSON ({text[:80]!r}): is the base URL the right kind of "
                             "server?")
        return value

    async def check_status(self, response: httpx2.Response, *, body: str | None = None
                           ) -> None:
        """Raise the status's ProviderError for a redirect, a 4xx or a 5xx answer
        (``body``: the error body when the caller has read it already)."""
        if response.status_code < 300:
            return
        if response.status_code < 400:  # redirects are not followed: a POST would turn GET
            where = response.headers.get("location", "elsewhere")
            raise self.error(Failure.HTTP, f"The server at {self.origin} redirected to {where} "
                             f"(HTTP {response.status_code}): use "
                             "that address as the base URL.", status=response.status_code)
        if body is None:
            body = await read_body(response, self.too_large, _ERROR_BODY_BYTES, cut=True)
        raise self.status_error(response.status_code, response.headers, body)

    def status_error(self, code: int, headers: Mapping[str, str], body: str) -> ProviderError:
        retryable = code in _RETRY_STATUSES or code >= 500
        advice = _STATUS_ADVICE.get(code)
        if advice is None and code >= 500:
            advice = f"The server failed (HTTP {code}): try again later, or check its log."
        elif advice is None:
            advice = f"The server rejected the request (HTTP {code})."
        message = advice.format(model=self.config.model or "none set", base=self.base)
        if code not in _SECRET_STATUSES and body.strip():
            message += f" It said: {error_text(body)}"
        after = retry_after_s(headers.get("retry-after")) if retryable else None
        return self.error(Failure.HTTP, message, status=code, retryable=retryable,
                          retry_after_s=after)

    @contextmanager
    def errors(self) -> Iterator[None]:
        """Turn httpx2's transport failures into ProviderErrors that say what to do."""
        try:
            yield
        except httpx2.DecodingError as exc:
            raise self.error(Failure.MALFORMED, f"The server at {self.origin} sent no readable "
                                                f"stream ({exc}): check the base URL.") from exc
        except httpx2.ConnectTimeout as exc:
            raise self.error(Failure.TIMEOUT, f"No connection to {self.origin} within "
                             f"{self.config.connect_timeout_s:g} s: "
                             "check the base URL and the network.", retryable=True) from exc
        except httpx2.ConnectError as exc:
            raise self.error(Failure.CONNECT, f"Could not connect to {self.origin}: check that the "
                                              "model server is running and the base URL is right.",
                             retryable=True) from exc
        except httpx2.TimeoutException as exc:
            raise self.error(Failure.TIMEOUT, f"The model at {self.host} sent nothing for "
                             f"{self.config.read_timeout_s:g} s: it "
                             "may be busy or too slow for this "
                             "machine; try again or a smaller model.", partial=self.text) from exc
        except httpx2.TransportError as exc:
            # A pooled connection the server had already dropped fails before any answer:
            # the request never ran, so it may be sent again.
            raise self.error(Failure.CUT, f"The connection to {self.origin} broke before the reply "
                                          "was complete: try again.",
                             retryable=not self.responded) from exc

    async def run(self, attempt: Callable[[], Awaitable[T]]) -> T:
        """Run ``attempt`` with bounded retries, all within the configured deadline.

        Raises:
            ProviderError: the last attempt's error, or ``timeout`` when the deadline passed.
        """
        scope = asyncio.timeout(self.config.deadline_s)
        try:
            async with scope:
                return await self._attempts(attempt, scope)
        except TimeoutError:
            if not scope.expired():
                raise
            raise self.error(Failure.TIMEOUT,
                             f"The model at {self.host} did not answer in "
                             f"{self.config.deadline_s:g} s — try a smaller model or "
                             "raise Settings → Model → Time limit (assistant."
                             "deadline_s).", partial=self.text) from None

    async def _attempts(self, attempt: Callable[[], Awaitable[T]], scope: asyncio.Timeout) -> T:
        loop = asyncio.get_running_loop()
        while True:
            self.attempts += 1
            try:
                return await attempt()
            except ProviderError as exc:
                when = scope.when()
                remaining = float("inf") if when is None else when - loop.time()
                delay = self._retry_delay(exc, remaining)
                if delay is None and self.attempts == 1:
                    raise
                if delay is None:
                    raise self._final(exc) from exc
                log.info("Model call to %s failed (%s); attempt %d in %.2f s", self.origin,
                         exc, self.attempts + 1, delay)
                await asyncio.sleep(delay)

    def _retry_delay(self, exc: ProviderError, remaining_s: float) -> float | None:
        """Seconds to wait before the next attempt, or None when it should not happen."""
        if not exc.retryable or self.delivered or self.attempts > self.config.max_retries:
            return None
        delay = self.config.backoff_base_s * 2 ** (self.attempts - 1)
        delay = min(self.config.backoff_cap_s, delay * (1.0 + random.uniform(0.0, _JITTER)))
        if exc.retry_after_s is not None:
            delay = max(delay, exc.retry_after_s)
        # Waiting past the deadline would only turn this error into a vaguer timeout.
        return delay if delay < remaining_s else None

    def _final(self, exc: ProviderError) -> ProviderError:
        return ProviderError(exc.kind, f"{exc} (gave up after {self.attempts} attempts)",
                             status=exc.status, retryable=exc.retryable,
                             retry_after_s=exc.retry_after_s, partial=exc.partial)

    async def get_json(self, url: str, headers: Mapping[str, str]) -> dict[str, Any]:
        """One GET answered with a JSON object (for model lists)."""
        self.begin()
        with self.errors():
            async with shared_client().stream("GET", url, headers=headers,
                                              timeout=self.timeout) as response:
                self.responded = True
                await self.check_status(response)
                return self.decode(await read_body(response, self.too_large), "model list")

    async def model_names(self, url: str, headers: Mapping[str, str], items_key: str,
                          name_key: str, kind: str) -> list[str]:
        """The names in a model list: ``items_key`` holds objects whose ``name_key`` is one.

        Raises:
            ProviderError: ``malformed`` when the list is not there (``kind`` names the API
                the server should speak).
        """
        data = await self.run(lambda: self.get_json(url, headers))
        items = data.get(items_key)
        if not isinstance(items, list):
            raise self.error(Failure.MALFORMED, f"The server at {self.origin} sent a model list "
                                                f"without {items_key}: is it {kind}?")
        return [item[name_key] for item in items
                if isinstance(item, dict) and isinstance(item.get(name_key), str)]


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
