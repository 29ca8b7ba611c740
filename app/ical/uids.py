"""The iCalendar UIDs of tasks and steps: UUIDs, stable forever.

A task keeps the random UUID it was given when created (``Task.uid``). A step's UID is
derived from its task's UID and its step id (UUID version 5), so every revision of a
plan names the same step with the same UID without storing it; a step that came from
elsewhere with its own UID keeps that one in ``Step.uid``.
"""

from __future__ import annotations

import uuid

# Tasks without a stored UID (rows restored from an export made before UIDs existed)
# get one derived from their id under this namespace, stable for that database.
_LEGACY = uuid.UUID("6f1c1d0e-5d3b-4c55-9d0a-2f6b1f2f7a11")


def step_uid(task_uid: str, step_id: str, stored: str | None = None) -> str:
    """The UID of step ``step_id`` of the task whose UID is ``task_uid``."""
    if stored:
        return stored
    try:
        namespace = uuid.UUID(task_uid)
    except ValueError:  # a UID from another program that is not a UUID
        namespace = uuid.uuid5(_LEGACY, task_uid)
    return str(uuid.uuid5(namespace, step_id))


def task_uid(stored: str | None, task_id: int) -> str:
    """A task's UID: the stored one, or (for a row that has none) one derived from its id."""
    return stored or str(uuid.uuid5(_LEGACY, f"task-{task_id}"))
