"""The task list's queries: views, tags, text search (Chinese too), the sorts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.io.transfer import export_text
from app.tasks.queries import TaskQuery, all_tags, matching_ids, rows_for
from app.tasks.store import NewTask, add_task, delete_task, restore_task, update_task
from models import Task

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)  # 10:00 in Shanghai


@pytest.fixture
def sample(db: Path) -> dict[str, int]:
    def add(title: str, **kw: object) -> int:
        return add_task(NewTask(title=title, **kw)).id  # type: ignore[arg-type]

    ids = {
        "today": add("Call the bank", due_at=NOW + timedelta(hours=5), priority=2,
                     tags=("finance",)),
        "week": add("写周报", due_at=NOW + timedelta(days=4), tags=("工作",)),
        "later": add("Renew passport", due_at=NOW + timedelta(days=40), priority=1),
        "undated": add("Read a book", priority=4),
    }
    waiting = Task.get_by_id(ids["undated"])
    waiting.status = "waiting"
    waiting.save()
    return ids


def test_views(sample: dict[str, int]) -> None:
    assert matching_ids(TaskQuery(view="today"), NOW) == [sample["today"]]
    assert matching_ids(TaskQuery(view="upcoming"), NOW) == [sample["week"]]
    assert matching_ids(TaskQuery(view="waiting"), NOW) == [sample["undated"]]
    assert len(matching_ids(TaskQuery(view="open"), NOW)) == 4


def test_needs_attention_lists_problems_and_failures(sample: dict[str, int]) -> None:
    task = Task.get_by_id(sample["week"])
    task.problem = "the server is down"
    task.save()
    assert matching_ids(TaskQuery(view="attention"), NOW) == [sample["week"]]


def test_sorts(sample: dict[str, int]) -> None:
    by_due = matching_ids(TaskQuery(sort="due"), NOW)
    assert by_due == [sample["today"], sample["week"], sample["later"], sample["undated"]]
    by_priority = matching_ids(TaskQuery(sort="priority"), NOW)
    assert by_priority[:2] == [sample["later"], sample["today"]]
    assert matching_ids(TaskQuery(sort="created"), NOW)[0] == sample["undated"]
    urgent = matching_ids(TaskQuery(sort="urgency"), NOW)
    assert urgent[0] == sample["today"] and urgent[-1] == sample["undated"]


def test_tags_and_text_search(sample: dict[str, int]) -> None:
    assert matching_ids(TaskQuery(tag="工作"), NOW) == [sample["week"]]
    assert matching_ids(TaskQuery(text="周报"), NOW) == [sample["week"]]
    assert matching_ids(TaskQuery(text="bank"), NOW) == [sample["today"]]
    assert all_tags() == sorted(["finance", "工作"])


def test_rows_for_a_page(sample: dict[str, int]) -> None:
    rows = rows_for([sample["today"], sample["week"]])
    assert rows[sample["week"]].title == "写周报" and rows[sample["week"]].tags == ("工作",)


def test_update_checks_like_add(sample: dict[str, int]) -> None:
    from app.errors import Refused

    update_task(sample["later"], title="Renew passport now", tags=["travel"])
    assert Task.get_by_id(sample["later"]).tags == ["travel"]
    with pytest.raises(Refused, match="after the due"):
        update_task(sample["later"], start_at=NOW + timedelta(days=60))
    assert Task.get_by_id(sample["later"]).start_at is None


def test_delete_and_restore_round_trip(sample: dict[str, int]) -> None:
    before = export_text()
    snapshot = delete_task(sample["week"])
    assert Task.get_or_none(Task.id == sample["week"]) is None
    restore_task(snapshot)
    assert export_text() == before
