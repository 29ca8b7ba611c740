"""Tasks as one iCalendar file of VTODOs, in the mapping the CalDAV sync uses
(``app.ical.vtodo``): UUID UIDs, steps under their parent and dependencies as RFC 9253
``RELATED-TO``, a VALARM per pending reminder. Stepwise never writes calendars.

A plain task (no plan, series or zone: most of a big list) is written as text directly
(``app.ical.lines``), the same bytes icalendar writes, so 100,000 tasks take seconds;
every other item goes through icalendar.
"""

from __future__ import annotations

from datetime import UTC, datetime

from icalendar import Todo

from app.ical.lines import plain_task
from app.ical.vtodo import calendar, step_vtodo, task_vtodo
from app.sync import records

END = "END:VCALENDAR\r\n"


def export_ics(now: datetime | None = None) -> bytes:
    """Every task (with its latest plan's steps, while that plan is active or completed)
    as one VCALENDAR."""
    stamp = (now or datetime.now(UTC)).replace(microsecond=0)
    parts: list[str | tuple[int, int]] = []  # text, or a slice of ``todos``
    todos: list[Todo] = []
    for task, steps in records.all_items():
        text = None if steps else plain_task(task, stamp)
        if text is not None:
            parts.append(text)
            continue
        first = len(todos)
        todos.append(task_vtodo(task, stamp))
        todos.extend(step_vtodo(step, stamp) for step in steps)
        parts.append((first, len(todos)))
    cal = calendar(todos)  # its VTIMEZONEs first, for the zones the items name
    zones = cal.subcomponents[:len(cal.subcomponents) - len(todos)]
    written = [t.to_ical().decode("utf-8") for t in todos]
    body = [part if isinstance(part, str) else "".join(written[part[0]:part[1]])
            for part in parts]
    shell = calendar([]).to_ical().decode("utf-8")
    return "".join([shell[:-len(END)], *(z.to_ical().decode("utf-8") for z in zones),
                    *body, END]).encode("utf-8")
