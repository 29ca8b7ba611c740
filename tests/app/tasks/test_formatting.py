"""Plain-text task views (``app.tasks.formatting``): the table and a task's details."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from app.tasks.formatting import format_detail, format_list, local

COLUMNS = ("id", "priority", "status", "due_at", "title", "tags", "problem", "all_day",
           "timezone")
DUE = datetime(2026, 12, 3, 9, 0, tzinfo=UTC)  # 17:00 in Shanghai, the tests' zone


def test_local_shows_an_instant_or_its_text_to_the_minute() -> None:
    assert local(DUE) == "2026-12-03 17:00"
    assert local("2026-12-03T09:00:00Z") == "2026-12-03 17:00"
    assert local(None) == ""


def test_the_table_lists_tags_a_problem_mark_and_local_due_times() -> None:
    rows = [(1, 2, "new", DUE, "Renew", ["admin", "家"], None, [], None),
            (12, 3, "in_progress", None, "Call", [], "server down", [], None)]
    lines = format_list(rows, COLUMNS).splitlines()
    assert lines[0].split() == ["ID", "P", "STATUS", "DUE", "TITLE"]
    assert lines[1] == "    1  2  new          2026-12-03 17:00  Renew  [admin, 家]"
    assert lines[2].endswith("Call  (!)") and lines[2].startswith("   12  3  in_progress")


def test_an_all_day_due_is_listed_as_its_date_in_the_tasks_zone() -> None:
    stand_in = datetime(2026, 12, 16, 2, 0, tzinfo=UTC)  # 18:00 on 15 Dec in Los Angeles
    rows = [(1, 3, "new", stand_in, "Pay", [], None, ["due"], "America/Los_Angeles"),
            (2, 3, "new", stand_in, "Call", [], None, [], "America/Los_Angeles")]
    lines = format_list(rows, COLUMNS).splitlines()
    assert "2026-12-15        Pay" in lines[1]  # not the 16th, as it is in Shanghai
    assert "2026-12-16 10:00  Call" in lines[2]  # a moment: local time here


def test_the_columns_may_come_in_any_order() -> None:
    order = ("title", "tags", "problem", "id", "priority", "status", "due_at", "timezone",
             "all_day")
    row: tuple[object, ...] = ("Renew", [], None, 1, 2, "new", None, None, [])
    assert format_list([row], order) == format_list(
        [(1, 2, "new", None, "Renew", [], None, [], None)], COLUMNS)


def test_an_empty_table_says_how_to_add_a_task() -> None:
    assert format_list([], COLUMNS) == "no open tasks; add one with `stepwise add TITLE`\n"


def task(**fields: Any) -> dict[str, Any]:
    return {"id": 5, "title": "Offsite", "status": "new", "priority": 3, "start_at": None,
            "due_at": None, "expires_at": None, "tags": [], "recurrence": None,
            "problem": None, "detail": "", **fields}


def test_a_task_without_a_plan_says_so_and_only_its_set_fields() -> None:
    text = format_detail({"task": task(due_at="2026-12-03T09:00:00Z", tags=["a"]),
                          "plan": None})
    assert text.splitlines() == ["#5 Offsite", "  status    new", "  priority  3",
                                 "  due       2026-12-03 17:00", "  tags      a", "  no plan yet"]


def test_an_all_day_time_shows_its_date_alone() -> None:
    text = format_detail({"task": task(due_at="2026-12-15T10:00:00Z", all_day=["due"],
                                       timezone="Asia/Shanghai"), "plan": None})
    assert "  due       2026-12-15" in text.splitlines()


def test_a_plans_steps_are_indented_by_depth_with_results_and_revisions() -> None:
    steps = [
        {"id": "venue", "title": "Venue", "parent": None, "status": "pending", "target": None,
         "depends_on": [], "result": None, "error": None},
        {"id": "book", "title": "Book", "parent": "venue", "status": "failed",
         "target": "user", "depends_on": ["venue"], "result": None, "error": "full"},
    ]
    data = {"task": task(), "plan": {"revision": 2, "origin": "user", "title": "P",
                                     "steps": steps},
            "plan_status": "active",
            "revisions": [{"revision": 1, "status": "superseded"},
                          {"revision": 2, "status": "active"}]}
    lines = format_detail(data).splitlines()
    assert "plan revision 2 (active, user): P" in lines
    assert "  [pending] venue: Venue  (group)" in lines
    assert "    [failed] book: Book  (user)  after venue" in lines
    assert "        error: full" in lines
    assert lines[-1] == "revisions: 1 superseded, 2 active"


def test_a_parent_cycle_does_not_hang_the_indent() -> None:
    steps: list[dict[str, Any]] = [
        {"id": "a", "title": "A", "parent": "b", "status": "pending", "target": "user",
         "depends_on": [], "result": None, "error": None},
        {"id": "b", "title": "B", "parent": "a", "status": "pending", "target": "user",
         "depends_on": [], "result": None, "error": None}]
    data = {"task": task(), "plan": {"revision": 1, "origin": "user", "title": "",
                                     "steps": steps},
            "plan_status": "pending", "revisions": [{"revision": 1, "status": "pending"}]}
    assert "[pending] a: A" in format_detail(data)


def test_a_step_is_drawn_under_its_own_parent() -> None:
    def step(sid: str, parent: str | None) -> dict[str, Any]:
        return {"id": sid, "title": sid.title(), "parent": parent, "status": "pending",
                "target": "user" if parent else None, "depends_on": [], "result": None,
                "error": None}

    steps = [step("move", None), step("van", None), step("drive", "van"),
             step("pack", "move")]  # the phone's order: pack belongs to move, not the van
    data = {"task": task(), "plan": {"revision": 1, "origin": "user", "title": "",
                                     "steps": steps},
            "plan_status": "active", "revisions": [{"revision": 1, "status": "active"}]}
    lines = [line.strip() for line in format_detail(data).splitlines() if "] " in line]
    assert [line.split("] ")[1].split(":")[0] for line in lines] == [
        "move", "pack", "van", "drive"]
