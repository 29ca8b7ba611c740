"""Values of an imported row checked per table (``app.io.transfer_checks``)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from app.io.transfer_checks import MAX_INT, id_problem, number_problem, value_problem


@pytest.mark.parametrize("value", [0, -MAX_INT - 1, MAX_INT, 1.5, True, "text", None])
def test_numbers_sqlite_holds_pass(value: Any) -> None:
    assert number_problem("n", value) is None


@pytest.mark.parametrize(("value", "says"), [
    (MAX_INT + 1, "too large"), (-MAX_INT - 2, "too large"), (math.inf, "not a finite"),
    (math.nan, "not a finite")])
def test_numbers_sqlite_cannot_hold_are_named(value: Any, says: str) -> None:
    problem = number_problem("n", value)
    assert problem is not None and problem.startswith("'n' ") and says in problem


def test_ids_must_be_positive() -> None:
    assert id_problem({"id": 1, "task": 3}, ["id", "task"]) is None
    assert id_problem({"id": 0}, ["id"]) == "'id' must be a positive id, not 0"
    assert id_problem({"task": -4}, ["id", "task"]) == "'task' must be a positive id, not -4"
    assert id_problem({"id": True, "x": None}, ["id", "x"]) is None


@pytest.mark.parametrize(("row", "says"), [
    ({"status": "someday"}, "is not a task status"),
    ({"tags": "home"}, "'tags' must be a list of text"),
    ({"tags": ["a", 1]}, "'tags' must be a list of text"),
    ({"priority": 5}, "'priority' runs from 1 to 4"),
    ({"title": "   "}, "'title' is empty"),
    ({"recurrence": "FREQ=SOMETIMES"}, "'recurrence'"),
    ({"timezone": "Mars/Olympus"}, "is not an IANA time zone"),
    ({"timezone": "../../etc/passwd"}, "is not an IANA time zone"),
])
def test_a_task_row_with_a_wrong_value_is_refused_naming_it(row: dict[str, Any], says: str
                                                            ) -> None:
    problem = value_problem("task", row)
    assert problem is not None and says in problem


def test_a_good_task_row_passes() -> None:
    row = {"status": "new", "tags": ["家"], "priority": 2, "title": "Call",
           "recurrence": "FREQ=WEEKLY;BYDAY=FR", "due_at": "2026-12-04T09:00:00Z",
           "timezone": "Asia/Shanghai"}
    assert value_problem("task", row) is None


@pytest.mark.parametrize(("table", "row", "says"), [
    ("plan", {"status": "cooking"}, "is not a plan status"),
    ("plan", {"spec": []}, "'spec' must be a JSON object"),
    ("step", {"inputs": "x"}, "'inputs' must be a JSON object"),
    ("step", {"status": "meh"}, "is not a step status"),
    ("outbox_message", {"status": "lost"}, "is not one of"),
    ("outbox_message", {"status": "sent", "decided_at": "t"}, "must have 'sent_at'"),
    ("outbox_message", {"status": "pending", "decided_at": "t"}, "must not have 'decided_at'"),
    ("setting", {"key": "assistant.max_steps", "value": "lots"}, "setting assistant.max_steps"),
])
def test_other_tables_rows_are_checked_too(table: str, row: dict[str, Any], says: str) -> None:
    problem = value_problem(table, row)
    assert problem is not None and says in problem


def test_rows_that_are_fine_or_of_unchecked_tables_pass() -> None:
    assert value_problem("outbox_message", {"status": "sent", "decided_at": "t",
                                            "sent_at": "t"}) is None
    assert value_problem("setting", {"key": "no.such.setting", "value": object()}) is None
    assert value_problem("contact", {"anything": "goes"}) is None
    assert value_problem("plan", {"status": None, "spec": {"steps": []}}) is None
