"""The one small interface every model provider implements.

Messages go in, text comes out; chunks may stream to ``on_chunk`` as they arrive; a
JSON schema may constrain the reply where the server supports it. ``context`` is
the structured data the prompt was built from: HTTP providers ignore it, the
offline planner works from it instead of from prose.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol
from urllib.parse import quote

from app.config.provider_kinds import ProviderKind
from app.errors import KnownError
from app.llm.structured import FormMemory

ChunkSink = Callable[[str], None]
REDACTED = "[redacted]"
# The most reply text Stepwise takes from a model; past it a provider stops reading and
# the reply is refused. A review or a draft is far smaller; it is above the 1 MiB cap of
# a result file (app.io.task_folder), so a file.write meets that cap, not this one.
MAX_REPLY_CHARS = 2 * 1024 * 1024


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

    kind: str = ProviderKind.OFFLINE  # one of ProviderKind
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
    temperature: float | None = None
    # Where the server's refusals of structured output are kept (None: this process only).
    forms: FormMemory | None = field(default=None, repr=False, compare=False)


class Stage(StrEnum):
    """The assistant's stages that call a model, declared once: a call's purpose
    (``context["purpose"]``, the journal's ``purpose``), the most tokens its reply may take
    (``tokens``: a review or a check is short, a plan or a draft longer; the setting caps
    all of them) and whether it replies with a schema (``structured``: a draft is prose)."""

    REVIEW = "review"
    PLAN = "plan"
    CHECK = "check"
    FAILURE_REVIEW = "failure_review"
    WRITE = "write"

    @property
    def tokens(self) -> int:
        return _STAGE_TOKENS[self]

    @property
    def structured(self) -> bool:
        return self is not Stage.WRITE

    @classmethod
    def of(cls, purpose: str) -> Stage | None:
        """The stage a call's purpose names (None: a probe, or no purpose)."""
        try:
            return cls(purpose)
        except ValueError:
            return None


_STAGE_TOKENS = {Stage.REVIEW: 600, Stage.PLAN: 1200, Stage.CHECK: 300,
                 Stage.FAILURE_REVIEW: 800, Stage.WRITE: 1500}
DEFAULT_STAGE_TOKENS = 800  # a purpose that is not a stage (a probe)


def token_cap(config: ProviderConfig, context: Mapping[str, Any] | None) -> int | None:
    """The ``max_tokens`` to send: the stage's cap, never above the configured one."""
    purpose = str((context or {}).get("purpose") or "")
    named = Stage.of(purpose)
    stage = (named.tokens if named else DEFAULT_STAGE_TOKENS) if purpose else None
    caps = [c for c in (stage, config.max_tokens) if c is not None]
    return min(caps) if caps else None


class Failure(StrEnum):
    """How a model call failed (``ProviderError.kind``); what each means is in ``FAILURES``."""

    CONNECT = "connect"
    TIMEOUT = "timeout"
    HTTP = "http"
    CUT = "cut"
    MALFORMED = "malformed"
    CONFIG = "config"
    TOO_LARGE = "too_large"


FAILURES: dict[Failure, str] = {
    Failure.CONNECT: "the server could not be reached",
    Failure.TIMEOUT: "no connection, or no reply, within the time allowed",
    Failure.HTTP: "the server answered with an error status (``status`` says which)",
    Failure.CUT: "the stream broke before the reply's end",
    Failure.MALFORMED: "the server's framing was not what its API promises",
    Failure.CONFIG: "the settings cannot reach a model (address, key, model, provider kind)",
    Failure.TOO_LARGE: "the reply passed MAX_REPLY_CHARS; reading stopped",
}


class ProviderError(KnownError):
    """A model call that failed; ``kind`` says how (a ``Failure``), ``retryable`` whether
    trying again may help, ``partial`` the text that arrived before the failure (kept in
    the journal)."""

    def __init__(self, kind: Failure, message: str, *, status: int | None = None,
                 retryable: bool = False, retry_after_s: float | None = None,
                 partial: str = "") -> None:
        super().__init__(message)
        self.partial = partial
        self.kind = Failure(kind)
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


def secret_forms(secret: str | None) -> list[str]:
    """The ways a server may echo the key: as given, trimmed, and in the encodings that
    cost nothing to check (base64, URL-safe base64, percent-encoding); longest first."""
    if not secret or not secret.strip():
        return []
    forms = {secret, secret.strip()}
    raw = secret.strip().encode("utf-8", errors="replace")
    for encoded in (base64.b64encode(raw), base64.urlsafe_b64encode(raw)):
        forms.update({encoded.decode("ascii"), encoded.decode("ascii").rstrip("=")})
    forms.add(quote(secret.strip(), safe=""))
    return sorted((f for f in forms if f), key=len, reverse=True)


def redact(text: str, secret: str | None) -> str:
    """``text`` with every occurrence of ``secret`` (in any of its :func:`secret_forms`)
    replaced, for everything a reply writes: the journal, the task, the log, the screen."""
    for form in secret_forms(secret):
        text = text.replace(form, REDACTED)
    return text


class RedactingSink:
    """A ChunkSink that passes streamed text on without the key, even when the key is split
    across chunks: it holds back the last few characters until more text or :meth:`flush`."""

    def __init__(self, sink: ChunkSink, secret: str | None) -> None:
        self._sink = sink
        self._secret = secret
        self._hold = max((len(f) for f in secret_forms(secret)), default=1) - 1
        self._pending = ""

    def __call__(self, text: str) -> None:
        self._pending = redact(self._pending + text, self._secret)
        cut = len(self._pending) - self._hold
        if cut > 0:
            ready, self._pending = self._pending[:cut], self._pending[cut:]
            self._sink(ready)

    def flush(self) -> None:
        """Pass on what is held back (the stream ended)."""
        ready, self._pending = redact(self._pending, self._secret), ""
        if ready:
            self._sink(ready)
