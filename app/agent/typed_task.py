"""What the assistant reads from a task's own words before reviewing it.

A task added without the quick-add grammar (the task dialog, an import, a script) may
still say "每周五" or "every Monday at 9am" in its title: the review adopts that
recurrence (an RRULE in the user's IANA zone) and its first occurrence, so a recurring
reminder rolls forward instead of finishing after one reminder.
"""

from __future__ import annotations

from datetime import datetime

from app.dates import days
from app.dates.when import local_zone
from app.errors import Refused
from app.tasks.quickadd import read_typed
from app.tasks.store import log
from models import Task, atomic


def adopt_recurrence(task: Task, now: datetime) -> Task:
    """The task, with the recurrence its title names stored (caller need not hold a lock)."""
    if task.recurrence:
        return task
    zone = local_zone()
    reading = read_typed(task.title, now.astimezone(zone))
    if reading.recurrence is None:
        return task
    from app.dates.rrules import validate_rrule

    try:
        rule = validate_rrule(reading.recurrence, reading.due)
    except Refused:
        return task  # words that look like a rule but make none: review it as it is
    with atomic():
        task = Task.get_by_id(task.id)
        task.recurrence = rule
        task.timezone = task.timezone or getattr(zone, "key", None)
        if task.due_at is None and task.start_at is None and reading.due is not None:
            given = days.as_given(reading.due, reading.due_had_time, zone)
            task.due_at = days.moment(given, "due", days.zone(task.timezone))
            task.all_day = days.days_of({"due_at": given})
        task.save()
        log(task.id, "review", f"repeats: {rule} (read from the title)", actor="assistant")
    return task
