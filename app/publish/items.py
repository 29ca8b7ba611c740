"""What a published calendar shows: each scheduled block (the step's work, with the
reason it was placed there), and when asked, each open task's due and each open step's
own due time. Plain data, read in one pass; UIDs stable across publishes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from app.dates import days
from app.schedule.views import Planned, every_block
from app.states import ACTIVE_PLAN, OPEN_TASK, SATISFIED_STEP
from app.words.plain import language_of, told
from models import Plan, Step, Task

DUE_MINUTES = 15  # a timed due shows as a short marker at its moment (free time, not busy)
DUE = {"en": "Due: {}", "zh": "截止：{}"}
STEP_DUE = {"en": "Step due: {}", "zh": "步骤截止：{}"}


@dataclass(frozen=True)
class Item:
    """One VEVENT: ``start``/``end`` are aware moments, or dates for an all-day due
    (``end`` the day after); ``busy`` says whether it blocks the person's time."""

    uid: str
    kind: str  # "block", "due" or "step"
    summary: str
    description: str
    start: datetime | date
    end: datetime | date
    task_uid: str
    step_id: str = ""
    busy: bool = True


def published(*, dues: bool, steps: bool) -> list[Item]:
    """Everything a target shows, in time order (blocks always; dues and steps' own due
    times when asked)."""
    blocks = every_block()
    uids = task_uids({b.task_id for b in blocks})
    found = [_block(b, uids.get(b.task_id, str(b.task_id))) for b in blocks]
    if dues:
        found += _dues()
    if steps:
        found += _step_dues()
    return sorted(found, key=_when)


def task_uids(task_ids: set[int]) -> dict[int, str]:
    """The UIDs of these tasks (only theirs: a store may hold 100,000 tasks)."""
    found: dict[int, str] = {}
    wanted = sorted(task_ids)
    for first in range(0, len(wanted), 500):
        found.update((int(i), str(u)) for i, u in Task.select(Task.id, Task.uid).where(
            Task.id.in_(wanted[first:first + 500])).tuples().iterator() if u)
    return found


def block_uid(task_uid: str, step_id: str, chunk: int) -> str:
    """The UID a block's event has, publish after publish."""
    return f"stepwise-block-{task_uid}-{step_id}-{chunk}@stepwise"


def _block(block: Planned, task_uid: str) -> Item:
    title = f"{block.title} — {block.task_title}" if block.task_title else block.title
    why = told(block.why, language_of(title))  # the reason in the task's language
    return Item(block_uid(task_uid, block.step_id, block.chunk), "block", title, why,
                block.start, block.end, task_uid, block.step_id)


def _dues() -> list[Item]:
    rows = Task.select(Task.uid, Task.title, Task.due_at, Task.all_day, Task.timezone).where(
        Task.status.in_(tuple(OPEN_TASK)) & Task.due_at.is_null(False)).tuples().iterator()
    found = []
    for uid, title, due_at, all_day, zone in rows:
        due = days.as_set(due_at, "due", all_day or [], zone)
        if due is None:
            continue
        if days.is_day(due):
            start: datetime | date = due
            end: datetime | date = due + timedelta(days=1)
        else:
            assert isinstance(due, datetime)
            start, end = due, due + timedelta(minutes=DUE_MINUTES)
        found.append(Item(f"stepwise-due-{uid}@stepwise", "due", _said(DUE, title), "",
                          start, end, str(uid), busy=False))
    return found


def _step_dues() -> list[Item]:
    rows = Step.select(Task.uid, Plan.task, Step.step_id, Step.title, Step.due_at).join(Plan).join(
        Task, on=Plan.task == Task.id).where(
        Plan.status.in_(tuple(ACTIVE_PLAN)) & Task.status.in_(tuple(OPEN_TASK))
        & Step.due_at.is_null(False) & Step.status.not_in(tuple(SATISFIED_STEP))
        ).tuples().iterator()
    found = []
    for uid, task_id, step_id, title, due_at in rows:
        task_uid = str(uid or task_id)
        found.append(Item(f"stepwise-step-{task_uid}-{step_id}@stepwise", "step",
                          _said(STEP_DUE, title), "", due_at,
                          due_at + timedelta(minutes=DUE_MINUTES), task_uid, step_id,
                          busy=False))
    return found


def _said(words: dict[str, str], title: str) -> str:
    """A marker's summary in its title's language."""
    return words["zh" if language_of(title) == "zh" else "en"].format(title)


def _when(item: Item) -> tuple[str, str]:
    start = item.start
    text = start.astimezone(UTC).isoformat() if isinstance(start, datetime) \
        else f"{start.isoformat()}T00"
    return text, item.uid
