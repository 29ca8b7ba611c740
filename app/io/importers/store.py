"""Adding an imported batch to the store: every task through the same use cases as a
person's (``add_task``, ``save_plan``), all in one transaction, so a file that fails
half-way leaves the database as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.dates import days
from app.errors import BadFile, KnownError, Refused
from app.ical import uids
from app.io.importers.incoming import Batch, Incoming
from app.plan import store as plans
from app.plan.spec import MAX_STEPS_ANY, parse
from app.problems import InvalidPlan
from app.states import TaskStatus
from app.tasks.store import add_task, check_new_task, get_task, log
from models import Plan, Step, Task, atomic
from models.fields import InstantOutOfRange, checked_utc


@dataclass
class Summary:
    """What an import did, for the person who asked."""

    read: int = 0
    added: list[int] = field(default_factory=list)
    steps: int = 0
    skipped: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # each field kept in a detail, by name

    def lines(self, name: str) -> list[str]:
        head = (f"read {self.read} entries from {name}: added {len(self.added)} tasks"
                f" with {self.steps} steps, skipped {len(self.skipped)}")
        kept = []
        if self.kept:
            names = ", ".join(sorted(set(self.kept)))
            kept = [f"  kept in details: {len(self.kept)} fields ({names})"]
        return [head, *kept, *(f"  skipped: {line}" for line in self.skipped)]


def import_batch(batch: Batch, source: str) -> Summary:
    """Add every task of ``batch`` (skipping UIDs already here) in one transaction.

    Raises:
        BadFile: a task or plan in the file breaks Stepwise's rules; nothing was added.
    """
    summary = Summary(read=batch.read, skipped=list(batch.skipped), kept=list(batch.kept))
    with atomic():
        for number, incoming in enumerate(batch.tasks, start=1):
            problem = _unusable(incoming)
            if problem is not None:
                summary.skipped.append(f"{incoming.new.title[:80]!r}: {problem}")
                continue
            try:
                task_id, steps = _add(incoming, source)
            except InvalidPlan as exc:
                raise BadFile(f"task {number} ({incoming.new.title!r}): its plan is not "
                              f"valid: {exc.problems[0]}; nothing was imported") from None
            except KnownError as exc:
                raise BadFile(f"task {number} ({incoming.new.title!r}): {exc}; nothing "
                              "was imported") from None
            summary.added.append(task_id)
            summary.steps += steps
    return summary


def _unusable(incoming: Incoming) -> str | None:
    """Why this task cannot be added (it stays out; the rest goes in), or None."""
    if incoming.uid and Task.select().where(Task.uid == incoming.uid).exists():
        return f"already here (UID {incoming.uid})"
    new = incoming.new
    where = days.zone(new.timezone)
    for role, value in (("start", new.start_at), ("due", new.due_at),
                        ("expiry", new.expires_at)):
        try:
            when = days.moment(value, role, where)  # a date: the moment it stands for
            if when is not None:
                checked_utc(when)
        except (InstantOutOfRange, OverflowError):
            return f"its {role} time {value:%Y-%m-%d} is outside the years Stepwise keeps"
    try:
        check_new_task(incoming.new)
        if incoming.plan is not None:
            parse(incoming.plan, max_steps=MAX_STEPS_ANY)
    except InvalidPlan as exc:
        return f"its steps do not make a valid plan: {exc.problems[0]}"
    except Refused as exc:
        return str(exc)
    return None


def _add(incoming: Incoming, source: str) -> tuple[int, int]:
    task = add_task(incoming.new)
    if incoming.uid:
        Task.update(uid=incoming.uid).where(Task.id == task.id).execute()
    steps = 0
    if incoming.plan is not None:
        plan = plans.save_plan(task.id, incoming.plan, source=f"import:{source}")
        steps = len(incoming.plan["steps"])
        _keep_step_uids(plan, incoming)
    if incoming.status != TaskStatus.NEW:
        _set_imported_status(task.id, incoming.status, source)
    _keep_times(task.id, incoming)
    log(task.id, "import", f"imported from {source}")
    _done_elsewhere(task.id, incoming)
    return task.id, steps


def _done_elsewhere(task_id: int, incoming: Incoming) -> None:
    """Roll a series on by the occurrences the other app marked done on their own."""
    from app.plan import ticks
    from app.plan.recurrence import InvalidRule, occurrences_done

    if not incoming.done or incoming.status != TaskStatus.NEW:
        return
    try:
        count = occurrences_done(get_task(task_id), incoming.done)
    except InvalidRule:
        return
    for _ in range(count):
        ticks.finish_task(task_id, actor="import")


def _keep_times(task_id: int, incoming: Incoming) -> None:
    """The creation and last-change (for a closed task: closing) times the other planner
    kept, not the import's; a time outside the years Stepwise keeps stays the import's."""
    times = {}
    for column, when in ((Task.created_at, incoming.created_at),
                         (Task.updated_at, incoming.updated_at)):
        try:
            if when is not None:
                times[column] = checked_utc(when)
        except InstantOutOfRange:
            continue
    if times:
        Task.update(times).where(Task.id == task_id).execute()


def _keep_step_uids(plan: Plan, incoming: Incoming) -> None:
    task_uid = uids.task_uid(incoming.uid or get_task(plan.task_id).uid, plan.task_id)
    for step_id, uid in incoming.step_uids.items():
        if uid != uids.step_uid(task_uid, step_id):
            Step.update(uid=uid).where(Step.plan == plan, Step.step_id == step_id).execute()


def _set_imported_status(task_id: int, status: str, source: str) -> None:
    """An imported task arrives in the state it had where it came from: this creates a
    record, it is no transition, so the state machine is not asked."""
    task = get_task(task_id)
    if task.status == status:
        return
    Task.update(status=status).where(Task.id == task_id).execute()
    log(task_id, "state", f"{task.status} → {status}: as it was in {source}")
