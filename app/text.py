"""Text that crosses the program's edge: user text shown safely on a terminal, and text
from files or the command line checked for unpaired surrogates (which no UTF-8 store or
terminal can hold).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping
from typing import Any

from app.errors import BadFile

# C0 and C1 controls, DEL, and lone surrogates: each is shown as an escape, never sent raw.
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\x1b": "\\e"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def shown(text: str) -> str:
    """``text`` as one printable line: terminal escapes, newlines and surrogates escaped."""
    return _UNSAFE.sub(_escape, text)


def cleaned(data: Any) -> Any:
    """A copy of ``data`` (dicts, lists, tuples, strings) with every string ``shown``."""
    if isinstance(data, str):
        return shown(data)
    if isinstance(data, Mapping):
        return {key: cleaned(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return type(data)(cleaned(value) for value in data)
    return data


def surrogate_at(data: Any, where: str = "") -> str | None:
    """Where in ``data`` a string holds an unpaired surrogate (e.g. ``steps[0].title``)."""
    if isinstance(data, str):
        return (where or "the text") if _SURROGATE.search(data) else None
    if isinstance(data, Mapping):
        items: Any = ((f"{where}.{key}" if where else str(key), key, value)
                      for key, value in data.items())
        for path, key, value in items:
            found = surrogate_at(key, path) if isinstance(key, str) else None
            found = found or surrogate_at(value, path)
            if found:
                return found
        return None
    if isinstance(data, list | tuple):
        for index, value in enumerate(data):
            found = surrogate_at(value, f"{where}[{index}]")
            if found:
                return found
    return None


def check_text(data: Any, source: object) -> None:
    """Raise BadFile (exit 2) when ``data`` read from ``source`` holds an unpaired surrogate."""
    try:
        where = surrogate_at(data)
    except RecursionError:
        raise BadFile(f"{source} nests too deeply to be a Stepwise file") from None
    if where is not None:
        raise BadFile(f"{source}: {where} holds an unpaired surrogate (such as \\ud800), "
                      "which is not text; fix or remove it")


def dumps(data: Any) -> str:
    """The one JSON style of the command line: indented, UTF-8 text when the terminal
    takes it (escaped otherwise)."""
    utf = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "") == "utf8"
    return json.dumps(data, ensure_ascii=not utf, indent=2)
