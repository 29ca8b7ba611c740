"""PyInstaller run-time hook for PySide6 that does not import Qt (replaces the stock one).

The stock hook imports ``PySide6.QtCore`` at start-up to register an embedded qt.conf.
PySide6 from PyPI registers that qt.conf itself when QtCore is first imported (with the
prefix next to its own package, which in the bundle is ``_internal/PySide6/Qt``), so
nothing is lost by leaving Qt alone until the app imports it: commands that never touch
Qt start faster, and the window path checks Qt's system libraries (``ui.window.syscheck``)
before anything of Qt is loaded.

QT_PLUGIN_PATH is not set either: it would leak into every program Stepwise starts
(a browser, a mail client) and point their own Qt at our plugins.
"""


def _pyi_rthook() -> None:
    import os
    import sys

    base = sys._MEIPASS  # type: ignore[attr-defined]
    if sys.platform.startswith("win"):
        # QtNetwork looks for OpenSSL DLLs on PATH
        os.environ["PATH"] = base + os.pathsep + os.environ.get("PATH", "")
    elif sys.platform == "darwin":
        in_app = os.path.basename(os.path.dirname(base)) == "Contents"
        if not in_app:  # a plain folder build: let QtNetwork find the bundled OpenSSL
            os.environ["DYLD_LIBRARY_PATH"] = base + os.pathsep + os.environ.get(
                "DYLD_LIBRARY_PATH", "")


_pyi_rthook()
del _pyi_rthook
