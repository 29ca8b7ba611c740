"""The interpreter's GIL knobs, counted (``ui.shared.gil``)."""

from __future__ import annotations

import gc
import sys
import threading

import pytest

from ui.shared.gil import SWITCH_S, handed_often


def test_overlapping_runs_leave_the_interpreter_as_it_was() -> None:
    """Regression (issue 25): a sync that started first and ended first, while an
    assistant run went on, left the run at 5 ms and then 0.1 ms for the whole session."""
    before = (sys.getswitchinterval(), gc.get_threshold())
    sync, run = handed_often(), handed_often()
    sync.__enter__()
    run.__enter__()
    sync.__exit__(None, None, None)
    assert sys.getswitchinterval() == pytest.approx(min(before[0], SWITCH_S))  # still on
    run.__exit__(None, None, None)
    assert (sys.getswitchinterval(), gc.get_threshold()) == before


def test_holders_in_many_threads_put_it_back_once() -> None:
    before = sys.getswitchinterval()
    go, held = threading.Barrier(8), []

    def hold() -> None:
        with handed_often():
            go.wait(timeout=10)  # all eight hold it at once
            held.append(sys.getswitchinterval())

    threads = [threading.Thread(target=hold) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    assert held == [pytest.approx(min(before, SWITCH_S))] * 8  # no thread broke off early
    assert sys.getswitchinterval() == before
