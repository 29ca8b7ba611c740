"""Reminders for a block's start (kind ``block``), kept in step with the blocks.

With ``reminders.block_start`` on, every block that starts in the future gets a reminder
``reminders.lead_minutes`` before it; the existing tick fires it exactly once. Pending
block reminders that no longer match a block are deleted; fired ones are history and
stay. Called inside the scheduler's transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from models import Reminder
from models.fields import format_utc

if TYPE_CHECKING:
    from app.schedule.inputs import Read
    from app.schedule.model import Block

KIND = "block"


def wanted(blocks: Sequence[Block], read: Read, now: datetime
           ) -> dict[tuple[int | None, str], tuple[int, str]]:
    """(step pk, fire time) → (task id, text) for each future block start."""
    from app.config import settings
    from app.dates.when import local_zone

    if not settings.get("reminders.block_start"):
        return {}
    lead = timedelta(minutes=max(0, int(settings.get("reminders.lead_minutes"))))
    found: dict[tuple[int | None, str], tuple[int, str]] = {}
    for block in blocks:
        fire = block.start - lead
        if block.start <= now:
            continue
        title = read.titles.get(block.key, block.step_id)
        text = f"Block starts {block.start.astimezone(local_zone()):%H:%M}: {title}"
        found[(read.step_pks.get(block.key), format_utc(max(fire, now)))] = (block.task_id, text)
    return found


def keep(new: Sequence[Block], fixed: Sequence[Block], read: Read, now: datetime) -> None:
    """Make the pending block reminders match the blocks (inside the caller's transaction)."""
    want = wanted([*fixed, *new], read, now)
    rows = list(Reminder.select().where(Reminder.kind == KIND))
    have = {(r.step_id, format_utc(r.fire_at)) for r in rows}  # type: ignore[attr-defined]
    stale = [r.id for r in rows if r.fired_at is None
             and (r.step_id, format_utc(r.fire_at)) not in want]  # type: ignore[attr-defined]
    if stale:
        Reminder.delete().where(Reminder.id.in_(stale)).execute()
    for (step_pk, fire), (task_id, text) in sorted(want.items(), key=lambda i: i[0][1]):
        if (step_pk, fire) not in have:
            Reminder.create(task=task_id, step=step_pk, kind=KIND, text=text,
                            fire_at=datetime.fromisoformat(fire.replace("Z", "+00:00")))


def clear() -> None:
    """Forget the pending block reminders (after ``schedule clear``)."""
    Reminder.delete().where((Reminder.kind == KIND) & Reminder.fired_at.is_null()).execute()
