"""The ``stepwise`` entry point: the lean path first, importing nothing else.

``list`` and ``show`` (``app.cli.lean``) answer without the parser's module, whose
imports (every command's module) cost ~25 ms of a 10,000-task ``list``'s ~170 ms; every
other command line, and a lean one the lean path leaves, goes on to
``app.cli.main.full``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``stepwise ARGV`` (default: this process's arguments); returns its exit status."""
    from app.cli.lean import run_lean

    words = sys.argv[1:] if argv is None else argv
    tolerant_output()
    try:
        lean = run_lean(words)
    except Exception as exc:  # noqa: BLE001 - as the full path: known errors and bugs
        from app.cli.main import report

        return report(exc)
    if lean is not None:
        return lean
    from app.cli.main import full

    return full(words)


def tolerant_output() -> None:
    """Whatever the terminal's or pipe's encoding, printing never fails on a character."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
