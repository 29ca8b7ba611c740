"""A person's edit of one step's fields (``app.plan.step_edits``)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from app.plan.editing import EditRefused
from app.plan.step_edits import MAX_TITLE, add_sub_step, edit_step, rename_step


def data() -> dict[str, Any]:
    return {"schema_version": 2, "revision": 3, "origin": "assistant", "title": "P",
            "objective": "", "steps": [
                {"id": "a", "title": "Pick dates", "target": "user", "inputs": {}, "due": None,
                 "depends_on": [], "parent": None},
                {"id": "b", "title": "Book", "target": "user", "inputs": {}, "depends_on": ["a"],
                 "parent": None}]}


def test_an_edit_changes_a_copy_and_makes_the_plan_the_users() -> None:
    before = data()
    after = edit_step(before, "a", {"title": "  Pick two dates ", "worker": " Ann ",
                                    "target": "", "inputs": {"n": 2}})
    step = after["steps"][0]
    assert (step["title"], step["worker"], step["target"], step["inputs"]) == \
        ("Pick two dates", "Ann", None, {"n": 2})
    assert after["origin"] == "user" and before == data()


def test_a_due_time_is_written_in_utc_whatever_its_zone() -> None:
    local = edit_step(data(), "a", {"due": "2026-12-03T17:00:00+08:00"})
    assert local["steps"][0]["due"] == "2026-12-03T09:00:00Z"
    aware = edit_step(data(), "a", {"due": datetime(2026, 12, 3, 9, tzinfo=UTC)})
    assert aware["steps"][0]["due"] == "2026-12-03T09:00:00Z"
    naive = edit_step(data(), "a", {"due": "2026-12-03T17:00:00"})  # the tests' zone: +08:00
    assert naive["steps"][0]["due"] == "2026-12-03T09:00:00Z"
    with_due = edit_step(data(), "a", {"due": "2026-12-03T09:00:00Z"})
    assert edit_step(with_due, "a", {"due": ""})["steps"][0]["due"] is None


def test_a_long_title_is_cut_and_rename_is_a_title_edit() -> None:
    assert len(rename_step(data(), "b", "x" * 500)["steps"][1]["title"]) == MAX_TITLE


@pytest.mark.parametrize(("step_id", "fields", "code"), [
    ("zz", {"title": "x"}, "no_step"),
    ("a", {"status": "done"}, "invalid_field"),
    ("a", {"title": "   "}, "invalid_field"),
    ("a", {"inputs": ["not", "named"]}, "invalid_field"),
    ("a", {"due": "next week"}, "invalid_field"),
    ("a", {"due": 5}, "invalid_field"),
    ("a", {"title": "Pick dates"}, "exists"),
])
def test_an_edit_that_breaks_a_rule_is_refused_by_code(step_id: str, fields: dict[str, Any],
                                                       code: str) -> None:
    with pytest.raises(EditRefused) as caught:
        edit_step(data(), step_id, fields)
    assert caught.value.code == code


def test_a_sub_step_goes_inside_its_parent() -> None:
    after = add_sub_step(data(), "b", "Call the venue")
    new = after["steps"][-1]
    assert new["title"] == "Call the venue" and new["parent"] == "b"
    assert {s["id"] for s in after["steps"]} >= {"a", "b"}
