"""Problems in the user's language (issue 16): a task's provider or validation failure is
told in Chinese when the interface, the assistant or the task is Chinese, in English
otherwise, with local times and their offset; the raw error stays in the journal."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from app import settings
from app.llm import ProviderConfig, make_provider
from app.llm.base import Message, ProviderError
from app.plain import in_language, local_time, problem_language
from app.plain_zh import in_chinese
from app.tasks import NewTask, add_task
from models import ModelCall, Task
from tests.app.agent.fakes import ScriptedProvider
from tests.app.agent.test_small_models import NOW, review, run, server
from tests.app.llm.test_providers import run as run_on_loop

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


@pytest.mark.parametrize(("ui", "assistant", "title", "language"), [
    ("system", "auto", "续办护照", "zh"), ("system", "auto", "Renew passport", "en"),
    ("zh_CN", "auto", "Renew passport", "zh"), ("en", "auto", "续办护照", "en"),
    ("system", "en", "续办护照", "en"), ("system", "zh", "Renew passport", "zh")])
def test_the_problem_language_follows_the_interface_then_the_assistant_then_the_task(
        db: Path, ui: str, assistant: str, title: str, language: str) -> None:
    settings.put("ui.language", ui)
    settings.put("assistant.language", assistant)
    assert problem_language(title) == language


def test_local_times_in_chinese_name_the_day_and_keep_the_offset() -> None:
    assert local_time(NOW + timedelta(minutes=5), NOW, "zh") == "10:05 +08:00"
    assert local_time(NOW + timedelta(days=2), NOW, "zh") == "12月2日 周三 10:00 +08:00"
    assert local_time(NOW + timedelta(days=2), NOW) == "Wed 2 Dec 10:00 +08:00"


@pytest.mark.parametrize(("english", "chinese"), [
    ("The server failed (HTTP 500): try again later, or check its log. It said: boom",
     "服务器出错（HTTP 500）：请稍后再试，或查看它的日志。 服务器说：boom"),
    ("The server refused the API key (HTTP 401): check the API key in the assistant settings.",
     "服务器拒绝了 API 密钥（HTTP 401）：请在助手设置中检查 API 密钥。"),
    ("Not found (HTTP 404): check the model name (m) and the base URL (http://h/v1).",
     "找不到（HTTP 404）：请检查模型名称（m）和服务器地址（http://h/v1）。"),
    ("the reply does not make sense: start Wed 2 Dec 10:00 +08:00 contradicts the task's own "
     "words, which mean 15:00 +08:00",
     "回复说不通：start 12月2日 周三 10:00 +08:00 与任务本身的说法不符，任务说的是 15:00 +08:00"),
    ("passed: is missing; tags: has too many entries (at most 5)",
     "passed: 缺失; tags: 条目太多（最多 5 条）")])
def test_provider_and_validation_phrases_in_chinese(english: str, chinese: str) -> None:
    assert in_chinese(english) == chinese
    assert in_language(english, "en") == english


def test_the_real_connect_error_is_retold_in_chinese() -> None:
    """The rule follows the words app.llm.http really writes (a closed port here)."""
    config = ProviderConfig(kind="openai", base_url="http://127.0.0.1:9/v1", model="m",
                            max_retries=0)

    async def fail() -> str:
        provider = make_provider(config)
        try:
            await provider.complete([Message("user", "hi")])
        except ProviderError as exc:
            return str(exc)
        finally:
            await provider.aclose()
        raise AssertionError("a closed port answered")

    text = in_chinese(run_on_loop(fail()))
    assert text.startswith("无法连接 http://127.0.0.1:9：") and "check" not in text, text
