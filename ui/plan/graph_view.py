"""The view onto the plan canvas: zoom, pan, and the graph's own keys.

``GraphView`` zooms with Ctrl+wheel (between ``MIN_ZOOM`` and ``MAX_ZOOM``), fits a
plan without enlarging it past life size and without shrinking its text below the
interface font (a bigger plan scrolls), pans when the background is dragged, and
lets its own keys (Delete, F, undo, redo, zoom, the step keys) win over window-wide
shortcuts while it has focus. Tab and Shift+Tab walk the nodes (``tab_to``) before the
focus moves on to the next widget.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QMouseEvent, QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from ui.plan.keys import KeyMap, action_for, in_editor

STEP_ZOOM = 1.2
MIN_ZOOM, MAX_ZOOM = 0.02, 4.0
# A focused graph is framed, so where the keys go shows without a node selected.
FOCUS_STYLE = ("QGraphicsView#planGraph { border: 2px solid transparent; }"
               "QGraphicsView#planGraph:focus { border: 2px solid palette(highlight); }")


class GraphView(QGraphicsView):
    """The graphics view: Ctrl+wheel zooms, dragging the background pans, and its own
    keys (Delete, F, undo, redo, zoom) win over window-wide shortcuts while it has focus."""

    zoom_requested = Signal(float)  # Ctrl+wheel: zoom by this factor
    focus_changed = Signal(bool)  # the keyboard came (True) or went

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.keys: KeyMap = []
        self.readable_zoom = 1.0  # the zoom at which a node's text is the interface font
        self.tab_to: Callable[[bool], bool] | None = None  # Tab: to the next node?
        self.setObjectName("planGraph")
        self.setStyleSheet(FOCUS_STYLE)
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

    def zoom(self) -> float:
        """The scale shown (1.0: life size)."""
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        """Zoom by ``factor``, kept between ``MIN_ZOOM`` and ``MAX_ZOOM``."""
        target = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom() * factor))
        if self.zoom() > 0:
            self.scale(target / self.zoom(), target / self.zoom())

    def fit(self, rect: QRectF) -> None:
        """Show all of ``rect`` when it fits at a readable size, never larger than life
        size; a bigger plan is shown from its start at the readable size (it scrolls)."""
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        wanted = min(max(self.zoom(), self.readable_zoom), max(1.0, self.readable_zoom))
        self.resetTransform()
        self.zoom_by(wanted)
        seen = self.mapToScene(self.viewport().rect()).boundingRect()
        x = rect.center().x() if seen.width() >= rect.width() \
            else rect.left() + seen.width() / 2
        y = rect.center().y() if seen.height() >= rect.height() \
            else rect.top() + seen.height() / 2
        self.centerOn(QPointF(x, y))

    def _action_for(self, event: QKeyEvent) -> Callable[[], None] | None:
        if in_editor(self):
            return None  # passed up from an editor over the graph (a rename)
        return action_for(self.keys, event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            if self._action_for(event) is not None:
                event.accept()
                return True
        return super().event(event)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002 - Qt's names
        if self.hasFocus() and self.tab_to is not None and self.tab_to(next):
            return True  # Tab moved to another node; at the last one it leaves
        return super().focusNextPrevChild(next)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt's name
        super().focusInEvent(event)
        reason = event.reason()
        if reason in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason) \
                and self.tab_to is not None and not self.scene().selectedItems():
            self.tab_to(reason == Qt.FocusReason.TabFocusReason)  # a node, not just a frame
        self.focus_changed.emit(True)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt's name
        super().focusOutEvent(event)
        self.focus_changed.emit(False)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        action = self._action_for(event)
        if action is None:
            super().keyPressEvent(event)
            return
        event.accept()
        action()

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom_requested.emit(STEP_ZOOM ** (event.angleDelta().y() / 120))
            event.accept()
            return
        super().wheelEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        on_item = self.itemAt(event.position().toPoint()) is not None
        background = event.button() == Qt.MouseButton.LeftButton and not on_item
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag if background
                         else QGraphicsView.DragMode.NoDrag)
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
