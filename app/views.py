"""Read-only views of tasks for the command line: JSON shapes and plain-text tables.

JSON uses the field names of the database export and of PlanSpec.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from models import Task
from models.fields import format_utc

TASK_FIELDS = tuple(f.column_name for f in Task._meta.sorted_fields)


def task_json(task: Task) -> dict[str, Any]:
    data = {}
    for name in TASK_FIELDS:
        value = getattr(task, name)
        data[name] = format_utc(value) if isinstance(value, datetime) else value
    return data


def task_detail(task_id: int) -> dict[str, Any]:
    """The task, its latest plan as PlanSpec with that plan's status, and every revision."""
    from app import plans
    from app.tasks import get_task

    task = get_task(task_id)
    latest = plans.latest_plan(task.id)
    return {
        "task": task_json(task),
        "plan": None if latest is None else plans.spec_of(latest).to_json(),
        "plan_status": None if latest is None else latest.status,
        "revisions": [
            {"revision": p.revision, "status": p.status, "origin": p.origin,
             "source": p.source, "created_at": format_utc(p.created_at)}
            for p in plans.revisions(task.id)
        ],
    }


def local(value: datetime | str | None) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        from models.fields import parse_utc

        value = parse_utc(value)
    return value.astimezone().strftime("%Y-%m-%d %H:%M")


def format_list(rows: Iterable[Sequence[Any]], columns: Sequence[str]) -> str:
    """A plain table: id, priority, status, due (local time), title [tags] and problems."""
    index = {c: i for i, c in enumerate(columns)}
    lines = [f"{'ID':>5}  P  {'STATUS':<11}  {'DUE':<16}  TITLE"]
    for row in rows:
        tags = row[index["tags"]]
        title = row[index["title"]] + (f"  [{', '.join(tags)}]" if tags else "")
        if row[index["problem"]]:
            title += "  (!)"
        lines.append(f"{row[index['id']]:>5}  {row[index['priority']]}  "
                     f"{row[index['status']]:<11}  {local(row[index['due_at']]):<16}  {title}")
    if len(lines) == 1:
        return "no open tasks; add one with `stepwise add TITLE`\n"
    return "\n".join(lines) + "\n"


def format_detail(data: dict[str, Any]) -> str:
    task = data["task"]
    out = [f"#{task['id']} {task['title']}", f"  status    {task['status']}",
           f"  priority  {task['priority']}"]
    for label, key in (("start", "start_at"), ("due", "due_at"), ("expires", "expires_at")):
        if task[key]:
            out.append(f"  {label:<9} {local(task[key])}")
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
    for step in plan["steps"]:
        indent = "  " * depth[step["id"]]
        after = f"  after {', '.join(step['depends_on'])}" if step["depends_on"] else ""
        out.append(f"  {indent}[{step['status']}] {step['id']}: {step['title']}"
                   f"  ({step['target'] or 'group'}){after}")
        for key in ("result", "error"):
            if step[key]:
                out.append(f"  {indent}    {key}: {step[key]}")
    out.append("revisions: " + ", ".join(f"{r['revision']} {r['status']}"
                                         for r in data["revisions"]))
    return "\n".join(out) + "\n"


def _depths(steps: list[dict[str, Any]]) -> dict[str, int]:
    parent = {s["id"]: s["parent"] for s in steps}
    depth = {}
    for sid in parent:
        level, node = 0, parent[sid]
        while node is not None and level < 8:
            level, node = level + 1, parent.get(node)
        depth[sid] = level
    return depth


def agent_log(task_id: int) -> dict[str, Any]:
    """A task's work log and model-call journal, oldest first."""
    from app.tasks import get_task
    from models import ModelCall, WorkLog

    task = get_task(task_id)
    return {
        "task": task.id,
        "worklog": [{"at": format_utc(w.at), "actor": w.actor, "kind": w.kind,
                     "message": w.message}
                    for w in WorkLog.select().where(WorkLog.task == task.id).order_by(WorkLog.id)],
        "model_calls": [{"at": format_utc(c.created_at), "provider": c.provider,
                         "model": c.model, "purpose": c.purpose, "outcome": c.outcome,
                         "error": c.error, "latency_ms": c.latency_ms, "reply": c.reply}
                        for c in ModelCall.select().where(ModelCall.task == task.id)
                        .order_by(ModelCall.id)],
    }


def format_agent_log(data: dict[str, Any]) -> str:
    lines = [f"work log of task {data['task']}:"]
    for w in data["worklog"]:
        lines.append(f"  {local(w['at'])}  {w['actor']:<9} {w['kind']:<14} {w['message']}")
    lines.append("model calls:")
    for c in data["model_calls"]:
        latency = f"{c['latency_ms']:.0f} ms" if c["latency_ms"] is not None else "-"
        lines.append(f"  {local(c['at'])}  {c['purpose']:<14} {c['provider']}/{c['model']}  "
                     f"{c['outcome']}  {latency}" + (f"  {c['error']}" if c["error"] else ""))
    if not data["model_calls"]:
        lines.append("  (none)")
    return "\n".join(lines) + "\n"
