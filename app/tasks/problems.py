"""What a task's problem says, declared once by code in English and Chinese.

A problem is written on the task (``Task.problem``, the "Needs attention" view, the
assistant's log, ``stepwise list``) in the user's language (``app.words.plain.problem_language``)
and says what happened and what to do. The raw error it tells of stays in the work log
and the journal; the words shown here leave out validation jargon, program file paths
and UTC times (``app.words.plain.plain_text``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from app.words.plain import in_language, local_time, plain_text, problem_language


@dataclass(frozen=True)
class Words:
    """One problem in both languages: ``str.format`` templates with the same fields."""

    en: str
    zh: str

    def in_(self, language: str) -> str:
        return self.zh if language == "zh" else self.en


PROBLEMS: dict[str, Words] = {
    "step_failed": Words(
        "step '{step}' failed: {error} — retry it, skip it or change the plan",
        "步骤“{step}”失败：{error}——可以重试或跳过这一步，或修改计划"),
    "step_failed_for_good": Words(
        "step '{step}' failed for good after {attempts} attempts: {error} — retry it, mark "
        "it done once you have done it, or change the plan",
        "步骤“{step}”试了 {attempts} 次仍然失败：{error}——可以重试；你做完后直接标记完成；"
        "或修改计划"),
    "cannot_do": Words(
        "the assistant cannot do this: {reason}. If something close to it would help, "
        "reword the task and it will be planned again",
        "助手做不了这件事：{reason}。如果换个做法也可以，改写任务后会重新安排"),
    "retry_later": Words("{reason} (trying again after {when})", "{reason}（{when} 后重试）"),
    "gave_up": Words(
        "{reason} (gave up after {limit} retries; `stepwise agent retry {task}` tries again)",
        "{reason}（重试 {limit} 次后放弃；`stepwise agent retry {task}` 可以再试）"),
    "budget": Words(
        "the daily budget of {limit} model calls for this task is used; it continues tomorrow",
        "这个任务今天的 {limit} 次模型调用已用完；明天继续"),
    "changed_meanwhile": Words(
        "it changed while the assistant worked on it ({reason}) — nothing of this stage was "
        "saved; the assistant looks at it again on its next run",
        "助手处理时它被改动了（{reason}）——这一步什么也没有保存；助手下次运行时会重新查看"),
    "not_approved": Words(
        "the plan awaits approval: approve it first (`stepwise plan approve {task}`)",
        "计划还在等待批准：请先批准（`stepwise plan approve {task}`）"),
    "paused": Words(
        "the plan is paused: resume it first (`stepwise plan resume {task}`)",
        "计划已暂停：请先继续（`stepwise plan resume {task}`）"),
    "still_waits": Words(
        "step '{step}' still waits for: {waiting} — finish or skip those first",
        "步骤“{step}”还在等待：{waiting}——请先完成或跳过它们"),
    "no_reason": Words("no reason given", "没有说明原因"),
}
# values that are someone's words (a step's error, the model's reason, a server's reply):
# cleaned and, in Chinese, retold phrase by phrase (``app.words.plain_zh``)
TEXTS = frozenset({"error", "reason"})


def told(code: str, language: str, now: datetime | None = None, **values: object) -> str:
    """Problem ``code`` in ``language`` with its values filled in.

    Args:
        code: a key of :data:`PROBLEMS`.
        language: ``en`` or ``zh``.
        now: the moment local times are told against (default: now).
        values: the template's fields; ``error`` and ``reason`` are cleaned and retold.
    """
    moment = now or datetime.now(UTC)
    filled = {key: _shown(key, value, language, moment) for key, value in values.items()}
    return PROBLEMS[code].in_(language).format(**filled)


def _shown(key: str, value: object, language: str, now: datetime) -> str:
    if isinstance(value, datetime):
        return local_time(value, now, language)
    if key not in TEXTS:
        return str(value)
    text = plain_text(str(value), now, language) if value else told("no_reason", language)
    return in_language(text, language)


def language_for(title: str, detail: str | None = None) -> str:
    """The language a task's problems are told in (``app.words.plain.problem_language``)."""
    return problem_language(f"{title}\n{detail or ''}")


def step_failed(title: str, detail: str | None, failures: list[tuple[str, str | None]]
                ) -> str:
    """The problem of a plan paused by failed steps (each step id with its error)."""
    language = language_for(title, detail)
    separator = "；" if language == "zh" else "; "
    return separator.join(told("step_failed", language, step=step, error=error or "")
                          for step, error in failures)


def step_error(error: str | None, title: str, detail: str | None = None) -> str | None:
    """A step's error as its details show it: in plain words and the user's language
    (the raw text stays on the step and in the work log)."""
    if not error:
        return None
    return _shown("error", error, language_for(title, detail), datetime.now(UTC))
