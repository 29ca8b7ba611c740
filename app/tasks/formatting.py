"""Plain-text views of tasks for the command line: the task table and a task's details.

Free of the store (no Peewee): the full path (app.plan.views) and the lean path (app.cli.lean)
format the same rows with these same functions, so both print the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime
from operator import itemgetter
from typing import Any


def local(value: datetime | str | None) -> str:
    """An instant (or its ISO 8601 text) as local time to the minute; "" for none."""
    if value is None:
        return ""
    if isinstance(value, str):
        from models.fields import parse_utc

        value = parse_utc(value)
    return value.astimezone().strftime("%Y-%m-%d %H:%M")


def day_of(stand_in: datetime, timezone: str | None) -> date:
    """An all-day time's date: its stored stand-in's day in the task's zone, as
    ``app.dates.days.as_set`` reads it, with ``zoneinfo`` alone (that module loads Peewee;
    the lean paths and the window's first frame must not). A zone this machine lacks: the
    local one, as the core does."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        where = ZoneInfo(timezone) if timezone else None
    except (ZoneInfoNotFoundError, ValueError):
        where = None
    return stand_in.astimezone(where).date()


def day(value: datetime | str, timezone: str | None) -> str:
    """An all-day time's date as text ("2026-12-15")."""
    if isinstance(value, str):
        from models.fields import parse_utc

        value = parse_utc(value)
    return day_of(value, timezone).isoformat()


def as_set(value: datetime | str | None, role: str, all_day: Sequence[str] | None,
           timezone: str | None) -> str:
    """A start or due as it was set: its date when all day, else local time."""
    if value is None:
        return ""
    return day(value, timezone) if role in (all_day or ()) else local(value)


def format_list(rows: Iterable[Sequence[Any]], columns: Sequence[str]) -> str:
    """A plain table: id, priority, status, due (local time, or the date of an all-day
    due), title [tags] and problems."""
    fields = itemgetter(*(columns.index(c) for c in ("id", "priority", "status", "due_at",
                                                      "title", "tags", "problem", "all_day",
                                                      "timezone")))
    shown_at: dict[Any, str] = {}  # many tasks share a due time: convert each once
    lines = [f"{'ID':>5}  P  {'STATUS':<11}  {'DUE':<16}  TITLE"]
    for row in rows:
        task_id, priority, status, due, title, tags, problem, all_day, zone = fields(row)
        if tags:
            title += f"  [{', '.join(tags)}]"
        if problem:
            title += "  (!)"
        key = (due, zone, "due" in (all_day or ()))
        if key not in shown_at:
            shown_at[key] = day(due, zone) if key[2] else local(due)
        lines.append(f"{task_id:>5}  {priority}  {status:<11}  {shown_at[key]:<16}  {title}")
    if len(lines) == 1:
        return "no open tasks; add one with `stepwise add TITLE`\n"
    return "\n".join(lines) + "\n"


def format_detail(data: dict[str, Any]) -> str:
    """A task's details, its latest plan's steps (indented by depth) and its revisions."""
    task = data["task"]
    out = [f"#{task['id']} {task['title']}", f"  status    {task['status']}",
           f"  priority  {task['priority']}"]
    for label, key in (("start", "start_at"), ("due", "due_at"), ("expires", "expires_at")):
        if task[key]:
            out.append(f"  {label:<9} "
                       f"{as_set(task[key], label, task.get('all_day'), task.get('timezone'))}")
    if task["tags"]:
        out.append(f"  tags      {', '.join(task['tags'])}")
    if task["recurrence"]:
        out.append(f"  repeats   {task['recurrence']}")
    if task["problem"]:
        out.append(f"  problem   {task['problem']}")
    if task["detail"]:
        out.append(f"  detail    {task['detail']}")
    plan = data["plan"]
    if plan is None:
        out.append("  no plan yet")
        return "\n".join(out) + "\n"
    out.append(f"plan revision {plan['revision']} ({data['plan_status']}, {plan['origin']}): "
               f"{plan['title']}")
    depth = _depths(plan["steps"])
    for step in _tree_order(plan["steps"]):
        indent = "  " * depth[step["id"]]
        after = f"  after {', '.join(step['depends_on'])}" if step["depends_on"] else ""
        out.append(f"  {indent}[{step['status']}] {step['id']}: {step['title']}"
                   f"  ({step['target'] or 'group'}){after}")
        for key in ("result", "error"):
            if step[key]:  # a draft's lines as lines, under its label (escaped when shown)
                first, *more = str(step[key]).replace("\\n", "\n").splitlines() or [""]
                out.append(f"  {indent}    {key}: {first}")
                out += [f"  {indent}    {' ' * len(key)}  {line}".rstrip() for line in more]
    out.append("revisions: " + ", ".join(f"{r['revision']} {r['status']}"
                                         for r in data["revisions"]))
    return "\n".join(out) + "\n"


def _tree_order(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps depth first, each right under its parent (siblings in plan order), so
    an indented step is drawn under the group it belongs to, not the step before it."""
    ids = {s["id"] for s in steps}
    children: dict[str | None, list[dict[str, Any]]] = {}
    for step in steps:
        parent = step["parent"] if step["parent"] in ids else None
        children.setdefault(parent, []).append(step)
    ordered: list[dict[str, Any]] = []
    seen: set[str] = set()
    stack = list(reversed(children.get(None, [])))
    while stack:
        step = stack.pop()
        if step["id"] in seen:
            continue
        seen.add(step["id"])
        ordered.append(step)
        stack.extend(reversed(children.get(step["id"], [])))
    return ordered + [s for s in steps if s["id"] not in seen]  # a parent loop: as listed


def _depths(steps: list[dict[str, Any]]) -> dict[str, int]:
    parent = {s["id"]: s["parent"] for s in steps}
    depth = {}
    for sid in parent:
        level, node = 0, parent[sid]
        while node is not None and level < 8:
            level, node = level + 1, parent.get(node)
        depth[sid] = level
    return depth
