"""Which task due marks of an agenda are dates (all day), read with it in a worker.

``app.calendar.agenda.DueMark`` does not say yet whether a task's due is a date; the grid
labels those without the 18:00 they stand for (``app.dates.days``). Once the agenda
carries it, this module goes.
"""

from __future__ import annotations

from datetime import date, tzinfo

from app.calendar import agenda
from app.calendar.agenda import Agenda
from models import Task


def read_agenda(first_day: date, days: int, zone: tzinfo) -> tuple[Agenda, frozenset[int]]:
    """The agenda of a range (``agenda.read_agenda``) and its all-day dues (in a worker)."""
    shown = agenda.read_agenda(first_day, days, zone)
    return shown, all_day_dues(shown)


def all_day_dues(shown: Agenda) -> frozenset[int]:
    """The tasks marked in ``shown`` whose due is a date."""
    ids = [mark.task_id for mark in shown.marks if mark.kind == "task"]
    if not ids:
        return frozenset()
    found = Task.select(Task.id, Task.all_day).where(Task.id.in_(ids))
    return frozenset(task.id for task in found if "due" in (task.all_day or ()))
