"""Every kind of model provider, declared once with its description.

The CLI's ``--provider`` choices, the ``assistant.provider`` setting's choices, the
settings dialog's list and ``app.llm.PROVIDERS`` (the class each kind makes) all read
``ProviderKind``; a test holds them equal. It lives outside ``app.llm`` so that reading
a setting does not load the HTTP client that package brings.
"""

from __future__ import annotations

from enum import StrEnum


class ProviderKind(StrEnum):
    """Where the assistant's model runs."""

    OFFLINE = "offline"
    OPENAI = "openai"
    OLLAMA = "ollama"


DESCRIPTIONS: dict[ProviderKind, str] = {
    ProviderKind.OFFLINE: "built in, no server",
    ProviderKind.OPENAI: "any OpenAI-compatible server",
    ProviderKind.OLLAMA: "an Ollama server",
}
"""What each kind is, as the settings' choices describe it (the dialog has its own
translated labels, ``ui.settings.dialog.provider_names``)."""

SERVER_KINDS = frozenset({ProviderKind.OPENAI, ProviderKind.OLLAMA})
"""The kinds that reach a model server (the offline planner can stand in for them)."""
