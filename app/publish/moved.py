"""What a person did to a published block in another calendar app, applied here as the
window's own edits are: a block moved there is moved and pinned here (``schedule.store
.move``), one made longer or shorter is resized (``schedule.store.resize``: the step's
estimate follows); a block deleted there unschedules its step (its estimate is cleared, so the
scheduler leaves it alone until it has one again). Both are said in the task's work log.
Events that are not blocks (due markers) are written back as they were."""

from __future__ import annotations

from datetime import datetime

from app.dates.when import local_zone
from app.publish.items import block_uid, task_uids
from app.schedule import store as schedule
from app.schedule.model import day_clock
from app.tasks.store import log
from models import ScheduledBlock, Step, atomic


def block_moved(uid: str, start: datetime, end: datetime | None = None) -> bool:
    """Move the block of ``uid`` to ``start`` (and make it end at ``end``, when given and
    its length changed) and pin it; False when no block has it."""
    from app.errors import KnownError
    from app.schedule.estimates import minutes_text

    block = _block(uid)
    if block is None:
        return False
    moves: list[str] = []
    note = "pinned there"
    if block.start != start:
        schedule.move(block.id, start)
        moves.append(f"moved in another calendar app to {day_clock(start, local_zone())}")
    if end is not None and end - start != block.end - block.start:
        length = minutes_text(int((end - start).total_seconds() // 60))
        try:
            schedule.resize(block.id, end)
            moves.append(f"made {length} long" + ("" if moves else " in another calendar app"))
            note += "; the step's estimate follows"
        except KnownError as exc:  # too short a block: it keeps its length here
            note += f"; not made {length} long: {exc}"
            if not moves:
                moves.append("changed in another calendar app")
    if moves:
        with atomic():
            log(block.task_id, "schedule", f"step {block.step_id!r}: its block was "
                f"{' and '.join(moves)} ({note})", step_id=_step_pk(block))
    return True


def block_deleted(uid: str) -> bool:
    """Unschedule the step whose block has ``uid``; False when no block has it."""
    from app.errors import KnownError
    from app.schedule.estimates import minutes_text, set_estimate

    block = _block(uid)
    if block is None:
        return False
    step = Step.get_or_none(Step.id == _step_pk(block))
    before = step.estimate_minutes if step is not None else None
    with atomic():
        ScheduledBlock.delete().where((ScheduledBlock.task == block.task_id)
                                      & (ScheduledBlock.step_id == block.step_id)).execute()
        kept = f" (it was {minutes_text(before)}; set it again to schedule the step)" \
            if before else ""
        log(block.task_id, "schedule", f"step {block.step_id!r}: its block was deleted in "
            f"another calendar app, so it is not scheduled any more; its estimate is "
            f"cleared{kept}", step_id=_step_pk(block))
    try:
        set_estimate(block.task_id, block.step_id, None)
    except KnownError:
        pass  # the step is gone or a group now: nothing is left to unschedule
    return True


def _block(uid: str) -> ScheduledBlock | None:
    rows = list(ScheduledBlock.select())
    uids = task_uids({row.task_id for row in rows})
    return next((row for row in rows
                 if block_uid(uids.get(row.task_id, ""), row.step_id, row.chunk) == uid), None)


def _step_pk(block: ScheduledBlock) -> int | None:
    from app.errors import KnownError
    from app.plan.store import active_plan

    try:
        plan = active_plan(block.task_id)
    except KnownError:  # no active plan: the log line names no step
        return None
    step = Step.get_or_none((Step.plan == plan) & (Step.step_id == block.step_id))
    return step.id if step is not None else None
