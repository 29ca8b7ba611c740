"""The listing's JSON built column by column, as orjson indents a list of task dicts
(``orjson.dumps(tasks, option=OPT_INDENT_2)`` and a newline), without a dict per task.

For 100,000 tasks the dicts cost more than reading them: a copy and an update each
(0.35 s), orjson over them (0.1 s) and freeing them (0.07 s). Here each column the query
read is encoded by one orjson call: an indented list of scalars puts one value on each
line, and no encoded value holds a newline (JSON escapes it), so splitting at ``",\\n  "``
gives every value's own encoding. A JSON column's few distinct texts are encoded once
each. Then one template — the row's fields in order, the values of the constant columns
already in place, ``%b`` for the others — is applied to every row by ``bytes.__mod__``
mapped over the columns, all in C. The rows that differ from the template's constants
are encoded whole and put in their place.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any

import orjson

_INDENTED = orjson.OPT_INDENT_2
_FIELD_INDENT = b"\n    "  # a task's fields are two levels in: the list, the task


def listing(names: Sequence[str], base: Mapping[str, Any], read: Sequence[str],
            columns: Sequence[Sequence[Any]], json_names: Collection[str],
            decode: Callable[[str], Any], whole: Mapping[int, Mapping[str, Any]]
            ) -> Iterator[bytes]:
    """The listing of ``len(columns[0])`` tasks with the fields ``names``: ``read`` (a part
    of ``names``, in their order) taken from ``columns``, the others from ``base``; a
    column in ``json_names`` holds JSON text that ``decode`` decodes; ``whole`` holds, by
    position, tasks encoded as they are instead.

    The pieces are made as they are written (``writelines``): each task's bytes then
    reuse the memory of the one before, where joining them all (70 MB for 100,000
    tasks) first costs ~0.15 s in fresh pages.

    Raises:
        TypeError: orjson cannot encode a value (orjson.JSONEncodeError is one).
    """
    count = len(columns[0])
    if not count:
        return iter((b"[]\n",))
    template = _template(names, base, set(read))
    encoded = [_json_column(values, decode) if name in json_names else _scalars(values)
               for name, values in zip(read, columns, strict=False)]
    tasks: Iterator[bytes] = map(template.__mod__, zip(*encoded, strict=True))
    if whole:
        tasks = _replaced(tasks, {n: _whole(task) for n, task in whole.items()})
    # every task but the last ends in ",\n", the last in "\n"
    return itertools.chain((b"[\n",), itertools.islice(tasks, count - 1), _last(tasks))


def _last(tasks: Iterator[bytes]) -> Iterator[bytes]:
    """The last task without its comma, and the list's end (made once the others are)."""
    yield next(tasks)[:-2] + b"\n]\n"


def _replaced(tasks: Iterator[bytes], by_place: dict[int, bytes]) -> Iterator[bytes]:
    for place, task in enumerate(tasks):
        yield by_place.get(place, task)


def _whole(task: Mapping[str, Any]) -> bytes:
    return b"  " + orjson.dumps(task, option=_INDENTED).replace(b"\n", b"\n  ") + b",\n"


def _template(names: Sequence[str], base: Mapping[str, Any], read: set[str]) -> bytes:
    fields = [orjson.dumps(name) + b": " + (b"%b" if name in read else
                                           _nested(base[name]).replace(b"%", b"%%"))
              for name in names]
    return b"  {\n    " + b",\n    ".join(fields) + b"\n  },\n"


def _nested(value: Any) -> bytes:
    """``value`` encoded as a task's field (its inner lines indented to the field's)."""
    return orjson.dumps(value, option=_INDENTED).replace(b"\n", _FIELD_INDENT)


def _scalars(values: Sequence[Any]) -> list[bytes]:
    """Each of ``values`` (text, numbers, nulls) encoded, from one indented list."""
    return orjson.dumps(values, option=_INDENTED)[4:-2].split(b",\n  ")


def _json_column(texts: Sequence[str | None], decode: Callable[[str], Any]) -> list[bytes]:
    """Each stored JSON text's value encoded as a field, each different text once."""
    encoded: dict[str | None, bytes] = {None: b"null"}
    for text in set(texts):
        if text is not None:
            encoded[text] = _nested(decode(text))
    return list(map(encoded.__getitem__, texts))
