"""The capability registry (DESIGN.md section 6): what a plan's step may target.

One table: each capability's name, what it does in the registry's words and in a
prompt's (English and Chinese), its guard, its inputs (each with its JSON Schema, what
to give in both languages and whether it is a time) and its done-when. A plan can only
reference these; nothing in a task, calendar or model reply can add to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from app.words.both import Words

_STRING = {"type": "string"}
_ISO_TIME = r"T\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)"
# An instant: ISO 8601 with a zone. A day (calendar look-ups): a date, or an instant.
_INSTANT = {"type": "string", "pattern": rf"^\d{{4}}-\d\d-\d\d{_ISO_TIME}$",
            "description": "an ISO 8601 time with its zone, e.g. 2026-12-03T17:00:00+08:00"}
_DAY_OR_INSTANT = {"type": "string", "pattern": rf"^\d{{4}}-\d\d-\d\d({_ISO_TIME})?$",
                   "description": "an ISO 8601 date or time with its zone"}
# A path inside the task's folder: relative, no drive, no '..' part. The run-time guard
# (app.io.task_folder) also refuses symbolic links that lead out.
_RELATIVE_PATH = {
    "type": "string", "minLength": 1, "maxLength": 255,
    "pattern": r"^(?![/\\])(?![A-Za-z]:)(?!.*(^|[/\\])\.\.([/\\]|$))[^\x00]+$",
    "description": "a path inside the task's folder: relative, with no '..' and no drive",
}


@dataclass(frozen=True)
class Input:
    """One input of a capability: its JSON Schema and what to give, as a prompt says it."""

    schema: dict[str, Any]
    said: Words
    required: bool = True  # else one of the capability's ``one_of``, or optional
    time: bool = False  # a time or a day: read and shown in the person's zone


@dataclass(frozen=True)
class Capability:
    """A capability declared once: its name, what it does (the registry's words and a
    prompt's in both languages), its guard, its inputs, and when its step is done as the
    offline planner says it. What does it is the assistant's (``app.agent.doers.DOERS``,
    keyed by these names)."""

    name: str
    does: str
    guard: str
    inputs: dict[str, Input]
    told: Words  # what it does, as a prompt tells a model
    done_when: Words  # a step's done-when, as the offline planner writes it
    acts: bool = True  # the assistant acts for the person: its plan waits for approval
    one_of: tuple[str, ...] = ()  # exactly one of these inputs is given

    @cached_property
    def input_schema(self) -> dict[str, Any]:
        """The JSON Schema every step's inputs are validated by."""
        extra = {"oneOf": [{"required": [name]} for name in self.one_of]} if self.one_of \
            else {}
        return _object({name: i.schema for name, i in self.inputs.items()},
                       [name for name, i in self.inputs.items() if i.required], **extra)

    @property
    def times(self) -> tuple[str, ...]:
        """The inputs that hold a time or a day."""
        return tuple(name for name, i in self.inputs.items() if i.time)


def _object(properties: dict[str, Any], required: list[str], **extra: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
        **extra,
    }


_TEXT = {**_STRING, "minLength": 1}
CAPABILITIES: dict[str, Capability] = {
    cap.name: cap
    for cap in (
        Capability("user", "a step for you; you mark it done", "none", {},
                   Words("a step for the owner, who marks it done", "主人自己做，做完标记"),
                   Words("done", "已完成"), acts=False),
        Capability(
            "assistant.write",
            "the assistant drafts text (a letter, checklist, summary) into the step's result",
            "none needed",
            {"instructions": Input(_TEXT, Words("what to write", "要写什么"))},
            Words("you draft text (a letter, checklist, summary) as the result",
                 "你起草文字（信、清单、摘要）"),
            Words("a usable draft is ready", "草稿可以直接使用"),
        ),
        Capability(
            "file.write",
            "writes a result file under the task's own folder",
            "path stays inside the task folder; size cap; atomic write",
            {"path": Input(_RELATIVE_PATH, Words(
                "a file name inside the task's folder, like notes/summary.md",
                "文件名，如 notes/summary.md")),
             "content": Input(_STRING, Words("the file's text", "文件内容"), required=False),
             "from_step": Input(_TEXT, Words(
                 "or: the id of an earlier step whose result it holds", "或：提供内容的步骤 id"),
                 required=False)},
            Words("writes a file in the task's own folder", "在任务文件夹里写文件"),
            Words("the file is saved", "文件已保存"),
            one_of=("content", "from_step"),
        ),
        Capability(
            "message.post",
            "queues a message to a known contact",
            "contact allow-list; you approve before it leaves",
            {"to": Input(_TEXT, Words("a contact's name", "联系人名字")),
             "text": Input(_TEXT, Words("the message", "消息"), required=False),
             "from_step": Input(_TEXT, Words("or: the id of an earlier step that drafted it",
                                            "或：起草消息的步骤 id"), required=False)},
            Words("queues a message to a known contact (sent after approval)",
                 "给已知联系人发消息（批准后才发）"),
            Words("the message is sent", "消息已发送"),
            one_of=("text", "from_step"),
        ),
        Capability(
            "reminder.set",
            "creates a reminder at a time",
            "in the future and within the task's window",
            {"at": Input(_INSTANT, Words(
                "a time with its offset, like 2026-12-03T17:00:00+08:00", "带时区偏移的时间"),
                time=True),
             "text": Input(_STRING, Words("what to remind of", "提醒内容"))},
            Words("reminds the owner at a time", "按时提醒主人"),
            Words("the reminder is set", "提醒已设置"),
            acts=False,
        ),
        Capability(
            "calendar.read",
            "looks up calendar events in a range (read-only)",
            "read-only by construction",
            {"from": Input(_DAY_OR_INSTANT, Words("a day or time with its offset",
                                                 "开始的日期或时间（带偏移）"), time=True),
             "to": Input(_DAY_OR_INSTANT, Words("a later day or time", "结束的日期或时间"),
                         time=True)},
            Words("looks up calendar events between two times", "查看两个时间之间的日程"),
            Words("the free time is known", "已知空闲时间"),
        ),
    )
}


def acts_for_person(target: str | None) -> bool:
    """Whether a step with this target has the assistant act for the person (a message,
    a file, a draft, a look-up): such a plan asks for approval first. A group (no
    target), the person's own step and a reminder do not."""
    if target is None:
        return False
    known = CAPABILITIES.get(target)
    return known is None or known.acts


@cache
def _validator(name: str) -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(CAPABILITIES[name].input_schema)


def input_problems(name: str, inputs: Any) -> list[str]:
    """Every way ``inputs`` fails the input schema of capability ``name`` (empty if fine)."""
    if name == "user" and inputs == {}:
        return []  # the common case, without the validator
    problems = []
    for error in _validator(name).iter_errors(inputs):
        where = "/".join(str(p) for p in error.absolute_path)
        message = error.message
        if error.validator == "pattern" and "description" in error.schema:
            message = f"{error.instance!r} is not {error.schema['description']}"
        problems.append(f"{where}: {message}" if where else message)
    return sorted(problems)
