"""A person's edit of one step's fields (Qt-free): title, objective, due, worker, target,
inputs and done_when, as a ``Change`` for ``app.plan.editing.apply_edit``.

Like the graph edits, it takes PlanSpec data and returns an edited copy with origin
``user`` (DESIGN §5), or raises ``EditRefused`` naming what is wrong in the user's words.
"""

from __future__ import annotations

import copy
from datetime import UTC, datetime
from typing import Any

from app.plan.editing import Data, EditRefused, add_step, reparent
from app.problems import EditRule

EDITABLE = ("title", "objective", "done_when", "worker", "due", "target", "inputs")
MAX_TITLE = 200


def edit_step(data: Data, step_id: str, fields: dict[str, Any]) -> Data:
    """The plan with ``fields`` of step ``step_id`` changed (only the keys in EDITABLE).

    Raises:
        EditRefused: ``no_step``, ``exists`` (nothing differs), ``invalid_field``.
    """
    unknown = set(fields) - set(EDITABLE)
    if unknown:
        raise EditRefused("invalid_field", "these fields cannot be edited: "
                          + ", ".join(sorted(unknown)))
    out = copy.deepcopy(data)
    out["origin"] = "user"
    step = next((s for s in out["steps"] if s["id"] == step_id), None)
    if step is None:
        raise EditRefused(EditRule.NO_STEP, f"the plan has no step {step_id!r}")
    cleaned = {key: _clean(key, value) for key, value in fields.items()}
    if all(step.get(key) == value for key, value in cleaned.items()):
        raise EditRefused(EditRule.EXISTS, "nothing was different")
    step.update(cleaned)
    return out


def _clean(key: str, value: Any) -> Any:
    if key == "title":
        title = str(value or "").strip()
        if not title:
            raise EditRefused("invalid_field", "a step needs a title")
        return title[:MAX_TITLE]
    if key == "due":
        return _due(value)
    if key == "inputs":
        if not isinstance(value, dict):
            raise EditRefused("invalid_field", "inputs must be a set of named values")
        return value
    if key == "target":
        return value or None
    return str(value or "").strip()


def _due(value: Any) -> str | None:
    """A due time as PlanSpec writes it (ISO 8601 in UTC, ``Z``), or None."""
    if value in (None, ""):
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError as exc:
            raise EditRefused("invalid_field", f"not a date and time: {value}") from exc
    if not isinstance(value, datetime):
        raise EditRefused("invalid_field", "not a date and time")
    if value.tzinfo is None:
        value = value.astimezone()
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def rename_step(data: Data, step_id: str, title: str) -> Data:
    """The plan with step ``step_id`` called ``title``."""
    return edit_step(data, step_id, {"title": title})


def add_sub_step(data: Data, parent: str, title: str) -> Data:
    """A new step for the user inside ``parent`` (which becomes a group)."""
    out = add_step(data, title)
    return reparent(out, out["steps"][-1]["id"], parent)
