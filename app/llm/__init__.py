"""The models the assistant talks to: the provider interface and the one factory for it.

``make_provider`` turns a :class:`ProviderConfig` into the provider its ``kind`` names;
``close_clients`` closes the shared HTTP connections in the staged shutdown.

The HTTP stack (httpx2, ~65 ms to import) is imported only when a server provider is
made: the offline planner, the default, never needs it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable

from app.config.provider_kinds import ProviderKind
from app.llm.base import (
    ChunkSink,
    Failure,
    Message,
    Provider,
    ProviderConfig,
    ProviderError,
    Reply,
    redact,
)

__all__ = [
    "ChunkSink", "Message", "Provider", "ProviderConfig", "ProviderError", "ProviderKind",
    "Reply", "close_clients", "make_provider", "redact",
]

_OFFLINE_MODULE = "app.llm.offline.provider"


def _offline(_config: ProviderConfig) -> Provider:
    # Imported on demand: the rule-based planner is not needed to reach a server.
    try:
        module = importlib.import_module(_OFFLINE_MODULE)
    except ModuleNotFoundError as exc:
        if exc.name != _OFFLINE_MODULE:
            raise  # the module exists but one of its imports is missing: a bug
        raise ProviderError(Failure.CONFIG,
                            "The offline planner is not part of this build: "
                            "choose an OpenAI-compatible or Ollama server.") from exc
    provider: Provider = module.OfflineProvider()  # it needs no settings: nothing to reach
    return provider


def _openai(config: ProviderConfig) -> Provider:
    from app.llm.openai import OpenAIProvider

    return OpenAIProvider(config)


def _ollama(config: ProviderConfig) -> Provider:
    from app.llm.ollama import OllamaProvider

    return OllamaProvider(config)


async def close_clients() -> None:
    """Close the running loop's HTTP client, if the HTTP stack was ever used."""
    http = sys.modules.get("app.llm.http")
    if http is not None:
        await http.close_clients()


# What each provider kind (declared once in ``ProviderKind``) makes.
PROVIDERS: dict[ProviderKind, Callable[[ProviderConfig], Provider]] = {
    ProviderKind.OFFLINE: _offline,
    ProviderKind.OPENAI: _openai,
    ProviderKind.OLLAMA: _ollama,
}


def make_provider(config: ProviderConfig) -> Provider:
    """The provider for ``config.kind``.

    Raises:
        ProviderError: kind ``config`` for an unknown kind, an unusable base URL, or an
            offline planner missing from this build.
    """
    factory = PROVIDERS.get(config.kind)  # type: ignore[call-overload]
    if factory is None:
        known = ", ".join(PROVIDERS)
        raise ProviderError(Failure.CONFIG,
                            f"Unknown model provider {config.kind!r}: choose one of "
                            f"{known}.")
    return factory(config)
