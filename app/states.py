"""The state machines of tasks, plans and steps (DESIGN.md section 4), each one table.

Code owns every transition: ``check(machine, old, new)`` raises IllegalTransition for
anything the table does not list. Nothing else in Stepwise decides what may follow what.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from app.errors import KnownError


class TaskStatus(StrEnum):
    """A task's status (each member is also the text stored in the database)."""

    NEW = "new"
    REVIEWED = "reviewed"
    WAITING = "waiting"
    PLANNED = "planned"
    IN_PROGRESS = "in_progress"
    PAUSED = "paused"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


class PlanStatus(StrEnum):
    """A plan revision's status."""

    PENDING = "pending"
    IN_PROGRESS = "in_progress"
    COMPLETED = "completed"
    PAUSED = "paused"
    ABORTED = "aborted"
    SUPERSEDED = "superseded"


class StepStatus(StrEnum):
    """A step's status."""

    PENDING = "pending"
    IN_PROGRESS = "in_progress"
    COMPLETED = "completed"
    FAILED = "failed"
    SKIPPED = "skipped"


class IllegalTransition(KnownError):
    """A state change that the machine does not allow."""

    def __init__(self, machine: str, old: str, new: str, allowed: frozenset[str]) -> None:
        options = ", ".join(sorted(allowed)) or "nothing (it is final)"
        super().__init__(
            f"a {machine} cannot go from {old} to {new}; from {old} it can go to {options}")
        self.machine = machine
        self.old = old
        self.new = new


@dataclass(frozen=True)
class Machine:
    name: str
    states: dict[str, str]  # state -> what it means
    moves: dict[str, frozenset[str]]  # state -> states it may go to
    # state -> states a person's undo or reopening may take it back to (never the assistant)
    reopenings: dict[str, frozenset[str]] = field(default_factory=dict)

    def check(self, old: str, new: str, *, reopening: bool = False) -> None:
        """Raise IllegalTransition unless ``old -> new`` is in the table (or, for a
        person's undo or reopening, in ``reopenings``)."""
        if new not in self.states:
            raise ValueError(f"{new!r} is not a {self.name} status")
        allowed = self.moves.get(old, frozenset())
        if reopening:
            allowed = allowed | self.reopenings.get(old, frozenset())
        if new not in allowed:
            raise IllegalTransition(self.name, old, new, allowed)


def _moves(table: dict[str, str]) -> dict[str, frozenset[str]]:
    return {state: frozenset(targets.split()) for state, targets in table.items()}


def _described(kind: type[StrEnum], meanings: dict[str, str]) -> dict[str, str]:
    """The machine's states, exactly the members of ``kind``, each with its meaning."""
    if set(meanings) != {str(m) for m in kind}:
        raise AssertionError(f"{kind.__name__}: describe exactly its members")
    return {str(member): meanings[str(member)] for member in kind}


TASK = Machine(
    "task",
    states=_described(TaskStatus, {
        "new": "added, not yet reviewed",
        "reviewed": "times confirmed by a review",
        "waiting": "waits for its start or next check time",
        "planned": "has a plan awaiting approval",
        "in_progress": "its plan is running",
        "paused": "stopped by hand or by a failed step",
        "done": "finished",
        "failed": "could not be done (see problem)",
        "cancelled": "no longer wanted",
        "expired": "its expiry time passed",
    }),
    moves=_moves(
        {
            "new": "reviewed waiting planned in_progress paused done failed cancelled expired",
            "reviewed": "waiting planned in_progress paused done failed cancelled expired",
            "waiting": "new reviewed planned in_progress paused done failed cancelled expired",
            "planned": "waiting in_progress paused done failed cancelled expired",
            "in_progress": "waiting planned paused done failed cancelled expired",
            "paused": "new reviewed waiting planned in_progress done failed cancelled expired",
            "failed": "new planned in_progress cancelled",
            "done": "new reviewed waiting planned in_progress paused",
            "cancelled": "new",
            "expired": "new cancelled",
        }
    ),
)

PLAN = Machine(
    "plan",
    states=_described(PlanStatus, {
        "pending": "awaiting approval",
        "in_progress": "approved and running",
        "completed": "every step completed or skipped",
        "paused": "a step failed, or paused by hand",
        "aborted": "stopped for good; remaining steps skipped",
        "superseded": "replaced by a newer revision",
    }),
    moves=_moves(
        {
            "pending": "in_progress aborted superseded",
            "in_progress": "paused completed aborted superseded",
            "paused": "in_progress aborted superseded",
            "completed": "superseded",
            "aborted": "",
            "superseded": "",
        }
    ),
    reopenings=_moves({"completed": "in_progress"}),
)

STEP = Machine(
    "step",
    states=_described(StepStatus, {
        "pending": "not started",
        "in_progress": "being done",
        "completed": "done",
        "failed": "could not be done (see error)",
        "skipped": "left out; counts as satisfied",
    }),
    moves=_moves(
        {
            "pending": "in_progress skipped",
            "in_progress": "completed failed skipped",
            "failed": "pending skipped",
            "completed": "",
            "skipped": "",
        }
    ),
    reopenings=_moves({"completed": "pending in_progress", "skipped": "pending"}),
)

ACTIVE_PLAN = frozenset({PlanStatus.PENDING, PlanStatus.IN_PROGRESS, PlanStatus.PAUSED})
OPEN_TASK = frozenset({TaskStatus.NEW, TaskStatus.REVIEWED, TaskStatus.WAITING,
                       TaskStatus.PLANNED, TaskStatus.IN_PROGRESS, TaskStatus.PAUSED})
SATISFIED_STEP = frozenset({StepStatus.COMPLETED, StepStatus.SKIPPED})
