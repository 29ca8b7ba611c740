"""Real CalDAV servers for publishing (Radicale and Xandikos on loopback), a calendar app
that is not Stepwise (the ``caldav`` library), and no keyring."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from tests.app.calendar.radicale_server import Radicale
from tests.app.sync.dav_servers import start

_calendars = itertools.count(1)


@pytest.fixture
def _no_keyring(no_keyring: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")


@pytest.fixture(scope="module", params=["radicale", "xandikos"])
def dav_server(request: pytest.FixtureRequest,
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Radicale, str]]:
    """A running server of each kind and the URL of a collection's place on it."""
    server, url = start(request.param, tmp_path_factory.mktemp(f"publish-{request.param}"))
    with server:
        yield server, url


@pytest.fixture
def plan_url(dav_server: tuple[Radicale, str], _no_keyring: None) -> str:
    """A fresh calendar address on the server (Stepwise makes it)."""
    _server, url = dav_server
    base = url.rstrip("/").rsplit("/", 1)[0]
    return f"{base}/plan{next(_calendars)}/"


class CalendarApp:
    """Another calendar app on one calendar (the ``caldav`` library), as a phone uses it."""

    def __init__(self, url: str) -> None:
        from caldav.davclient import DAVClient

        self.client = DAVClient(url=url, enable_rfc6764=False, timeout=10)
        self.calendar = self.client.calendar(url=url)

    def events(self) -> dict[str, Any]:
        """Every VEVENT by UID (the caldav object; ``.icalendar_component`` its event)."""
        return {str(obj.icalendar_component["uid"]): obj for obj in self.calendar.events()}

    def move(self, uid: str, start: Any, length: Any = None) -> None:
        """Drag the event to ``start``; with ``length``, drag its end too (a resize)."""
        obj = self.events()[uid]
        event = obj.icalendar_component
        length = length or event.decoded("DTEND") - event.decoded("DTSTART")
        for name, value in (("dtstart", start), ("dtend", start + length)):
            event.pop(name, None)
            event.add(name, value)
        obj.save()

    def delete(self, uid: str) -> None:
        self.events()[uid].delete()

    def close(self) -> None:
        self.client.close()


@pytest.fixture
def calendar_app() -> Iterator[type[CalendarApp]]:
    made: list[CalendarApp] = []

    class Opened(CalendarApp):
        def __init__(self, url: str) -> None:
            super().__init__(url)
            made.append(self)

    yield Opened
    for app in made:
        app.close()
