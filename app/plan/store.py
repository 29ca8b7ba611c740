"""Plans and their steps in the store: save a revision, read it back, move its states.

Every change is one IMMEDIATE transaction. A plan is saved as a new revision; an
edit names the revision it was made from and is refused when that is no longer the
latest. Steps move only along ``app.states.STEP``; groups derive their status. The
assistant's moves are held to the machine; a person's (any other actor) may come in
any order and be undone (DESIGN §4).

A plan's moves and its steps' moves are one concern, kept in one module: a step's
move completes, pauses, reopens or rolls its plan forward inside the same transaction,
through the same private helpers (``_move_plan``, ``_refresh_groups``); split, each half
would reach back into the other.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.config import settings
from app.errors import NotFound, Refused, StaleEdit
from app.events import Change, Kind, events
from app.plan import graph, recurrence
from app.plan import rows as plan_rows
from app.plan.spec import MAX_STEPS_ANY, PlanSpec, parse, parse_once
from app.plan.status import TASK_BY_PLAN, follow_plan, status_for_new_revision, tell_failures
from app.reminders import store as reminders
from app.states import (
    ACTIVE_PLAN,
    OPEN_TASK,
    PLAN,
    SATISFIED_STEP,
    STEP,
    PlanStatus,
    StepStatus,
    TaskStatus,
)
from app.tasks import problems as task_problems
from app.tasks.problems import Problem
from app.tasks.store import get_task, log, set_problem, set_status
from models import Plan, Step, StepDependency, Task, atomic
from models.prepared import Prepared

_PLAN_ROW = [f for f in Plan._meta.sorted_fields if f.name != "spec"]  # spec: history only


_LATEST = Prepared[Plan](lambda task_id: Plan.select(*_PLAN_ROW, Task).join(Task).where(
    Plan.task == task_id).order_by(Plan.revision.desc()).limit(1), [int])
_STEP = Prepared[Step](lambda plan_id, step_id: Step.select().where(
    (Step.plan == plan_id) & (Step.step_id == step_id)).limit(1), [int, str])


def latest_plan(task_id: int) -> Plan | None:
    """The task's newest revision (without the stored spec text, which can be large)."""
    return _LATEST.first(task_id)


def active_plan(task_id: int) -> Plan:
    """The task's one active (pending, running or paused) plan.

    Raises:
        NotFound: the task (or an active plan for it) does not exist.
    """
    plan = latest_plan(task_id)
    if plan is None:
        get_task(task_id)  # names a missing task as such
    if plan is None or plan.status not in ACTIVE_PLAN:
        state = "no plan" if plan is None else f"no active plan (the latest is {plan.status})"
        raise NotFound(f"task {task_id} has {state}; import one with `stepwise plan import`")
    return plan


def latest_plan_or_fail(task_id: int) -> Plan:
    plan = latest_plan(get_task(task_id).id)
    if plan is None:
        raise NotFound(f"task {task_id} has no plan yet")
    return plan


def revisions(task_id: int) -> list[Plan]:
    return list(Plan.select().where(Plan.task == task_id).order_by(Plan.revision))


def spec_of(plan: Plan) -> PlanSpec:
    """The plan as it stands now (steps with their current status), as a PlanSpec."""
    return plan_rows.read_spec(plan)


def save_plan(task_id: int, data: object, *, author: str = "user", source: str = "user",
              generated: set[str] | None = None, valid: PlanSpec | None = None) -> Plan:
    """Validate PlanSpec data and store it as the task's next revision.

    Args:
        task_id: the task the plan is for.
        data: parsed PlanSpec JSON (or a write_todos list); ``planspec.Checked`` data
            (a model's reply, checked when it came) is not validated again.
        author: ``user`` (the plan becomes origin user) or ``assistant``.
        source: who wrote it (a model name, ``offline`` or ``user``).
        generated: for the assistant's edit of a plan, the step ids the model wrote.
        valid: ``data`` as a PlanSpec the caller has already validated (a person's
            edit, origin ``user``), so it is not validated a second time.

    Raises:
        InvalidPlan: the plan breaks the contract (every problem listed).
        StaleEdit: the plan was read at a revision that is no longer the latest.
    """
    if author == "user" and isinstance(data, dict) and data.get("origin") == "assistant":
        data = {**data, "origin": "user"}  # a person's edit of a generated plan
    spec = valid if valid is not None else parse_once(
        data, max_steps=settings.get("assistant.max_steps"), generated=generated)
    with atomic():
        task = get_task(task_id)
        previous = latest_plan(task.id)
        status = status_for_new_revision(previous, spec)
        if previous is not None:
            if spec.revision != previous.revision:
                raise StaleEdit(
                    f"task {task_id}'s plan is at revision {previous.revision}, but this edit "
                    f"was made from revision {spec.revision}; export it again "
                    f"(`stepwise plan export {task_id}`) and redo the edit")
            if previous.status != PlanStatus.ABORTED:  # an aborted plan is never overwritten
                PLAN.check(previous.status, PlanStatus.SUPERSEDED)
                previous.status = PlanStatus.SUPERSEDED
                previous.save()
        plan = _insert(task, spec, previous, status, source)
        follow_plan(task, status, plan.revision)
        tell_failures(task, spec, status)
        log(task.id, "plan", f"revision {plan.revision} ({len(spec.steps)} steps) by {author}",
            actor=author)
        reminders.schedule_for_task(task_id)
    events.emit(Change(Kind.PLAN_SAVED, task_id, str(plan.revision)))
    return plan


def insert_revision(task: Task, data: dict[str, object], *, status: str, source: str) -> Plan:
    """Store code-made plan data (already valid) as the task's next revision, in the
    caller's transaction: used to roll a recurring task's plan forward."""
    previous = latest_plan(task.id)
    spec = parse(data, max_steps=MAX_STEPS_ANY, generated=set())
    return _insert(task, spec, previous, status, source)


def roll_forward(task: Task, finished: Plan, *, defer: bool = True) -> None:
    """Move a recurring task to its next occurrence and store that occurrence's plan as
    a new revision (caller's transaction; the dates are ``app.plan.recurrence``'s)."""
    data = recurrence.roll_forward(task, spec_of(finished), defer=defer)
    if data is not None:
        insert_revision(task, data, status=PlanStatus.IN_PROGRESS, source="recurrence")


def roll_simple(task: Task) -> None:
    """Move a repeating task without an active plan to its next occurrence (caller's
    transaction): its times move on and it stays open, or it is done when the rule ends."""
    if recurrence.roll_times(task) is not None:
        reviewed = task.status != TaskStatus.NEW
        set_status(task, TaskStatus.REVIEWED if reviewed else TaskStatus.NEW,
                   why="next occurrence")
    task.save()


def _insert(task: Task, spec: PlanSpec, previous: Plan | None, status: str, source: str
            ) -> Plan:
    """Store the spec as the revision after ``previous``; its steps keep their UIDs."""
    revision = (previous.revision + 1) if previous else 1
    stored = replace(spec, revision=revision)
    plan = Plan.create(task=task, revision=revision, status=status, origin=spec.origin,
                       title=spec.title, objective=spec.objective, source=source,
                       spec=stored.to_json())
    plan_rows.insert_steps(plan, spec, plan_rows.step_uids(previous))
    return plan


# --- plan states --------------------------------------------------------------------

PLAN_EVENTS = {"approve": Kind.PLAN_APPROVED, "pause": Kind.PLAN_PAUSED,
               "resume": Kind.PLAN_RESUMED, "abort": Kind.PLAN_ABORTED}


def plan_action(task_id: int, action: str) -> Plan:
    """``approve``, ``pause``, ``resume`` or ``abort`` the task's active plan."""
    handlers = {"approve": _approve, "pause": _pause, "resume": _resume, "abort": _abort}
    with atomic():
        plan = active_plan(task_id)
        handlers[action](plan, plan.task)
        plan.save()
        log(plan.task_id, "plan", f"revision {plan.revision}: {action}")
        reminders.schedule_for_task(task_id)
    events.emit(Change(PLAN_EVENTS[action], task_id))
    return plan


def approve_all() -> int:
    """Approve every plan that waits for approval (of a task still open), in one
    transaction; returns how many were approved."""
    waiting = [row[0] for row in _rows(
        Plan.select(Plan.task).join(Task).where((Plan.status == PlanStatus.PENDING)
                                                & Task.status.in_(tuple(OPEN_TASK)))
        .order_by(Plan.task))]
    with atomic():
        for task_id in waiting:
            plan_action(task_id, "approve")
    return len(waiting)


def _move_plan(plan: Plan, new: str, *, reopening: bool = False) -> None:
    PLAN.check(plan.status, new, reopening=reopening)
    plan.status = new


def _approve(plan: Plan, task: Task) -> None:
    _move_plan(plan, PlanStatus.IN_PROGRESS)
    set_status(task, TaskStatus.IN_PROGRESS, why="plan approved")


def _pause(plan: Plan, task: Task) -> None:
    _move_plan(plan, PlanStatus.PAUSED)
    set_status(task, TaskStatus.PAUSED, why="plan paused by hand")


def _resume(plan: Plan, task: Task) -> None:
    """Resume a paused plan; its failed steps go back to pending for another attempt."""
    _move_plan(plan, PlanStatus.IN_PROGRESS)
    for step in Step.select().where((Step.plan == plan) & (Step.status == StepStatus.FAILED)):
        _move_step(step, StepStatus.PENDING)
        step.attempts += 1
        step.save()
    _refresh_groups(plan)
    set_status(task, TaskStatus.IN_PROGRESS, why="plan resumed")
    set_problem(task, None)


def _abort(plan: Plan, task: Task) -> None:
    abort_in_transaction(plan)
    set_status(task, TaskStatus.PAUSED, why=f"plan revision {plan.revision} aborted")


def abort_in_transaction(plan: Plan) -> None:
    """Abort for good (caller's transaction): every step not finished is skipped."""
    _move_plan(plan, PlanStatus.ABORTED)
    groups = {r[0] for r in _rows(Step.select(Step.parent).where(
        (Step.plan == plan) & Step.parent.is_null(False)))}
    for step in Step.select().where(
            (Step.plan == plan) & Step.status.in_((StepStatus.PENDING, StepStatus.IN_PROGRESS))):
        if step.id not in groups:
            _move_step(step, StepStatus.SKIPPED)
            step.save()
    _refresh_groups(plan)
    plan.save()


def current_attempts(task_id: int, step_id: str) -> int:
    """How many failed attempts the step of the active plan has behind it."""
    return int(find_step(active_plan(task_id), step_id).attempts)


# --- step states ---------------------------------------------------------------------

ASSISTANT = "assistant"  # the one actor the strict machine binds; any other is the person
_ENDED = frozenset({StepStatus.SKIPPED, StepStatus.COMPLETED, StepStatus.FAILED})


def step_action(task_id: int, step_id: str, action: str, *, result: str | None = None,
                error: str | None = None, actor: str = "user",
                back_to: StepStatus | None = None) -> Step:
    """Move one step of the task's plan, then bring its groups, plan and task along.

    ``done`` and ``fail`` on a pending step start it first (both moves are legal ones).
    The assistant starts a step only in a running plan once its dependencies are met; a
    person (any other ``actor``: the window, the CLI, another device) may tick any step in
    any order, and the plan notes what was done before what. ``reopen`` undoes a tick
    (back to ``back_to``, pending by default), reopening a finished plan and task.

    Raises:
        Refused: for the assistant, the plan is not running or the step still waits;
            for anyone, the step is a group.
        IllegalTransition: the step's status does not allow the action.
    """
    if action == "fail" and not (error and error.strip()):
        raise Refused("say why the step failed: --error TEXT")
    with atomic():
        plan = _plan_for(task_id, action)
        for step in _leaves_for(plan, step_id, action, actor):
            note = _move_by(plan, step, action, actor, result=result, error=error,
                            back_to=back_to)
            step.save()
            log(plan.task_id, "do", f"step {step.step_id!r}: {action}" + note, actor=actor,
                step_id=step.id)
            _after_step_change(plan, step, action)
            reminders.after_step(plan, step, action)
    events.emit(Change(Kind.STEP_CHANGED, task_id, step_id))
    return step


def _leaves_for(plan: Plan, step_id: str, action: str, actor: str) -> list[Step]:
    """The steps an action moves: the step itself; for a person's done or skip of a group,
    its open sub-steps (a group is finished when they are)."""
    step = _step_row(plan, step_id)
    if not Step.select(Step.id).where(Step.parent == step.id).exists():
        return [step]
    if actor == ASSISTANT or action not in ("done", "skip"):
        raise Refused(f"step {step_id!r} is a group; act on its sub-steps instead")
    spec = spec_of(plan)
    g = graph.Graph(spec.steps)
    leaves = [s.id for s in spec.steps if not g.is_group(s.id) and step_id in g.ancestors(s.id)
              and s.status not in SATISFIED_STEP]
    if not leaves:
        raise Refused(f"step {step_id!r} is a group whose sub-steps are all finished")
    return [_step_row(plan, leaf) for leaf in leaves]


def _plan_for(task_id: int, action: str) -> Plan:
    """The plan a step action is on: the active one; for ``reopen``, a finished one too."""
    if action == "reopen":
        plan = latest_plan_or_fail(task_id)
        if plan.status in (*ACTIVE_PLAN, PlanStatus.COMPLETED):
            return plan
    return active_plan(task_id)


def _move_by(plan: Plan, step: Step, action: str, actor: str, *, result: str | None,
             error: str | None, back_to: StepStatus | None) -> str:
    """Move ``step`` for ``action``; returns a note for the work log (what it came before)."""
    note = f" ({error})" if error else ""
    if action == "start" and step.status != StepStatus.PENDING:
        _move_step(step, StepStatus.IN_PROGRESS)  # raises IllegalTransition: named, not ignored
    ends = {"done": StepStatus.COMPLETED, "skip": StepStatus.SKIPPED}.get(action)
    if ends is not None and actor != ASSISTANT and step.status in _ENDED - {ends}:
        _move_step(step, StepStatus.PENDING, reopening=True)  # the person's later word wins
    if action in ("start", "done", "fail"):
        if step.status == StepStatus.PENDING:
            if actor == ASSISTANT:
                _check_can_start(plan, step)
            else:
                note += _done_before(step)
            _move_step(step, StepStatus.IN_PROGRESS)
        if action == "done":
            _move_step(step, StepStatus.COMPLETED)
            step.result = result
        elif action == "fail":
            _move_step(step, StepStatus.FAILED)
            step.error = error
    elif action == "skip":
        _move_step(step, StepStatus.SKIPPED)
    elif action == "retry":
        if step.status != StepStatus.FAILED:
            raise Refused(f"step {step.step_id!r} has not failed; only a failed step is retried")
        _move_step(step, StepStatus.PENDING)
        step.attempts += 1
        step.error = None
    elif action == "reopen":
        _reopen_step(step, back_to or StepStatus.PENDING)
    return note


def _reopen_step(step: Step, back_to: StepStatus) -> None:
    if step.status not in SATISFIED_STEP:
        raise Refused(f"step {step.step_id!r} is not finished; there is nothing to undo")
    _move_step(step, back_to, reopening=True)
    step.result = None


def _done_before(step: Step) -> str:
    """A person's tick ahead of the plan: which steps it came before (the assistant adapts)."""
    waiting = _waiting_titles(step)
    return f" (done before {', '.join(repr(t) for t in waiting)})" if waiting else ""


def find_step(plan: Plan, step_id: str) -> Step:
    """The plan's step ``step_id`` that a person or the assistant can move (not a group).

    Raises:
        NotFound: the plan has no such step.
        Refused: it is a group.
    """
    step = _step_row(plan, step_id)
    if Step.select(Step.id).where(Step.parent == step.id).exists():
        raise Refused(f"step {step_id!r} is a group; act on its sub-steps instead")
    return step


def _step_row(plan: Plan, step_id: str) -> Step:
    step = _STEP.first(plan.id, step_id)
    if step is None:
        ids = ", ".join(s.step_id for s in Step.select(Step.step_id).where(Step.plan == plan))
        raise NotFound(f"plan revision {plan.revision} has no step {step_id!r} (steps: {ids})")
    return step


def _rows(query: Any) -> list[tuple[Any, ...]]:
    return list(query.tuples())


def _ancestor_ids(step: Step) -> list[int]:
    """Primary keys of the step's parent, grandparent … (at most 3 by the depth rule)."""
    chain: list[int] = []
    parent = step.parent_id
    while parent is not None and parent not in chain and len(chain) < 8:
        chain.append(parent)
        parent = Step.select(Step.parent).where(Step.id == parent).scalar()
    return chain


def _waiting_titles(step: Step, *, ids: bool = False) -> list[str]:
    """The unfinished steps that ``step`` or one of its groups depends on, in plan order.

    Groups keep their derived status in the store, so a dependency on a group is read
    from the group's own row.
    """
    Dep = Step.alias()
    return [row[0] for row in _rows(
        StepDependency.select(Dep.step_id if ids else Dep.title)
        .join(Dep, on=StepDependency.depends_on == Dep.id)
        .where(StepDependency.step.in_([step.id, *_ancestor_ids(step)])
               & Dep.status.not_in(tuple(SATISFIED_STEP)))
        .order_by(Dep.position))]


def _check_can_start(plan: Plan, step: Step) -> None:
    """For the assistant: refuse unless the plan runs and every dependency of the step
    and its ancestors is met."""
    language = task_problems.language_for(plan.task.title, plan.task.detail)
    if plan.status in (PlanStatus.PENDING, PlanStatus.PAUSED):
        code = "not_approved" if plan.status == PlanStatus.PENDING else "paused"
        raise task_problems.refused(Problem.of(code, task=plan.task_id), language)
    waiting = _waiting_titles(step, ids=True)
    if waiting:
        raise task_problems.refused(Problem.of("still_waits", step=step.step_id,
                                               waiting=", ".join(waiting)), language)


def _move_step(step: Step, new: str, *, reopening: bool = False) -> None:
    STEP.check(step.status, new, reopening=reopening)
    step.status = new


def _after_step_change(plan: Plan, step: Step, action: str) -> None:
    _refresh_groups(plan, step)
    task = plan.task
    if action == "fail" and plan.status == PlanStatus.IN_PROGRESS:
        _move_plan(plan, PlanStatus.PAUSED)
        set_problem(task, task_problems.step_failed([(step.step_id, step.error)]))
    elif action in ("retry", "done", "skip") and _resumes(plan, task, action):
        if plan.status == PlanStatus.PAUSED:
            _move_plan(plan, PlanStatus.IN_PROGRESS)
        set_problem(task, None)
    if action == "reopen":
        _reopen_plan(plan, task)
    elif plan.status in ACTIVE_PLAN and not _open_steps(plan):
        _complete_plan(plan, task)
    plan.save()


def _resumes(plan: Plan, task: Task, action: str) -> bool:
    """Whether the change resumes the plan: no failure is left, and it was a retry or a
    person finishing the failed step (a plan paused by hand, with no problem told, stays
    paused). The failures are looked for last: in a plan that runs, a tick needs no scan
    of its steps."""
    could = action == "retry" or (plan.status == PlanStatus.PAUSED and bool(task.problem))
    return could and not Step.select(Step.id).where(
        (Step.plan == plan) & (Step.status == StepStatus.FAILED)).exists()


def _open_steps(plan: Plan) -> bool:
    return bool(Step.select().where(
        (Step.plan == plan) & Step.status.not_in(tuple(SATISFIED_STEP))).exists())


def _complete_plan(plan: Plan, task: Task) -> None:
    """Every step is finished: the plan completes (a person may finish a plan that waited
    for approval or was paused) and the task is done, or moves on when it repeats."""
    if plan.status != PlanStatus.IN_PROGRESS:
        _move_plan(plan, PlanStatus.IN_PROGRESS)
    _move_plan(plan, PlanStatus.COMPLETED)
    plan.save()
    task.result = f"plan revision {plan.revision} completed"
    set_problem(task, None)
    if task.recurrence:
        roll_forward(task, plan)
    else:
        set_status(task, TaskStatus.DONE, why="every step completed or skipped")


def _reopen_plan(plan: Plan, task: Task) -> None:
    """A step of a finished plan is open again: the plan runs again, and so does its task."""
    if plan.status == PlanStatus.COMPLETED:
        _move_plan(plan, PlanStatus.IN_PROGRESS, reopening=True)
    if task.status == TaskStatus.DONE:
        set_status(task, TASK_BY_PLAN[PlanStatus(plan.status)], why="a step was reopened")


def close_with_task(plan: Plan, marker: str) -> None:
    """The task was ticked done (caller's transaction): every open step of its running or
    paused plan is skipped with ``marker`` as its result, and the plan completes. A plan
    still waiting for approval is left as it is (nothing of it ran)."""
    if plan.status == PlanStatus.PENDING:
        return
    groups = {r[0] for r in _rows(Step.select(Step.parent).where(
        (Step.plan == plan) & Step.parent.is_null(False)))}
    for step in Step.select().where((Step.plan == plan)
                                    & Step.status.not_in(tuple(SATISFIED_STEP))):
        if step.id not in groups:
            _move_step(step, StepStatus.SKIPPED)
            step.result = marker
            step.save()
    _refresh_groups(plan)
    if plan.status != PlanStatus.IN_PROGRESS:
        _move_plan(plan, PlanStatus.IN_PROGRESS)
    _move_plan(plan, PlanStatus.COMPLETED)
    plan.save()
    log(plan.task_id, "plan", f"revision {plan.revision}: closed with the task")


def reopen_closed(plan: Plan, marker: str) -> None:
    """Undo ``close_with_task`` (caller's transaction): the steps it closed are pending
    again and the plan runs. A plan finished by its own steps stays finished."""
    closed = list(Step.select().where((Step.plan == plan) & (Step.status == StepStatus.SKIPPED)
                                      & (Step.result == marker)))
    if not closed:
        return
    for step in closed:
        _move_step(step, StepStatus.PENDING, reopening=True)
        step.result = None
        step.save()
    _refresh_groups(plan)
    _move_plan(plan, PlanStatus.IN_PROGRESS, reopening=True)
    plan.save()
    log(plan.task_id, "plan", f"revision {plan.revision}: open again with the task")


def fail_and_retry(task_id: int, step_id: str, error: str, *, actor: str = "assistant") -> Step:
    """A failed attempt that will be tried again: in_progress → failed → pending, one step.

    The plan keeps running; the error stays in the worklog and on the step.
    """
    with atomic():
        plan = active_plan(task_id)
        step = find_step(plan, step_id)
        _move_step(step, StepStatus.FAILED)
        _move_step(step, StepStatus.PENDING)
        step.attempts += 1
        step.error = error
        step.save()
        log(plan.task_id, "retry", f"step {step_id!r} attempt {step.attempts} failed: {error}",
            actor=actor, step_id=step.id)
        _refresh_groups(plan, step)
    events.emit(Change(Kind.STEP_CHANGED, task_id, step_id))
    return step


def _refresh_groups(plan: Plan, changed: Step | None = None) -> None:
    """Store the derived status of groups (never moved by hand): those above ``changed``,
    or every group of the plan when several steps changed at once."""
    if changed is not None:
        for group_pk in _ancestor_ids(changed):  # nearest first, so parents see new children
            kids = [r[0] for r in _rows(Step.select(Step.status).where(Step.parent == group_pk))]
            derived = graph.derive_group_status(kids)
            Step.update(status=derived).where(
                (Step.id == group_pk) & (Step.status != derived)).execute()
        return
    spec = spec_of(plan)
    g = graph.Graph(spec.steps)
    for sid in g.order:
        if g.is_group(sid) and g.steps[sid].status != (derived := g.status_of(sid)):
            Step.update(status=derived).where(
                (Step.plan == plan) & (Step.step_id == sid)).execute()

