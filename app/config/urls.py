"""Credentials written into a URL (``https://me:secret@dav.example.org/``): never stored
or printed as given. ``split`` takes them out (the user name for the account's user
field, the password for the keyring); ``shown`` is a URL fit to print."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit, urlunsplit


def split(url: str) -> tuple[str, str, str]:
    """The URL without its user info, and the user name and password it held ("" each
    when none)."""
    parts = urlsplit(url.strip())
    if "@" not in parts.netloc:
        return url.strip(), "", ""
    info, _, host = parts.netloc.rpartition("@")
    user, _, password = info.partition(":")
    return urlunsplit(parts._replace(netloc=host)), unquote(user), unquote(password)


def shown(url: str) -> str:
    """The URL with any password in it replaced by ``***``."""
    clean, user, password = split(url)
    if not user and not password:
        return clean
    parts = urlsplit(clean)
    info = f"{user}:***" if password else user
    return urlunsplit(parts._replace(netloc=f"{info}@{parts.netloc}"))
