"""Settings fits the screen it opens on, whatever that screen's size.

Each tab's page sits in a scroll area that asks for the page's whole size, so on a screen
with room every page shows whole, without a scroll bar; the dialog grows with the wrapped
messages it shows, but never past the screen's free height, and on a short screen (a
1024×700 laptop, 1366×768 at 125 %) its pages scroll instead, Save and Cancel always in
view. The screen is asked when the dialog is shown and each time it is fitted again.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, QSize, QTimer
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QLabel,
    QScrollArea,
    QStyle,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ui.settings import fields

# the window manager's title bar, before the dialog is shown and has one to measure
FRAME_ALLOWANCE = 40


class FittedScroll(QScrollArea):
    """A frameless scroll area that asks for its page's whole size (Qt's default caps a
    scroll area's size hint at 24 lines, which would scroll pages a large screen shows)."""

    def __init__(self, page: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.page = page
        holder = QWidget(self)  # the page at the top, as tall as it asks; space below it
        column = QVBoxLayout(holder)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(page)
        column.addStretch(1)
        self.setWidget(holder)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # the page's size changed: so does what this asks for
        return super().eventFilter(watched, event)

    def sizeHint(self) -> QSize:
        page = self.widget()
        if page is None:
            return super().sizeHint()
        # room for the vertical bar, so a short screen never adds a horizontal one too
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        hint = page.sizeHint()
        if page.hasHeightForWidth():  # wrapped lines: as tall as they are at its width
            width = self.viewport().width() if self.isVisible() else hint.width()
            hint.setHeight(page.heightForWidth(width))
        return QSize(hint.width() + bar, hint.height())


def tabbed(parent: QWidget, pages: list[tuple[QWidget, str]]) -> QTabWidget:
    """A tab for each (page, name), each page in a ``FittedScroll``."""
    tabs = QTabWidget(parent)
    for page, name in pages:
        tabs.addTab(FittedScroll(page, tabs), name)
    return tabs


def page_of(tabs: QTabWidget, index: int) -> QWidget | None:
    """The page shown in tab ``index`` (inside its scroll area), or None for no tab."""
    scroll = tabs.widget(index)
    return scroll.page if isinstance(scroll, FittedScroll) else scroll


def room(dialog: QWidget, area: QRect) -> QSize:
    """The largest the dialog may be in ``area``, its window frame left out."""
    frame = dialog.frameGeometry().size() - dialog.size()
    tall = frame.height() if frame.height() > 0 else FRAME_ALLOWANCE
    return QSize(area.width() - max(frame.width(), 0), area.height() - tall)


def fit_height(dialog: QWidget, messages: list[QLabel], area: QRect, *, grow: bool = True
               ) -> None:
    """Give each wrapped message the height its text needs at its width (form layouts do
    not ask wrapped labels for it, so a second line would be cut off), then, with
    ``grow``, the dialog the height its pages ask for; never more than ``area`` holds,
    and inside it."""
    for label in messages:
        if label.isVisible() and label.width() > 0 and not _in_page(label):
            label.setMinimumHeight(label.heightForWidth(label.width()))
    layout = dialog.layout()
    if layout is not None:
        layout.activate()
    most, hint, least = room(dialog, area), dialog.sizeHint(), dialog.minimumSizeHint()
    wanted = QSize(max(dialog.width(), least.width(), hint.width() if grow else 0),
                   max(dialog.height(), least.height(), hint.height() if grow else 0))
    width, height = min(wanted.width(), most.width()), min(wanted.height(), most.height())
    if (width, height) != (dialog.width(), dialog.height()):
        dialog.resize(width, height)
    if dialog.isVisible():
        _keep_inside(dialog, area)


def _in_page(label: QLabel) -> bool:
    """Whether ``label`` is on a scrolled page (whose layout gives it its height)."""
    widget = label.parentWidget()
    while widget is not None and not isinstance(widget, FittedScroll):
        widget = widget.parentWidget()
    return widget is not None


def _keep_inside(dialog: QWidget, area: QRect) -> None:
    """Move the dialog up or left so its frame lies inside ``area``."""
    frame = dialog.frameGeometry()
    x = max(area.left(), min(frame.left(), area.right() + 1 - frame.width()))
    y = max(area.top(), min(frame.top(), area.bottom() + 1 - frame.height()))
    if (x, y) != (frame.left(), frame.top()):
        dialog.move(x, y)


class FittedDialog(QDialog):
    """A dialog with inline messages that fits its screen (see the module's docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.area: QRect | None = None  # the area to fit; None: the screen's free area
        self._messages: list[QLabel] = []
        self._fit_timer = QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.timeout.connect(self.fit_screen)

    def message_label(self, name: str, error: bool = True) -> QLabel:
        """A hidden, wrapped, plain-text message line the dialog makes room for."""
        label = fields.message_label(self, name, error=error)
        self._messages.append(label)
        return label

    def set_message(self, label: QLabel, text: str) -> None:
        """Show (or, with no text, hide) an inline message."""
        label.setText(text)
        label.setVisible(bool(text))
        self._fit_timer.start(0)  # once the layout has given the label its width

    def fit_screen(self, grow: bool = True) -> None:
        """Fit the dialog to ``area``, or to the free area of the screen it is on; with
        ``grow``, as tall as its pages ask."""
        fit_height(self, self._messages, self.area or self.screen().availableGeometry(),
                   grow=grow)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # a page grew or shrank
            self._fit_timer.start(0)
        return super().event(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit_timer.start(0)  # the frame and the screen are known now

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_screen(grow=False)  # a person may make it shorter: its pages scroll
