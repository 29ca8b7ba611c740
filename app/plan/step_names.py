"""How a message names steps: by the titles the user sees, never by internal ids."""

from __future__ import annotations

from typing import Any


def step_titles(data: dict[str, Any]) -> dict[str, str]:
    """Each step id's title (the id where a step has no title) in PlanSpec data."""
    return {str(s["id"]): str(s.get("title") or s["id"]) for s in data.get("steps", [])}


def named(step_ids: list[str], titles: dict[str, str]) -> str:
    """A chain of steps in the user's words: “Pick dates” → “Book venue”."""
    return " → ".join(f"“{titles.get(sid, sid)}”" for sid in step_ids)
