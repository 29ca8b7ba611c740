"""The ``stepwise`` command line: ``start`` (the entry point: the lean ``list`` and
``show`` first), ``main`` (the parser, the dispatch and the error report) and its
commands by concern — ``tasks``, ``add`` (``next``), ``edit``, ``store`` (export, import,
backup, settings), ``assistant`` and ``agent_run`` / ``agent_check`` (the assistant),
``calendar``, ``sync``; ``args`` holds what they share. Nothing here imports Qt but
``main``'s opening of the window.
"""
