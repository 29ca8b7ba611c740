"""The walk over ``app/`` that the plain-Chinese tests share.

It reads ``app/`` with ``ast``: each ``raise`` of a known error with a literal message
and each importer's skip reason becomes a sample sentence (its values as tokens ``V1``,
``V2`` …). ``tests/app/words/test_plain_zh_refusals.py`` checks the refusals' samples,
``tests/app/words/test_plain_zh_inputs.py`` the input problems'.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"
REFUSAL_ERRORS = frozenset({"KnownError", "NotFound", "Refused", "StaleEdit", "EditRefused",
                            "PathRefused", "InvalidRule",
                            "Cleartext"})  # app.words.plain_zh_refusals
INPUT_ERRORS = frozenset({"DateError", "BadFile", "WriteFailed", "ConsentNeeded",
                          "MalformedCalendar", "CalendarError", "AuthFailed", "ServerFailed",
                          "Unreachable", "BadResponse", "NoPassword", "UnsupportedAuth",
                          "Redirected", "ListChanged", "Cancelled"})  # app.words.plain_zh_inputs
KNOWN = REFUSAL_ERRORS | INPUT_ERRORS
# what a Chinese sentence may keep in English: its values, commands, flags, names
_KEPT = re.compile(r"'?V\d+'?|`[^`]*`|stepwise(?: [\w+-]+)*|--[\w-]+|\b[A-Z][\w.()-]*"
                   r"|\b\w+\.\w+\b|\b(?:mine|theirs|me|http\(s\)|rec|due)\b")
_ENGLISH = re.compile(r"\b[a-z]{2,}[ ,;:]+[a-z]{2,}\b")
CJK = re.compile(r"[\u4e00-\u9fff]")


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


def _message(node: ast.AST, errors: frozenset[str], skips: bool) -> ast.expr | None:
    """The message of a raise of one of ``errors``, or (``skips``) an importer's skip reason."""
    if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
        func = node.exc.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        index = 1 if name == "EditRefused" else 0  # EditRefused(code, message)
        if name in errors and len(node.exc.args) > index:
            return node.exc.args[index]
    if skips and isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "append" and isinstance(node.func.value, ast.Attribute) \
            and node.func.value.attr == "skipped" and node.args:
        return node.args[0]
    return None


def messages(errors: frozenset[str] = KNOWN, skips: bool = True) -> Iterator[tuple[str, str]]:
    """``(where, sample)`` for every literal message of ``errors`` raised in ``app/``,
    and (``skips``) every importer's skip reason."""
    for path in sorted(APP.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = _constants(tree)
        for node in ast.walk(tree):
            message = _message(node, errors, skips)
            text = None if message is None else _sample(message, [0], constants)
            if text is not None:
                yield f"{path.relative_to(APP.parent)}:{getattr(node, 'lineno', 0)}", text


def english_left(text: str) -> list[str]:
    """The runs of English words left in ``text`` once its kept parts are taken out."""
    return _ENGLISH.findall(_KEPT.sub("|", text))
