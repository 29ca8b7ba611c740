"""A select built once and run again with other values, for the hottest reads.

Peewee turns a query into SQL each time it runs: for a select of a wide row (a step's
19 columns, a plan joined to its task) that costs 0.4–0.6 ms, where SQLite answers in
20 µs. A step action reads three such rows, so building them was most of its 2 ms.
``Prepared`` builds the query once, with stand-in values, remembers where each of them
went in the SQL's parameters, and on every call runs that SQL with the real values;
the rows come back through the query's own row reader (joined models filled in), as
``query.execute()`` would give them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

import peewee

from models.db import database

T = TypeVar("T", bound=peewee.Model)
# Stand-ins no real value equals: an id, a step id. Each argument of ``build`` gets one.
_STAND_INS: tuple[Any, ...] = (-7_340_033, -7_340_034, "\x00stand-in-1", "\x00stand-in-2")


class Prepared(Generic[T]):
    """``build(*values)`` as SQL made once; ``rows(*values)`` runs it with ``values``.

    ``kinds`` gives each argument's kind, ``int`` or ``str``, so it gets a stand-in of
    that kind (a field converts what it is given: an id must look like one).
    """

    def __init__(self, build: Callable[..., peewee.ModelSelect[T]], kinds: Sequence[type]) -> None:
        ints = iter(v for v in _STAND_INS if isinstance(v, int))
        texts = iter(v for v in _STAND_INS if isinstance(v, str))
        stand_ins = [next(ints) if kind is int else next(texts) for kind in kinds]
        self._query = build(*stand_ins)
        self._sql, params = self._query.sql()
        self._params = list(params)
        self._places = [[n for n, p in enumerate(params) if p == v] for v in stand_ins]
        if any(len(places) != 1 for places in self._places):
            raise ValueError(f"each value must appear once in the query: {self._sql}")

    def rows(self, *values: Any) -> list[T]:
        """The query's rows with ``values`` in place of the stand-ins, as models."""
        params = list(self._params)
        for places, value in zip(self._places, values, strict=True):
            params[places[0]] = value
        cursor = database.execute_sql(self._sql, params)
        reader = self._query._get_cursor_wrapper  # type: ignore[attr-defined]  # peewee's own
        return list(reader(cursor))

    def first(self, *values: Any) -> T | None:
        """The first row, or None."""
        found = self.rows(*values)
        return found[0] if found else None
