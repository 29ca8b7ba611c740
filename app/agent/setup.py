"""The provider the settings name, with its key from the keyring and the consent rule.

Task text goes to a model on another computer only after the user agreed once
(``assistant.remote_consent``); a server on this computer (loopback) needs no consent.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from app.config import secrets, settings
from app.config.provider_kinds import ProviderKind
from app.errors import KnownError
from app.llm.base import Provider, ProviderConfig
from app.llm.store_forms import StoreForms


class ConsentNeeded(KnownError):
    """The configured model is remote and the user has not agreed to send task text."""


def is_local(base_url: str) -> bool:
    host = urlsplit(base_url).hostname or ""
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def configured() -> tuple[ProviderConfig, str | None]:
    """The provider settings and the API key (None when there is none)."""
    kind = settings.get("assistant.provider")
    base_url = settings.get("assistant.base_url")
    server = kind != ProviderKind.OFFLINE
    key = secrets.get_key(secrets.account_for(kind, base_url)) if server else None
    config = ProviderConfig(kind=kind, base_url=base_url, model=settings.get("assistant.model"),
                            api_key=key, max_tokens=settings.get("assistant.max_tokens"),
                            temperature=settings.get("assistant.temperature"),
                            deadline_s=float(settings.get("assistant.deadline_s")),
                            forms=StoreForms())
    return config, key


def provider_from_settings() -> tuple[Provider, str | None]:
    """Make the configured provider.

    Raises:
        ConsentNeeded: a remote server, and no consent yet.
        ProviderError: the settings do not make a usable provider.
    """
    from app.llm import make_provider

    config, key = configured()
    if config.kind != ProviderKind.OFFLINE:
        if not config.base_url or not config.model:
            raise KnownError("choose the model server's address and the model in Settings")
        if not is_local(config.base_url) and not settings.get("assistant.remote_consent"):
            host = urlsplit(config.base_url).hostname
            raise ConsentNeeded(f"your tasks' text would be sent to {host}; allow it in "
                                "Settings (or use a model on this computer)")
    return make_provider(config), key
