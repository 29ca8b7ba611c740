"""app.calendar.dav: the caldav library's and the network's errors sorted into known
calendar errors; anything else stays a bug. (Named test_calendar_dav: app/sync/dav.py
exists too. The real server: test_caldav, against Radicale.)"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from caldav.lib import error

from app.calendar import dav
from app.calendar.errors import AuthFailed, BadResponse, ServerFailed, Unreachable
from tests.app.calendar.servers import ScriptedServer

ACCOUNT = dav.Account("https://cal.example.com/dav/", "ann", "pw", timeout=3)
START = datetime(2026, 12, 1, tzinfo=UTC)


@pytest.mark.parametrize("exc, known, said", [
    (error.AuthorizationError("no"), AuthFailed, "refused user 'ann'"),
    (TimeoutError(), Unreachable, "within 3 s"),
    (ConnectionRefusedError(), Unreachable, "could not connect to cal.example.com"),
    (ValueError("bad xml here"), BadResponse, "not valid CalDAV XML"),
    (error.DAVError("got 503 Service Unavailable back"), ServerFailed, "HTTP 503 Service Una"),
    (error.DAVError("odd"), ServerFailed, "failed a CalDAV request (DAVError"),
])
def test_classify_names_the_host_and_what_to_do(exc: BaseException, known: type[Exception],
                                                said: str) -> None:
    found = dav.classify(exc, ACCOUNT)
    assert isinstance(found, known) and said in str(found)


def test_an_error_raised_outside_the_library_is_a_bug() -> None:
    assert dav.classify(KeyError("k"), ACCOUNT) is None


@pytest.mark.timeout(60)
@pytest.mark.parametrize("mode, known", [("401", AuthFailed), ("500", ServerFailed),
                                         ("broken-xml", BadResponse)])
def test_a_server_that_misbehaves_is_a_known_error(scripted: ScriptedServer, mode: str,
                                                   known: type[Exception]) -> None:
    scripted.mode = mode
    account = dav.Account(scripted.url, "ann", "pw", timeout=5)
    with pytest.raises(known):
        asyncio.run(dav.fetch(account, START, START + timedelta(days=7)))


@pytest.mark.timeout(60)
def test_a_server_that_hangs_is_unreachable(scripted: ScriptedServer) -> None:
    scripted.mode = "hang"
    with pytest.raises(Unreachable):
        asyncio.run(dav.discover(dav.Account(scripted.url, "ann", "pw", timeout=0.5)))


def test_a_refusal_with_no_password_known_says_so() -> None:
    bare = dav.Account("https://cal.example.com/dav/", "alice", "", timeout=3)
    found = dav.refused(bare)
    assert isinstance(found, AuthFailed)  # a stale sync token's 403 is caught as one
    assert str(found).startswith("no password is kept for this account: cal.example.com "
                                 "refused user 'alice'")
    assert "check the user name and the password" in str(dav.refused(ACCOUNT))
