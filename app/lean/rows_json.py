"""A list of flat rows as ``app.text.dumps`` prints it (indented by 2), at C speed: by
orjson for a UTF-8 terminal or pipe (``stepwise list --json`` of the lean path encodes
its columns itself: ``app.lean.columns_json``), else as follows.

``json.dumps(..., indent=2)`` runs the pure-Python encoder: 3.3 s for 100,000 tasks of
30 fields. Here each row goes through the C encoder once, with the item separator that
indentation would put between its fields; a list of plain values in a field is encoded
the same way one level deeper and put in its place. A row holding anything else (a
dict, a list of lists) is indented by ``json.dumps`` itself. The text is the same.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

# exactly these types (a subclass of str or int may encode otherwise: the slow path), and
# an empty list or dict, which prints the same in every form
_PLAIN_KINDS = frozenset({str, int, float, bool, type(None)})
_MARK = "\x00"  # no stored text holds NUL (``app.text.check_text``); still counted below


def utf8_stdout() -> bool:
    """Whether stdout takes UTF-8 (then JSON is printed unescaped)."""
    return (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "") == "utf8"


def dumps_listing(rows: Sequence[dict[str, Any]]) -> str:
    """``app.text.dumps(rows)``: UTF-8 text when stdout takes it, escaped otherwise."""
    utf = utf8_stdout()
    if utf:
        try:
            return dumps_utf8(rows)
        except (TypeError, ValueError):  # an int past 64 bits, a lone surrogate
            pass
    return dumps_rows(rows, ensure_ascii=not utf)


def dumps_utf8(rows: Sequence[dict[str, Any]]) -> str:
    """``json.dumps(rows, ensure_ascii=False, indent=2)`` by orjson: 100,000 tasks in
    about 0.2 s, against 2 s for the standard library's C encoder. The text is the same
    but for a float's exponent (``1e-07`` is ``1e-7``); a listing holds no floats.

    Raises:
        TypeError: a value orjson does not take (orjson.JSONEncodeError is one).
    """
    import orjson

    return orjson.dumps(list(rows), option=orjson.OPT_INDENT_2).decode("utf-8")


def dumps_rows(rows: Sequence[dict[str, Any]], ensure_ascii: bool) -> str:
    """``json.dumps(rows, ensure_ascii=ensure_ascii, indent=2)``, the same text, faster."""
    if not rows:
        return "[]"
    fields = json.JSONEncoder(ensure_ascii=ensure_ascii, separators=(",\n    ", ": "))
    items = json.JSONEncoder(ensure_ascii=ensure_ascii, separators=(",\n      ", ": "))
    mark = json.dumps(_MARK, ensure_ascii=ensure_ascii)[1:-1]
    return "[\n" + ",\n".join(_row(row, fields, items, mark, ensure_ascii) for row in rows) \
        + "\n]"


def _row(row: dict[str, Any], fields: json.JSONEncoder, items: json.JSONEncoder, mark: str,
         ensure_ascii: bool) -> str:
    if not row:
        return "  {}"
    kinds = set(map(type, row.values()))
    values = row
    lists: list[str] = []
    if not kinds <= _PLAIN_KINDS:
        deeper = [key for key, value in row.items() if type(value) not in _PLAIN_KINDS and value]
        if deeper:
            values = dict(row)
        for key in deeper:
            value = row[key]
            if type(value) is not list or not set(map(type, value)) <= _PLAIN_KINDS:
                return _slow(row, ensure_ascii)
            values[key] = f"{_MARK}{len(lists)}"
            lists.append("[\n      " + items.encode(value)[1:-1] + "\n    ]")
    text = fields.encode(values)
    if lists and text.count(mark) != len(lists):  # a text held the mark itself
        return _slow(row, ensure_ascii)
    for number, shown in enumerate(lists):
        text = text.replace(f'"{mark}{number}"', shown, 1)
    return "  {\n    " + text[1:-1] + "\n  }"


def _slow(row: dict[str, Any], ensure_ascii: bool) -> str:
    return "  " + json.dumps(row, ensure_ascii=ensure_ascii, indent=2).replace("\n", "\n  ")
