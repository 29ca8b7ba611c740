"""Recurring tasks (``app.plan.recurrence``): rules refused on add, the roll to the next time."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

Cli = Callable[..., Any]
ZONE = ZoneInfo("Asia/Shanghai")
FRIDAY = datetime(2026, 12, 4, 9, 0)


def one_step_plan(path: Path) -> Path:
    path.write_text(json.dumps({
        "schema_version": 1, "revision": 1, "origin": "user", "title": "Weekly report",
        "objective": "report sent", "steps": [
            {"id": "send", "title": "Send it", "objective": "sent", "depends_on": [],
             "parent": None, "target": "user", "inputs": {}, "output_schema": None,
             "done_when": "sent", "worker": "me", "due": None, "status": "pending",
             "result": None, "error": None}]}), encoding="utf-8")
    return path


# --- defect 3: FREQ=DAILY;INTERVAL=0 ---------------------------------------------------------

@pytest.mark.timeout(20)
def test_defect_3_interval_zero_is_refused_by_add_recur(cli: Cli) -> None:
    result = cli("add", "x", "--due", "tomorrow", "--recur", "FREQ=DAILY;INTERVAL=0")
    assert result.code == 1 and "INTERVAL" in result.err and "1 to 1000" in result.err
    assert "Traceback" not in result.err
    assert json.loads(cli("list", "--json").out) == []


@pytest.mark.timeout(20)
def test_defect_3_a_stored_interval_zero_rule_ends_the_task_instead_of_spinning(
        cli: Cli, tmp_path: Path) -> None:
    from models import Task

    assert cli("add", "Weekly report", "--due", "tomorrow", "--recur", "FREQ=DAILY").code == 0
    assert cli("plan", "import", "1", str(one_step_plan(tmp_path / "p.json"))).code == 0
    Task.update(recurrence="FREQ=DAILY;INTERVAL=0").execute()  # as an older database holds it
    started = time.monotonic()
    assert cli("step", "done", "1", "send").code == 0
    assert time.monotonic() - started < 5
    task = json.loads(cli("show", "1", "--json").out)["task"]
    assert task["status"] == "done" and task["recurrence"] == "FREQ=DAILY;INTERVAL=0"


def test_add_recur_stores_the_normal_form(cli: Cli) -> None:
    assert cli("add", "x", "--due", "tomorrow", "--recur", "byday=fr;freq=weekly").code == 0
    task = json.loads(cli("show", "1", "--json").out)["task"]
    assert task["recurrence"] == "FREQ=WEEKLY;BYDAY=FR"


def test_a_task_whose_next_occurrence_is_past_9999_is_done(cli: Cli, tmp_path: Path) -> None:
    assert cli("add", "x", "--due", "9999-06-01", "--recur", "FREQ=YEARLY").code == 0
    assert cli("plan", "import", "1", str(one_step_plan(tmp_path / "p.json"))).code == 0
    assert cli("step", "done", "1", "send").code == 0
    assert json.loads(cli("show", "1", "--json").out)["task"]["status"] == "done"


def test_a_left_out_occurrence_is_passed_over_and_an_added_one_taken(db: Path) -> None:
    """EXDATE and RDATE: the weekly series skips 14 Dec and gains Thursday 17 Dec."""
    from datetime import UTC, date

    from app.plan import ticks
    from app.plan.recurrence import occurrence_after
    from app.tasks import store as tasks

    task = tasks.add_task(tasks.NewTask(
        title="Bins out", due_at=date(2026, 12, 7), recurrence="FREQ=WEEKLY",
        exdates=(date(2026, 12, 14),), rdates=(date(2026, 12, 17),)))
    assert tasks.occurrences_as_set(tasks.get_task(task.id), "exdates") == [date(2026, 12, 14)]
    ticks.finish_task(task.id)
    assert tasks.when(tasks.get_task(task.id), "due") == date(2026, 12, 17)  # the added one
    ticks.finish_task(task.id)
    assert tasks.when(tasks.get_task(task.id), "due") == date(2026, 12, 21)  # 14th left out
    stand_in = datetime(2026, 12, 21, 10, 0, tzinfo=UTC)
    assert occurrence_after(tasks.get_task(task.id), stand_in) == \
        datetime(2026, 12, 28, 10, 0, tzinfo=UTC)
