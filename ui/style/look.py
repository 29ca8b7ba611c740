"""How the window looks: Fusion style, light or dark (following the system by default),
switched live both ways (every widget repolished and repainted), and a font list whose
fallbacks cover Chinese text (Noto CJK) where the system has it.

Asking the system whether it is dark returns a ``Qt.ColorScheme``, and PySide6 builds
the whole ``Qt`` namespace's enums the first time one is used (~15 ms, a quarter of
what the first frame costs beyond a bare window). So the first frame takes the answer
the last start got, kept in QSettings; the look applied after the first paint asks the
system and keeps the answer. Only a system switched between two starts shows the first
frame in the old colours, for the fraction of a second until then.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QFont, QFontDatabase, QPalette
from PySide6.QtWidgets import QApplication, QWidget

FAMILIES = ["Noto Sans", "DejaVu Sans", "Segoe UI", "Helvetica Neue",
            "Noto Sans CJK SC", "Noto Sans SC", "Microsoft YaHei", "PingFang SC",
            "WenQuanYi Micro Hei"]
STORE = ("stepwise", "look")
SYSTEM_DARK = "system_dark"


def wants_dark(app: QApplication, choice: str, *, remembered: bool = False) -> bool:
    """Whether ``choice`` (system, light or dark) means dark now; with ``remembered``,
    "system" is answered as the last start found it (when one did)."""
    if choice in ("light", "dark"):
        return choice == "dark"
    if remembered:
        last = QSettings(*STORE).value(SYSTEM_DARK)
        if last is not None:
            return str(last).lower() == "true"
    return system_dark(app)


def system_dark(app: QApplication) -> bool:
    """Whether the system's colour scheme is dark (kept for the next first frame)."""
    from PySide6.QtCore import Qt

    dark = app.styleHints().colorScheme() == Qt.ColorScheme.Dark
    store = QSettings(*STORE)
    if str(store.value(SYSTEM_DARK)).lower() != str(dark).lower():
        store.setValue(SYSTEM_DARK, dark)
    return dark


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


INDICATOR_WINDOW = "#7e8695"  # Fusion outlines a box in Window.darker(140): #5a5f6a


def indicator_palette(palette: QPalette) -> QPalette:
    """The dark palette for check boxes and radio buttons: Fusion draws their box's edge
    in the Window colour made 40 % darker, which on the dark Base is no edge at all (an
    unticked "Sat" was a dark square on a dark dialog). Their Window colour is only that
    edge's source: they paint no background of their own."""
    out = QPalette(palette)
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        out.setColor(group, QPalette.ColorRole.Window, QColor(INDICATOR_WINDOW))
    return out


def apply_look(app: QApplication, choice: str | None = None, *,
               remembered: bool = False) -> None:
    """Style, palette and fonts; ``choice`` is system, light or dark (the setting);
    ``remembered`` as ``wants_dark`` takes it (the first frame's)."""
    if choice is None:
        choice = _setting_or_system()
    app.setStyle("Fusion")
    dark = wants_dark(app, choice, remembered=remembered)
    palette = resolved(dark_palette() if dark else app.style().standardPalette())
    app.setPalette(palette)
    for name in ("QAbstractItemView", "QTableView", "QHeaderView"):  # a desktop theme may
        app.setPalette(palette, name)  # type: ignore[arg-type]  # the stub says bytes; str works
    indicators = indicator_palette(palette) if dark else palette
    for name in ("QCheckBox", "QRadioButton"):
        app.setPalette(indicators, name)  # type: ignore[arg-type]
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
    widgets = app.allWidgets()
    if not widgets:
        return  # the first look, before any window: nothing to touch ``Qt`` for
    from PySide6.QtCore import Qt

    for widget in sorted(widgets, key=_depth):
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
