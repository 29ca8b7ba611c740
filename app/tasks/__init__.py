"""Tasks: the store's use cases for a task (``store``: add, read, list, change status, each
one transaction), ticking off (``done``), editing from the command line (``edit``), the quick-add
grammar (``quickadd``), the list's queries and urgency (``queries``, ``urgency``), a task's
rows for Undo (``rows``), its problems in two languages (``problems``), plain-text tables
(``formatting``) and first-run samples (``samples``)."""
