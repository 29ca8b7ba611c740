"""How the window looks: Fusion style, light or dark (following the system by default),
switched live both ways (every widget repolished and repainted), and a font list whose
fallbacks cover Chinese text (Noto CJK) where the system has it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QFontDatabase, QPalette
from PySide6.QtWidgets import QApplication, QWidget

FAMILIES = ["Noto Sans", "DejaVu Sans", "Segoe UI", "Helvetica Neue",
            "Noto Sans CJK SC", "Noto Sans SC", "Microsoft YaHei", "PingFang SC",
            "WenQuanYi Micro Hei"]


def wants_dark(app: QApplication, choice: str) -> bool:
    if choice in ("light", "dark"):
        return choice == "dark"
    return app.styleHints().colorScheme() == Qt.ColorScheme.Dark


def dark_palette() -> QPalette:
    palette = QPalette()
    colours = {
        QPalette.ColorRole.Window: "#23262b", QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#1b1d21", QPalette.ColorRole.AlternateBase: "#262a30",
        QPalette.ColorRole.Text: "#e6e6e6", QPalette.ColorRole.Button: "#2d3137",
        QPalette.ColorRole.ButtonText: "#e6e6e6", QPalette.ColorRole.Highlight: "#3d7bd9",
        QPalette.ColorRole.HighlightedText: "#ffffff", QPalette.ColorRole.ToolTipBase: "#2d3137",
        QPalette.ColorRole.ToolTipText: "#e6e6e6", QPalette.ColorRole.PlaceholderText: "#8a8f98",
        QPalette.ColorRole.Link: "#6ea8fe",
        # Fusion draws frames, check boxes and separators from these: keep them visible
        QPalette.ColorRole.Light: "#4a4f57", QPalette.ColorRole.Midlight: "#3a3e45",
        QPalette.ColorRole.Mid: "#5a606a", QPalette.ColorRole.Dark: "#15171a",
        QPalette.ColorRole.Shadow: "#0b0c0e", QPalette.ColorRole.BrightText: "#ffffff",
    }
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText,
                 QPalette.ColorRole.WindowText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#6b7078"))
    return palette


def apply_look(app: QApplication, choice: str | None = None) -> None:
    """Style, palette and fonts; ``choice`` is system, light or dark (the setting)."""
    if choice is None:
        choice = _setting_or_system()
    app.setStyle("Fusion")
    dark = wants_dark(app, choice)
    palette = resolved(dark_palette() if dark else app.style().standardPalette())
    app.setPalette(palette)
    for name in ("QAbstractItemView", "QTableView", "QHeaderView"):  # a desktop theme may
        app.setPalette(palette, name)  # type: ignore[arg-type]  # the stub says bytes; str works
    app.setProperty("stepwise_dark", dark)
    repolish(app)
    font = QFont(app.font())
    available = set(QFontDatabase.families())
    families = [f for f in FAMILIES if f in available]
    if families:
        font.setFamilies(families)
    app.setFont(font)


def resolved(palette: QPalette) -> QPalette:
    """The palette with every colour set explicitly. Fusion's standard (light) palette
    sets none, so applied after the dark one it would leave the children of item views
    (scroll bars, check boxes, tab scrollers) with the dark colours they inherited."""
    out = QPalette()
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive,
                  QPalette.ColorGroup.Disabled):
        for role in QPalette.ColorRole:
            if role != QPalette.ColorRole.NColorRoles:
                out.setBrush(group, role, palette.brush(group, role))
    return out


def repolish(app: QApplication) -> None:
    """Every widget takes the new palette now, parents before children, then repaints.

    Qt does not pass a palette change on to a widget marked as styled by a style sheet
    (``WA_StyleSheet``), nor to anything below it: a widget with a style sheet is polished
    again, and one only marked (the task list's panel, once its tab bar had one) has its
    palette resolved afresh, so its labels and fields stop keeping the old theme's ink."""
    for widget in sorted(app.allWidgets(), key=_depth):
        if widget.styleSheet():
            widget.setStyleSheet(widget.styleSheet())  # polished again, with the palette
        elif widget.testAttribute(Qt.WidgetAttribute.WA_StyleSheet):
            widget.setPalette(QPalette())  # nothing of its own: the new one, inherited
        widget.update()


def _depth(widget: QWidget) -> int:
    depth, parent = 0, widget.parentWidget()
    while parent is not None:
        depth, parent = depth + 1, parent.parentWidget()
    return depth


def _setting_or_system() -> str:
    try:
        from app.config import settings

        return str(settings.get("ui.theme"))
    except Exception:  # noqa: BLE001 - no database yet: follow the system
        return "system"
