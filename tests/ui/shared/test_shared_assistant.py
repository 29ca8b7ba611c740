"""Issue 10 item 1: the assistant runs in a worker thread with its own event loop; the
window hears chunks and outcomes through queued signals on the GUI thread, stays
responsive while a run blocks, and Stop cancels the worker's run at once; no HTTP warm-up
without a model server."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

from app.llm.base import ChunkSink, Message, Reply
from app.tasks.store import NewTask, add_task
from tests.ui.plan.test_toolbar import SlowProvider
from ui.shared.assistant import AssistantWorker
from ui.shared.context import WindowContext


class BlockingProvider(SlowProvider):
    """A model call that holds its thread for a while (as a slow query would), then waits
    until cancelled; records the thread and loop it ran on."""

    def __init__(self) -> None:
        super().__init__()
        self.thread = 0
        self.loop: asyncio.AbstractEventLoop | None = None

    async def complete(self, messages: list[Message], *, schema: dict[str, Any] | None = None,
                       on_chunk: ChunkSink | None = None,
                       context: Mapping[str, Any] | None = None) -> Reply:
        self.thread, self.loop = threading.get_ident(), asyncio.get_running_loop()
        time.sleep(0.3)  # blocks its own loop, not the window's
        return await super().complete(messages, schema=schema, on_chunk=on_chunk,
                                      context=context)


@pytest.mark.timeout(30)
def test_a_run_happens_off_the_gui_thread_and_reports_on_it(
        ctx: WindowContext, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    blocking = BlockingProvider()
    monkeypatch.setattr("ui.shared.assistant.provider_from_settings",
                        lambda: (blocking, None))
    monkeypatch.setattr("ui.shared.assistant.OWN_PROCESS", False)  # the thread's run
    add_task(NewTask(title="Renew passport"))
    chunks: list[int] = []
    ctx.assistant.chunk.connect(lambda _text: chunks.append(threading.get_ident()))
    ticks: list[float] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start(5)
    ctx.assistant.run_until_idle()
    qtbot.wait_until(lambda: bool(chunks))
    timer.stop()
    gui = threading.get_ident()
    assert blocking.thread != gui and blocking.loop is not asyncio.get_event_loop()
    assert chunks == [gui]  # the signal was queued to the GUI thread
    gaps = [b - a for a, b in zip(ticks, ticks[1:], strict=False)]
    assert len(ticks) > 10 and max(gaps) < 0.15  # the 0.3 s block never reached the window
    with qtbot.wait_signal(ctx.assistant.idle, timeout=500):
        ctx.assistant.stop()
    assert blocking.cancelled and blocking.closed and not ctx.assistant.busy


def test_a_stop_before_the_workers_loop_exists_runs_nothing() -> None:
    worker = AssistantWorker()
    ran: list[bool] = []

    async def work() -> None:
        ran.append(True)

    worker.stop()
    worker.run(work)
    assert ran == []


def test_streamed_text_is_posted_in_batches_and_before_each_change(
        ctx: WindowContext) -> None:
    from app.events import Change, Kind, events
    from ui.shared.assistant import ChunkBatch

    posted: list[str] = []
    ctx.bridge.changed.connect(lambda changes: posted.extend(f"change {c.kind}" for c in changes))
    batch = ChunkBatch(lambda text: posted.append(text), interval_s=60.0)
    remove = ctx.bridge.before_change(batch.flush)
    for text in ("a", "b", "c"):
        batch.add(text)
    assert posted == ["a"]  # the first at once, the rest gathered
    events.emit(Change(Kind.ASSISTANT_STARTED, 1, "plan"))
    remove()
    assert posted == ["a", "bc", "change assistant_started"]


def test_no_http_warm_up_without_a_model_server(db: Path, monkeypatch: pytest.MonkeyPatch
                                                ) -> None:
    """Issue 15 memory: the offline provider (the default) needs no HTTP stack, keyring or
    TLS context at start-up (~19 MiB); a configured server gets them warmed up."""
    from app.config import settings
    from app.llm import http
    from ui.shared.assistant import warm_up

    warmed: list[bool] = []
    monkeypatch.setattr(http, "warm_up", lambda: warmed.append(True))
    warm_up()
    assert warmed == []
    settings.put("assistant.provider", "openai")
    warm_up()
    assert warmed == [True]


@pytest.mark.timeout(60)
def test_warm_up_leaves_loop(tmp_path: Path) -> None:
    """With a model server the warm-up loads the HTTP stack, not the assistant's loop
    (~14 MiB): the first run imports that in its worker."""
    import subprocess
    import sys

    code = ("import sys; from models import open_database; from app.config import settings; "
            f"open_database({str(tmp_path / 's.db')!r}); "
            "settings.put('assistant.provider', 'openai'); "
            "from ui.shared.assistant import warm_up; warm_up(); "
            "print(sorted(m for m in ('httpx2', 'keyring', 'app.agent.loop') "
            "if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=50, cwd=Path(__file__).resolve().parents[3],
                          env={**os.environ, "STEPWISE_DATA_DIR": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[0] == "['httpx2', 'keyring']"


@pytest.mark.timeout(60)
def test_offline_run_own_process(ctx: WindowContext, qtbot: QtBot) -> None:
    """Issue 26 item 1: F5 with the offline planner plans in another process; the window
    hears its outcomes and changes as from a thread."""
    import os

    from app.agent import worker_process
    from app.events import Kind
    from models import Task

    task_id = int(add_task(NewTask(title="Renew passport by Friday")).id)
    outcomes: list[int] = []
    ctx.assistant.outcome.connect(lambda task, *_: outcomes.append(task))
    kinds: list[str] = []
    ctx.bridge.changed.connect(lambda changes: kinds.extend(c.kind for c in changes))
    try:
        with qtbot.wait_signal(ctx.assistant.idle, timeout=30_000):
            ctx.assistant.run_until_idle()
        child = worker_process._warm
        assert child is not None and child.process.pid not in (None, os.getpid())
        assert task_id in outcomes and Kind.PLAN_SAVED in kinds
        assert Task.get_by_id(task_id).status != "new"
    finally:
        worker_process.shut_down()
