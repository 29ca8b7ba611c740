"""The one small interface every model provider implements.

Messages go in, text comes out; chunks may stream to ``on_chunk`` as they arrive; a
JSON schema may constrain the reply where the server supports it. ``context`` is
the structured data the prompt was built from: HTTP providers ignore it, the
offline planner works from it instead of from prose.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.errors import KnownError

ChunkSink = Callable[[str], None]


@dataclass(frozen=True)
class Message:
    role: str  # "system", "user" or "assistant"
    content: str


@dataclass(frozen=True)
class Reply:
    text: str
    model: str
    latency_ms: float
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    attempts: int = 1


@dataclass(frozen=True)
class ProviderConfig:
    """How to reach a model. The key is held in memory only, never stored or logged."""

    kind: str = "offline"  # "offline", "openai" or "ollama"
    base_url: str = ""
    model: str = ""
    api_key: str | None = field(default=None, repr=False)
    connect_timeout_s: float = 10.0
    read_timeout_s: float = 60.0
    deadline_s: float = 300.0
    max_retries: int = 3
    backoff_base_s: float = 0.5
    backoff_cap_s: float = 30.0
    num_ctx: int | None = None
    max_tokens: int | None = None


class ProviderError(KnownError):
    """A model call that failed; ``kind`` says how, ``retryable`` whether trying again may help.

    Kinds: ``connect``, ``timeout``, ``http`` (with ``status``), ``cut`` (the stream broke),
    ``malformed`` (the server's framing was not what its API promises), ``config``.
    """

    def __init__(self, kind: str, message: str, *, status: int | None = None,
                 retryable: bool = False, retry_after_s: float | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.status = status
        self.retryable = retryable
        self.retry_after_s = retry_after_s


class Provider(Protocol):
    """A model behind the one interface."""

    name: str
    model: str

    async def complete(self, messages: list[Message], *, schema: dict[str, Any] | None = None,
                       on_chunk: ChunkSink | None = None,
                       context: Mapping[str, Any] | None = None) -> Reply:
        """Send the messages; return the whole reply text.

        Streams chunks to ``on_chunk`` when given. Cancelling the awaiting task stops the
        request at once and releases its connection.

        Raises:
            ProviderError: after bounded retries (never retried once a chunk was delivered).
        """
        ...

    async def list_models(self) -> list[str]:
        """The model names the server offers (for the settings dialog)."""
        ...

    async def aclose(self) -> None:
        """Release what the provider holds (the shared client stays open for others)."""
        ...


def redact(text: str, secret: str | None) -> str:
    """``text`` with every occurrence of ``secret`` replaced, for logs and the journal."""
    if not secret:
        return text
    return text.replace(secret, "[redacted]")
