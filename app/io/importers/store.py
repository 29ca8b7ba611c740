"""Adding an imported batch to the store: every task through the same use cases as a
person's (``add_task``, ``save_plan``), in transactions of a fraction of a second each
(``HOLD_S``), so other writers wait for the lock briefly, never for the whole file.

A file refused at its first transaction leaves the database as it was; one refused or
cancelled later keeps what was committed and says so. Tasks with a UID (Taskwarrior,
Todoist, ICS) are skipped when they are here already, so importing the file again
finishes the job.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.dates import days
from app.errors import BadFile, KnownError, Refused
from app.ical import uids
from app.io.importers import bulk
from app.io.importers.incoming import Batch, Incoming
from app.plan import store as plans
from app.plan.spec import MAX_STEPS_ANY, parse
from app.problems import InvalidPlan
from app.reminders import store as reminders
from app.states import TaskStatus
from app.tasks.store import add_task, check_new_task, get_task, log
from models import Plan, Step, Task, atomic, database
from models.fields import InstantOutOfRange, checked_utc


@dataclass
class Summary:
    """What an import did, for the person who asked."""

    read: int = 0
    added: list[int] = field(default_factory=list)
    steps: int = 0
    skipped: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # each field kept in a detail, by name
    total: int = 0  # the tasks the file offered
    done: int = 0  # of those, the ones committed (added or skipped)
    cancelled: bool = False
    with_ids: bool = True  # every task has a UID: importing the file again skips those

    def lines(self, name: str) -> list[str]:
        head = (f"read {self.read} entries from {name}: added {len(self.added)} tasks"
                f" with {self.steps} steps, skipped {len(self.skipped)}")
        kept = []
        if self.kept:
            names = ", ".join(sorted(set(self.kept)))
            kept = [f"  kept in details: {len(self.kept)} fields ({names})"]
        stopped = [self.cancelled_line()] if self.cancelled else []
        return [head, *kept, *(f"  skipped: {line}" for line in self.skipped), *stopped]

    def cancelled_line(self) -> str:
        return (f"imported {self.done:,} of {self.total:,} tasks before it was cancelled; "
                + again(self.with_ids))


def again(with_ids: bool) -> str:
    """What importing the same file again does with the tasks already committed."""
    if with_ids:
        return "importing the file again skips those"
    return "this format carries no task IDs, so importing the file again adds those twice"


# The longest a transaction of an import holds the write lock (after the task that
# passes it is added), and the pause after it: SQLite's busy handler lets a waiting
# writer try again every 100 ms, so without a pause longer than that the import takes
# the lock back each time before anyone else sees it free.
HOLD_S = 0.4
GAP_S = 0.11

Progress = Callable[[int, int], None]  # (tasks done, tasks in the file)


def import_batch(batch: Batch, source: str, progress: Progress | None = None,
                 stop: Callable[[], bool] | None = None) -> Summary:
    """Add every task of ``batch`` (skipping UIDs already here) in short transactions.

    ``progress`` is told after each transaction; the import ends early, keeping what was
    committed (``Summary.cancelled``), when ``stop()`` says so or on KeyboardInterrupt
    (Ctrl+C), whose transaction in flight is rolled back.

    Raises:
        BadFile: a task or plan in the file breaks Stepwise's rules; the message says
            what was committed before it.
    """
    summary = Summary(read=batch.read, skipped=list(batch.skipped), kept=list(batch.kept),
                      total=len(batch.tasks), with_ids=all(t.uid for t in batch.tasks))
    ahead = Ahead(batch.tasks)
    try:
        while summary.done < summary.total:
            if stop is not None and stop():
                summary.cancelled = True
                break
            _commit_some(batch.tasks, source, summary, ahead)
            if progress is not None:
                progress(summary.done, summary.total)
            if summary.done < summary.total:
                gap_ends = time.monotonic() + GAP_S
                ahead.work(summary.done, time.monotonic() + HOLD_S)
                time.sleep(max(0.0, gap_ends - time.monotonic()))
    except KeyboardInterrupt:
        summary.cancelled = True
    return summary


class Ahead:
    """Each plain task's checks and columns, worked out between transactions (while the
    lock is free for other writers), so that a transaction mostly writes."""

    def __init__(self, tasks: list[Incoming]) -> None:
        self._tasks = tasks
        self._next = 0
        self._found: dict[int, tuple[str | None, dict[str, Any] | KnownError | None]] = {}

    def work(self, start: int, until: float) -> None:
        """Work out the tasks from ``start`` on until ``until`` (``time.monotonic``), at
        least one."""
        position = first = max(start, self._next)
        while position < len(self._tasks) and (position == first or time.monotonic() < until):
            incoming = self._tasks[position]
            if bulk.plain(incoming):
                self._found[position] = _worked_out(incoming)
            position += 1
        self._next = position

    def unfit(self, position: int) -> str | None:
        """``_unfit`` of ``tasks[position]``."""
        incoming = self._tasks[position]
        if not bulk.plain(incoming):
            return _unfit(incoming)
        if position not in self._found:
            self._found[position] = _worked_out(incoming)
        return self._found[position][0]

    def row(self, position: int) -> dict[str, Any] | None:
        """``task_row`` of a plain task worked out (raising its refusal), else None."""
        found = self._found.pop(position, (None, None))[1]
        if isinstance(found, KnownError):
            raise found
        return found


def _commit_some(tasks: list[Incoming], source: str, summary: Summary, ahead: Ahead) -> None:
    """Add tasks from ``summary.done`` on in one transaction of about ``HOLD_S``; the
    summary counts them only once it is committed."""
    added: list[int] = []
    skipped: list[str] = []
    held = [0, summary.done]  # the transaction's steps, and the position after its tasks
    try:
        _hold_some(tasks, source, summary, ahead, added, skipped, held)
    except KeyboardInterrupt:
        if _committed(added):  # Ctrl+C after COMMIT, while its notices were delivered
            _count(summary, added, skipped, held)
        raise
    _count(summary, added, skipped, held)


def _count(summary: Summary, added: list[int], skipped: list[str], held: list[int]) -> None:
    """Count a committed transaction's tasks in ``summary``."""
    summary.added += added
    summary.skipped += skipped
    summary.steps += held[0]
    summary.done = held[1]


def _committed(added: list[int]) -> bool:
    """After an interrupt: whether the transaction that added ``added`` is committed (no
    transaction is open any more and its last task is there), else it is rolled back."""
    connection = database.connection()
    if connection.in_transaction:
        connection.rollback()  # interrupted before its COMMIT ran: nothing of it stays
        return False
    return bool(added) and Task.select().where(Task.id == added[-1]).exists()


def _hold_some(tasks: list[Incoming], source: str, summary: Summary, ahead: Ahead,
               added: list[int], skipped: list[str], held: list[int]) -> None:
    """The transaction of ``_commit_some``, its steps and position kept in ``held`` as
    it goes (a Ctrl+C among its commit's notices must not lose count of them)."""
    with atomic():
        ends = time.monotonic() + HOLD_S
        writer = bulk.Writer(tasks, source)
        while held[1] < len(tasks) and (held[1] == summary.done
                                        or time.monotonic() < ends):
            position = held[1]
            incoming = tasks[position]
            held[1] += 1
            here = writer.here(position)
            problem = f"already here (UID {incoming.uid})" if here else ahead.unfit(position)
            if problem is not None:
                skipped.append(f"{incoming.new.title[:80]!r}: {problem}")
                continue
            try:
                task_id, count = _added(incoming, source, writer, ahead.row(position))
            except InvalidPlan as exc:
                raise _refused(position + 1, incoming, f"its plan is not valid: "
                               f"{exc.problems[0]}", summary) from None
            except KnownError as exc:
                raise _refused(position + 1, incoming, str(exc), summary) from None
            added.append(task_id)
            held[0] += count
        writer.flush()


def _refused(number: int, incoming: Incoming, why: str, summary: Summary) -> BadFile:
    kept = ("nothing was imported" if not summary.done else
            f"the {summary.done:,} tasks before it were imported; fix it and "
            + again(summary.with_ids))
    return BadFile(f"task {number} ({incoming.new.title!r}): {why}; {kept}")


def _worked_out(incoming: Incoming) -> tuple[str | None, dict[str, Any] | KnownError | None]:
    """``_unfit`` and the ``task_row`` (or its refusal) of a plain task, the checks they
    share run once: ``task_row`` makes them on the same task unless it gave a date its
    zone."""
    try:
        row = bulk.task_row(incoming.new)
    except KnownError as exc:
        problem = _unfit(incoming)
        return problem, None if problem is not None else exc
    return _unfit(incoming, checked=row["timezone"] == incoming.new.timezone), row


def _unfit(incoming: Incoming, checked: bool = False) -> str | None:
    """Why this task cannot be added (it stays out; the rest goes in), or None; a UID
    already here is asked in the transaction. ``checked``: ``check_new_task`` passed."""
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
        if not checked:
            check_new_task(incoming.new)
        if incoming.plan is not None:
            parse(incoming.plan, max_steps=MAX_STEPS_ANY)
    except InvalidPlan as exc:
        return f"its steps do not make a valid plan: {exc.problems[0]}"
    except Refused as exc:
        return str(exc)
    return None


def _added(incoming: Incoming, source: str, writer: bulk.Writer,
           row: dict[str, Any] | None) -> tuple[int, int]:
    """The task's id and its steps' count: a plain task's rows held by ``writer`` (its
    columns ``row`` when worked out ahead), any other added through the use cases (after
    the rows held, keeping the file's order)."""
    if bulk.plain(incoming):
        return writer.add(incoming, row), 0
    writer.flush()
    added = _add(incoming, source)
    writer.added_elsewhere(incoming.uid)
    return added


def _add(incoming: Incoming, source: str) -> tuple[int, int]:
    task = add_task(incoming.new, uid=incoming.uid or None)
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
    reminders.schedule_for_task(task_id)  # a task that arrives done keeps none
