"""Importers from the planners people leave: Taskwarrior, todo.txt, Todoist and iCalendar.

Each reader turns a file's bytes into a ``Batch`` of incoming tasks (``app.io.importers.
incoming``) without touching the store; ``app.io.importers.store`` then adds the batch in
transactions of a fraction of a second each (a cancelled import keeps what was committed).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.io.importers.incoming import Batch

# name → (module, what the file is); each module has read(raw: bytes, name: str) -> Batch
FORMATS: dict[str, tuple[str, str]] = {
    "taskwarrior": ("app.io.importers.taskwarrior", "a Taskwarrior `task export` JSON file"),
    "todotxt": ("app.io.importers.todotxt", "a todo.txt file"),
    "todoist": ("app.io.importers.todoist", "a Todoist CSV backup"),
    "ics": ("app.io.importers.ics", "an iCalendar file with VTODOs"),
}


def reader(name: str) -> Callable[[bytes, str], Batch]:
    """The read function of format ``name`` (one of ``FORMATS``)."""
    read: Callable[[bytes, str], Batch] = import_module(FORMATS[name][0]).read
    return read
