"""Ending a worker process (the calendar's reader, F5's offline assistant)."""

from __future__ import annotations

from multiprocessing.process import BaseProcess


def end(process: BaseProcess, grace_s: float) -> None:
    """Terminate ``process``, then kill it if it does not go within ``grace_s``."""
    if process.is_alive():
        process.terminate()
        process.join(grace_s)
    if process.is_alive():
        process.kill()
        process.join(grace_s)
