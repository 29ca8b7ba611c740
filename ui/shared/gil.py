"""The GUI thread's share of the interpreter while CPU-bound work runs in a thread.

While the assistant plans or a sync merges in its thread, the interpreter hands the GIL
on every ``SWITCH_S`` instead of every 5 ms, so each time the GUI thread enters Python
(a timer, a paint, a queued signal) it waits at most that long, and full garbage
collections (which hold the GIL throughout) come a hundred times less often.

The two knobs are the interpreter's, shared by every thread: ``handed_often`` counts
who holds them. The first to enter keeps the values as they were, the last to leave puts
them back, in whatever order the runs overlap (an assistant run that started during a
sync and ended after it once left 0.1 ms in place for the rest of the session).
"""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

SWITCH_S = 0.0001  # the GIL's switch interval while CPU-bound work runs in a thread
FULL_GC_EVERY = 1000  # young passes between full collections meanwhile (not 10)

_lock = threading.Lock()
_holders = 0
_saved: tuple[float, tuple[int, int, int]] | None = None


@contextmanager
def handed_often() -> Iterator[None]:
    """Hand the GIL on often and collect fully seldom while the block runs."""
    global _holders, _saved
    with _lock:
        if _holders == 0:
            _saved = (sys.getswitchinterval(), gc.get_threshold())
            sys.setswitchinterval(min(_saved[0], SWITCH_S))
            young, middle, old = _saved[1]
            gc.set_threshold(young, middle, max(old, FULL_GC_EVERY))
        _holders += 1
    try:
        yield
    finally:
        with _lock:
            _holders -= 1
            if _holders == 0 and _saved is not None:
                sys.setswitchinterval(_saved[0])
                gc.set_threshold(*_saved[1])
                _saved = None
