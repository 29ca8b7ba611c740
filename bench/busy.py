"""The busy case: a competing CPU-bound process beside a benchmark, as a person's
machine always has one (a browser, a build, a video call).

``competitor()`` starts ``python -c "while True: pass"`` pinned to the first core (where
the system allows it) for as long as the ``with`` block runs, and says what the load
average was when it ended. On this 2-core machine that leaves one core free and makes the
load about 1.5 with the benchmark running.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

SPIN = "while True: pass"
SETTLE_S = 1.0  # let the competitor get going before the first figure is taken


@dataclass
class Busy:
    """What the competitor left to say: the load average at the end."""

    load: float | None = None


@contextlib.contextmanager
def competitor() -> Iterator[Busy]:
    """A CPU-bound process pinned to core 0 while the block runs."""
    process = subprocess.Popen([sys.executable, "-c", SPIN], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setaffinity(process.pid, {0})
    found = Busy()
    try:
        time.sleep(SETTLE_S)
        yield found
    finally:
        with contextlib.suppress(OSError):
            found.load = os.getloadavg()[0]
        process.kill()
        process.wait(10)
