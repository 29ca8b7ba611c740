"""Credentials written into a URL (``https://me:secret@dav.example.org/``): never stored
or printed as given. ``split`` takes them out (the user name for the account's user
field, the password for the keyring); ``shown`` is a URL fit to print; ``cleartext``
refuses a password over plain http to another machine."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit, urlunsplit

from app.errors import Refused


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


class Cleartext(Refused):
    """A password would travel unencrypted (``http://``) to a host other than this machine."""


LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1", "ip6-localhost"})


def cleartext(url: str, password: str | None, *, insecure: bool = False) -> str:
    """What to tell the person about sending ``password`` to ``url``: "" for https or no
    password; a warning for plain http to this machine or with ``insecure``.

    Raises:
        Cleartext: plain http with a password to another host, without ``insecure``.
    """
    parts = urlsplit(split(url)[0])
    if parts.scheme.lower() != "http" or not password:
        return ""
    host = (parts.hostname or "").lower()
    if host in LOOPBACK or host.startswith("127.") or insecure:
        where = "this machine" if not insecure or host in LOOPBACK else host
        return (f"warning: {parts.netloc} is plain http://, so your password travels "
                f"unencrypted (to {where}); use https:// where the server offers it")
    raise Cleartext(f"{parts.netloc} is plain http://: your password would travel "
                    "unencrypted over the network. Use the server's https:// address (on a "
                    "network you trust, the command line takes --insecure)")
