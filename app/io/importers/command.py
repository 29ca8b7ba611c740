"""``stepwise import --from taskwarrior|todotxt|todoist|ics FILE``: read the file whole,
add its tasks in short transactions, and say what was read and what was skipped.

Progress goes to stderr: on a terminal one line rewritten as the import goes, else a line
every ``EVERY`` tasks (a small file says nothing until its summary).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from app.io.importers import FORMATS

if TYPE_CHECKING:
    from app.io.importers.store import Progress, Summary

MAX_IMPORT_BYTES = 64 * 1024 * 1024
EVERY = 10_000


def add_option(parser: argparse.ArgumentParser) -> None:
    """``--from FORMAT`` on the ``import`` command."""
    parser.add_argument("--from", dest="source", choices=tuple(FORMATS),
                        help="add the tasks of another planner's file (taskwarrior: "
                        "`task export` JSON, todotxt, todoist: CSV backup, ics: VTODOs) "
                        "to this database")


def import_path(source: str, path: Path, progress: Progress | None = None,
                stop: Callable[[], bool] | None = None) -> Summary:
    """Import ``path`` as format ``source`` (``app.io.importers.store.import_batch``).

    Raises:
        BadFile: the file is missing, too big, or not that format; nothing was imported.
    """
    from app.files import read_capped
    from app.io.importers import reader
    from app.io.importers.store import import_batch

    what = FORMATS[source][1]
    raw = read_capped(path, MAX_IMPORT_BYTES, what)
    batch = reader(source)(raw, str(path))
    return import_batch(batch, source, progress, stop)


def run(source: str, path: Path) -> list[str]:
    """Import ``path`` as format ``source``; returns the summary's lines."""
    return import_path(source, path).lines(str(path))


def progress_to(stream: TextIO, every: int = EVERY) -> Progress:
    """A progress callback writing to ``stream``: rewritten in place on a terminal, else
    a line each time another ``every`` tasks are done."""
    terminal = stream.isatty()
    said = [0]

    def told(done: int, total: int) -> None:
        if terminal:
            stream.write(f"\rimporting: {done:,} of {total:,} tasks"
                         + ("\n" if done >= total else ""))
        elif done // every > said[0] // every and total >= every:
            stream.write(f"importing: {done:,} of {total:,} tasks\n")
        else:
            return
        said[0] = done
        stream.flush()

    return told
