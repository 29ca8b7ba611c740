"""How long a step takes: durations read from words, the offline planner's guess, the user's edit.

``duration_minutes`` reads "30 min", "2 hours", "1h30", "半小时", "两个小时", "一个半小时";
``guess_minutes`` is the offline planner's estimate (a duration in the text, else one
per verb); ``set_estimate`` is ``stepwise step estimate TASK STEP 45m``.
"""

from __future__ import annotations

import re

from app.errors import KnownError, NotFound, Refused
from app.events import Change, Kind, events
from app.plan.spec import MAX_ESTIMATE, MIN_ESTIMATE
from app.plan.store import active_plan
from app.tasks.store import log
from models import Step, atomic

# The offline planner's guess by verb kind (app.llm.offline.rules.VERBS), in minutes.
BY_KIND: dict[str, int] = {
    "remind": 5, "write": 45, "message": 15, "call": 15, "calendar": 10, "save": 5,
    "buy": 30, "book": 30, "organise": 60, "renew": 60, "review": 30, "do": 30,
}

_CN_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6,
              "七": 7, "八": 8, "九": 9}
_NUMBER = r"(\d+(?:\.\d+)?|[零一二两三四五六七八九十]+)"
_HALF_HOUR = re.compile(r"half an hour|半个?(?:小时|钟头)", re.IGNORECASE)
_AN_HOUR = re.compile(r"\b(?:an|one) hour\b", re.IGNORECASE)
_HOURS = re.compile(_NUMBER + r"\s*(?:个半|个)?\s*(?:hours?|hrs?|h(?![a-z])|小时|钟头)(?![后以])",
                    re.IGNORECASE)
_MINUTES = re.compile(_NUMBER + r"\s*(?:minutes?|mins?|m(?![a-z])|分钟|分(?![之钟]))(?![后以])",
                      re.IGNORECASE)
_QUARTERS = re.compile(r"([一二两三])刻钟")
_H_THEN_M = re.compile(r"(\d+)\s*h\s*(\d{1,2})\b(?!\s*(?:m|分))", re.IGNORECASE)


def _number(text: str) -> float:
    """An Arabic or Chinese number below 100 ("45", "1.5", "两", "十五", "二十")."""
    if text[0].isdigit():
        return float(text)
    if "十" in text:
        tens, _, ones = text.partition("十")
        return float(_CN_DIGITS.get(tens, 1) * 10 + _CN_DIGITS.get(ones, 0))
    return float(_CN_DIGITS.get(text, 0))


def duration_minutes(text: str) -> int | None:
    """The duration a text names, in whole minutes, or None when it names none."""
    total, found, rest = 0.0, False, text
    for match in _H_THEN_M.finditer(rest):
        total, found = total + int(match.group(1)) * 60 + int(match.group(2)), True
    rest = _H_THEN_M.sub(" ", rest)
    for match in _HOURS.finditer(rest):
        half = 0.5 if "个半" in match.group(0) else 0.0
        total, found = total + (_number(match.group(1)) + half) * 60, True
    rest = _HOURS.sub(" ", rest)
    for pattern, minutes in ((_HALF_HOUR, 30), (_AN_HOUR, 60)):
        count = len(pattern.findall(rest))
        if count:
            total, found, rest = total + minutes * count, True, pattern.sub(" ", rest)
    for match in _MINUTES.finditer(rest):
        total, found = total + _number(match.group(1)), True
    for match in _QUARTERS.finditer(rest):
        total, found = total + _number(match.group(1)) * 15, True
    return round(total) if found and total > 0 else None


_DURATION_WORDS = (_H_THEN_M, _HOURS, _HALF_HOUR, _AN_HOUR, _MINUTES, _QUARTERS)
_LEFT_OVER = re.compile(r"\s*(?:[,，、]\s*)?(?:\bfor|\babout|\baround|约|大约)?\s*$",
                        re.IGNORECASE)
_IN_BRACKETS = re.compile(r"[（(][^）)]*[）)]")


def without_duration(text: str) -> str:
    """``text`` with the duration it names taken out ("Write the report, 2 hours" →
    "Write the report", "写周报两个小时" → "写周报"). A duration in brackets is part of the
    title ("第一次练习（30 分钟）"), and a text that is only a duration stays as it is."""
    if duration_minutes(_IN_BRACKETS.sub(" ", text)) is None:
        return text.strip()
    rest = text
    for pattern in _DURATION_WORDS:
        rest = pattern.sub(" ", rest)
    rest = _LEFT_OVER.sub("", re.sub(r"\s{2,}", " ", rest).strip())
    rest = re.sub(r"\s*[,，、]\s*(?=[,，、])", "", rest).strip(" ,，、")
    return rest or text.strip()


def guess_minutes(text: str, kind: str) -> int:
    """The offline planner's estimate: a duration in the text, else one for the verb."""
    named = duration_minutes(text)
    if named is not None:
        return min(max(named, MIN_ESTIMATE), MAX_ESTIMATE)
    return BY_KIND.get(kind, BY_KIND["do"])


def parse_estimate(text: str) -> int:
    """A person's estimate ("45m", "1h30", "90", "半小时") in minutes.

    Raises:
        KnownError: not a duration, or outside 5 minutes to 30 days.
    """
    stripped = text.strip()
    minutes = int(stripped) if stripped.isdigit() else duration_minutes(stripped)
    if minutes is None:
        raise KnownError(f"{text!r} is not a duration; give one such as 45m, 1h30 or 90")
    if not MIN_ESTIMATE <= minutes <= MAX_ESTIMATE:
        raise KnownError(f"an estimate is {MIN_ESTIMATE} to {MAX_ESTIMATE} minutes; "
                         f"{text!r} is {minutes}")
    return minutes


def set_estimate(task_id: int, step_id: str, minutes: int | None, *, actor: str = "user") -> None:
    """Store a step's estimate in the active plan (None clears it), log it, announce it.

    Raises:
        NotFound: no such task, active plan or step. Refused: the step is a group.
    """
    if minutes is not None and not MIN_ESTIMATE <= minutes <= MAX_ESTIMATE:
        raise KnownError(f"an estimate is {MIN_ESTIMATE} to {MAX_ESTIMATE} minutes, not {minutes}")
    with atomic():
        step = _leaf_step(task_id, step_id)
        Step.update(estimate_minutes=minutes).where(Step.id == step.id).execute()
        shown = "cleared" if minutes is None else minutes_text(minutes)
        log(task_id, "plan", f"step {step_id!r}: estimate {shown}", actor=actor, step_id=step.id)
    events.emit(Change(Kind.STEP_CHANGED, task_id, step_id))


def _leaf_step(task_id: int, step_id: str) -> Step:
    plan = active_plan(task_id)
    step = Step.get_or_none((Step.plan == plan) & (Step.step_id == step_id))
    if step is None:
        raise NotFound(f"plan revision {plan.revision} of task {task_id} has no step {step_id!r}")
    if Step.select(Step.id).where(Step.parent == step.id).exists():
        raise Refused(f"step {step_id!r} is a group; estimate its sub-steps instead")
    return step


def minutes_text(minutes: int) -> str:
    """45 → "45 min", 90 → "1 h 30 min", 120 → "2 h"."""
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{rest} min"
    return f"{hours} h" + (f" {rest} min" if rest else "")
