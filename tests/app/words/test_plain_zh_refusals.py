"""The refusals of the use cases in Chinese (``app.words.plain_zh_refusals``).

``tests/app/plain_walk.py`` reads ``app/``: each refusal raised with a literal message and
each importer's skip reason becomes a sample sentence; each must come out of
``in_chinese`` with no English left but the kept values, commands and names. A new
English refusal without its rule fails here (the input problems: test_plain_zh_inputs.py).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from app import states
from app.agent.sense import wordless_title
from app.sync.conflicts import problem_of
from app.sync.merge import Conflict
from app.words.plain import told
from app.words.plain_zh import in_chinese
from tests.app.plain_walk import CJK, REFUSAL_ERRORS, english_left, messages

REFUSALS = list(messages(REFUSAL_ERRORS))


def test_the_walk_finds_the_refusals() -> None:
    every = list(messages())
    wheres = {where.split(":")[0] for where, _text in every}
    assert len(every) > 180
    assert {"app/plan/store.py", "app/tasks/trash.py", "app/tasks/edit.py", "app/plan/editing.py",
            "app/sync/conflicts.py", "app/io/importers/todotxt.py", "app/dates/when.py",
            "app/files.py", "app/calendar/fetch.py"} <= wheres
    assert english_left("task V1 has no plan yet") == ["has no", "plan yet"]


@pytest.mark.parametrize(("where", "english"), REFUSALS, ids=[w for w, _t in REFUSALS])
def test_every_literal_refusal_reads_in_chinese(where: str, english: str) -> None:
    chinese = in_chinese(english)
    assert english_left(chinese) == [], f"{where}: {english!r} → {chinese!r}"
    if english_left(english):
        assert CJK.search(chinese), f"{where}: {english!r} has no Chinese"


def test_values_inside_a_refusal_are_kept() -> None:
    assert in_chinese("task 12 has no plan yet") == "任务 12 还没有计划"
    assert in_chinese("task 12 is in use by another task now; “Team offsite” stays in the "
                      "trash") == "任务编号 12 现在已被另一个任务使用；“Team offsite”留在回收站里"
    assert in_chinese("plan revision 3 has no step 's9' (steps: s1, s2)") == \
        "计划第 3 版没有步骤 's9'（步骤有：s1, s2）"
    assert in_chinese("the start time (2026-12-03 09:00) is after the due time "
                      "(2026-12-02 17:00)") == \
        "开始时间（2026-12-03 09:00）晚于 截止时间（2026-12-02 17:00）"
    assert in_chinese("the due time (2026-12-03 09:00) is after the expiry time "
                      "(2026-12-02 17:00)") == \
        "截止时间（2026-12-03 09:00）晚于 过期时间（2026-12-02 17:00）"


@pytest.mark.parametrize("machine", [states.TASK, states.PLAN, states.STEP])
def test_illegal_transitions_read_in_chinese(machine: states.Machine) -> None:
    for old, allowed in machine.moves.items():
        for new in set(machine.states) - allowed - {old}:
            with pytest.raises(states.IllegalTransition) as caught:
                machine.check(old, new)
            chinese = in_chinese(str(caught.value))
            left = [run for run in english_left(chinese)  # the states are kept values
                    if not set(re.split(r"[ ,;:]+", run)) <= set(machine.states)]
            assert left == [] and CJK.search(chinese), chinese


@pytest.mark.parametrize("conflict", [
    Conflict("title", "Mine", "Theirs", "mine", reason="a task needs a title"),
    Conflict("steps", None, ["+ Call"], "mine", reason="step 's2': a step needs a title"),
    Conflict("due", "Wed", "Thu", "theirs"),
    Conflict("tags", ["a"], ["b"], "mine")])
def test_sync_conflict_problems_read_in_chinese(conflict: Conflict) -> None:
    for others in (0, 2):
        chinese = problem_of(conflict, others).told("zh")
        assert chinese.startswith("同步冲突：标题" if conflict.prop == "title" else "同步冲突：")
        assert english_left(chinese) == [], chinese
        assert ("（另有 2 个）" in chinese) == bool(others)


def test_the_sense_check_of_a_wordless_title_reads_in_chinese() -> None:
    english = wordless_title(["03/24/2026-17:58"])
    assert english is not None
    assert in_chinese(english) == "标题 '03/24/2026-17:58' 没有说要做什么：请用文字写出这一步"


def test_told_keeps_english_and_tells_chinese_with_local_times() -> None:
    now = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)
    english = "snooze until a time in the future, not 2026-12-01T07:00:00Z"
    assert told(english, "en", now) == english
    chinese = told(english, "zh", now)
    assert chinese.startswith("请推迟到将来的时间，而不是 ") and "Z" not in chinese


def test_never_occurring_position_reads_in_chinese() -> None:
    from app.dates.rrules import InvalidRule, validate_rrule

    with pytest.raises(InvalidRule) as refused:
        validate_rrule("FREQ=HOURLY;BYMINUTE=12,46;BYSETPOS=-3")
    chinese = in_chinese(str(refused.value))
    assert "每小时最多的 2 次" in chinese and english_left(chinese) == []
