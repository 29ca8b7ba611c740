"""The lean path of ``stepwise list`` and ``stepwise show``: the same bytes as the full
path with the standard ``sqlite3`` module instead of Peewee (``commands``, ``reads``), from SQL
generated out of the store's own queries (``schema`` writes ``sql``)."""
