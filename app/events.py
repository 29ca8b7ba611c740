"""The core's change notices: a small observer interface the Qt shell adapts to signals.

The core calls ``emit`` after a transaction commits; the shell subscribes once and
turns each Change into a Qt signal. Subscribers must be quick and must not raise.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Change:
    """Something in the store changed. ``kind`` is a past-tense fact, e.g. ``plan_saved``."""

    kind: str
    task_id: int | None = None
    detail: str = ""


Listener = Callable[[Change], None]


class Events:
    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Add a listener; returns the function that removes it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def emit(self, change: Change) -> None:
        for listener in list(self._listeners):
            listener(change)


events = Events()
