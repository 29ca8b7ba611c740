"""Tasks as iCalendar VTODOs: steps under their parent with RELATED-TO, dependencies
with ``RELTYPE=DEPENDS-ON`` (RFC 9253). Read-only export; Stepwise never writes calendars.
"""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import quote

from app import plans
from app.states import ACTIVE_PLAN
from models import Task

TASK_STATUS = {"done": "COMPLETED", "cancelled": "CANCELLED", "in_progress": "IN-PROCESS",
               "failed": "CANCELLED", "expired": "CANCELLED"}
STEP_STATUS = {"completed": "COMPLETED", "skipped": "CANCELLED", "in_progress": "IN-PROCESS",
               "failed": "CANCELLED"}
ICAL_PRIORITY = {1: 1, 2: 3, 3: 5, 4: 9}  # RFC 5545: 1 highest … 9 lowest


def task_uid(task_id: int) -> str:
    return f"task-{task_id}@stepwise"


def step_uid(task_id: int, step_id: str) -> str:
    return f"task-{task_id}-step-{quote(step_id, safe='')}@stepwise"


def export_ics(now: datetime | None = None) -> bytes:
    """Every task (with its latest plan's steps) as one VCALENDAR."""
    from icalendar import Calendar, Todo, vText

    stamp = now or datetime.now(UTC)
    cal = Calendar()
    cal.add("prodid", "-//Stepwise//Stepwise planner//EN")
    cal.add("version", "2.0")
    for task in Task.select().order_by(Task.id):
        todo = Todo()
        todo.add("uid", task_uid(task.id))
        todo.add("dtstamp", stamp)
        todo.add("summary", task.title)
        if task.detail:
            todo.add("description", task.detail)
        todo.add("status", TASK_STATUS.get(task.status, "NEEDS-ACTION"))
        todo.add("priority", ICAL_PRIORITY[task.priority])
        if task.start_at:
            todo.add("dtstart", task.start_at)
        if task.due_at:
            todo.add("due", task.due_at)
        if task.tags:
            todo.add("categories", task.tags)
        if task.recurrence:
            from icalendar import vRecur

            todo.add("rrule", vRecur.from_ical(task.recurrence))
        cal.add_component(todo)
        plan = plans.latest_plan(task.id)
        if plan is None or plan.status not in (*ACTIVE_PLAN, "completed"):
            continue
        for step in plans.spec_of(plan).steps:
            sub = Todo()
            sub.add("uid", step_uid(task.id, step.id))
            sub.add("dtstamp", stamp)
            sub.add("summary", step.title)
            if step.objective:
                sub.add("description", step.objective)
            sub.add("status", STEP_STATUS.get(step.status, "NEEDS-ACTION"))
            if step.due:
                sub.add("due", step.due)
            parent = step_uid(task.id, step.parent) if step.parent else task_uid(task.id)
            sub.add("related-to", vText(parent), parameters={"RELTYPE": "PARENT"})
            for dep in step.depends_on:
                sub.add("related-to", vText(step_uid(task.id, dep)),
                        parameters={"RELTYPE": "DEPENDS-ON"})
            cal.add_component(sub)
    return cal.to_ical()
