"""The capabilities as a prompt tells them to a model: plain words in the prompt's language.

A small model reads "to: a contact's name (Alice, Bob)" far better than the input schema's
regex patterns, which took 597 of the 786 tokens of the system prompt and stayed English
in the Chinese one. The input schema still validates every step (``app.plan.capabilities``).
"""

from __future__ import annotations

from app.plan.capabilities import CAPABILITIES

# (language, capability) → what it does; (language, capability, input) → what to give.
DOES: dict[tuple[str, str], str] = {
    ("en", "user"): "a step for the owner, who marks it done",
    ("en", "assistant.write"): "you draft text (a letter, checklist, summary) as the result",
    ("en", "file.write"): "writes a file in the task's own folder",
    ("en", "message.post"): "queues a message to a known contact (sent after approval)",
    ("en", "reminder.set"): "reminds the owner at a time",
    ("en", "calendar.read"): "looks up calendar events between two times",
    ("zh", "user"): "主人自己做，做完标记",
    ("zh", "assistant.write"): "你起草文字（信、清单、摘要）",
    ("zh", "file.write"): "在任务文件夹里写文件",
    ("zh", "message.post"): "给已知联系人发消息（批准后才发）",
    ("zh", "reminder.set"): "按时提醒主人",
    ("zh", "calendar.read"): "查看两个时间之间的日程",
}
INPUTS: dict[tuple[str, str, str], str] = {
    ("en", "assistant.write", "instructions"): "what to write",
    ("en", "file.write", "path"): "a file name inside the task's folder, like notes/summary.md",
    ("en", "file.write", "content"): "the file's text",
    ("en", "file.write", "from_step"): "or: the id of an earlier step whose result it holds",
    ("en", "message.post", "to"): "a contact's name",
    ("en", "message.post", "text"): "the message",
    ("en", "message.post", "from_step"): "or: the id of an earlier step that drafted it",
    ("en", "reminder.set", "at"): "a time with its offset, like 2026-12-03T17:00:00+08:00",
    ("en", "reminder.set", "text"): "what to remind of",
    ("en", "calendar.read", "from"): "a day or time with its offset",
    ("en", "calendar.read", "to"): "a later day or time",
    ("zh", "assistant.write", "instructions"): "要写什么",
    ("zh", "file.write", "path"): "文件名，如 notes/summary.md",
    ("zh", "file.write", "content"): "文件内容",
    ("zh", "file.write", "from_step"): "或：提供内容的步骤 id",
    ("zh", "message.post", "to"): "联系人名字",
    ("zh", "message.post", "text"): "消息",
    ("zh", "message.post", "from_step"): "或：起草消息的步骤 id",
    ("zh", "reminder.set", "at"): "带时区偏移的时间",
    ("zh", "reminder.set", "text"): "提醒内容",
    ("zh", "calendar.read", "from"): "开始的日期或时间（带偏移）",
    ("zh", "calendar.read", "to"): "结束的日期或时间",
}
_NO_INPUTS = {"en": "no inputs", "zh": "无需输入"}
_CONTACTS = {"en": "known contacts: {names}", "zh": "已知联系人：{names}"}
_NO_CONTACTS = {"en": "no contacts yet: do not use it", "zh": "还没有联系人：不要使用"}
_SEP = {"en": "; ", "zh": "；"}
_STOP = {"en": ". ", "zh": "。"}
_BRACKETS = {"en": (" (", ")"), "zh": ("（", "）")}


def capability_lines(language: str, contacts: list[str] | None = None) -> str:
    """One line per capability: its name, what it does, and its inputs in plain words."""
    lang = language if language in ("en", "zh") else "en"
    lines = []
    for cap in CAPABILITIES.values():
        does = DOES.get((lang, cap.name), cap.does)
        names = list(cap.input_schema.get("properties", {}))
        inputs = _SEP[lang].join(f"{n}: {INPUTS.get((lang, cap.name, n), n)}" for n in names)
        line = f"  - {cap.name}: {does}{_STOP[lang]}{inputs or _NO_INPUTS[lang]}"
        if cap.name == "message.post" and contacts is not None:
            opening, closing = _BRACKETS[lang]
            line += opening + (_CONTACTS[lang].format(names=", ".join(contacts)) if contacts
                               else _NO_CONTACTS[lang]) + closing
        lines.append(line)
    return "\n".join(lines)
