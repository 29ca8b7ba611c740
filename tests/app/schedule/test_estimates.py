"""PlanSpec v2 estimates: the contract, the store, the offline planner's guess, the user's edit."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from app.errors import KnownError
from app.plan import spec as planspec
from app.problems import InvalidPlan
from app.schedule.estimates import duration_minutes, guess_minutes, parse_estimate


def plan(*steps: dict[str, Any], version: int = 2) -> dict[str, Any]:
    return {"schema_version": version, "revision": 1, "origin": "user", "title": "T",
            "objective": "", "steps": list(steps)}


def test_v2_round_trip_with_estimates_is_byte_identical() -> None:
    data = plan({"id": "a", "title": "Shortlist venues", "estimate_minutes": 90},
                {"id": "b", "title": "订场地", "depends_on": ["a"], "estimate_minutes": None})
    text = planspec.encode(planspec.parse(data))
    assert '"schema_version": 2' in text and '"estimate_minutes": 90' in text
    assert planspec.encode(planspec.parse(json.loads(text))) == text


def test_v1_is_read_and_written_as_v2() -> None:
    spec = planspec.parse(plan({"id": "a", "title": "A"}, version=1))
    assert spec.schema_version == 2 and spec.steps[0].estimate_minutes is None
    assert '"schema_version": 2' in planspec.encode(spec)


def test_write_todos_export_has_no_estimates() -> None:
    spec = planspec.parse(plan({"id": "a", "title": "A", "estimate_minutes": 30}))
    assert planspec.to_todos(spec) == {"todos": [{"content": "A", "status": "pending"}]}


@pytest.mark.parametrize("bad", [4, 0, -5, 30.0, "30", True, 43_201, 10**30])
def test_bad_estimates_are_invalid_fields(bad: Any) -> None:
    with pytest.raises(InvalidPlan) as info:
        planspec.parse(plan({"id": "a", "title": "A", "estimate_minutes": bad}))
    assert [p.code for p in info.value.problems] == ["invalid_field"]
    assert "estimate_minutes" in str(info.value.problems[0])


@pytest.mark.parametrize(("text", "minutes"), [
    ("Write the report, 30 min", 30), ("2 hours of review", 120), ("call 1h30", 90),
    ("1 hour 30 minutes", 90), ("1.5h", 90), ("half an hour with Ann", 30), ("an hour", 60),
    ("半小时", 30), ("两个小时", 120), ("一个半小时", 90), ("开会二十分钟", 20), ("三刻钟", 45),
    ("1小时30分钟", 90), ("Book hotel", None), ("by 10:30", None), ("2 hotel rooms", None),
    ("两个小时后提醒我", None), ("30分钟后", None),
])
def test_durations_in_english_and_chinese(text: str, minutes: int | None) -> None:
    assert duration_minutes(text) == minutes


def test_guess_uses_words_then_the_verb() -> None:
    assert guess_minutes("Draft the invitation (2 hours)", "write") == 120
    assert guess_minutes("Draft the invitation", "write") == 45
    assert guess_minutes("休息 2 分钟", "do") == 5  # never below the contract's minimum


@pytest.mark.parametrize(("text", "minutes"), [("45m", 45), ("90", 90), ("1h30", 90),
                                               ("半小时", 30)])
def test_parse_estimate(text: str, minutes: int) -> None:
    assert parse_estimate(text) == minutes


@pytest.mark.parametrize("text", ["soon", "2m", "", "99999h"])
def test_parse_estimate_refuses_clearly(text: str) -> None:
    with pytest.raises(KnownError):
        parse_estimate(text)


@pytest.mark.parametrize(("title", "language", "minutes", "titles"), [
    # Nothing to draft from: the writing is the person's step, with the time they named.
    ("Write the report, 2 hours, then email Ann", "en", [120, 15],
     ["Write the report", "Email Ann"]),
    ("写周报两个小时，然后发邮件给老板", "zh", [120, 15], ["写周报", "发邮件给老板"]),
    ("Review the draft 30 min", "en", [30], ["Review the draft"]),
])
def test_offline_planner_proposes_estimates(db: Path, title: str, language: str,
                                            minutes: list[int | None], titles: list[str]) -> None:
    from app.llm.offline.provider import plan as offline_plan

    data = offline_plan({"task": {"title": title}, "language": language,
                         "now": "2026-12-07T09:00:00+08:00"})
    steps = planspec.parse(data).steps
    assert [s.estimate_minutes for s in steps] == minutes
    assert [s.title for s in steps] == titles
    assert steps[0].target == "user"  # nothing to draft from: it is the person's to write


def test_estimates_are_stored_and_exported(db: Path) -> None:
    from app.plan import store as plans
    from app.tasks.store import NewTask, add_task

    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, plan({"id": "a", "title": "A", "estimate_minutes": 45}))
    spec = plans.spec_of(plans.active_plan(task.id))
    assert spec.steps[0].estimate_minutes == 45


def test_migration_4_adds_estimates_and_blocks_once(tmp_path: Path) -> None:
    import peewee

    from models.migrations import MIGRATIONS

    path = tmp_path / "old.db"
    with sqlite3.connect(path) as con:  # the step table as version 2 had it (in short)
        con.execute('CREATE TABLE "task" (id INTEGER PRIMARY KEY, title TEXT)')
        con.execute('CREATE TABLE "step" (id INTEGER PRIMARY KEY, title TEXT)')
    fourth = next(m for m in MIGRATIONS if m.version == 4)
    raw = peewee.SqliteDatabase(str(path))
    fourth.apply(raw)
    fourth.apply(raw)  # a new file already has both: the migration leaves them be
    columns = {row[1] for row in raw.execute_sql('PRAGMA table_info("step")')}
    tables = {row[0] for row in raw.execute_sql("SELECT name FROM sqlite_master")}
    assert "estimate_minutes" in columns and "scheduled_block" in tables


@pytest.mark.parametrize(("text", "title"), [
    ("Write the report, 2 hours", "Write the report"),
    ("写周报两个小时", "写周报"),
    ("Practice piano for 1h30", "Practice piano"),
    ("半小时冥想", "冥想"),
    ("Call mom", "Call mom"),  # nothing named: unchanged
    ("prepare answers for", "prepare answers for"),  # no duration, nothing cut
    ("列出所需材料和费用", "列出所需材料和费用"),
    ("完成第一次练习（30 分钟）", "完成第一次练习（30 分钟）"),  # in brackets: part of the title
    ("2 hours", "2 hours"),  # only a duration: kept
])
def test_a_step_title_loses_the_duration_it_named(text: str, title: str) -> None:
    from app.schedule.estimates import without_duration

    assert without_duration(text) == title
