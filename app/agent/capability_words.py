"""The capabilities as a prompt tells them to a model: plain words in the prompt's language.

A small model reads "to: a contact's name (Alice, Bob)" far better than the input schema's
regex patterns, which took 597 of the 786 tokens of the system prompt and stayed English
in the Chinese one. The words are declared with each capability (``app.plan.capabilities``),
whose input schema still validates every step.
"""

from __future__ import annotations

from app.plan.capabilities import CAPABILITIES

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
        inputs = _SEP[lang].join(f"{name}: {given.said.in_(lang)}"
                                 for name, given in cap.inputs.items())
        line = f"  - {cap.name}: {cap.told.in_(lang)}{_STOP[lang]}{inputs or _NO_INPUTS[lang]}"
        if cap.name == "message.post" and contacts is not None:
            opening, closing = _BRACKETS[lang]
            line += opening + (_CONTACTS[lang].format(names=", ".join(contacts)) if contacts
                               else _NO_CONTACTS[lang]) + closing
        lines.append(line)
    return "\n".join(lines)
