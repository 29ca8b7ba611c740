"""Reading loosely typed plan JSON (the problems it collects) and older plan shapes.

``Reader`` collects an ``invalid_field`` problem for each value of the wrong type, so
``app.plan.spec.decode`` reports every problem at once. ``upgrade`` reads older shapes
(``write_todos`` lists and the task_plan seed's ``{"plan": …}``) as PlanSpec data.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from app.problems import Problem
from models.fields import InstantOutOfRange, parse_utc

if TYPE_CHECKING:
    from app.plan.spec import PlanSpec

SCHEMA_VERSION = 2  # the version this Stepwise writes; older shapes are upgraded to it


class Reader:
    """Collects invalid_field problems while reading loosely typed JSON."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(self, where: str, message: str, step: str | None = None) -> None:
        """Note that a value at ``where`` is wrong."""
        self.problems.append(Problem("invalid_field", f"{where}: {message}", step))

    def keys(self, data: dict[str, Any], allowed: tuple[str, ...], where: str,
             step: str | None = None) -> None:
        """Note every key of ``data`` that is not ``allowed``."""
        for key in data:
            if key not in allowed:
                self.bad(where, f"unknown key {key!r}", step)

    def text(self, data: dict[str, Any], key: str, where: str, *, default: str | None = "",
             required: bool = False, nullable: bool = False, step: str | None = None) -> Any:
        """A string value (``default`` when missing or of the wrong type)."""
        if key not in data:
            if required:
                self.bad(where, f"{key!r} is required", step)
            return default
        value = data[key]
        if value is None and nullable:
            return None
        if not isinstance(value, str):
            self.bad(where, f"{key!r} must be a string{' or null' if nullable else ''}", step)
            return default
        return value

    def when(self, data: dict[str, Any], key: str, where: str, step: str) -> datetime | None:
        """An ISO 8601 instant with a time zone, or None."""
        value = self.text(data, key, where, default=None, nullable=True, step=step)
        if value is None:
            return None
        try:
            return parse_utc(value)
        except InstantOutOfRange as exc:
            self.problems.append(Problem("time_out_of_range", f"{where}: {key!r}: {exc}", step))
            return None
        except ValueError:
            self.bad(where, f"{key!r} must be ISO 8601 with a time zone, got {value!r}", step)
            return None


def upgrade(data: Any) -> Any:
    """Read older shapes as PlanSpec data: ``write_todos`` lists and task_plan plans."""
    if isinstance(data, dict) and "schema_version" not in data:
        if set(data) == {"todos"}:
            return from_todos(data)
        if set(data) == {"plan"} and isinstance(data["plan"], dict):
            return _from_task_plan(data["plan"])
    return data


def _from_task_plan(plan: dict[str, Any]) -> Any:
    """The task_plan seed's ``{title, description, steps[{id, description, status}]}``."""
    steps = plan.get("steps")
    if not isinstance(steps, list):
        return plan
    status_map = {"done": "completed", "fail": "failed"}
    return {
        "schema_version": SCHEMA_VERSION,
        "revision": 1,
        "origin": "user",
        "title": plan.get("title", ""),
        "objective": plan.get("description", ""),
        "steps": [
            {
                "id": str(s.get("id", i + 1)),
                "title": s.get("description", s.get("title", "")),
                "status": status_map.get(str(s.get("status")), s.get("status", "pending")),
            }
            if isinstance(s, dict) else s
            for i, s in enumerate(steps)
        ],
    }


# --- write_todos -------------------------------------------------------------------

_TODO_STATUS = {
    "pending": "pending", "in_progress": "in_progress", "completed": "completed",
    "failed": "pending", "skipped": "completed",
}


def to_todos(spec: PlanSpec) -> dict[str, Any]:
    """The plan as a ``write_todos`` list (failed → pending, skipped → completed)."""
    return {"todos": [{"content": s.title, "status": _TODO_STATUS[s.status]} for s in spec.steps]}


def from_todos(data: dict[str, Any]) -> Any:
    """A ``write_todos`` list as PlanSpec data: one step per todo, each after the one before."""
    todos = data.get("todos")
    if not isinstance(todos, list):
        return {"schema_version": SCHEMA_VERSION, "steps": "todos must be a list"}
    steps: list[Any] = []
    for i, todo in enumerate(todos, start=1):
        if not isinstance(todo, dict) or set(todo) - {"content", "status"}:
            steps.append(todo if not isinstance(todo, dict) else {**todo, "id": str(i)})
            continue
        steps.append({
            "id": str(i),
            "title": todo.get("content"),
            "depends_on": [str(i - 1)] if i > 1 else [],
            "status": todo.get("status", "pending"),
        })
    return {"schema_version": SCHEMA_VERSION, "revision": 1, "origin": "user", "steps": steps}
