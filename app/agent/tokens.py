"""A rough count of the tokens a text takes, where the server does not say.

About four characters a token for Latin text and one a token for CJK ideographs (the
ratio of the SmolLM2, Llama and Qwen tokenizers within about 20 %): enough to see which
part of a prompt is large and whether a stage stays under its budget.
"""

from __future__ import annotations

from app.llm.base import Message

PROMPT_BUDGET = 2000  # tokens a stage's prompt may take, without the schema (issue 16)


def estimate(text: str) -> int:
    """The approximate number of tokens of ``text``."""
    wide = sum(1 for ch in text if "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef")
    return wide + round((len(text) - wide) / 4)


def prompt_tokens(messages: list[Message]) -> int:
    """The approximate tokens of a whole prompt (a few per message for the chat template)."""
    return sum(estimate(m.content) + 4 for m in messages)
