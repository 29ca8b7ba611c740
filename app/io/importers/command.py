"""``stepwise import --from taskwarrior|todotxt|todoist|ics FILE``: read the file whole,
add its tasks in one transaction, and say what was read and what was skipped."""

from __future__ import annotations

import argparse
from pathlib import Path

from app.io.importers import FORMATS

MAX_IMPORT_BYTES = 64 * 1024 * 1024


def add_option(parser: argparse.ArgumentParser) -> None:
    """``--from FORMAT`` on the ``import`` command."""
    parser.add_argument("--from", dest="source", choices=tuple(FORMATS),
                        help="add the tasks of another planner's file (taskwarrior: "
                        "`task export` JSON, todotxt, todoist: CSV backup, ics: VTODOs) "
                        "to this database")


def run(source: str, path: Path) -> list[str]:
    """Import ``path`` as format ``source``; returns the summary's lines.

    Raises:
        BadFile: the file is missing, too big, or not that format; nothing was imported.
    """
    from app.files import read_capped
    from app.io.importers import reader
    from app.io.importers.store import import_batch

    what = FORMATS[source][1]
    raw = read_capped(path, MAX_IMPORT_BYTES, what)
    batch = reader(source)(raw, str(path))
    return import_batch(batch, source).lines(str(path))
