"""Recurring tasks: the one RRULE validator and the bounded roll to the next occurrence."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from app.rrules import InvalidRule, next_after, validate_rrule

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
    assert cli("plan", "approve", "1").code == 0
    Task.update(recurrence="FREQ=DAILY;INTERVAL=0").execute()  # as an older database holds it
    started = time.monotonic()
    assert cli("step", "done", "1", "send").code == 0
    assert time.monotonic() - started < 5
    task = json.loads(cli("show", "1", "--json").out)["task"]
    assert task["status"] == "done" and task["recurrence"] == "FREQ=DAILY;INTERVAL=0"


@pytest.mark.parametrize(("rule", "says"), [
    ("FREQ=DAILY;INTERVAL=0", "INTERVAL"),
    ("FREQ=DAILY;INTERVAL=99999999999999999999", "INTERVAL"),
    ("FREQ=YEARLY;INTERVAL=5000", "INTERVAL"),
    ("FREQ=DAILY;COUNT=10000000000000000000000", "COUNT"),
    ("FREQ=DAILY;COUNT=0", "COUNT"),
    ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY"),
    ("FREQ=MONTHLY;BYMONTHDAY=0", "BYMONTHDAY"),
    ("FREQ=YEARLY;BYMONTH=13", "BYMONTH"),
    ("FREQ=DAILY;BYHOUR=24", "BYHOUR"),
    ("FREQ=WEEKLY;BYDAY=XX", "BYDAY"),
    ("FREQ=MONTHLY;BYDAY=60MO", "BYDAY"),
    ("FREQ=DAILY;FOO=1", "not an RRULE part"),
    ("FREQ=DAILY;FREQ=WEEKLY", "twice"),
    ("BYDAY=MO", "no FREQ"),
    ("FREQ=SOMETIMES", "FREQ"),
    ("FREQ=MINUTELY", "more often than hourly"),
    ("FREQ=DAILY;BYMINUTE=0,1,2,3,4,5,6,7,8,9;BYSECOND=0,1,2,3,4,5,6,7,8,9", "times a day"),
    ("FREQ=DAILY;COUNT=2;UNTIL=20270101", "both COUNT and UNTIL"),
    ("FREQ=DAILY;UNTIL=20261399", "UNTIL"),
    ("FREQ=MONTHLY;BYWEEKNO=3", "BYWEEKNO"),
    ("FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30", "does not occur"),
    ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=300", "does not occur"),
    ("FREQ=HOURLY;INTERVAL=24;BYHOUR=5", "not usable"),
    ("garbage ;;; \x00", "not an RRULE part"),
    ("FREQ=DAILY;" + "BYHOUR=1;" * 200, "characters"),
])
@pytest.mark.timeout(20)
def test_defect_3_bad_rules_are_refused_with_the_part_named(rule: str, says: str) -> None:
    started = time.monotonic()
    with pytest.raises(InvalidRule, match=says):
        validate_rrule(rule, FRIDAY)
    assert time.monotonic() - started < 2


@pytest.mark.parametrize(("rule", "normal"), [
    ("FREQ=WEEKLY;BYDAY=FR", "FREQ=WEEKLY;BYDAY=FR"),
    ("rrule:byday=fr;freq=weekly;", "FREQ=WEEKLY;BYDAY=FR"),
    ("FREQ=MONTHLY;BYDAY=+2MO;INTERVAL=01", "FREQ=MONTHLY;INTERVAL=1;BYDAY=2MO"),
    ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=YEARLY;BYMONTHDAY=29;BYMONTH=2"),
    ("FREQ=DAILY;UNTIL=20200101", "FREQ=DAILY;UNTIL=20200101"),
])
def test_good_rules_come_back_in_normal_form(rule: str, normal: str) -> None:
    assert validate_rrule(rule, FRIDAY) == normal
    assert validate_rrule(normal, FRIDAY) == normal


def test_add_recur_stores_the_normal_form(cli: Cli) -> None:
    assert cli("add", "x", "--due", "tomorrow", "--recur", "byday=fr;freq=weekly").code == 0
    task = json.loads(cli("show", "1", "--json").out)["task"]
    assert task["recurrence"] == "FREQ=WEEKLY;BYDAY=FR"


def test_next_after_follows_the_rule_and_its_until() -> None:
    assert next_after("FREQ=WEEKLY;BYDAY=FR", FRIDAY, ZONE) == datetime(2026, 12, 11, 9, 0)
    assert next_after("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", datetime(2024, 2, 29, 9), ZONE) \
        == datetime(2028, 2, 29, 9)
    assert next_after("FREQ=DAILY;UNTIL=20261205T000000Z", FRIDAY, ZONE) is None  # 08:00 local
    assert next_after("FREQ=DAILY;UNTIL=20261205T020000Z", FRIDAY, ZONE) == \
        datetime(2026, 12, 5, 9, 0)
    assert next_after("FREQ=DAILY;COUNT=1", FRIDAY, ZONE) is None
    assert next_after("FREQ=DAILY", datetime(9999, 12, 31, 9), ZONE) is None


@pytest.mark.timeout(20)
def test_the_search_for_a_rule_that_never_matches_is_bounded() -> None:
    started = time.monotonic()
    assert next_after("FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30", datetime(1900, 1, 1), ZONE) is None
    assert time.monotonic() - started < 2  # dateutil alone scans to 9999: about 4 s


def test_a_task_whose_next_occurrence_is_past_9999_is_done(cli: Cli, tmp_path: Path) -> None:
    assert cli("add", "x", "--due", "9999-06-01", "--recur", "FREQ=YEARLY").code == 0
    assert cli("plan", "import", "1", str(one_step_plan(tmp_path / "p.json"))).code == 0
    assert cli("plan", "approve", "1").code == 0
    assert cli("step", "done", "1", "send").code == 0
    assert json.loads(cli("show", "1", "--json").out)["task"]["status"] == "done"
