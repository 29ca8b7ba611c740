"""``app.config.urls``: credentials taken out of URLs, and URLs fit to print."""

from __future__ import annotations

from app.config import urls


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
