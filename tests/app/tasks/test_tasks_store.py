"""Tasks (``app.tasks.store``): adding with its checks, reading, status, problems, edits, delete."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.errors import NotFound, Refused
from app.states import IllegalTransition
from app.tasks.problems import Problem
from app.tasks.store import (
    MAX_TITLE,
    NewTask,
    add_task,
    check_new_task,
    clear_problem,
    delete_task,
    get_task,
    list_rows,
    restore_task,
    set_problem,
    set_status,
    update_task,
)
from models import Task, WorkLog, atomic

DUE = datetime(2026, 12, 3, 9, 0, tzinfo=UTC)


def test_a_new_task_is_stored_trimmed_with_sorted_tags_and_a_normal_rule(db: Path) -> None:
    task = add_task(NewTask(title="  Water plants ", tags=("b", "a", "b"), due_at=DUE,
                            recurrence="freq=daily", timezone="Asia/Shanghai"))
    stored = get_task(task.id)
    assert (stored.title, stored.tags, stored.recurrence, stored.status) == \
        ("Water plants", ["a", "b"], "FREQ=DAILY", "new")
    assert WorkLog.get(WorkLog.task == task.id).kind == "create"


@pytest.mark.parametrize(("new", "says"), [
    (NewTask(title="  "), "needs a title"),
    (NewTask(title="x" * (MAX_TITLE + 1)), "keep it under"),
    (NewTask(title="x", priority=0), "priority runs from 1"),
    (NewTask(title="x", start_at=DUE, due_at=DUE - timedelta(days=1)),
     "start time .* is after the due time"),
    (NewTask(title="x", due_at=DUE, expires_at=DUE - timedelta(seconds=1)),
     "due time .* is after the expiry time"),
    (NewTask(title="x", recurrence="FREQ=SOMETIMES"), "FREQ"),
])
def test_a_new_task_that_breaks_a_rule_is_refused_and_not_stored(db: Path, new: NewTask,
                                                                 says: str) -> None:
    with pytest.raises(Refused, match=says):
        check_new_task(new)
    with pytest.raises(Refused):
        add_task(new)
    assert Task.select().count() == 0


def test_a_missing_task_is_not_found_with_a_hint(db: Path) -> None:
    with pytest.raises(NotFound, match="stepwise list --all"):
        get_task(42)


def test_the_list_shows_open_tasks_unless_asked_for_all(db: Path) -> None:
    kept = add_task(NewTask(title="open"))
    closed = add_task(NewTask(title="closed"))
    with atomic():
        set_status(get_task(closed.id), "done", why="test")
    assert [row[0] for row in list_rows()] == [kept.id]
    assert sorted(row[0] for row in list_rows(include_closed=True)) == [kept.id, closed.id]


def test_status_moves_follow_the_machine_and_are_logged(db: Path) -> None:
    task = add_task(NewTask(title="x"))
    with atomic():
        set_status(get_task(task.id), "cancelled", why="not wanted")
    assert WorkLog.select().where(WorkLog.kind == "state").get().message == \
        "new → cancelled: not wanted"
    with pytest.raises(IllegalTransition), atomic():
        set_status(get_task(task.id), "done", why="no")
    assert get_task(task.id).status == "cancelled"


def test_a_problem_is_set_and_cleared_with_the_retries(db: Path) -> None:
    task = add_task(NewTask(title="x"))
    with atomic():
        stored = get_task(task.id)
        set_problem(stored, Problem.of("budget", limit=40))
        stored.retry_count = 2
        stored.save()
    marked = get_task(task.id)
    assert marked.problem.startswith("the daily budget of 40 model calls") and marked.problem_at
    assert (marked.problem_code, marked.problem_values) == (
        "budget", [{"code": "budget", "values": {"limit": 40}}])
    clear_problem(task.id)
    cleared = get_task(task.id)
    assert (cleared.problem, cleared.retry_count) == (None, 0)


def test_an_update_is_checked_like_a_new_task(db: Path) -> None:
    task = add_task(NewTask(title="x", due_at=DUE))
    update_task(task.id, title=" y ", tags=["t"])
    assert (get_task(task.id).title, get_task(task.id).tags) == ("y", ["t"])
    with pytest.raises(Refused):
        update_task(task.id, start_at=DUE + timedelta(days=1))
    with pytest.raises(ValueError, match="not editable: status"):
        update_task(task.id, status="done")
    assert get_task(task.id).start_at is None and get_task(task.id).status == "new"


def test_a_deleted_task_is_restored_whole(db: Path) -> None:
    task = add_task(NewTask(title="x", tags=("a",)))
    snapshot = delete_task(task.id)
    with pytest.raises(NotFound):
        get_task(task.id)
    assert restore_task(snapshot) == task.id
    assert get_task(task.id).tags == ["a"]
    with pytest.raises(NotFound):
        delete_task(999)


def test_undo_of_a_delete_never_overwrites(db: Path) -> None:
    task = add_task(NewTask(title="Task two", tags=("a",)))
    snapshot = delete_task(task.id)
    newer = add_task(NewTask(title="Written after the sync", detail="notes"))
    assert newer.id == task.id
    back = restore_task(snapshot)
    assert back != task.id
    assert (get_task(back).title, get_task(back).uid) == ("Task two", task.uid)
    kept = get_task(task.id)
    assert (kept.title, kept.detail) == ("Written after the sync", "notes")


def test_times_out_of_order_are_told_in_local_time_with_the_offset(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A person typed local times; the refusal names them so, never as bare UTC."""
    from zoneinfo import ZoneInfo

    from app.tasks import store as tasks

    monkeypatch.setattr(tasks, "local_zone", lambda: ZoneInfo("Asia/Shanghai"))
    start = datetime(2026, 12, 2, 10, 0, tzinfo=UTC)  # 18:00 in Shanghai
    due = datetime(2026, 12, 2, 1, 0, tzinfo=UTC)  # 09:00 in Shanghai
    with pytest.raises(Refused, match=r"the start time \(2026-12-02 18:00 \+0800\) is after "
                                      r"the due time \(2026-12-02 09:00 \+0800\)"):
        tasks.add_task(tasks.NewTask(title="Meet", start_at=start, due_at=due))


def test_a_date_is_stored_all_day_and_comes_back_as_the_date(db: Path) -> None:
    from datetime import date

    from app.tasks.store import when

    task = add_task(NewTask(title="Pay rent", due_at=date(2026, 12, 15), named=("due",)))
    stored = get_task(task.id)
    assert (stored.all_day, stored.named, stored.timezone) == (["due"], [], "Asia/Shanghai")
    assert when(stored, "due") == date(2026, 12, 15)
    assert stored.due_at == datetime(2026, 12, 15, 10, 0, tzinfo=UTC)  # 18:00 in Shanghai
    update_task(task.id, due_at=datetime(2026, 12, 16, 7, 0, tzinfo=UTC), named=("due",))
    assert (get_task(task.id).all_day, get_task(task.id).named) == ([], ["due"])
    update_task(task.id, due_at=date(2026, 12, 17))
    assert when(get_task(task.id), "due") == date(2026, 12, 17)


def test_a_task_moved_to_another_zone_keeps_the_day_of_its_dates(db: Path) -> None:
    from datetime import date

    from app.tasks.store import when

    task = add_task(NewTask(title="Pay rent", due_at=date(2026, 12, 15)))
    update_task(task.id, timezone="America/Los_Angeles")
    moved = get_task(task.id)
    assert when(moved, "due") == date(2026, 12, 15)
    assert moved.due_at == datetime(2026, 12, 16, 2, 0, tzinfo=UTC)


def test_a_date_before_the_start_is_refused_like_a_time(db: Path) -> None:
    from datetime import date

    with pytest.raises(Refused, match="after the due"):
        add_task(NewTask(title="x", start_at=datetime(2026, 12, 16, 1, tzinfo=UTC),
                         due_at=date(2026, 12, 15)))


def test_a_date_outside_the_years_kept_is_refused_by_name(db: Path) -> None:
    from datetime import date

    task = add_task(NewTask(title="x"))
    with pytest.raises(Refused, match=r"the due \(9999-12-31\) is outside the years"):
        update_task(task.id, due_at=date(9999, 12, 31))
    assert get_task(task.id).due_at is None
