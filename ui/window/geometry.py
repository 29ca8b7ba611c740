"""Where the window was left: its place and size, and whether it was maximised, kept in
the window's QSettings for the first frame and the main window to take on the next
start. Light on purpose: the first frame imports it before anything else loads."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow

STORE = ("stepwise", "window")


def save_geometry(window: QMainWindow) -> None:
    """Keep the window's place, size and maximised state (call while it is shown)."""
    store = QSettings(*STORE)
    store.setValue("geometry", window.saveGeometry())
    store.setValue("maximized", window.isMaximized())


def restore_geometry(window: QMainWindow) -> None:
    """Put a window where the last one was left, maximised if it was. The flag is kept
    beside Qt's geometry because a window manager may not report "maximised" back in
    the geometry of a window that was just shown."""
    store = QSettings(*STORE)
    saved = store.value("geometry")
    if saved is not None:
        window.restoreGeometry(saved)
    if str(store.value("maximized", "false")).lower() == "true":
        from PySide6.QtCore import Qt  # only here: its enums cost the first paint ~15 ms

        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)
