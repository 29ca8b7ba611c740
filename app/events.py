"""The core's change notices: a small observer interface the Qt shell adapts to signals.

Every kind of change is declared once in ``Kind``; the emitter refuses any other. A
change emitted inside a write transaction is delivered only after the outermost
transaction commits (``models.after_commit``), and never if it rolls back, so a
listener always sees committed data and never writes inside someone else's
transaction. Outside a transaction it is delivered at once. Subscribers must be quick;
one that raises is logged and the others still hear the change.

A change also says who started the work that made it (``initiator``: a token the shell
gives with ``initiated_by``, 0 for nobody in particular), so the view that started some
work and shows its outcome itself can skip the notices of that same work.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from enum import StrEnum

from models import after_commit

log = logging.getLogger(__name__)


class Kind(StrEnum):
    """What changed, as a past-tense fact."""

    TASK_ADDED = "task_added"
    TASK_CHANGED = "task_changed"
    TASK_DELETED = "task_deleted"
    TASK_PROBLEM = "task_problem"
    PLAN_SAVED = "plan_saved"
    PLAN_APPROVED = "plan_approved"
    PLAN_PAUSED = "plan_paused"
    PLAN_RESUMED = "plan_resumed"
    PLAN_ABORTED = "plan_aborted"
    STEP_CHANGED = "step_changed"
    ASSISTANT_STARTED = "assistant_started"
    ASSISTANT_FINISHED = "assistant_finished"
    OUTBOX_DECIDED = "outbox_decided"
    CALENDAR_SYNCED = "calendar_synced"
    REMINDERS_SCHEDULED = "reminders_scheduled"
    REMINDERS_FIRED = "reminders_fired"
    REMINDER_CHANGED = "reminder_changed"
    DATABASE_REPLACED = "database_replaced"
    SCHEDULE_CHANGED = "schedule_changed"
    TASKS_SYNCED = "tasks_synced"


@dataclass(frozen=True)
class Change:
    """Something in the store changed. ``kind`` is one of ``Kind`` (a ``str`` too, so a
    Qt signal carries it as text); typed ``Kind`` so mypy refuses a bare string."""

    kind: Kind
    task_id: int | None = None
    detail: str = ""
    initiator: int = 0  # who started the work (``initiated_by``); 0: nobody in particular


_initiator: ContextVar[int] = ContextVar("stepwise_change_initiator", default=0)


@contextmanager
def initiated_by(token: int) -> Iterator[None]:
    """Every change emitted inside carries ``token`` as its initiator: in this thread, and
    in a worker thread started from here (``asyncio.to_thread`` copies the context)."""
    reset = _initiator.set(token)
    try:
        yield
    finally:
        _initiator.reset(reset)


Listener = Callable[[Change], None]


class Events:
    """An emitter built with the list of kinds it may send."""

    def __init__(self, allowed: Iterable[str] = Kind) -> None:
        self._allowed = frozenset(str(kind) for kind in allowed)
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Add a listener; returns the function that removes it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def emit(self, change: Change) -> None:
        """Deliver ``change`` after the current transaction commits (now if none is open).

        Raises:
            ValueError: the kind is not declared in ``Kind`` (a bug in the caller).
        """
        if change.kind not in self._allowed:
            raise ValueError(f"undeclared change kind {change.kind!r}: add it to app.events.Kind")
        if not change.initiator and (token := _initiator.get()):
            change = replace(change, initiator=token)
        after_commit(lambda: self._deliver(change))

    def _deliver(self, change: Change) -> None:
        for listener in list(self._listeners):
            try:
                listener(change)
            except Exception:  # one broken listener must not silence the others
                log.exception("a listener of %s failed", change.kind)


events = Events()
