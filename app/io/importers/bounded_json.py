"""JSON from a file someone else wrote, within bounds every reader can walk: nesting at
most ``MAX_DEPTH`` levels, integers at most ``MAX_DIGITS`` digits, text without unpaired
surrogates (``\\ud800``, which cannot be stored). Anything beyond is refused with
BadFile (exit 2) naming the bound, before a single row is written.

Python's decoder alone would raise RecursionError on 200,000 nested brackets and
ValueError on an integer of 5,000 digits (its int string-size limit): both bugs to the
command line (exit 70), not messages.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.errors import BadFile
from app.files import MAX_JSON_BYTES, read_capped
from app.text import surrogate_at

MAX_DEPTH = 64  # Stepwise's own export nests 6 levels, Taskwarrior's 3
MAX_DIGITS = 100  # beyond SQLite's 19, so a row check can still say "too large"


def loads(text: str, source: object) -> Any:
    """``text`` parsed, or BadFile when it nests too deep, holds too long a number or an
    unpaired surrogate (``source`` names the file in the message).

    Raises:
        json.JSONDecodeError: the text is not JSON (each caller says what it expected).
        BadFile: it is JSON beyond the bounds above.
    """
    try:
        data = json.loads(text, parse_int=lambda digits: _integer(digits, source))
    except RecursionError:
        raise too_deep(source) from None
    if depth(data) > MAX_DEPTH:
        raise too_deep(source)
    where = surrogate_at(data)
    if where is not None:  # a key may hold it too: the message shows it escaped
        shown = where.encode("utf-8", "backslashreplace").decode("utf-8")
        raise BadFile(f"{source}: {shown} holds an unpaired surrogate (such as \\ud800), "
                      "which is not text; fix or remove it")
    return data


def read_file(path: Path) -> Any:
    """A JSON file's data within the bounds, or BadFile saying what is wrong with it."""
    raw = read_capped(path, MAX_JSON_BYTES, "a JSON file")
    if not raw.strip():
        raise BadFile(f"{path} is empty; it should hold JSON")
    try:
        return loads(raw.decode("utf-8-sig"), path)
    except UnicodeDecodeError:
        raise BadFile(f"{path} is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise BadFile(f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}, "
                      f"column {exc.colno}") from None


def too_deep(source: object) -> BadFile:
    return BadFile(f"{source} nests deeper than {MAX_DEPTH} levels, which no task file "
                   "does; it is not one Stepwise can read")


def depth(data: Any) -> int:
    """How many lists and objects deep ``data`` nests (0 for a plain value), without
    recursion, stopping once past ``MAX_DEPTH``."""
    if not isinstance(data, dict | list):
        return 0
    deepest = 0
    stack = [(data, 1)]
    while stack:
        value, level = stack.pop()
        children = value.values() if isinstance(value, dict) else value
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            break
        stack.extend((child, level + 1) for child in children
                     if isinstance(child, dict | list))
    return deepest


def _integer(digits: str, source: object) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise BadFile(f"{source} holds a number of {len(digits.lstrip('-'))} digits "
                      f"({digits[:12]}…); numbers in it may have at most {MAX_DIGITS}")
    return int(digits)
