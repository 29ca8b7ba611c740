"""Known errors: what the user did or has, each with an exit code and a helpful message.

Anything else that escapes is a bug and is reported with its traceback.
"""

from __future__ import annotations


class KnownError(Exception):
    """A problem the user can act on; the message says what to do."""

    exit_code = 1


class NotFound(KnownError):
    """No task, plan or step with that id."""


class Refused(KnownError):
    """The rules do not allow this now (the message names the rule)."""


class StaleEdit(Refused):
    """An edit made against a plan revision that is no longer the latest."""


class BadFile(KnownError):
    """A missing, empty, unreadable or malformed input file."""

    exit_code = 2
