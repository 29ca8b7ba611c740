"""The view onto the plan canvas: zoom, pan, and the graph's own keys.

``GraphView`` zooms with Ctrl+wheel (between ``MIN_ZOOM`` and ``MAX_ZOOM``), fits a
plan without enlarging it past life size, pans when the background is dragged, and
lets its own keys (Delete, F, undo, redo, zoom) win over window-wide shortcuts while
it has focus.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QMouseEvent, QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

STEP_ZOOM = 1.2
MIN_ZOOM, MAX_ZOOM = 0.02, 4.0
KeyMap = list[tuple[QKeySequence, Callable[[], None]]]


class GraphView(QGraphicsView):
    """The graphics view: Ctrl+wheel zooms, dragging the background pans, and its own
    keys (Delete, F, undo, redo, zoom) win over window-wide shortcuts while it has focus."""

    zoom_requested = Signal(float)  # Ctrl+wheel: zoom by this factor

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.keys: KeyMap = []
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
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
        """Show all of ``rect``; never larger than life size."""
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        if self.zoom() > 1.0 or self.zoom() < MIN_ZOOM:
            self.resetTransform()
            self.zoom_by(min(1.0, max(MIN_ZOOM, self.zoom())))
            self.centerOn(rect.center())

    def _action_for(self, event: QKeyEvent) -> Callable[[], None] | None:
        pressed = QKeySequence(event.keyCombination())
        for sequence, action in self.keys:
            if sequence.matches(pressed) == QKeySequence.SequenceMatch.ExactMatch:
                return action
        return None

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            if self._action_for(event) is not None:
                event.accept()
                return True
        return super().event(event)

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
