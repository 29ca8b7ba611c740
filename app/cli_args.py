"""Argument types shared by every ``stepwise`` command, so each is checked the same way."""

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
