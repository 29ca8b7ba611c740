"""The window measurements ``bench_window`` runs, one process each (``python window_probe.py``).

Modes (the display comes from the environment: ``DISPLAY`` with ``QT_QPA_PLATFORM=xcb``):

``bare``
    A bare PySide6 ``QMainWindow`` (1280 × 800): the baseline start-up.
``start DB [--wait-loaded]``
    What ``ui.window.app.run_window`` does up to the first paint on the database ``DB``: logging,
    ``make_application``, the single-instance check, ``first_frame`` (the lean first
    page), ``show_painted``, then the local server. With ``--wait-loaded`` it goes on as
    ``run_window`` does (``wire``: the store, the qasync loop, the context, the main
    window; ``hand_over``) and waits for the task list's ``loaded`` signal.
``stream DB PORT TOKENS``
    The window on ``DB`` (100,000 tasks), the assistant set to the paced server on
    ``PORT``: wait until the list has loaded, scroll through every page of it and read
    the RSS; time one reload's GUI-thread part; select the first task and call
    ``ctx.assistant.regenerate`` on it while a 5 ms timer records its gaps and the list
    scrolls every 50 ms, until ``TOKENS`` chunks have arrived (the first reply: it is no
    plan, so the assistant would ask again), then stop the assistant. A watchdog thread
    samples the GUI thread's stack during stalls.
``memory DB``
    The window as ``run_window`` opens it on ``DB`` (100,000 tasks; the default, offline
    provider), its background started; once the list has loaded and been scrolled
    through and the page reads are done, the RSS and which of the HTTP/assistant
    modules are loaded.
``plan DB TASK…``
    A ``PlanView`` (1000 × 700) shows each task's plan in turn (five rounds); each is
    timed from ``show_task`` until ``plan_shown`` and a forced repaint of the graph (in
    a slot of ``plan_shown``), and until the event loop is free again.

Both start-up modes print ``painted SECONDS`` (``time.perf_counter`` since the top of this
script) as soon as the window gets its first Paint event, and leave with ``os._exit`` once
that paint pass is over (or, with ``--wait-loaded``, after ``loaded SECONDS``). The other
modes print one line of JSON. Nothing here asserts: it measures and reports.
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()

# ruff: noqa: E402 - the clock above must start before any import
import json
import os
import sys
from pathlib import Path
from typing import Any

TIMER_MS = 5
SCROLL_MS = 50
STREAM_TIMEOUT_S = 60.0
PLAN_ROUNDS = 5
LOAD_TIMEOUT_S = 60.0


def since_start() -> float:
    return time.perf_counter() - STARTED


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def leave(code: int = 0) -> None:
    """Exit at once: no teardown of Qt, the loop or the store is timed or waited for."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def rss_mib() -> tuple[float, float]:
    """This process's resident set and its peak (VmRSS, VmHWM), in MiB."""
    fields: dict[str, float] = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0]) / 1024
    return fields["VmRSS"], fields["VmHWM"]


# --- start-up ---------------------------------------------------------------------------

PHASES: list[tuple[str, float]] = []


def mark(phase: str) -> None:
    """The end of a start-up phase (seconds since the top of the script)."""
    PHASES.append((phase, since_start()))


def bare() -> None:
    from PySide6.QtWidgets import QApplication, QMainWindow

    mark("imports")
    app = QApplication(sys.argv[:1])
    mark("application")
    window = QMainWindow()
    window.setWindowTitle("bare")
    window.resize(1280, 800)
    watch_first_paint(window, wait_loaded=False)
    mark("window")
    window.show()
    mark("show")
    app.exec()


def start(db: Path, wait_loaded: bool) -> None:
    from app.config import paths
    from ui.window.app import (
        first_frame,
        hand_over,
        listen_for_second_launch,
        make_application,
        raise_running_instance,
        setup_logging,
        show_painted,
        wire,
    )

    mark("imports")
    paths.configure(db=str(db))
    setup_logging()
    app = make_application()
    if raise_running_instance():
        raise SystemExit("another Stepwise answered on this database")
    mark("application")
    frame = first_frame(app)
    shown: list[object] = [frame]
    watch_first_paint(frame, wait_loaded=wait_loaded)
    mark("first frame")
    show_painted(app, frame)  # leaves here unless waiting for the list
    server = listen_for_second_launch(lambda: shown[0])
    later: list[tuple[str, float]] = []
    loop, _ctx, window = wire(app)
    later.append(("wired", since_start()))
    shown[0] = window

    def on_loaded(count: int) -> None:
        say(f"loaded {since_start():.6f} {count}")
        say("later " + json.dumps(later + [("loaded", since_start())]))
        leave()

    window.tasks.model.loaded.connect(on_loaded)
    with loop:
        hand_over(frame, window)
        later.append(("shown", since_start()))
        loop.run_forever()
    server.close()


def watch_first_paint(window: Any, *, wait_loaded: bool) -> None:
    """Print the time of the window's first Paint event, then the phases before it; leave
    once that paint pass is over (unless waiting for the list)."""
    from PySide6.QtCore import QEvent, QObject, QTimer

    class FirstPaint(QObject):
        seen = False

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint and not self.seen:
                self.seen = True
                painted = since_start()
                say(f"painted {painted:.6f}")
                say("phases " + json.dumps(PHASES + [("paint", painted)]))
                if not wait_loaded:
                    QTimer.singleShot(0, leave)  # after this paint pass and its flush
            return False

    watcher = FirstPaint(window)
    window.installEventFilter(watcher)


# --- shared by the in-window modes --------------------------------------------------------

def open_window(db: Path, settings: dict[str, object] | None = None) -> tuple[Any, Any, Any]:
    """The application, the qasync loop and the main window on ``db``, shown; ``settings``
    are saved first, as if chosen in an earlier session."""


    from app.config import paths
    from app.config import settings as stored
    from models import open_database
    from ui.window.app import apply_preferences, build_window, make_application

    paths.configure(db=str(db))
    app = make_application()
    open_database(paths.db_path())
    for key, value in (settings or {}).items():
        stored.put(key, value)
    apply_preferences(app)
    loop, _ctx, window = build_window(app)
    window.show()
    settle_heap()
    return app, loop, window


def settle_heap() -> None:
    """What ui.window.app.run_window does once the window is built (its settle_heap)."""
    from ui.window.app import settle_heap as settle

    settle()


async def signal_once(signal: Any, timeout_s: float) -> Any:
    """Wait for one emission of a Qt signal; its first argument (None without one)."""
    import asyncio

    future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()

    def fire(*args: Any) -> None:
        if not future.done():
            future.set_result(args[0] if args else None)

    signal.connect(fire)
    try:
        return await asyncio.wait_for(future, timeout_s)
    finally:
        signal.disconnect(fire)


def run_main(loop: Any, coro: Any) -> None:
    """Run ``coro`` on the qasync loop, print its JSON and leave."""
    with loop:
        result = loop.run_until_complete(coro)
    say(json.dumps(result))
    leave()


# --- streaming while scrolling, and memory -------------------------------------------------

class StallSampler:
    """A watchdog thread: while the GUI thread's 5 ms timer is late by more than
    ``threshold_s``, it samples the GUI thread's Python stack every 2 ms (where a stall
    spends its time). It only reads a clock and sleeps otherwise."""

    def __init__(self, threshold_s: float = 0.025) -> None:
        import threading

        self.threshold_s = threshold_s
        self.last_tick = time.perf_counter()
        self.samples: dict[str, int] = {}
        self.workers: dict[str, int] = {}  # other threads' stacks during the stalls
        self._gui = threading.get_ident()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="stall-sampler", daemon=True)

    def tick(self, now: float) -> None:
        self.last_tick = now

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _watch(self) -> None:
        import threading

        while not self._stop.wait(0.002):
            if time.perf_counter() - self.last_tick > self.threshold_s:
                frames = sys._current_frames()
                frame = frames.get(self._gui)
                if frame is not None:
                    key = where(frame)
                    self.samples[key] = self.samples.get(key, 0) + 1
                for ident, other in frames.items():  # what holds the GIL meanwhile
                    if ident not in (self._gui, threading.get_ident()):
                        key = "[worker] " + where(other)
                        self.workers[key] = self.workers.get(key, 0) + 1

    def top(self, count: int = 4, workers: bool = False) -> list[tuple[str, int]]:
        """The project frames seen most often during stalls, each with its samples (2 ms
        each) and the innermost frame seen most often under them; with ``workers``, those
        of the other threads at the same moments."""
        by_ours: dict[str, dict[str, int]] = {}
        for key, seen in (self.workers if workers else self.samples).items():
            ours, _, inner = key.partition(" ⇒ ")
            under = by_ours.setdefault(ours, {})
            under[inner] = under.get(inner, 0) + seen
        ranked = sorted(by_ours.items(), key=lambda item: -sum(item[1].values()))[:count]
        found = []
        for ours, under in ranked:
            inner = max(under, key=under.__getitem__)
            found.append((ours + (f" ⇒ mostly {inner}" if inner else ""),
                          sum(under.values())))
        return found


def where(frame: Any) -> str:
    """The innermost three frames of the project (app/, ui/, models/), then ``⇒`` and the
    innermost frame of all when it is not the project's:
    ``ui/x.py:12 f → app/y.py:40 g ⇒ ssl.py:770 create_default_context``."""
    import traceback

    stack = traceback.extract_stack(frame)
    root = str(Path(__file__).resolve().parents[1]) + "/"

    def ours(filename: str) -> bool:
        return filename.startswith(root) and not filename.startswith((root + ".venv/",
                                                                      root + "bench/"))

    def short(entry: traceback.FrameSummary) -> str:
        name = entry.filename
        if ours(name):
            name = name[len(root):]
        elif "site-packages/" in name:
            name = name.split("site-packages/", 1)[1]
        else:
            name = Path(name).name
        return f"{name}:{entry.lineno} {entry.name}"

    project = " → ".join(short(entry) for entry in stack if ours(entry.filename))
    inner = "" if ours(stack[-1].filename) else short(stack[-1])
    return f"{' → '.join(project.split(' → ')[-3:]) or '(the event loop)'} ⇒ {inner}"


def stream(db: Path, port: int, tokens: int) -> None:
    assistant: dict[str, object] = {"assistant.provider": "openai", "assistant.model": "m",
                                    "assistant.base_url": f"http://127.0.0.1:{port}/v1"}
    _app, loop, window = open_window(db, assistant)
    from ui.shared.assistant import warm_up

    warm_up()  # what run_window starts in a worker at launch: done before a user can click
    run_main(loop, _stream(window, tokens))


async def _stream(window: Any, tokens: int) -> dict[str, Any]:
    import asyncio

    began = time.perf_counter()
    count = await signal_once(window.tasks.model.loaded, LOAD_TIMEOUT_S)
    found: dict[str, Any] = {"tasks": count, "loaded_s": time.perf_counter() - began}
    found["scroll_s"] = _scroll_through(window.tasks.table, count)
    await asyncio.sleep(0.2)  # let anything queued by the scroll run
    found["rss_mib"], found["peak_mib"] = rss_mib()
    found["reset_s"] = _reset(window.tasks)
    await asyncio.sleep(0.2)
    task_id = window.tasks.model.task_id(0)
    shown = signal_once(window.plan_view.plan_shown, 10.0)
    window.tasks.select_task(task_id)  # as a user would before asking for a plan
    await shown
    found.update(await _timed_stream(window, task_id, tokens))
    found["end_rss_mib"], found["end_peak_mib"] = rss_mib()
    return found


def _scroll_through(table: Any, count: int) -> float:
    """Scroll from the top to the end, one page of rows (ui.tasks.model.PAGE) at a time,
    repainting each time, so every page is read once; the seconds it took."""
    bar = table.verticalScrollBar()
    started = time.perf_counter()
    for row in range(0, count, 200):
        bar.setValue(round(bar.maximum() * row / max(1, count - 1)))
        table.viewport().repaint()
    bar.setValue(bar.maximum())
    table.viewport().repaint()
    return time.perf_counter() - started


def _reset(panel: Any) -> float:
    """What a reload does on the GUI thread once the worker has read the ids (an array)
    and the pages in sight (``ui.tasks.list_view._load``)."""
    from array import array

    from ui.tasks.model import read_pages

    model, table = panel.model, panel.table
    ids = array("q", (model.task_id(row) for row in range(model.rowCount())))
    pages = read_pages(ids, [0, *model.visible_pages(table.rowAt(0),
                                                     table.rowAt(table.viewport().height()))])
    started = time.perf_counter()
    model.apply_ids(ids, None, pages)
    table.viewport().repaint()
    return time.perf_counter() - started


async def _timed_stream(window: Any, task_id: int, tokens: int) -> dict[str, Any]:
    """``regenerate`` the task's plan while a 5 ms timer ticks and the list scrolls, until
    ``tokens`` chunks have arrived (the first reply); then stop the assistant."""
    import asyncio

    from PySide6.QtCore import Qt, QTimer

    ctx, bar = window.ctx, window.tasks.table.verticalScrollBar()
    chunks: list[int] = []
    ticks: list[float] = []
    sampler = StallSampler()

    def tick() -> None:
        ticks.append(time.perf_counter())
        sampler.tick(ticks[-1])

    step = max(1, bar.maximum() // 400)
    scrolled = [0]

    def scroll() -> None:
        value = bar.value() - step  # back up the list, from the end it was left at
        bar.setValue(value if value >= 0 else bar.maximum())
        scrolled[0] += 1

    ctx.assistant.chunk.connect(lambda text: chunks.append(len(text)))
    ticker, scroller = QTimer(), QTimer()
    ticker.setTimerType(Qt.TimerType.PreciseTimer)
    ticker.setInterval(TIMER_MS)
    ticker.timeout.connect(tick)
    scroller.setInterval(SCROLL_MS)
    scroller.timeout.connect(scroll)
    tick()  # a stall before the first timer tick counts too
    ticker.start()
    scroller.start()
    sampler.start()
    started = time.perf_counter()
    ctx.assistant.regenerate(task_id)
    deadline = started + STREAM_TIMEOUT_S
    while len(chunks) < tokens and ctx.assistant.busy and time.perf_counter() < deadline:
        await asyncio.sleep(0.02)
    stream_s = time.perf_counter() - started
    ticker.stop()
    scroller.stop()
    sampler.stop()
    ctx.assistant.stop()
    gaps = [later - earlier for earlier, later in zip(ticks, ticks[1:], strict=False)]
    return {"stream_s": stream_s, "chunks": len(chunks), "chunk_chars": sum(chunks),
            "gaps_s": gaps, "stall_stacks": sampler.top(), "scroll_steps": scrolled[0],
            "scroll_rows": step}


# --- memory as a user opens the window ------------------------------------------------------

def memory(db: Path) -> None:
    """The window as ``run_window`` opens it (the default, offline provider: no model
    server configured), its background started; the list loaded and scrolled through."""
    _app, loop, window = open_window(db)
    from ui.window.app import start_background

    start_background(window.ctx, window)
    run_main(loop, _memory(window))


async def _memory(window: Any) -> dict[str, Any]:
    import asyncio

    count = await signal_once(window.tasks.model.loaded, LOAD_TIMEOUT_S)
    scroll_s = _scroll_through(window.tasks.table, count)
    await asyncio.sleep(0.5)  # the warm-up, the backup and the last page reads finish
    window.tasks.model.reader.wait_idle()
    await asyncio.sleep(0.2)  # the pages read are posted back and painted
    rss, peak = rss_mib()
    heavy = sorted(name for name in ("httpx2", "keyring", "ssl", "app.agent.loop")
                   if name in sys.modules)
    return {"tasks": count, "rss_mib": rss, "peak_mib": peak, "scroll_s": scroll_s,
            "loaded_modules": heavy}


# --- the plan view ----------------------------------------------------------------------------

def plan(db: Path, task_ids: list[int]) -> None:
    import asyncio

    import qasync

    from app.config import paths
    from models import open_database
    from ui.plan.view import PlanView
    from ui.shared.context import WindowContext
    from ui.window.app import apply_preferences, make_application

    paths.configure(db=str(db))
    app = make_application()
    open_database(paths.db_path())
    apply_preferences(app)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    ctx = WindowContext.create(app)
    view = PlanView(ctx)
    view.resize(1000, 700)
    view.show()
    run_main(loop, _plans(view, task_ids))


async def _plans(view: Any, task_ids: list[int]) -> dict[str, Any]:
    """Each plan shown ``PLAN_ROUNDS`` times: ``show_task`` → ``plan_shown``, where a slot
    repaints the graph's viewport at once; then until a zero timer fires (the loop is
    free again: the scene's own queued updates are done)."""
    import asyncio

    from PySide6.QtCore import QCoreApplication, QTimer

    from app.plan import editing as plan_editing

    parts: dict[str, float] = {}
    timed(plan_editing, "snapshot", "read", parts)  # in the worker thread
    timed(view, "_layout", "layout", parts)
    timed(view.scene, "show_plan", "scene", parts)
    waiting: dict[int, asyncio.Future[float]] = {}

    def on_shown(task_id: int) -> None:
        future = waiting.pop(task_id, None)
        if future is not None:
            painting = time.perf_counter()
            view.graphics.viewport().repaint()
            parts["repaint"] = time.perf_counter() - painting
            future.set_result(time.perf_counter())

    view.plan_shown.connect(on_shown)
    timings: dict[str, list[float]] = {str(t): [] for t in task_ids}
    settled: dict[str, list[float]] = {str(t): [] for t in task_ids}
    split: dict[str, list[dict[str, float]]] = {str(t): [] for t in task_ids}
    items: dict[str, int] = {}
    await asyncio.sleep(0.3)  # the window is mapped and painted once, empty
    for _ in range(PLAN_ROUNDS):
        for task_id in task_ids:
            view.show_task(0)
            QCoreApplication.processEvents()
            await asyncio.sleep(0.05)
            parts.clear()
            shown = asyncio.get_running_loop().create_future()
            waiting[task_id] = shown
            began = time.perf_counter()
            view.show_task(task_id)
            painted = await asyncio.wait_for(shown, 30.0)
            free = asyncio.get_running_loop().create_future()
            QTimer.singleShot(0, lambda f=free: f.set_result(time.perf_counter()))
            idle = await free
            timings[str(task_id)].append(painted - began)
            settled[str(task_id)].append(idle - began)
            split[str(task_id)].append(dict(parts))
            items[str(task_id)] = len(view.scene.items())
    return {"timings_s": timings, "settled_s": settled, "parts_s": split, "items": items}


def timed(owner: Any, name: str, label: str, into: dict[str, float]) -> None:
    """Replace ``owner.name`` with a wrapper adding its seconds to ``into[label]``."""
    original = getattr(owner, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        began = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            into[label] = into.get(label, 0.0) + time.perf_counter() - began

    setattr(owner, name, wrapper)


def main(argv: list[str]) -> None:
    mode = argv[0]
    if mode == "bare":
        bare()
    elif mode == "start":
        start(Path(argv[1]), "--wait-loaded" in argv[2:])
    elif mode == "stream":
        stream(Path(argv[1]), int(argv[2]), int(argv[3]))
    elif mode == "memory":
        memory(Path(argv[1]))
    elif mode == "plan":
        plan(Path(argv[1]), [int(a) for a in argv[2:]])
    elif mode == "edits":  # rename, one-click done, language switch (bench/window_edits.py)
        from window_edits import edits  # beside this script (its folder is on sys.path)

        edits(Path(argv[1]), int(argv[2]), open_window, run_main)
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
