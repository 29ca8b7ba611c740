"""Error codes of the plan contract, declared once with what each means, and the codes
of a refused edit (``EditRule``, beside them: an edit is refused for a plan problem or
for one of these).

Every validation problem carries one of these codes; the CLI prints them as
``error: CODE: message`` and the window shows the message beside the step. On a task's
problem the code is told in plain words instead (``app.words.plain.plain_text``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.errors import KnownError, Refused


@dataclass(frozen=True)
class Meaning:
    """What a code means: for the code's reader (``does``) and, in plain words, for the
    person whose plan it is (``en``, ``zh``: shown instead of the code on a task)."""

    does: str
    en: str
    zh: str


CODES: dict[str, Meaning] = {
    "duplicate_step_id": Meaning(
        "two steps share an id", "two steps have the same id", "两个步骤的 id 相同"),
    "missing_dependency": Meaning(
        "a step depends on (or names as parent) an id that is not in the plan",
        "a step waits for (or sits inside) a step that is not in the plan",
        "某一步等待（或属于）计划里没有的步骤"),
    "cycle": Meaning("steps wait for each other in a loop",
                     "steps wait for each other in a loop", "步骤之间互相等待，形成了循环"),
    "too_deep": Meaning("a parent chain is deeper than 4 levels",
                        "steps nest more than 4 levels deep", "步骤嵌套超过 4 层"),
    "too_many_steps": Meaning("more steps than the limit", "the plan has more steps than allowed",
                              "计划的步骤数超过上限"),
    "unknown_target": Meaning(
        "a step targets something that is not a registered capability",
        "a step asks for something Stepwise cannot do", "某一步要求 Stepwise 做它做不到的事"),
    "bad_inputs": Meaning(
        "a step's inputs do not match its capability's input schema",
        "a step lacks details it needs, or has wrong ones", "某一步缺少所需的信息，或信息有误"),
    "bad_schema_version": Meaning(
        "the plan's schema_version is missing or unknown",
        "the plan is in a format this Stepwise does not know",
        "这个计划的格式是这个版本的 Stepwise 不认识的"),
    "invalid_field": Meaning(
        "a field is missing, unknown or of the wrong type",
        "a part of the plan is missing, unknown or of the wrong kind",
        "计划的某一部分缺失、未知或类型不对"),
    "claimed_progress": Meaning(
        "a generated plan claims work that was not done",
        "the assistant's plan claims work that was not done", "助手的计划声称完成了并未完成的工作"),
    "time_out_of_range": Meaning(
        "a time before 1900-01-01 or after 9999-12-30 (UTC), which Stepwise does not keep",
        "a time lies before 1900 or after 9999, which Stepwise does not keep",
        "某个时间早于 1900 年或晚于 9999 年，Stepwise 无法保存"),
}


@dataclass(frozen=True)
class Problem:
    code: str
    message: str
    step: str | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"undeclared problem code {self.code!r}")

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class InvalidPlan(KnownError):
    """A plan that failed validation; ``problems`` lists every reason."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


class EditRule(StrEnum):
    """Why an edit of a plan was refused, besides the plan contract's own ``CODES``."""

    SAME_STEP = "same_step"  # a step cannot wait for itself
    EXISTS = "exists"  # the change is already there
    INSIDE_ITSELF = "inside_itself"  # a step cannot go inside its own sub-steps
    HAS_CHILDREN = "has_children"  # its sub-steps must move or go first
    LAST_STEP = "last_step"  # a plan keeps at least one step
    NO_STEP = "no_step"  # the step is no longer in the plan
    STALE = "stale"  # the plan was saved elsewhere meanwhile
    GONE = "gone"  # the task no longer exists


class EditRefused(Refused):
    """An edit the plan rules do not allow; ``code`` (an ``EditRule`` or one of ``CODES``)
    says which rule, so the window can tell it in the user's words."""

    def __init__(self, code: str, message: str) -> None:
        if code not in CODES and code not in _EDIT_RULES:
            raise ValueError(f"undeclared edit refusal code {code!r}")
        super().__init__(message)
        self.code = code


_EDIT_RULES = frozenset(EditRule)
