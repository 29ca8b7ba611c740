"""What a task's problem says, declared once by code in English and Chinese.

A problem is data: a :class:`Problem` is a code of :data:`PROBLEMS` with its values (a
plan paused by two failed steps has two parts). The store keeps the code and the values
on the task (``Task.problem_code``, ``Task.problem_values``) and, for the CLI, exports and
programs that read the file, its words in the task's language (``Task.problem``). Each
screen tells the problem in its own language at the edge (``Problem.told``): a Chinese
window shows a problem written for an English task in Chinese, and code asks the code
what kind of problem it is (``CONFLICTS``), never its words.

The words say what happened and what to do. The raw error they tell of stays in the
work log and the journal; the words leave out validation jargon, program file paths
and UTC times (``app.words.plain.plain_text``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from string import Formatter
from typing import Any

from app.errors import Refused
from app.words.both import Words
from app.words.plain import in_language, local_time, plain_text, problem_language

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
    # a property both devices changed, or the other device's change the rules refused
    "conflict_refused": Words(
        "sync conflict: {prop}: the other device's {theirs} was refused ({reason}); this "
        "device's {ours} kept{others}",
        "同步冲突：{prop}：另一台设备的 {theirs} 被拒绝（{reason}）；保留了这台设备的 "
        "{ours}{others}"),
    "conflict_theirs": Words(
        "sync conflict: {prop}: kept the other device's {theirs}, this device's {ours} "
        "lost{others}",
        "同步冲突：{prop}：保留了另一台设备的 {theirs}，这台设备的 {ours} 被替换{others}"),
    "conflict_ours": Words(
        "sync conflict: {prop}: kept {ours}, the other device's {theirs} lost{others}",
        "同步冲突：{prop}：保留了 {ours}，另一台设备的 {theirs} 被替换{others}"),
    "sync_conflict": Words("sync conflict", "同步冲突"),  # a row written before the codes
    "more": Words(" (and {count} more)", "（另有 {count} 个）"),
    "none": Words("(none)", "（无）"),
    "all_day": Words("{day} (all day)", "{day}（全天）"),
}
# values that are someone's words (a step's error, the model's reason, a server's reply):
# cleaned and, in Chinese, retold phrase by phrase (``app.words.plain_zh``)
TEXTS = frozenset({"error", "reason"})
# a synced property's name in a conflict (the dialog's labels are the window's own)
PROPERTIES: dict[str, Words] = {
    "title": Words("title", "标题"), "detail": Words("details", "详情"),
    "priority": Words("priority", "优先级"), "tags": Words("tags", "标签"),
    "start_at": Words("start", "开始时间"), "due_at": Words("due", "截止时间"),
    "due": Words("due", "截止时间"), "recurrence": Words("repeats", "重复"),
    "status": Words("status", "状态"), "parent": Words("parent step", "上级步骤"),
    "depends_on": Words("depends on", "依赖"), "steps": Words("steps added or deleted",
                                                           "增删的步骤"),
}
VERSIONS = frozenset({"ours", "theirs"})  # a property's value on each device: data, kept
CONFLICTS = frozenset({"conflict_refused", "conflict_theirs", "conflict_ours", "sync_conflict"})


@dataclass(frozen=True)
class Problem:
    """A task's problem as data: parts of a code with its values, told at the edge."""

    parts: tuple[tuple[str, dict[str, Any]], ...]

    @classmethod
    def of(cls, code: str, **values: Any) -> Problem:
        """One part: ``code`` of :data:`PROBLEMS` with its template's values."""
        return cls(((code, values),))

    @property
    def code(self) -> str:
        """The kind of problem (its first part's code): what code tests, never the words."""
        return self.parts[0][0]

    def told(self, language: str, now: datetime | None = None) -> str:
        """Every part in ``language``, joined as a sentence list."""
        separator = "；" if language == "zh" else "; "
        return separator.join(told(code, language, now, **values) for code, values in self.parts)

    def stored(self) -> list[dict[str, Any]]:
        """The parts as JSON values (``Task.problem_values``); instants and dates tagged."""
        return [{"code": code, "values": {k: _encoded(v) for k, v in values.items()}}
                for code, values in self.parts]

    @classmethod
    def from_stored(cls, code: str | None, stored: Any) -> Problem | None:
        """The problem the store holds, or None when it holds only words (a row another
        program or an older Stepwise wrote, or values this version cannot tell)."""
        if code is None or not isinstance(stored, list) or not stored:
            return None
        parts: list[tuple[str, dict[str, Any]]] = []
        for part in stored:
            if not isinstance(part, dict) or not isinstance(part.get("values"), dict):
                return None
            name, values = part.get("code"), part["values"]
            if name not in PROBLEMS or not _fields(name) <= values.keys():
                return None
            parts.append((name, {str(k): _decoded(v) for k, v in values.items()}))
        return cls(tuple(parts)) if parts[0][0] == code else None


def refused(problem: Problem, language: str) -> Refused:
    """A refusal of ``problem``: its message in ``language`` (the CLI's, the log's), and
    the problem itself for a screen that tells it in its own (``KnownError.words``)."""
    return Refused(problem.told(language), words=problem.told)


def _fields(code: str) -> set[str]:
    both = PROBLEMS[code].en + PROBLEMS[code].zh
    return {name for _, name, _, _ in Formatter().parse(both) if name}


def _encoded(value: Any) -> Any:
    if isinstance(value, datetime):
        return {"utc": value.astimezone(UTC).isoformat()}
    if isinstance(value, date):
        return {"day": value.isoformat()}
    if isinstance(value, tuple | list):
        return [_encoded(v) for v in value]
    return value


def _decoded(value: Any) -> Any:
    if isinstance(value, dict) and value.keys() == {"utc"}:
        return datetime.fromisoformat(str(value["utc"]))
    if isinstance(value, dict) and value.keys() == {"day"}:
        return date.fromisoformat(str(value["day"]))
    if isinstance(value, list):
        return tuple(_decoded(v) for v in value)
    return value


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
    if key == "others":
        return told("more", language, count=value) if value else ""
    if key == "prop" and str(value) in PROPERTIES:
        return PROPERTIES[str(value)].in_(language)
    if key in VERSIONS:
        return _version(value, language, now)
    if isinstance(value, datetime):
        return local_time(value, now, language)
    if key not in TEXTS:
        return str(value)
    text = plain_text(str(value), now, language) if value else told("no_reason", language)
    return in_language(text, language)


def _version(value: object, language: str, now: datetime) -> str:
    """A property's value as a person compares it: a time local, a day as the day, a
    list joined, a text quoted, nothing as "(none)"."""
    if value is None or value == "" or value == ():
        return told("none", language)
    if isinstance(value, datetime):
        return local_time(value, now, language)
    if isinstance(value, date):
        return told("all_day", language, day=value.isoformat())
    if isinstance(value, tuple | list):
        return ("、" if language == "zh" else ", ").join(
            _version(v, language, now) for v in value)
    if isinstance(value, str):
        return f"“{value}”" if language == "zh" else repr(value)
    return str(value)


def language_for(title: str, detail: str | None = None) -> str:
    """The language a task's problems are told in (``app.words.plain.problem_language``)."""
    return problem_language(f"{title}\n{detail or ''}")


def step_failed(failures: list[tuple[str, str | None]]) -> Problem:
    """The problem of a plan paused by failed steps (each step id with its error)."""
    return Problem(tuple(("step_failed", {"step": step, "error": error or ""})
                         for step, error in failures))


def step_error(error: str | None, title: str, detail: str | None = None) -> str | None:
    """A step's error as its details show it: in plain words and the user's language
    (the raw text stays on the step and in the work log)."""
    if not error:
        return None
    return _shown("error", error, language_for(title, detail), datetime.now(UTC))
