"""Every refusal and input problem the core can show, in Chinese
(``app.plain_zh_refusals``, ``app.plain_zh_inputs``).

The walk reads ``app/`` with ``ast``: each ``raise`` of a known error with a literal
message and each importer's skip reason becomes a sample sentence (its values as tokens
``V1``, ``V2`` …); each must come out of ``in_chinese`` with no English left but the
kept values, commands and names. A new English refusal without its rule fails here.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from app import states
from app.agent.sense import wordless_title
from app.plain import told
from app.plain_zh import in_chinese
from app.sync.conflicts import PROBLEM
from app.sync.merge import Conflict

APP = Path(__file__).resolve().parents[2] / "app"
KNOWN = {"KnownError", "NotFound", "Refused", "StaleEdit", "EditRefused", "PathRefused",
         "InvalidRule",  # the refusals (app.plain_zh_refusals)
         "DateError", "BadFile", "WriteFailed", "ConsentNeeded", "MalformedCalendar",
         "CalendarError", "AuthFailed", "ServerFailed", "Unreachable", "BadResponse",
         "NoPassword", "Cancelled"}  # the input problems (app.plain_zh_inputs)
# what a Chinese sentence may keep in English: its values, commands, flags, names
_KEPT = re.compile(r"'?V\d+'?|`[^`]*`|stepwise(?: [\w+-]+)*|--[\w-]+|\b[A-Z][\w.()-]*"
                   r"|\b\w+\.\w+\b|\b(?:mine|theirs|me|http\(s\)|rec|due)\b")
_ENGLISH = re.compile(r"\b[a-z]{2,}[ ,;:]+[a-z]{2,}\b")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _token(counter: list[int], quoted: bool) -> str:
    counter[0] += 1
    return f"'V{counter[0]}'" if quoted else f"V{counter[0]}"


def _constants(tree: ast.Module) -> dict[str, str]:
    """A module's text constants (``WHAT = "a todo.txt file"``), as its messages use them."""
    return {target.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
            for target in node.targets if isinstance(target, ast.Name)}


def _sample(node: ast.expr, counter: list[int], constants: dict[str, str]) -> str | None:
    """The sentence a literal message makes, its values as tokens; None if not literal."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                parts.append(str(part.value))
            elif isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.IfExp) \
                    and isinstance(part.value.body, ast.Constant):
                parts.append(str(part.value.body.value))  # "is" of "is"/"are"
            elif isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name) \
                    and part.value.id in constants and part.conversion == -1:
                parts.append(constants[part.value.id])
            else:
                parts.append(_token(counter, getattr(part, "conversion", -1) == ord("r")))
        return "".join(parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left = _sample(node.left, counter, constants)
        right = _sample(node.right, counter, constants)
        if left is None and right is None:
            return None
        return (left or _token(counter, False)) + (right or _token(counter, False))
    return None


def _message(node: ast.AST) -> ast.expr | None:
    """The message of a known error's raise, or an importer's skip reason."""
    if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
        func = node.exc.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        index = 1 if name == "EditRefused" else 0  # EditRefused(code, message)
        if name in KNOWN and len(node.exc.args) > index:
            return node.exc.args[index]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "append" and isinstance(node.func.value, ast.Attribute) \
            and node.func.value.attr == "skipped" and node.args:
        return node.args[0]
    return None


def refusals() -> Iterator[tuple[str, str]]:
    """``(where, sample)`` for every literal refusal and skip reason in ``app/``."""
    for path in sorted(APP.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = _constants(tree)
        for node in ast.walk(tree):
            message = _message(node)
            text = None if message is None else _sample(message, [0], constants)
            if text is not None:
                yield f"{path.relative_to(APP.parent)}:{getattr(node, 'lineno', 0)}", text


def english_left(text: str) -> list[str]:
    """The runs of English words left in ``text`` once its kept parts are taken out."""
    return _ENGLISH.findall(_KEPT.sub("|", text))


REFUSALS = list(refusals())


def test_the_walk_finds_the_refusals() -> None:
    wheres = {where.split(":")[0] for where, _text in REFUSALS}
    assert len(REFUSALS) > 180
    assert {"app/plans.py", "app/task_done.py", "app/task_edit.py", "app/plan_editing.py",
            "app/sync/conflicts.py", "app/importers/todotxt.py", "app/dates.py",
            "app/files.py", "app/calendar/fetch.py"} <= wheres
    assert english_left("task V1 has no plan yet") == ["has no", "plan yet"]


@pytest.mark.parametrize(("where", "english"), REFUSALS, ids=[w for w, _t in REFUSALS])
def test_every_literal_refusal_reads_in_chinese(where: str, english: str) -> None:
    chinese = in_chinese(english)
    assert english_left(chinese) == [], f"{where}: {english!r} → {chinese!r}"
    if english_left(english):
        assert _CJK.search(chinese), f"{where}: {english!r} has no Chinese"


def test_values_inside_a_refusal_are_kept() -> None:
    assert in_chinese("task 12 has no plan yet") == "任务 12 还没有计划"
    assert in_chinese("“Team offsite” has a plan: tick off its steps instead") == \
        "“Team offsite”有计划：请逐一勾掉它的步骤"
    assert in_chinese("plan revision 3 has no step 's9' (steps: s1, s2)") == \
        "计划第 3 版没有步骤 's9'（步骤有：s1, s2）"
    assert in_chinese("the start time (2026-12-03 09:00) is after the due time "
                      "(2026-12-02 17:00)") == \
        "开始时间（2026-12-03 09:00）晚于 截止时间（2026-12-02 17:00）"
    assert in_chinese("the due time (2026-12-03 09:00) is after the expiry time "
                      "(2026-12-02 17:00)") == \
        "截止时间（2026-12-03 09:00）晚于 过期时间（2026-12-02 17:00）"


@pytest.mark.parametrize("machine", [states.TASK, states.PLAN, states.STEP])
def test_illegal_transitions_read_in_chinese(machine: states.Machine) -> None:
    for old, allowed in machine.moves.items():
        for new in set(machine.states) - allowed - {old}:
            with pytest.raises(states.IllegalTransition) as caught:
                machine.check(old, new)
            chinese = in_chinese(str(caught.value))
            left = [run for run in english_left(chinese)  # the states are kept values
                    if not set(re.split(r"[ ,;:]+", run)) <= set(machine.states)]
            assert left == [] and _CJK.search(chinese), chinese


@pytest.mark.parametrize("conflict", [
    Conflict("title", "Mine", "Theirs", "mine", reason="a task needs a title"),
    Conflict("steps", None, ["+ Call"], "mine", reason="step 's2': a step needs a title"),
    Conflict("due", "Wed", "Thu", "theirs"),
    Conflict("tags", ["a"], ["b"], "mine")])
def test_sync_conflict_problems_read_in_chinese(conflict: Conflict) -> None:
    for problem in (f"{PROBLEM}{conflict.line}", f"{PROBLEM}{conflict.line} (and 2 more)"):
        chinese = in_chinese(problem)
        assert chinese.startswith("同步冲突：title" if conflict.prop == "title" else "同步冲突：")
        assert english_left(chinese) == [], chinese


def test_the_sense_check_of_a_wordless_title_reads_in_chinese() -> None:
    english = wordless_title(["03/24/2026-17:58"])
    assert english is not None
    assert in_chinese(english) == "标题 '03/24/2026-17:58' 没有说要做什么：请用文字写出这一步"


def test_told_keeps_english_and_tells_chinese_with_local_times() -> None:
    now = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)
    english = "snooze until a time in the future, not 2026-12-01T07:00:00Z"
    assert told(english, "en", now) == english
    chinese = told(english, "zh", now)
    assert chinese.startswith("请推迟到将来的时间，而不是 ") and "Z" not in chinese
