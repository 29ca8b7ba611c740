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


def _stand_in(kind: type, n: int) -> Any:
    """The ``n``th argument's stand-in: a value no real one equals, of ``kind``."""
    return -7_340_033 - n if kind is int else f"\x00stand-in-{n}"


class Prepared(Generic[T]):
    """``build(*values)`` as SQL made once; ``rows(*values)`` runs it with ``values``.

    ``kinds`` gives each argument's kind, ``int`` or ``str``, so it gets a stand-in of
    that kind (a field converts what it is given: an id must look like one). An argument
    may be used more than once in the query; each must be used.
    """

    def __init__(self, build: Callable[..., peewee.ModelSelect[T]], kinds: Sequence[type]) -> None:
        stand_ins = [_stand_in(kind, n) for n, kind in enumerate(kinds)]
        self._query = build(*stand_ins)
        self._sql, params = self._query.sql()
        self._params = list(params)
        self._places = [[n for n, p in enumerate(params) if type(p) is type(v) and p == v]
                        for v in stand_ins]
        if not all(self._places):
            raise ValueError(f"each value must appear in the query: {self._sql}")

    def rows(self, *values: Any) -> list[T]:
        """The query's rows with ``values`` in place of the stand-ins, as models."""
        cursor = database.execute_sql(self._sql, self._with(values))
        reader = self._query._get_cursor_wrapper  # type: ignore[attr-defined]  # peewee's own
        return list(reader(cursor))

    def _with(self, values: Sequence[Any]) -> list[Any]:
        params = list(self._params)
        for places, value in zip(self._places, values, strict=True):
            for place in places:
                params[place] = value
        return params

    def tuples(self, *values: Any) -> list[tuple[Any, ...]]:
        """The query's rows with ``values``, as SQLite gives them (no conversion)."""
        return list(database.execute_sql(self._sql, self._with(values)).fetchall())

    def first(self, *values: Any) -> T | None:
        """The first row, or None."""
        found = self.rows(*values)
        return found[0] if found else None


_BY_ID: dict[type[peewee.Model], Prepared[Any]] = {}


def by_id(model: type[T], pk: int) -> T | None:
    """``model.get_or_none(model.id == pk)`` through SQL built once per table."""
    prepared = _BY_ID.get(model)
    if prepared is None:
        key = model._meta.primary_key
        prepared = _BY_ID[model] = Prepared[Any](
            lambda n: model.select().where(key == n).limit(1), [int])
    return prepared.first(pk)
