"""``stepwise schedule`` and ``stepwise step estimate`` (``app.cli.schedule``): blocks as
JSON, the reason and the fix when a step does not fit, bad input, clearing."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from datetime import datetime, time, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import TEST_TZ

Cli = Callable[..., Any]


def _cli_plan(cli: Cli, tmp_path: Path, steps: list[dict[str, Any]], due: str) -> None:
    assert cli("add", "Quarterly report", "--due", due).code == 0
    path = tmp_path / "plan.json"
    path.write_text(json.dumps({"schema_version": 2, "title": "Report", "steps": steps}))
    assert cli("plan", "import", "1", str(path)).code == 0


def test_schedule_json_lists_task_step_start_end_why(cli: Cli, tmp_path: Path) -> None:
    _cli_plan(cli, tmp_path, [{"id": "a", "title": "Draft"}], "2099-01-30 18:00")
    assert cli("step", "estimate", "1", "a", "1h30").out.strip() == \
        "task 1: step 'a' estimate 1 h 30 min"
    result = cli("schedule", "--from", "2099-01-05 08:00", "--days", "5", "--json")
    assert result.code == 0, result.err
    (block,) = json.loads(result.out)
    assert set(block) == {"task", "step", "start", "end", "why"}
    assert (block["task"], block["step"], block["start"], block["end"]) == (
        1, "a", "2099-01-05T01:00:00Z", "2099-01-05T02:30:00Z")


def test_schedule_exits_1_with_the_reason_and_the_fix(cli: Cli, tmp_path: Path) -> None:
    _cli_plan(cli, tmp_path, [{"id": "a", "title": "Draft", "estimate_minutes": 600}],
              "2099-01-05 12:00")
    result = cli("schedule", "--from", "2099-01-05 08:00", "--dry-run")
    assert result.code == 1
    assert "cannot place task 1 step 'a' (Draft): not enough free time before its due date " \
           "Mon 01-05 12:00: 3 h free, 10 h needed; move the due date to" in result.err


@pytest.mark.parametrize(("args", "code"), [
    (("schedule", "--days", "0"), 2), (("schedule", "--days", "x"), 2),
    (("schedule", "--from", "whenever"), 2), (("step", "estimate", "1", "a"), 2),
    (("step", "estimate", "1", "a", "soon"), 1), (("step", "estimate", "1", "zz", "5m"), 1),
])
def test_bad_schedule_input_is_a_known_error(cli: Cli, tmp_path: Path, args: tuple[str, ...],
                                             code: int) -> None:
    _cli_plan(cli, tmp_path, [{"id": "a", "title": "Draft"}], "2099-01-30 18:00")
    result = cli(*args)
    assert result.code == code and result.err.startswith(("stepwise", "usage")), result.err


def test_schedule_clear(cli: Cli, tmp_path: Path) -> None:
    _cli_plan(cli, tmp_path, [{"id": "a", "title": "Draft", "estimate_minutes": 30}],
              "2099-01-30 18:00")
    assert cli("schedule", "--from", "2099-01-05 08:00").code == 0
    assert cli("schedule", "clear").out.strip() == "1 blocks cleared"


def test_step_estimate_on_the_command_line_re_schedules(cli: Cli, tmp_path: Path,
                                                        data_dir: Path) -> None:
    _cli_plan(cli, tmp_path, [{"id": "a", "title": "Draft", "estimate_minutes": 30},
                              {"id": "b", "title": "Send", "depends_on": ["a"],
                               "estimate_minutes": 15}], "2099-01-30 18:00")
    assert cli("schedule", "--from", "2099-01-05 08:00").code == 0
    assert cli("step", "estimate", "1", "a", "2h").code == 0  # re-schedules from now
    with sqlite3.connect(data_dir / "stepwise.db") as con:
        rows = con.execute('SELECT step_id, start, "end" FROM scheduled_block ORDER BY start')
        (a, a_start, a_end), (b, b_start, _) = rows.fetchall()
    assert (a, b) == ("a", "b") and b_start >= a_end  # after what it depends on
    # right after it, or (when "now" is late in the day) at the next working day's start
    next_morning = datetime.fromisoformat(b_start).astimezone(ZoneInfo(TEST_TZ)).time()
    assert b_start == a_end or next_morning == time(9, 0), (a_end, b_start)
    assert datetime.fromisoformat(a_end) - datetime.fromisoformat(a_start) == timedelta(hours=2)


def test_day_limit_warned(cli: Cli, tmp_path: Path) -> None:
    """A day holding more planned work than calendar.day_limit_minutes is said."""
    _cli_plan(cli, tmp_path, [{"id": "a", "title": "Draft", "estimate_minutes": 240},
                              {"id": "b", "title": "Edit", "estimate_minutes": 180}],
              "2099-01-05 18:00")
    quiet = cli("schedule", "--from", "2099-01-05 08:00", "--days", "1", "--dry-run")
    assert quiet.code == 0 and "limit" not in quiet.err
    assert cli("settings", "calendar.day_limit_minutes", "360").code == 0
    said = cli("schedule", "--from", "2099-01-05 08:00", "--days", "1", "--dry-run")
    assert said.code == 0
    assert "Mon 01-05 holds 7 h of planned work, over your limit of 6 h" in said.err


def test_overload_said(cli: Cli, tmp_path: Path) -> None:
    """Steps due at one time that need more than the working time before it: the sum."""
    _cli_plan(cli, tmp_path, [{"id": "a", "title": "Draft", "estimate_minutes": 240},
                              {"id": "b", "title": "Edit", "estimate_minutes": 180},
                              {"id": "c", "title": "Send", "estimate_minutes": 150}],
              "2099-01-05 18:00")
    said = cli("schedule", "--from", "2099-01-05 08:00", "--days", "1", "--dry-run")
    assert said.code == 1
    assert ("task 1: 9 h 30 min of steps, 9 h free before Mon 01-05 18:00: move the due "
            "date, shorten a step, or free some time in the calendar") in said.err
