"""The known errors of calendar sources, each with a message that says what to do.

A source that fails keeps its last good cache; the message is what the user sees in
``stepwise calendar list`` and in the calendar panel.
"""

from __future__ import annotations

from app.errors import BadFile, KnownError


class CalendarError(KnownError):
    """A calendar source could not be read (the server, the network, the account)."""


class MalformedCalendar(BadFile):
    """The text is not iCalendar, or its structure is broken (exit code 2)."""


class AuthFailed(CalendarError):
    """The server refused the user name or password (HTTP 401 or 403)."""


class ServerFailed(CalendarError):
    """The server answered with an error (HTTP 5xx or an unexpected status)."""


class Unreachable(CalendarError):
    """No connection, or no answer within the time limit."""


class BadResponse(CalendarError):
    """The server answered, but not with what a calendar server sends (broken XML)."""


class NoPassword(CalendarError):
    """A CalDAV source has no password in the keyring or the environment."""


class UnsupportedAuth(CalendarError):
    """The server asks for a sign-in scheme Stepwise does not do (only Basic and Digest)."""


class Redirected(CalendarError):
    """The server sent the request to another server, or from https to http; not followed."""
