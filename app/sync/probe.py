"""Testing a sync account before it is saved: can the server be reached, does it take
the user and password, and is the task list there yet. Nothing is written.

Blocking (the ``caldav`` library is synchronous): call it from a worker thread.
"""

from __future__ import annotations

from enum import StrEnum

from app.calendar.dav import Account
from app.calendar.errors import AuthFailed, ServerFailed
from app.sync import dav as sync_dav

TEST_TIMEOUT_S = 10.0


class Found(StrEnum):
    """What a successful test found at the URL."""

    LIST = "list"  # the task list exists
    NO_LIST = "no_list"  # the server answered; the first sync will make the list


def probe(url: str, user: str, password: str, timeout: float = TEST_TIMEOUT_S) -> Found:
    """One PROPFIND (depth 0) of the task list at ``url``.

    Raises:
        CalendarError: not reachable (``Unreachable``), the account refused
            (``AuthFailed``), or the server failed (``ServerFailed``, ``BadResponse``).
    """
    dav = sync_dav.Dav(Account(url, user, password, timeout))
    try:
        answer = dav.call(dav.client.request, dav.url, "PROPFIND", sync_dav.ETAGS,
                          {**sync_dav._XML, "Depth": "0"})
    finally:
        dav.close()
    if answer.status in (401, 403):
        raise AuthFailed(f"{url} refused the user name or password (HTTP {answer.status})")
    if answer.status == 404 or dav._missing(answer):
        return Found.NO_LIST
    if answer.status >= 400:
        raise ServerFailed(f"{url} answered HTTP {answer.status}")
    return Found.LIST
