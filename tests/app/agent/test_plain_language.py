"""Problems in the user's language (issue 16): a task's provider or validation failure is
told in Chinese when the interface, the assistant or the task is Chinese, in English
otherwise, with local times and their offset; the raw error stays in the journal."""

from __future__ import annotations

from pathlib import Path

from app.config import settings
from app.llm.base import ProviderError
from app.tasks.store import NewTask, add_task
from models import ModelCall, Task
from tests.app.agent.fakes import ScriptedProvider
from tests.app.agent.test_small_models import review, run, server

TIMEOUT = ("The model at 127.0.0.1:8080 did not answer in 300 s — try a smaller model or raise "
           "Settings → Model → Time limit (assistant.deadline_s).")
TIMEOUT_ZH = ("127.0.0.1:8080 上的模型在 300 秒内没有回答——请换一个更小的模型，或在 设置 → 模型 → "
              "时间限制 中调高时限（assistant.deadline_s）。")


def problem_of(task_id: int) -> str:
    return Task.get_by_id(task_id).problem or ""


def test_a_chinese_tasks_timeout_is_told_in_chinese_with_the_local_retry_time(db: Path) -> None:
    task = add_task(NewTask(title="续办护照"))
    run(server([ProviderError("timeout", TIMEOUT)]), limit=1)
    assert problem_of(task.id) == f"模型服务器出错：{TIMEOUT_ZH}（10:01 +08:00 后重试）"
    journaled = ModelCall.select().where(ModelCall.task == task.id).get()
    assert journaled.error == TIMEOUT  # the raw error stays in the journal


def test_an_english_tasks_timeout_stays_english(db: Path) -> None:
    task = add_task(NewTask(title="Renew passport"))
    run(server([ProviderError("timeout", TIMEOUT)]), limit=1)
    assert problem_of(task.id) == (f"the model server failed: {TIMEOUT} (trying again after "
                                   "10:01 +08:00)")


def test_the_chinese_interface_tells_an_english_tasks_problem_in_chinese(db: Path) -> None:
    settings.put("ui.language", "zh_CN")
    task = add_task(NewTask(title="Renew passport"))
    run(server([ProviderError("connect", "Could not connect to http://127.0.0.1:9: check that "
                              "the model server is running and the base URL is right.")]),
        limit=1)
    assert problem_of(task.id) == ("模型服务器出错：无法连接 http://127.0.0.1:9：请确认模型服务器"
                                   "正在运行、服务器地址正确。（10:01 +08:00 后重试）")


def test_an_unusable_reply_is_told_in_chinese_without_jargon(db: Path) -> None:
    task = add_task(NewTask(title="给植物浇水"))
    bad = review({"name": "plan", "extra_field": "x"})
    run(ScriptedProvider(script=[bad, bad]), limit=1)
    problem = problem_of(task.id)
    assert problem.startswith("助手的回复无法使用：") and "不是这种回复的字段" in problem
    assert "Extra inputs" not in problem and "is not a field" not in problem
    assert problem.endswith("（10:01 +08:00 后重试）")


def test_the_last_retry_says_in_chinese_how_to_try_again(db: Path) -> None:
    settings.put("assistant.task_retries", 0)
    task = add_task(NewTask(title="续办护照"))
    run(server([ProviderError("timeout", TIMEOUT)]), limit=1)
    assert problem_of(task.id).endswith(
        f"（重试 0 次后放弃；`stepwise agent retry {task.id}` 可以再试）")
