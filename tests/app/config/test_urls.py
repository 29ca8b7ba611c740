"""``app.config.urls``: credentials taken out of URLs, and URLs fit to print."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app.config import urls
from tests.conftest import Result


def test_split_takes_the_user_and_password_out() -> None:
    assert urls.split("https://me:s%40cret@dav.example.org/ann/tasks/") == (
        "https://dav.example.org/ann/tasks/", "me", "s@cret")
    assert urls.split("https://me@dav.example.org:8443/x/") == (
        "https://dav.example.org:8443/x/", "me", "")


def test_split_leaves_a_plain_url_alone() -> None:
    assert urls.split(" https://dav.example.org/a@b/ ") == ("https://dav.example.org/a@b/", "", "")


def test_shown_never_prints_the_password() -> None:
    assert urls.shown("https://me:secret@dav.example.org/") == "https://me:***@dav.example.org/"
    assert urls.shown("https://dav.example.org/") == "https://dav.example.org/"


def test_cleartext_rules() -> None:
    assert urls.cleartext("https://dav.example/u/", "secret") == ""
    assert urls.cleartext("http://dav.example/u/", None) == ""  # no password, nothing to leak
    assert "unencrypted" in urls.cleartext("http://127.0.0.1:5232/u/", "secret")
    assert "unencrypted" in urls.cleartext("http://[::1]:5232/u/", "secret")
    assert "dav.example" in urls.cleartext("http://dav.example/u/", "secret", insecure=True)
    for refused in ("http://dav.example/u/", "HTTP://me:secret@dav.example/u/"):
        with pytest.raises(urls.Cleartext, match="--insecure"):
            urls.cleartext(refused, "secret")


def test_sync_add_http_refused(cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
                               ) -> None:
    monkeypatch.setenv("DAV_PASSWORD", "secret")
    refused = cli("sync", "add", "caldav", "http://dav.example/ann/tasks/", "--user", "ann",
                  "--password-env", "DAV_PASSWORD")
    assert refused.code == 1 and "unencrypted" in refused.err and "--insecure" in refused.err
    assert "dav.example" not in cli("sync", "list").out
    allowed = cli("sync", "add", "caldav", "http://dav.example/ann/tasks/", "--user", "ann",
                  "--password-env", "DAV_PASSWORD", "--insecure")
    assert allowed.code == 0 and "unencrypted" in allowed.err
    assert "dav.example" in cli("sync", "list").out


def test_calendar_add_http_refused(cli: Callable[..., Result],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DAV_PASSWORD", "secret")
    refused = cli("calendar", "add", "caldav", "http://dav.example/", "--user", "ann",
                  "--password-env", "DAV_PASSWORD")
    assert refused.code == 1 and "--insecure" in refused.err
    assert "dav.example" not in cli("calendar", "list").out
