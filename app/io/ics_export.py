"""Tasks as one iCalendar file of VTODOs, in the mapping the CalDAV sync uses
(``app.ical.vtodo``): UUID UIDs, steps under their parent and dependencies as RFC 9253
``RELATED-TO``, a VALARM per pending reminder. Stepwise never writes calendars.
"""

from __future__ import annotations

from datetime import UTC, datetime

from app.ical.vtodo import calendar, step_vtodo, task_vtodo
from app.sync import records


def export_ics(now: datetime | None = None) -> bytes:
    """Every task (with its latest plan's steps, while that plan is active or completed)
    as one VCALENDAR."""
    stamp = (now or datetime.now(UTC)).replace(microsecond=0)
    todos = []
    for task, steps in records.all_items():
        todos.append(task_vtodo(task, stamp))
        todos.extend(step_vtodo(step, stamp) for step in steps)
    return bytes(calendar(todos).to_ical())
