"""The ``edits`` mode of ``window_probe.py``: editing in place in the real window, timed
from the input to the repaint that shows its outcome (issue 11's targets).

On a 300-step plan (``plan_data.realistic_plan``, approved so its steps can be ticked
off), five rounds each of:

``rename``
    Enter in the graph's inline title editor (``ui.inline_rename``) → the node drawn
    with the new title and the graph's viewport repainted (the figure with a target);
    and on to the plan saved as a new revision in a worker, read again and drawn
    (``rename_saved_s``).
``done``
    A click on a ready step's check circle → the node drawn as done and repainted; and on
    to the step saved in a worker and the plan read again and drawn (``done_saved_s``).
``language``
    ``ui.i18n.install`` of zh_CN, then en → every ``LanguageChange`` handled (the
    window's menus show the new language) and the window repainted.

Prints one line of JSON: ``{"rename_s": […], "rename_saved_s": […], "done_s": […],
"done_saved_s": […], "language_s": […]}``.
"""

from __future__ import annotations

import asyncio
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
                                   "done_saved_s": [], "language_s": []}
    for round_ in range(ROUNDS):
        shown, saved = await _rename(view, round_)
        out["rename_s"].append(shown)
        out["rename_saved_s"].append(saved)
    for _ in range(ROUNDS):
        shown, saved = await _done(view)
        out["done_s"].append(shown)
        out["done_saved_s"].append(saved)
    for _ in range(ROUNDS):
        for language in ("zh_CN", "en"):
            out["language_s"].append(await _language(app, window, language))
    return out


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

    from ui.inline_rename import InlineRename

    step_id = view.snapshot_order()[0]
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

    from ui.plan_items import GLYPH_AT
    from ui.step_actions import move_allowed

    step_id = next(sid for sid in view.snapshot_order() if sid in view.scene.nodes
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


async def _language(app: Any, window: Any, language: str) -> float:
    from PySide6.QtCore import QCoreApplication

    from ui import i18n

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
