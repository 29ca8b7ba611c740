"""What every ``stepwise`` command shares: its argument types (each checked the same way),
the store it opens and the JSON it prints."""

from __future__ import annotations

import argparse

MAX_ID = 2**63 - 1  # SQLite's largest integer: a bigger id can name no row


def row_id(text: str) -> int:
    """An id given on the command line: a whole number from 1 to 2**63-1.

    Raises:
        argparse.ArgumentTypeError: anything else (argparse reports it as a usage error).
    """
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not an id (a whole number)") from None
    if not 1 <= value <= MAX_ID:
        raise argparse.ArgumentTypeError(f"an id runs from 1 to {MAX_ID}, not {text[:40]}")
    return value


def open_store() -> None:
    """Open the database every command works on, keeping the blocks (once someone has
    scheduled) up to date with task and plan changes; reminders follow by themselves,
    each use case that moves times schedules them."""
    from app.config import paths
    from app.publish import keeper as publisher
    from app.schedule import keeper
    from models import open_database

    open_database(paths.db_path())
    keeper.keep_current()
    publisher.keep_current()  # after the re-schedule: its blocks are what it publishes


