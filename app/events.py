"""The core's change notices: a small observer interface the Qt shell adapts to signals.

Every kind of change is declared once in ``Kind``; the emitter refuses any other. The
changes one write transaction makes are gathered and delivered once, as one
``Changes`` value, after the outermost transaction commits (``models.gather_until_commit``),
and never if it rolls back, so a listener always sees committed data, never writes
inside someone else's transaction, and reacts once to a transaction however many rows
it touched. Outside a transaction a change is delivered at once. Subscribers must be
quick; one that raises is logged and the others still hear the changes.

``Changes`` also says who started the work that made them (``initiator``: a token given
with ``initiated_by``; 0 for nobody in particular; ``SYNC`` for the sync), so the view
that started some work and shows its outcome itself, or the sync that wrote what it
pulled, can skip the notices of that same work.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from enum import StrEnum

from models import gather_until_commit

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


SYNC = -1  # the initiator of what a sync writes (``initiated_by(SYNC)``)


@dataclass(frozen=True)
class Changes:
    """What one write transaction changed, in order, and who started the work."""

    items: tuple[Change, ...]
    initiator: int = 0  # ``initiated_by``'s token; 0: nobody in particular

    def __iter__(self) -> Iterator[Change]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    @property
    def kinds(self) -> frozenset[Kind]:
        return frozenset(change.kind for change in self.items)

    @property
    def task_ids(self) -> frozenset[int]:
        """The tasks named (a change of no task in particular names none)."""
        return frozenset(c.task_id for c in self.items if c.task_id)

    def of(self, *kinds: Kind) -> tuple[Change, ...]:
        """The changes of these kinds, in order."""
        return tuple(change for change in self.items if change.kind in kinds)

    def about(self, task_id: int) -> Changes:
        """The changes that name ``task_id``."""
        return Changes(tuple(c for c in self.items if c.task_id == task_id), self.initiator)

    def revisions(self, task_id: int) -> frozenset[int]:
        """The plan revisions saved for ``task_id`` (``PLAN_SAVED``'s detail)."""
        return frozenset(int(c.detail) for c in self.about(task_id).of(Kind.PLAN_SAVED)
                         if c.detail.isdigit())


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


Listener = Callable[[Changes], None]


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
        """Deliver ``change`` with the rest of the current transaction's, after it commits
        (now if none is open).

        Raises:
            ValueError: the kind is not declared in ``Kind`` (a bug in the caller).
        """
        self.emit_all([change])

    def emit_all(self, changes: Sequence[Change]) -> None:
        """``emit`` for several changes: outside a transaction they go as one ``Changes``."""
        for change in changes:
            if change.kind not in self._allowed:
                raise ValueError(
                    f"undeclared change kind {change.kind!r}: add it to app.events.Kind")
        if not changes:
            return
        initiator = _initiator.get()
        gather_until_commit((id(self), initiator), list(changes),
                            lambda items: self._deliver(Changes(tuple(items), initiator)))

    def _deliver(self, changes: Changes) -> None:
        for listener in list(self._listeners):
            try:
                listener(changes)
            except Exception:  # one broken listener must not silence the others
                log.exception("a listener of %s failed",
                              ", ".join(sorted({str(c.kind) for c in changes})))


events = Events()
