"""One task's rows as stored, and back (``app.tasks.rows``): what Undo of a delete restores."""

from __future__ import annotations

from pathlib import Path

from app.plan import store as plans
from app.tasks.rows import insert_rows, restore_rows, table_columns, task_rows
from app.tasks.store import NewTask, add_task
from models import ModelCall, Reminder, Step, Task, atomic
from models.tables import utc_now

PLAN = {"schema_version": 2, "steps": [
    {"id": "a", "title": "A", "target": "user"},
    {"id": "b", "title": "B", "target": "user", "depends_on": ["a"]}]}


def test_the_columns_follow_the_model_and_mark_json() -> None:
    columns = dict(table_columns(Task))
    assert list(columns)[0] == "id" and columns["tags"] is True and columns["title"] is False


def test_a_tasks_rows_are_its_own_and_as_stored(db: Path) -> None:
    first = add_task(NewTask(title="Offsite", tags=("a",)))
    other = add_task(NewTask(title="Other"))
    plans.save_plan(first.id, PLAN)
    plans.save_plan(other.id, PLAN)
    rows = task_rows(first.id)
    assert [t["title"] for t in rows["task"]] == ["Offsite"]
    assert rows["task"][0]["tags"] == '["a"]'  # JSON as its stored text
    assert rows["task"][0]["created_at"].endswith("Z")
    assert len(rows["plan"]) == 1 and len(rows["step"]) == 2 and len(rows["step_dependency"]) == 1
    assert task_rows(999)["task"] == []


def test_deleted_rows_come_back_as_they_were(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, PLAN)
    before = task_rows(task.id)
    with atomic():
        Task.delete().where(Task.id == task.id).execute()
    assert Step.select().count() == 0
    with atomic():
        restore_rows(before)
    assert task_rows(task.id) == before


def test_inserted_rows_take_fresh_ids_where_theirs_are_taken(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, PLAN)
    before = task_rows(task.id)
    with atomic():
        Task.delete().where(Task.id == task.id).execute()
    other = add_task(NewTask(title="Other"))
    plans.save_plan(other.id, PLAN)
    with atomic():
        moved = insert_rows({**before, "task": [{**before["task"][0], "uid": "fresh"}]})
    new_id = moved["task"][task.id]
    assert new_id != other.id == task.id
    after = task_rows(new_id)
    assert [s["title"] for s in after["step"]] == ["A", "B"]
    plan_ids = {s["plan_id"] for s in after["step"]}
    assert plan_ids == {after["plan"][0]["id"]} != {before["plan"][0]["id"]}
    (dep,) = after["step_dependency"]
    first, second = (s["id"] for s in after["step"])
    assert (dep["step_id"], dep["depends_on_id"]) == (second, first)
    assert len(task_rows(other.id)["step"]) == 2  # the other task's rows are as they were


def test_a_model_call_left_behind_is_linked_again_not_doubled(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    ModelCall.create(task=task.id, provider="offline", purpose="plan")
    before = task_rows(task.id)
    with atomic():
        Task.delete().where(Task.id == task.id).execute()
    assert ModelCall.get().task_id is None  # type: ignore[attr-defined]  # SET NULL
    with atomic():
        insert_rows(before)
    assert [c.task_id for c in ModelCall.select()] == [task.id]  # type: ignore[attr-defined]


def test_restored_rows_never_replace_another_tasks_row(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    Reminder.create(task=task.id, kind="step", text="Call", fire_at=utc_now())
    before = task_rows(task.id)
    with atomic():
        Reminder.delete().execute()  # a tick moved the reminder on
    other = add_task(NewTask(title="Other"))
    theirs = Reminder.create(task=other.id, kind="step", text="Theirs", fire_at=utc_now())
    assert theirs.id == before["reminder"][0]["id"]  # the id is given out again
    with atomic():
        Task.delete().where(Task.id == task.id).execute()
        restore_rows(before)
    assert Reminder.get_by_id(theirs.id).text == "Theirs"
    assert [r.text for r in Reminder.select().where(Reminder.task == task.id)] == ["Call"]
