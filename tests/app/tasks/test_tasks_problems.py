"""A task's problems by code, in both languages (issue 16 item 7): what happened and what
to do, in the user's language and local time; the raw error stays in the work log."""

from __future__ import annotations

import re
import string
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from app.agent.loop import Assistant
from app.config import settings
from app.errors import Refused
from app.plan import store as plans
from app.problems import CODES
from app.tasks.problems import PROBLEMS, Problem, told
from app.tasks.queries import TaskRow, rows_for
from app.tasks.store import NewTask, add_task
from app.words.plain import language_of
from models import Step, Task, WorkLog
from tests.app.agent.test_loop import Clock, fresh, run, task, write_plan_then
from tests.app.agent.test_small_models import review, server
from tests.app.agent.test_small_models import run as run_small

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)  # Monday 30 Nov, 10:00 in Shanghai
RAW = ('the server said: Traceback File "/srv/venv/lib/python3.11/site-packages/llama_cpp/'
       'server/app.py", line 212, in create — at 2026-11-30T08:38:00Z')


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("code", sorted(PROBLEMS))
def test_every_problem_code_has_english_and_chinese_with_the_same_fields(code: str) -> None:
    words = PROBLEMS[code]
    assert words.en.strip() and words.zh.strip()
    assert language_of(words.en) == "en" and language_of(words.zh) == "zh"
    assert fields(words.en) == fields(words.zh)


def _failed_step_problem(title: str) -> tuple[Task, str]:
    settings.put("assistant.auto_accept", True)
    added = add_task(NewTask(title=title))
    plans.save_plan(added.id, {"schema_version": 2, "steps": [
        {"id": "call", "title": "Call", "target": "user", "inputs": {}}]})
    plans.step_action(added.id, "call", "fail", error=RAW)
    problem = Task.get_by_id(added.id).problem
    assert problem is not None
    return added, problem


def test_a_chinese_tasks_failed_step_is_told_in_chinese(db: Path) -> None:
    added, problem = _failed_step_problem("续办护照")
    assert problem.startswith("步骤“call”失败：") and "可以重试或跳过这一步" in problem
    assert "failed" not in problem and ".py" not in problem and "Z" not in problem
    step = Step.get(Step.step_id == "call")
    assert step.error == RAW  # the raw error stays on the step and in the work log
    assert any(RAW in entry.message for entry in WorkLog.select().where(WorkLog.task == added.id))


def test_an_english_tasks_failed_step_says_what_to_do(db: Path) -> None:
    _, problem = _failed_step_problem("Renew passport")
    assert problem.startswith("step 'call' failed: the server said: Traceback")
    assert problem.endswith("— retry it, skip it or change the plan")
    assert ".py" not in problem and "16:38 +08:00" in problem


def test_the_chinese_interface_tells_an_english_tasks_failed_step_in_chinese(db: Path) -> None:
    settings.put("ui.language", "zh_CN")
    _, problem = _failed_step_problem("Renew passport")
    assert problem.startswith("步骤“call”失败：")


def test_a_step_with_no_reason_says_so_in_its_language() -> None:
    assert told("step_failed", "zh", NOW, step="a", error="") == (
        "步骤“a”失败：没有说明原因——可以重试或跳过这一步，或修改计划")


def test_the_assistant_cannot_do_this_in_chinese(db: Path) -> None:
    added = add_task(NewTask(title="给植物浇水"))
    run_small(server([review({"name": "fail", "reason": "I have no hands"})]), limit=1)
    problem = Task.get_by_id(added.id).problem or ""
    assert problem == "助手做不了这件事：I have no hands。如果换个做法也可以，改写任务后会重新安排"


def test_the_assistant_cannot_do_this_says_what_to_do(db: Path) -> None:
    added = add_task(NewTask(title="Water the plants"))
    run_small(server([review({"name": "fail", "reason": "I have no hands"})]), limit=1)
    assert Task.get_by_id(added.id).problem == (
        "the assistant cannot do this: I have no hands. If something close to it would help, "
        "reword the task and it will be planned again")


def _fail_for_good(title: str) -> str:
    settings.put("assistant.auto_accept", True)
    settings.put("assistant.review_budget", 0)
    t = task(title)
    never: Any = lambda ctx: '{"passed": false, "reason": "too short"}'  # noqa: E731
    draft: Any = lambda ctx: "Dear Ann"  # noqa: E731
    provider = write_plan_then(
        [{"id": "w", "title": "Write", "target": "assistant.write", "done_when": "a full page",
          "inputs": {"instructions": "the letter"}}], draft, never, draft, never, draft, never)
    run(Assistant(provider, clock=Clock()))
    return fresh(t).problem or ""


@pytest.mark.timeout(60)
def test_a_chinese_tasks_step_that_failed_for_good_is_told_in_chinese(db: Path) -> None:
    problem = _fail_for_good("写一封信")
    assert re.fullmatch(r"步骤“w”试了 \d+ 次仍然失败：.+——可以重试；你做完后直接标记完成；"
                        r"或修改计划", problem)


@pytest.mark.timeout(60)
def test_an_english_step_that_failed_for_good_says_what_to_do(db: Path) -> None:
    problem = _fail_for_good("Write the letter")
    assert re.fullmatch(r"step 'w' failed for good after \d+ attempts: .+ — retry it, mark it "
                        r"done once you have done it, or change the plan", problem)


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_plan_code_has_plain_english_and_chinese(code: str) -> None:
    meaning = CODES[code]
    assert meaning.does and meaning.en and language_of(meaning.en) == "en"
    assert language_of(meaning.zh) == "zh" and "_" not in meaning.en + meaning.zh


def test_a_plan_code_is_told_in_plain_words_in_the_tasks_language() -> None:
    reason = ("the assistant's reply could not be used: the plan is invalid: bad_inputs: "
              "step 'a': 'text' is missing")
    later = datetime(2026, 11, 30, 3, 0, tzinfo=UTC)
    assert told("retry_later", "zh", NOW, reason=reason, when=later) == (
        "助手的回复无法使用：计划无效：某一步缺少所需的信息，或信息有误：step 'a': 'text' 缺失"
        "（11:00 +08:00 后重试）")
    assert told("retry_later", "en", NOW, reason=reason, when=later) == (
        "the assistant's reply could not be used: the plan is invalid: a step lacks details "
        "it needs, or has wrong ones: step 'a': 'text' is missing (trying again after "
        "11:00 +08:00)")


def _planned(title: str, auto_accept: bool) -> int:
    settings.put("assistant.auto_accept", auto_accept)
    added = add_task(NewTask(title=title))
    plans.save_plan(added.id, {"schema_version": 2, "steps": [
        {"id": "a", "title": "A", "target": "assistant.write", "inputs": {"instructions": "A"}},
        {"id": "b", "title": "B", "target": "user", "inputs": {}, "depends_on": ["a"]}]})
    return added.id


@pytest.mark.parametrize(("title", "words"), [
    ("续办护照", "计划还在等待批准：请先批准（`stepwise plan approve 1`）"),
    ("Renew passport", "the plan awaits approval: approve it first (`stepwise plan approve 1`)")])
def test_a_step_of_a_plan_awaiting_approval_is_refused_in_the_tasks_language(
        db: Path, title: str, words: str) -> None:
    task_id = _planned(title, auto_accept=False)
    with pytest.raises(Refused) as refused:
        plans.step_action(task_id, "a", "start", actor="assistant")
    assert str(refused.value) == words


def test_a_chinese_tasks_waiting_step_is_refused_in_chinese(db: Path) -> None:
    task_id = _planned("续办护照", auto_accept=True)
    with pytest.raises(Refused) as refused:
        plans.step_action(task_id, "b", "start", actor="assistant")
    assert str(refused.value) == "步骤“b”还在等待：a——请先完成或跳过它们"


def test_a_change_meanwhile_is_told_in_the_tasks_language() -> None:
    assert told("changed_meanwhile", "zh", NOW, reason="task 3 has no active plan") == (
        "助手处理时它被改动了（task 3 has no active plan）——这一步什么也没有保存；"
        "助手下次运行时会重新查看")


@pytest.mark.parametrize(("english", "chinese"), [
    ("the reply was empty", "回复是空的"),
    ("the reply must be one JSON object", "回复必须是一个 JSON 对象"),
    ("the due time 2026-12-05T01:00:00+00:00 is after the expires time "
     "2026-12-04T01:00:00+00:00", "截止时间 12月5日 周六 09:00 +08:00 晚于 过期时间 "
     "12月4日 周五 09:00 +08:00"),
    ("next_check must be in the future", "下次检查的时间必须在将来"),
    ("'Bob' is not 'me' or one of your contacts", "'Bob' 既不是 'me'，也不是你的联系人"),
    ("the step is already at level 4 and cannot be split further", "这一步已在第 4 层，不能再拆分"),
    ("sub-step 'x' depends on steps outside the split", "子步骤 'x' 依赖拆分之外的步骤"),
])
def test_the_loops_reply_checks_are_told_in_chinese(english: str, chinese: str) -> None:
    assert told("cannot_do", "zh", NOW, reason=english) == (
        f"助手做不了这件事：{chinese}。如果换个做法也可以，改写任务后会重新安排")


def test_stored_round_trip() -> None:
    """Values keep their kinds through the JSON column: instants, days, lists."""
    import json
    from datetime import date

    problem = Problem.of("conflict_theirs", prop="due", ours=NOW, theirs=date(2026, 12, 3),
                         others=1)
    again = Problem.from_stored("conflict_theirs", json.loads(json.dumps(problem.stored())))
    assert again == problem and again.told("en", NOW) == problem.told("en", NOW)
    chinese, english = problem.told("zh", NOW), problem.told("en", NOW)
    assert "另一台设备的 2026-12-03（全天）" in chinese and chinese.endswith("被替换（另有 1 个）")
    assert "other device's 2026-12-03 (all day)" in english and english.endswith("(and 1 more)")


@pytest.mark.parametrize("code, stored", [
    (None, [{"code": "budget", "values": {"limit": 3}}]),
    ("budget", None),
    ("budget", [{"code": "budget", "values": {}}]),  # a field missing
    ("gone", [{"code": "gone", "values": {}}]),  # a code of a newer Stepwise
    ("budget", [{"code": "paused", "values": {"task": 1}}]),  # not the row's code
    ("budget", "limit=3")])
def test_unreadable_values_fall_back(code: str | None, stored: Any) -> None:
    assert Problem.from_stored(code, stored) is None
    row = TaskRow(1, "x", "new", 3, None, (), "server down", problem_code=code,
                  problem_values=stored)
    assert row.problem_in("en") == "server down"


def test_problem_told_in_each_screens_language(db: Path) -> None:
    """The words stored are the task's language; each screen tells the code in its own."""
    added, stored = _failed_step_problem("Renew passport")
    assert stored.startswith("step 'call' failed: ")
    row = rows_for([added.id])[added.id]
    assert row.problem_code == "step_failed"
    chinese = row.problem_in("zh")
    assert chinese is not None and chinese.startswith("步骤“call”失败：")
    assert row.problem_in("en") == stored


def test_two_failed_steps_are_two_parts(db: Path) -> None:
    from app.tasks.problems import step_failed

    problem = step_failed([("a", "no network"), ("b", None)])
    assert [code for code, _ in problem.parts] == ["step_failed", "step_failed"]
    assert problem.told("zh").count("；") == 1 and "没有说明原因" in problem.told("zh")


def test_refused_keeps_its_code(db: Path) -> None:
    """A refusal made from a code says itself in the task's language and keeps the code
    for a screen in another language, also after a trip through pickle (the assistant's
    process sends its errors to the window)."""
    import pickle

    from app.tasks.problems import refused

    error = refused(Problem.of("paused", task=7), "en")
    assert str(error) == "the plan is paused: resume it first (`stepwise plan resume 7`)"
    assert error.words is not None and error.words("zh").startswith("计划已暂停")
    again = pickle.loads(pickle.dumps(error))
    assert isinstance(again, Refused) and str(again) == str(error)
    assert again.words is not None and again.words("zh") == error.words("zh")
