"""The store's tables (``models.tables``): defaults, keys, cascades and dirty-only saves."""

from __future__ import annotations

import uuid
from datetime import timedelta
from pathlib import Path

import peewee
import pytest

from models import Plan, Step, StepDependency, Task
from models.tables import new_uid, utc_now


def test_utc_now_is_aware_and_in_utc() -> None:
    now = utc_now()
    assert now.utcoffset() == timedelta(0)


def test_each_new_uid_is_a_fresh_uuid4() -> None:
    uids = {new_uid() for _ in range(100)}
    assert len(uids) == 100 and all(uuid.UUID(u).version == 4 for u in uids)


def test_a_new_task_gets_its_defaults_and_a_uid(db: Path) -> None:
    task = Task.create(title="t")
    again = Task.get_by_id(task.id)
    assert (again.status, again.priority, again.tags, again.worker) == ("new", 3, [], "me")
    assert again.uid and again.created_at.utcoffset() == timedelta(0)
    assert Task.create(title="u").uid != again.uid


def test_a_revision_number_is_unique_per_task(db: Path) -> None:
    task = Task.create(title="t")
    Plan.create(task=task, revision=1, spec={})
    with pytest.raises(peewee.IntegrityError):
        Plan.create(task=task, revision=1, spec={})


def test_deleting_a_task_deletes_its_plans_steps_and_dependencies(db: Path) -> None:
    task = Task.create(title="t")
    plan = Plan.create(task=task, revision=1, spec={})
    first = Step.create(plan=plan, step_id="a", title="A")
    second = Step.create(plan=plan, step_id="b", title="B")
    StepDependency.create(step=second, depends_on=first)
    task.delete_instance()
    assert (Plan.select().count(), Step.select().count(),
            StepDependency.select().count()) == (0, 0, 0)


def test_save_writes_only_the_fields_that_changed(db: Path) -> None:
    task = Task.create(title="before", detail="kept")
    stale = Task.get_by_id(task.id)
    Task.update(detail="changed elsewhere").where(Task.id == task.id).execute()
    stale.title = "after"
    stale.save()
    saved = Task.get_by_id(task.id)
    assert (saved.title, saved.detail) == ("after", "changed elsewhere")
