"""The lean reads behind ``stepwise list`` and ``stepwise show`` (the commands are
``app.cli.lean``): the same bytes as the full path with the standard ``sqlite3`` module
instead of Peewee (``reads``), from SQL generated out of the store's own queries
(``schema`` writes ``sql``)."""
