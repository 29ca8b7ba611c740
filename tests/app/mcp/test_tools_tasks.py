"""The task tools (``app.mcp.tools_tasks``), in this process."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.errors import NotFound, Refused
from app.mcp import changes, tools_tasks
from app.tasks import store as tasks
from models import WorkLog


def _edit(task_id: int, **fields: object) -> dict[str, object]:
    wanted: dict[str, object] = {"title": None, "detail": None, "priority": None, "due": None,
                                 "add_tags": [], "remove_tags": [], **fields}
    return tools_tasks.edit("bot", task_id, **wanted)  # type: ignore[arg-type]


def test_add_says_what_it_understood(db: Path) -> None:
    added = tools_tasks.add("bot", "Water the plants #home !1", "tomorrow")
    assert added["understood"]["tags"] == ["home"]
    assert added["understood"]["priority"] == 1
    assert added["understood"]["all_day"] is True
    assert WorkLog.get(WorkLog.task == added["task"]["id"],
                       WorkLog.kind == "agent").message.endswith("(by bot)")


def test_list_searches_a_view(db: Path) -> None:
    tasks.add_task(tasks.NewTask(title="Buy milk"))
    tasks.add_task(tasks.NewTask(title="Call Bob"))
    found = tools_tasks.list_tasks("open", "milk", None, None, "urgency", 10)
    assert (found["total"], [t["title"] for t in found["tasks"]]) == (1, ["Buy milk"])
    assert tools_tasks.list_tasks("all", "", None, None, "created", 1)["total"] == 2


def test_list_gives_an_all_day_due_as_its_date(db: Path) -> None:
    from datetime import date

    tasks.add_task(tasks.NewTask(title="Pay rent", due_at=date(2027, 1, 5)))
    (row,) = tools_tasks.list_tasks("all", "", None, None, "created", 5)["tasks"]
    assert (row["due_at"], row["all_day"]) == ("2027-01-05", True)


def test_edit_journals_only_a_change(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Report", tags=("work",))).id
    assert _edit(task, title="Report")["changed"] == []
    assert changes.recent() == []
    done = _edit(task, title="Report v2", remove_tags=["work"], due="none")
    assert done["changed"] == ["tags", "title"]
    assert changes.recent()[0].summary == "edited tags, title"
    with pytest.raises(Refused):
        _edit(task, remove_tags=["nope"])
    with pytest.raises(NotFound):
        _edit(999, title="x")


def test_done_and_reopen(db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Ship")).id
    assert tools_tasks.done("bot", task)["task"]["status"] == "done"
    assert tools_tasks.reopen("bot", task)["task"]["status"] == "new"
    assert [c.summary for c in changes.recent()] == ["reopened", "ticked done"]
