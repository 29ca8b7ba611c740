"""What kind of server answers at a base URL: Ollama (``/api/tags``) or OpenAI-compatible
(``/v1/models``), so a wrong provider choice is named before any task is sent.

``mismatch`` gives the plain sentence for a server of another kind than the one chosen.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import httpx2

from app.config.provider_kinds import ProviderKind
from app.errors import KnownError
from app.llm.base import ProviderConfig
from app.llm.http import checked_base, shared_client

_PROBE_S = 5.0
KIND_NAMES: dict[str, str] = {
    ProviderKind.OPENAI: "OpenAI-compatible (llama.cpp, LM Studio, vLLM)",
    ProviderKind.OLLAMA: "Ollama",
}


def _root(base_url: str) -> str:
    base = checked_base(base_url)
    for suffix in ("/v1", "/api"):
        base = base.removesuffix(suffix)
    return base


async def _answers(url: str, key: str) -> bool:
    """Whether ``url`` answers 200 with a JSON object holding a list under ``key``."""
    try:
        response = await shared_client().get(url, timeout=_PROBE_S)
        data = response.json() if response.status_code == 200 else None
    except (httpx2.HTTPError, ValueError):
        return False
    return isinstance(data, dict) and isinstance(data.get(key), list)


async def detect_kind(base_url: str) -> str | None:
    """``ollama``, ``openai``, or None when neither model list answers (server down, or
    something else entirely). Ollama answers both; its native API is what names it."""
    root = _root(base_url)
    if await _answers(f"{root}/api/tags", "models"):
        return ProviderKind.OLLAMA
    if await _answers(f"{root}/v1/models", "data"):
        return ProviderKind.OPENAI
    return None


def mismatch(chosen: str, found: str | None, base_url: str) -> str | None:
    """The sentence telling which provider to choose (None: the choice fits the server)."""
    ollama_as_openai = chosen == ProviderKind.OPENAI and found == ProviderKind.OLLAMA
    if found is None or found == chosen or ollama_as_openai:
        return None  # Ollama serves the OpenAI API too, at /v1
    host = urlsplit(base_url).netloc or base_url
    return (f"The server at {host} is {KIND_NAMES[found]}, not {KIND_NAMES[chosen]}: choose "
            f"the {found} provider (Settings → Model → Provider, or --provider {found}).")


async def check_kind(config: ProviderConfig) -> None:
    """Refuse a provider that does not fit the server, saying which one does."""
    if config.kind == ProviderKind.OFFLINE:
        return
    problem = mismatch(config.kind, await detect_kind(config.base_url), config.base_url)
    if problem is not None:
        raise KnownError(problem)
