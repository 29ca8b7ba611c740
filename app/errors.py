"""Known errors: what the user did or has, each with an exit code and a helpful message.

Anything else that escapes is a bug and is reported with its traceback.
"""

from __future__ import annotations

from collections.abc import Callable


class KnownError(Exception):
    """A problem the user can act on; the message says what to do.

    ``words``, when the error was made from a code with values (``app.tasks.problems``),
    tells the message in a language (``en``, ``zh``): each screen shows it in its own.
    """

    exit_code = 1

    def __init__(self, message: str = "", *, words: Callable[[str], str] | None = None
                 ) -> None:
        super().__init__(message)
        self.words = words


class NotFound(KnownError):
    """No task, plan or step with that id."""


class Refused(KnownError):
    """The rules do not allow this now (the message names the rule)."""


class StaleEdit(Refused):
    """An edit made against a plan revision that is no longer the latest."""


class BadFile(KnownError):
    """A missing, empty, unreadable or malformed input file."""

    exit_code = 2
