"""The trash (``app.tasks.trash``): a deleted task kept whole and brought back."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest

from app.errors import NotFound
from app.plan import store as plans
from app.tasks.store import NewTask, add_task, get_task
from app.tasks.trash import restore_row, restore_task, trash_task
from models import Plan, Reminder, Step, StepDependency, Task
from models.tables import Trash, utc_now
from tests.conftest import Result

Cli = Callable[..., Result]


def test_trash_and_restore(db: Path) -> None:
    task = add_task(NewTask(title="Renew passport", detail="photo first"))
    plans.save_plan(task.id, {"schema_version": 2, "steps": [
        {"id": "a", "title": "Photo", "target": "user"}]})
    assert trash_task(task.id) == "Renew passport"
    with pytest.raises(NotFound):
        get_task(task.id)
    assert restore_task(task.id).title == "Renew passport"
    back = get_task(task.id)
    assert (back.detail, back.uid) == ("photo first", task.uid)
    assert plans.latest_plan_or_fail(task.id).revision == 1


def test_restore_unknown(db: Path) -> None:
    with pytest.raises(NotFound, match="not in the trash"):
        restore_task(7)


PLAN = {"schema_version": 2, "steps": [
    {"id": "a", "title": "Photo", "target": "user"},
    {"id": "b", "title": "Form", "target": "user", "depends_on": ["a"]}]}
SOON = utc_now() + timedelta(days=3)


def _task_two() -> Task:
    """A task with notes, two plan revisions, a dependency and two reminders."""
    task = add_task(NewTask(title="Task two", detail="notes two", due_at=SOON))
    plans.save_plan(task.id, PLAN)
    second = plans.save_plan(task.id, {**PLAN, "steps": [*PLAN["steps"], {
        "id": "c", "title": "Post it", "target": "user", "depends_on": ["b"]}]})
    form = Step.get((Step.plan == second.id) & (Step.step_id == "b"))
    Reminder.create(task=task.id, step=form.id, kind="step", text="Form",
                    fire_at=SOON - timedelta(days=1))
    return task


def _shape(task_id: int) -> list[tuple[int, list[str], list[tuple[str, str]]]]:
    """Each revision: its number, its steps and its dependencies by step id."""
    out = []
    for plan in Plan.select().where(Plan.task == task_id).order_by(Plan.revision):
        steps = {s.id: s.step_id for s in plan.steps}
        deps = [(steps[d.step_id], steps[d.depends_on_id]) for d in StepDependency.select()
                .where(StepDependency.step.in_(list(steps)))]
        assert all(d.depends_on_id in steps for d in StepDependency.select()
                   .where(StepDependency.step.in_(list(steps))))
        out.append((plan.revision, sorted(steps.values()), sorted(deps)))
    return out


def test_restore_after_the_id_was_reused(db: Path) -> None:
    task = _task_two()
    shape, reminders = _shape(task.id), Reminder.select().where(Reminder.task == task.id).count()
    trash_task(task.id)
    newer = add_task(NewTask(title="Written after the sync", detail="notes"))
    plans.save_plan(newer.id, PLAN)  # takes the plan and step ids too
    assert newer.id == task.id
    back = restore_task(task.id)
    assert (back.title, back.was_id) == ("Task two", task.id) and back.task_id != task.id
    kept = get_task(newer.id)
    assert (kept.title, kept.detail, kept.uid) == ("Written after the sync", "notes", newer.uid)
    assert _shape(newer.id) == [(1, ["a", "b"], [("b", "a")])]
    restored = get_task(back.task_id)
    assert (restored.detail, restored.uid) == ("notes two", task.uid)
    assert _shape(back.task_id) == shape == [
        (1, ["a", "b"], [("b", "a")]), (2, ["a", "b", "c"], [("b", "a"), ("c", "b")])]
    assert Reminder.select().where(Reminder.task == back.task_id).count() == reminders == 2
    step = Reminder.get((Reminder.task == back.task_id) & (Reminder.kind == "step")).step
    assert (step.step_id, step.plan.task_id, step.plan.revision) == ("b", back.task_id, 2)
    assert Trash.select().count() == 0


def test_restore_twice(db: Path) -> None:
    task = add_task(NewTask(title="Task two"))
    trash_task(task.id)
    assert restore_task(task.id).task_id == task.id  # nothing took the id: it is kept
    with pytest.raises(NotFound, match=f"task {task.id} is not in the trash"):
        restore_task(task.id)
    assert Task.select().count() == 1


def test_restore_row_keeps_a_reused_id(db: Path) -> None:
    task = add_task(NewTask(title="Task two"))
    trash_task(task.id)
    add_task(NewTask(title="Written after the sync", detail="notes"))  # takes the id
    back = restore_row(Trash.get())
    assert (Task.get_by_id(task.id).title, Task.get_by_id(task.id).detail) == (
        "Written after the sync", "notes")
    assert Task.get_by_id(back.task_id).title == "Task two"
    assert Trash.select().count() == 0


def test_restore_under_a_new_uid_when_another_task_has_it(db: Path) -> None:
    task = _task_two()
    Step.update(uid="step-b").where(Step.step_id == "b").execute()  # came from a phone
    trash_task(task.id)
    again = add_task(NewTask(title="Task two (pulled again)"))
    Task.update(uid=task.uid).where(Task.id == again.id).execute()
    plans.save_plan(again.id, PLAN)
    Step.update(uid="step-b").where(Step.step_id == "b").execute()
    back = restore_task(task.id)
    assert get_task(again.id).uid == task.uid
    restored = get_task(back.task_id)
    assert restored.uid not in (None, task.uid)
    uids = {s.uid for s in Step.select().join(Plan).where(
        (Plan.task == back.task_id) & (Step.step_id == "b"))}
    assert len(uids) == 1 and uids != {"step-b"}  # one new UID across both revisions


def cut_snapshot(cli: Cli, drop: tuple[str, ...], add: dict[str, object] | None = None
                 ) -> int:
    """A task deleted through the CLI, its trash snapshot then cut to an older shape."""
    from models import close_database

    assert cli("add", "Pay rent", "--tag", "home").code == 0
    assert cli("delete", "1").code == 0
    row = Trash.get()
    task = {k: v for k, v in row.snapshot["task"][0].items() if k not in drop}
    row.snapshot = {**row.snapshot, "task": [{**task, **(add or {})}]}
    row.save()
    close_database()
    return int(row.id)


def test_restore_fills_missing_columns(cli: Cli) -> None:
    trash_id = cut_snapshot(cli, ("status", "priority", "tags", "created_at", "all_day"))
    result = cli("sync", "restore", str(trash_id))
    assert result.code == 0, result.err
    shown = json.loads(cli("show", "1", "--json").out)["task"]
    assert (shown["title"], shown["status"], shown["priority"]) == ("Pay rent", "new", 3)
    assert shown["tags"] == []  # the default: the snapshot had none
    assert cli("sync", "trash").out.strip() == ""


@pytest.mark.parametrize(("drop", "add", "said"), [
    (("title",), None, "its task row has no 'title'"),
    ((), {"colour": "red"}, "columns this Stepwise does not have (colour)"),
    (("id",), None, "a task row in its snapshot has no id"),
])
def test_restore_refused_clearly(cli: Cli, drop: tuple[str, ...],
                                 add: dict[str, object] | None, said: str) -> None:
    trash_id = cut_snapshot(cli, drop, add)
    result = cli("sync", "restore", str(trash_id))
    assert result.code == 1 and said in result.err and "nothing was changed" in result.err
    assert "Pay rent" in cli("sync", "trash").out  # still in the trash
    assert json.loads(cli("list", "--json", "--all").out) == []
