"""Read-only views of tasks for the command line: JSON shapes and plain-text tables.

JSON uses the field names of the database export and of PlanSpec.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from app.tasks.formatting import format_detail, format_list, local
from models import Task
from models.fields import format_utc

__all__ = ["agent_log", "format_agent_log", "format_detail", "format_list", "local",
           "task_detail", "task_json"]

TASK_FIELDS = tuple(f.column_name for f in Task._meta.sorted_fields)


def task_json(task: Task) -> dict[str, Any]:
    data = {}
    for name in TASK_FIELDS:
        value = getattr(task, name)
        data[name] = format_utc(value) if isinstance(value, datetime) else value
    return data


def task_detail(task_id: int) -> dict[str, Any]:
    """The task, its latest plan as PlanSpec with that plan's status, and every revision."""
    from app.plan import store as plans
    from app.tasks.store import get_task

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


def agent_log(task_id: int) -> dict[str, Any]:
    """A task's work log and model-call journal, oldest first."""
    from app.tasks.store import get_task
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
