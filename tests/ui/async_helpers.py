"""Widget tests with a real asyncio loop: qasync's QEventLoop, driven by Qt event processing.

How it runs: ``qasync.QEventLoop(app, already_running=True)`` is an asyncio loop whose
callbacks are Qt timers and queued signals, and which counts as *running* without
entering ``app.exec()``. So whatever processes Qt events — ``qtbot.wait_until``,
``qtbot.wait_signal`` — also steps the coroutines that ``TaskRunner.start`` created, and
coroutines may call ``asyncio.get_running_loop()`` (``asyncio.to_thread`` does). Worker
threads are qasync's QThreadExecutor; their results come back as queued Qt calls.

Teardown lets short background work finish (see ``settle``) and cancels only what
hangs, closes the shared HTTP client, and closes the loop, which joins its worker
threads. It does not call ``loop.stop()``: that calls ``QApplication.exit()``, which
would make every later ``QEventLoop.exec()`` (pytest-qt's ``wait_signal``) return at
once.

Test modules define their fixtures with these generators (``yield from``), so nothing
here has to be imported as a fixture.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable, Iterator
from typing import Any

import qasync
from PySide6.QtCore import QObject
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ui.shared.context import WindowContext

DRAIN_S = 10.0


def wait_done(tasks: Iterable[asyncio.Future[Any]], timeout_s: float = DRAIN_S) -> bool:
    """Process Qt events (and so the loop) until every task is done; False on timeout.

    Waits in steps of 10 ms rather than spinning on ``processEvents``: PySide6 6.12 on
    Python 3.11 drops a reference to None on every call of a void method, so a tight loop
    of calls can exhaust None's reference count and abort the interpreter.
    """
    pending = list(tasks)
    deadline = time.monotonic() + timeout_s
    while not all(t.done() for t in pending):
        if time.monotonic() > deadline:
            return False
        QTest.qWait(10)
    return True


def process_until_done(tasks: Iterable[asyncio.Future[Any]], timeout_s: float = DRAIN_S) -> None:
    """Like ``wait_done``, but a task still running after the timeout fails the test."""
    pending = list(tasks)
    if not wait_done(pending, timeout_s):
        raise AssertionError(f"background tasks still running: {pending}")


def settle(tasks: Iterable[asyncio.Future[Any]], timeout_s: float = DRAIN_S) -> None:
    """Let the tasks finish by themselves, then cancel whatever still runs.

    Cancelling a task that awaits ``asyncio.to_thread`` does not stop its worker thread:
    the store write goes on and its change notice could reach a bridge that is being
    deleted. So short work is waited for, and only what hangs (a model that never
    answers) is cancelled.
    """
    pending = list(tasks)
    if not wait_done(pending, timeout_s):
        for task in pending:
            task.cancel()
        process_until_done(pending)


def qt_event_loop(app: QApplication) -> Iterator[qasync.QEventLoop]:
    """A running qasync loop for one test; closed (with its worker threads) afterwards."""
    loop = qasync.QEventLoop(app, already_running=True)
    asyncio.set_event_loop(loop)
    try:
        yield loop
    finally:
        _close(loop, app)


def _close(loop: qasync.QEventLoop, app: QApplication) -> None:
    from app.llm import close_clients

    for _ in range(3):  # what a settling task starts is settled too: none is left pending
        pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
        if not pending:
            break
        settle(pending, timeout_s=2.0)
    process_until_done([loop.create_task(close_clients())])
    app.aboutToQuit.disconnect(loop._after_run_forever)
    loop._QEventLoop__is_running = False  # what stop() does, without QApplication.exit()
    asyncio.events._set_running_loop(None)
    loop.close()  # joins the worker threads
    _retire_qt_parts(loop)
    asyncio.set_event_loop(None)


# Closed loops' Qt objects, kept for the whole session (see _retire_qt_parts).
_RETIRED: list[QObject] = []


def _retire_qt_parts(loop: qasync.QEventLoop) -> None:
    """Stop a closed loop's Qt timers here, on the GUI thread, and keep its QObjects alive.

    qasync's timer object keeps the Qt timers of callbacks that had not fired yet (an
    HTTP timeout, say). The closed loop is freed later by Python's cyclic garbage
    collector, which may run in a worker thread; a QObject destroyed there cannot stop
    its GUI-thread timers, and the next one to fire hits freed memory (a segmentation
    fault a few tests later). Killing the timers now and never freeing these two objects
    off the GUI thread prevents that.
    """
    timer = loop._timer
    callbacks = timer._SimpleTimer__callbacks
    for timer_id in list(callbacks):
        timer.killTimer(timer_id)
    callbacks.clear()
    _RETIRED.extend([timer, loop._QEventLoop__call_soon_signaller])


def window_context() -> Iterator[WindowContext]:
    """A real WindowContext; needs the database open and a loop from ``qt_event_loop``."""
    owner = QObject()
    ctx = WindowContext.create(owner)
    try:
        yield ctx
    finally:
        ctx.assistant.stop()  # a model call is cancelled: it holds no worker thread
        settle(list(ctx.runner._tasks), timeout_s=5.0)
        ctx.bridge.close()
        owner.deleteLater()


# --- a small planned task for the widgets to show ---------------------------------------

def two_step_plan(**fields: Any) -> dict[str, Any]:
    """``dates`` (for you), then ``draft`` (the assistant writes) after it."""
    return {"schema_version": 1, "revision": 1, "origin": "user", "title": "Offsite",
            "objective": "Offsite held before 2026-12-20", "steps": [
                {"id": "dates", "title": "Pick two dates", "objective": "Two candidate dates",
                 "done_when": "two dates agreed", "target": "user"},
                {"id": "draft", "title": "Draft the invitation", "depends_on": ["dates"],
                 "target": "assistant.write", "inputs": {"instructions": "a short invitation"}},
            ], **fields}


def planned_task(plan: dict[str, Any] | None = None, *, approve: bool = True,
                 title: str = "Organise the team offsite") -> int:
    """A task with a saved plan, approved (running) unless ``approve`` is False."""
    from app.plan import store as plans
    from app.tasks.store import NewTask, add_task

    task_id = int(add_task(NewTask(title=title)).id)
    plans.save_plan(task_id, plan or two_step_plan())
    if approve and plans.latest_plan_or_fail(task_id).status == "pending":  # a checklist
        plans.plan_action(task_id, "approve")  # starts by itself
    return task_id
