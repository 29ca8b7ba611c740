"""The step keys, one table for every view that shows steps (the graph and the outline).

A view gives what its current step is and how it renames and deletes; the keys are the
ones ``ui.plan.step_actions`` shows in the step menu (``KEYS``), plus Space, which ticks
the current step as Ctrl+Return does. ``KeyFilter`` lets a view's keys win over the
window's shortcuts while it has focus, so a key shown in a menu does what the menu says
in the view you are in. ``next_in_direction`` is the graph's arrow-key walk.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QWidget

from ui.plan.step_actions import KEYS, StepActions, StepRef, move_allowed

KeyMap = list[tuple[QKeySequence, Callable[[], None]]]
Current = Callable[[], StepRef | None]
Point = tuple[float, float]


def action_for(keys: KeyMap, event: QKeyEvent) -> Callable[[], None] | None:
    """The action bound to the key pressed (None: not one of ``keys``)."""
    pressed = QKeySequence(event.keyCombination())
    for sequence, action in keys:
        if sequence.matches(pressed) == QKeySequence.SequenceMatch.ExactMatch:
            return action
    return None


def step_keys(actions: StepActions, current: Current, *, rename: Callable[[StepRef], None],
              delete: Callable[[], None],
              tick: Callable[[StepRef], None] | None = None) -> KeyMap:
    """The step menu's keys, acting on ``current()`` (nothing when there is none);
    ``tick`` is what Ctrl+Return and Space do (``StepActions.toggle_done`` unless the
    view draws the tick first)."""
    def on_current(do: Callable[[StepRef], None]) -> Callable[[], None]:
        def run() -> None:
            ref = current()
            if ref is not None:
                do(ref)
        return run

    def move(action: str) -> Callable[[StepRef], None]:
        def run(ref: StepRef) -> None:
            if move_allowed(ref, action):  # the menu greys out what it does not allow
                actions.move(ref, action)
        return run

    seq = QKeySequence
    ticked = on_current(tick or actions.toggle_done)
    return [
        (seq(KEYS["done"]), ticked),
        (seq("Ctrl+Enter"), ticked),
        (seq(Qt.Key.Key_Space), ticked),
        (seq(KEYS["start"]), on_current(move("start"))),
        (seq(KEYS["skip"]), on_current(move("skip"))),
        (seq(KEYS["retry"]), on_current(move("retry"))),
        (seq(KEYS["rename"]), on_current(rename)),
        (seq(KEYS["add_after"]), on_current(actions.add_after)),
        (seq(KEYS["add_inside"]), on_current(actions.add_inside)),
        (seq(KEYS["delete"]), delete),
    ]


def in_editor(widget: QWidget) -> bool:
    """Whether the keyboard is in an editor inside ``widget`` (a rename over it), whose
    keys reach ``widget`` only when the editor passes them up."""
    focused = QApplication.focusWidget()
    return focused is not None and focused is not widget and widget.isAncestorOf(focused)


class KeyFilter(QObject):
    """Gives ``keys`` to the widget it watches first, before the window's shortcuts;
    keys typed into an editor over it (a rename) stay the editor's."""

    def __init__(self, watched: QObject, keys: KeyMap) -> None:
        super().__init__(watched)
        self.keys = keys
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) \
                or not isinstance(event, QKeyEvent):
            return False
        if isinstance(watched, QWidget) and in_editor(watched):
            return False
        action = action_for(self.keys, event)
        if action is None:
            return False
        event.accept()
        if kind == QEvent.Type.KeyPress:
            action()
        return True


def next_in_direction(centres: dict[str, Point], start: str, key: Qt.Key) -> str | None:
    """The nearest step from ``start`` in the arrow's direction (None: none that way).

    A step counts when it lies within 60° of the direction; the nearest wins, distance
    across the direction weighing twice (so Right stays in the row when it can).
    """
    dx, dy = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0),
              Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}[key]
    x0, y0 = centres[start]
    best: tuple[float, str] | None = None
    for sid, (x, y) in centres.items():
        along = (x - x0) * dx + (y - y0) * dy
        across = abs((x - x0) * dy - (y - y0) * dx)
        if sid == start or along <= 0 or across > along * 1.74:  # tan 60°
            continue
        score = along + 2 * across
        if best is None or score < best[0]:
            best = (score, sid)
    return None if best is None else best[1]
