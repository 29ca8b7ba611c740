"""The ``edits`` mode of ``window_probe.py``: editing in place in the real window, timed
from the input to the repaint that shows its outcome (issue 11's targets).

On a 300-step plan (``plan_data.realistic_plan``, approved so its steps can be ticked
off), five rounds each of:

``rename``
    Enter in the graph's inline title editor (``ui.plan.inline_rename``) → the node drawn
    with the new title and the graph's viewport repainted (the figure with a target);
    and on to the plan saved as a new revision in a worker, read again and drawn
    (``rename_saved_s``).
``done``
    A click on a ready step's check circle → the node drawn as done and repainted; and on
    to the step saved in a worker and the plan read again and drawn (``done_saved_s``).
``drag``
    A link dragged from one node's handle and dropped onto a later step (the scene's
    ``link_started`` / ``link_released``, what the handle's mouse events call) → the
    new arrow drawn and the viewport repainted (issue 10: < 30 ms); and on to the edit
    saved in a worker and the saved plan drawn (``drag_saved_s``).
    Counted by instrumenting, per drop: validations (``app.plan.spec.validate`` calls),
    transactions and write transactions (``BEGIN`` on the store's connections, and
    whether a write ran in them), plan reads (``plan_editing.snapshot``), redraws
    (``plan_shown``) and SQL statements run on the GUI thread (the bridge's one-row
    ``PRAGMA data_version`` aside) until the loop is idle after it.
``language``
    ``ui.words.i18n.install`` of zh_CN, then en → every ``LanguageChange`` handled (the
    window's menus show the new language) and the window repainted.

Prints one line of JSON: ``{"rename_s": […], "rename_saved_s": […], "done_s": […],
"done_saved_s": […], "drag_s": […], "drag_saved_s": […], "drag_counts": [{…}, …],
"language_s": […]}``.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROUNDS = 5
SIZE = 300


def edits(db: Path, task_id: int, open_window: Callable[[Path], tuple[Any, Any, Any]],
          run_main: Callable[[Any, Any], None]) -> None:
    """Run the three measurements in ``window_probe``'s window (its helpers passed in)."""
    app, loop, window = open_window(db)
    run_main(loop, _edits(app, window, task_id))


async def _edits(app: Any, window: Any, task_id: int) -> dict[str, Any]:
    window.resize(1280, 800)
    window.tasks.reload()
    await _until(lambda: window.tasks.model.row_of(task_id) is not None)
    window.tasks.select_task(task_id)
    view = window.plan_view
    await _until(lambda: len(view.scene.nodes) >= SIZE // 2)
    out: dict[str, list[float]] = {"rename_s": [], "rename_saved_s": [], "done_s": [],
                                   "done_saved_s": [], "drag_s": [], "drag_saved_s": [],
                                   "language_s": []}
    for round_ in range(ROUNDS):
        shown, saved = await _rename(view, round_)
        out["rename_s"].append(shown)
        out["rename_saved_s"].append(saved)
    for _ in range(ROUNDS):
        shown, saved = await _done(view)
        out["done_s"].append(shown)
        out["done_saved_s"].append(saved)
    counts: list[dict[str, int]] = []
    for round_ in range(ROUNDS):
        shown, saved, tally = await _drag(view, round_)
        out["drag_s"].append(shown)
        out["drag_saved_s"].append(saved)
        counts.append(tally)
    for _ in range(ROUNDS):
        for language in ("zh_CN", "en"):
            out["language_s"].append(await _language(app, window, language))
    return {**out, "drag_counts": counts}


async def _until(check: Any, timeout_s: float = 30.0) -> None:
    deadline = time.perf_counter() + timeout_s
    while not check():
        if time.perf_counter() > deadline:
            raise TimeoutError("the window did not get there")
        await asyncio.sleep(0.005)


async def _repainted(view: Any, check: Any) -> float:
    """When ``check`` holds after a ``plan_shown``, repaint the viewport; the time then."""
    shown: asyncio.Future[float] = asyncio.get_running_loop().create_future()

    def on_shown(_task_id: int) -> None:
        if check() and not shown.done():
            view.graphics.viewport().repaint()
            shown.set_result(time.perf_counter())

    view.plan_shown.connect(on_shown)
    try:
        return await asyncio.wait_for(shown, 30.0)
    finally:
        view.plan_shown.disconnect(on_shown)


def _painted(view: Any, began: float) -> float:
    """Repaint the graph now; seconds from ``began`` until that paint is done."""
    view.graphics.viewport().repaint()
    return time.perf_counter() - began


async def _rename(view: Any, round_: int) -> tuple[float, float]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from ui.plan.inline_rename import InlineRename

    step_id = view.shown.order()[0]
    title = f"Renamed {round_}"
    view.step_commands.start_rename(step_id)
    editor = view.graphics.viewport().findChild(InlineRename)
    editor.setText(title)
    waiting = asyncio.ensure_future(_repainted(
        view, lambda: view.scene.nodes[step_id].data_.title == title))
    began = time.perf_counter()
    QTest.keyClick(editor, Qt.Key.Key_Return)
    assert view.scene.nodes[step_id].data_.title == title  # drawn before it is saved
    shown = _painted(view, began)
    return shown, await waiting - began


async def _done(view: Any) -> tuple[float, float]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from ui.plan.look import GLYPH_AT
    from ui.plan.step_actions import move_allowed

    step_id = next(sid for sid in view.shown.order() if sid in view.scene.nodes
                   and (ref := view.step_commands.ref(sid)) is not None
                   and move_allowed(ref, "done"))
    node = view.scene.nodes[step_id]
    view.graphics.resetTransform()  # life size, as a person clicks a circle they can see
    view.graphics.centerOn(node)
    at = view.graphics.mapFromScene(node.mapToScene(GLYPH_AT))
    waiting = asyncio.ensure_future(_repainted(
        view, lambda: view.scene.nodes[step_id].data_.status == "completed"))
    began = time.perf_counter()
    QTest.mouseClick(view.graphics.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, at)
    assert view.scene.nodes[step_id].data_.status == "completed"
    shown = _painted(view, began)
    return shown, await waiting - began


class _Tally:
    """Counts, while on, validations, transactions (and those that wrote), plan reads
    and redraws of the plan view, by wrapping what does them."""

    def __init__(self, view: Any) -> None:
        from app.plan import editing as plan_editing
        from app.plan import spec as planspec
        from models import database

        self.counts = dict.fromkeys(("validations", "transactions", "write_transactions",
                                     "reads", "redraws", "gui_statements"), 0)
        self._gui = threading.get_ident()  # made on the GUI thread
        self.on = False
        self._local = threading.local()
        self._lock = threading.Lock()
        self._wrap(planspec, "validate", "validations")
        self._wrap(plan_editing, "snapshot", "reads")
        begin, execute = database.begin, database.execute_sql

        def counted_begin(*args: Any, **kwargs: Any) -> Any:
            self._local.wrote = False
            self._add("transactions")
            return begin(*args, **kwargs)

        def counted_execute(sql: str, *args: Any, **kwargs: Any) -> Any:
            writes = sql.lstrip()[:7].upper().startswith(("INSERT", "UPDATE", "DELETE",
                                                          "REPLACE"))
            if writes and not getattr(self._local, "wrote", True):
                self._local.wrote = True
                self._add("write_transactions")
            if threading.get_ident() == self._gui and "data_version" not in sql:
                self._add("gui_statements")  # the bridge's PRAGMA data_version aside
            return execute(sql, *args, **kwargs)

        database.begin, database.execute_sql = counted_begin, counted_execute  # type: ignore[method-assign]
        view.plan_shown.connect(lambda _task_id: self._add("redraws"))

    def _add(self, key: str) -> None:
        if self.on:
            with self._lock:
                self.counts[key] += 1

    def _wrap(self, owner: Any, name: str, key: str) -> None:
        original = getattr(owner, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self._add(key)
            return original(*args, **kwargs)

        setattr(owner, name, counted)

    def take(self) -> dict[str, int]:
        counts, self.on = dict(self.counts), False
        self.counts = dict.fromkeys(self.counts, 0)
        return counts


_TALLY: list[_Tally] = []


async def _drag(view: Any, round_: int) -> tuple[float, float, dict[str, int]]:
    """Drop a link from an early node onto the last step; seconds to the new arrow drawn
    and repainted, to the saved plan drawn, and what the drop cost (``_Tally``) until
    the loop is idle again."""
    if not _TALLY:
        _TALLY.append(_Tally(view))
    tally = _TALLY[0]
    scene = view.scene
    order = [sid for sid in view.shown.order() if sid in scene.nodes]
    target = order[-1]
    source = next(sid for sid in order[round_:] if (sid, target) not in
                  {(e.source.step_id, e.target.step_id) for e in scene.edges}
                  and sid != target and not scene.parent_of(target) == sid)
    drop_at = scene.nodes[target].sceneBoundingRect().center()
    waiting = asyncio.ensure_future(_repainted(view, lambda: any(
        e.source.step_id == source and e.target.step_id == target for e in scene.edges)))
    await _zero_timer()
    tally.on = True
    began = time.perf_counter()
    scene.link_started(scene.nodes[source])
    scene.link_released(drop_at)
    assert any(e.source.step_id == source and e.target.step_id == target
               for e in scene.edges)  # drawn before it is saved
    shown = _painted(view, began)
    saved = await waiting - began
    await _zero_timer()
    await asyncio.sleep(0.1)  # late notices and reads would be counted too
    return shown, saved, tally.take()


async def _language(app: Any, window: Any, language: str) -> float:
    from PySide6.QtCore import QCoreApplication

    from ui.words import i18n

    before = window.menus["file"].title()
    began = time.perf_counter()
    i18n.install(app, language)
    QCoreApplication.processEvents()  # the LanguageChange events, delivered
    await _until(lambda: window.menus["file"].title() != before)
    await _zero_timer()  # the step details rebuild themselves in one
    window.repaint()
    return time.perf_counter() - began


async def _zero_timer() -> None:
    from PySide6.QtCore import QTimer

    fired: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    QTimer.singleShot(0, lambda: fired.set_result(None))
    await fired
