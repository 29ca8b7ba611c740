"""The frozen bundle's entry point: ``stepwise`` as PyInstaller starts it.

``multiprocessing.freeze_support()`` comes first: the calendar worker
(``app.calendar.worker``) is a *spawned* process, and in a bundle the child is this
same executable started with multiprocessing's own arguments, which must be served
before the command line is parsed. Nothing here imports Qt: ``app.cli.main.full`` checks
Qt's system libraries (``ui.window.syscheck``) before the window path imports PySide6, so a
missing library is named instead of Qt aborting.
"""

from __future__ import annotations

import multiprocessing
import sys


def main() -> int:
    multiprocessing.freeze_support()
    from app.cli.start import main as cli_main

    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
