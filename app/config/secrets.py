"""The model server's API key: kept in the system keyring, never in the store or a log.

Where no keyring backend exists (a bare Linux session, CI), the key is kept in memory
for this session only and ``persistent()`` says so, so the window can tell the user.
"""

from __future__ import annotations

SERVICE = "stepwise"
_session: dict[str, str] = {}


def _backend_usable() -> bool:
    import keyring
    from keyring.backends import fail

    backend = keyring.get_keyring()
    return not isinstance(backend, fail.Keyring) and getattr(backend, "priority", 1) > 0


def persistent() -> bool:
    """True when keys survive a restart (a real keyring backend exists)."""
    try:
        return _backend_usable()
    except Exception:  # noqa: BLE001 - a broken backend means: no keyring
        return False


def get_key(account: str) -> str | None:
    if account in _session:
        return _session[account]
    if not persistent():
        return None
    import keyring

    return keyring.get_password(SERVICE, account)


def set_key(account: str, key: str | None) -> bool:
    """Store (or with None, forget) a key; returns True when it went to the keyring."""
    _session.pop(account, None)
    if persistent():
        import keyring

        if key:
            keyring.set_password(SERVICE, account, key)
        else:
            try:
                keyring.delete_password(SERVICE, account)
            except keyring.errors.PasswordDeleteError:
                pass
        return True
    if key:
        _session[account] = key
    return False


def account_for(provider: str, base_url: str) -> str:
    """One key per server: the keyring entry's name."""
    return f"{provider}:{base_url.rstrip('/')}"
