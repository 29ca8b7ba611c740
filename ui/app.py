"""The GUI entry: QApplication with a qasync event loop, one running instance, the
main window, and a staged shutdown.

Start-up is a plain sequence: log, application, single instance, store, loop, window.
Shutdown is staged: Quit sets a flag, the window closes, running tasks are cancelled,
the HTTP clients and the database are closed, then the loop ends.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import sys
from logging.handlers import RotatingFileHandler
from types import TracebackType
from typing import Any

from PySide6.QtCore import QByteArray
from PySide6.QtNetwork import QLocalServer, QLocalSocket
from PySide6.QtWidgets import QApplication

from app import paths

log = logging.getLogger("stepwise")


def setup_logging() -> None:
    folder = paths.data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    handler = RotatingFileHandler(folder / "stepwise.log", maxBytes=1_000_000, backupCount=3,
                                  encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(handler)
    logging.getLogger().setLevel(logging.INFO)


def instance_name() -> str:
    """One running Stepwise per database: the local socket's name comes from its path."""
    digest = hashlib.sha1(str(paths.db_path().resolve()).encode()).hexdigest()[:12]
    return f"stepwise-{digest}"


def raise_running_instance() -> bool:
    """Ask a running Stepwise to show its window; True if one answered."""
    socket = QLocalSocket()
    socket.connectToServer(instance_name())
    if not socket.waitForConnected(300):
        return False
    socket.write(QByteArray(b"raise\n"))
    socket.waitForBytesWritten(300)
    socket.disconnectFromServer()
    return True


def make_application() -> QApplication:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("Stepwise")
    app.setOrganizationName("stepwise")
    app.setDesktopFileName("stepwise")  # Wayland and the desktop file find each other
    app.setQuitOnLastWindowClosed(False)  # the tray may keep it running
    from ui.look import apply_look

    apply_look(app)
    return app


def install_crash_handler() -> None:
    """A bug anywhere in the window is logged and shown with its traceback, not lost."""
    import traceback

    def on_exception(kind: type[BaseException], value: BaseException,
                     tb: TracebackType | None) -> None:
        report = "".join(traceback.format_exception(kind, value, tb))
        log.error("unhandled exception:\n%s", report)
        from ui.crash import show_crash

        show_crash(QApplication.activeWindow(), "Stepwise", report)

    sys.excepthook = on_exception


def apply_preferences(app: QApplication) -> None:
    """The theme and the language the settings ask for (the store is open)."""
    from app import settings
    from ui import i18n
    from ui.look import apply_look

    apply_look(app, str(settings.get("ui.theme")))
    i18n.install(app, str(settings.get("ui.language")))


def build_window(app: QApplication) -> tuple[Any, Any, Any]:
    """The qasync loop (set as the current loop), the shared context and the main window,
    not yet shown; the store must be open. Returns (loop, WindowContext, MainWindow)."""
    import qasync

    from ui.context import WindowContext
    from ui.main_window import MainWindow

    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    ctx = WindowContext.create(app)
    return loop, ctx, MainWindow(ctx)


def run_window() -> int:
    """Open the window and run until Quit; returns the exit code."""
    from models import open_database

    setup_logging()
    app = make_application()
    install_crash_handler()
    if raise_running_instance():
        log.info("another Stepwise is running; asked it to show its window")
        return 0
    open_database(paths.db_path())
    apply_preferences(app)
    loop, ctx, window = build_window(app)
    server = listen_for_second_launch(window)
    start_background(ctx, window)
    window.show()
    settle_heap()
    closed = asyncio.Event()
    app.aboutToQuit.connect(closed.set)
    with loop:
        loop.run_until_complete(closed.wait())
        loop.run_until_complete(shutdown(ctx))
    server.close()
    return 0


def settle_heap() -> None:
    """Move everything built at start-up out of the garbage collector's sight.

    The start-up objects (modules, widgets, the list's ids) live as long as the window;
    without this, each full collection walks them all again and pauses the window for
    tens of milliseconds (seen while a reply streams).
    """
    import gc

    gc.collect()
    gc.freeze()


def start_background(ctx: object, window: object) -> None:
    """Reminders kept in step with the tasks, the calendar sync, and the tray."""
    from app import reminders
    from ui.calendar_sync import CalendarSync
    from ui.main_window import MainWindow
    from ui.tray import Tray

    assert isinstance(window, MainWindow)
    reminders.keep_scheduled()
    window.calendar_sync = CalendarSync(window.ctx, window)  # type: ignore[attr-defined]
    if Tray.available():
        window.tray = Tray(window, window.reminder_center)  # type: ignore[attr-defined]
        window.tray.show()  # type: ignore[attr-defined]
    else:
        log.info("no system tray: closing the window quits; reminders show in the window")
    window.reminder_center.tick()  # missed while closed: at once
    from app import backups
    from ui.assistant_service import warm_up
    from ui.runner import in_thread

    window.ctx.runner.start(in_thread(warm_up), "warm up")
    window.ctx.runner.start(in_thread(backups.daily), "daily backup")


def listen_for_second_launch(window: object) -> QLocalServer:
    from PySide6.QtWidgets import QWidget

    server = QLocalServer()
    QLocalServer.removeServer(instance_name())
    server.listen(instance_name())

    def on_connection() -> None:
        connection = server.nextPendingConnection()
        if connection is not None:
            connection.close()
        if isinstance(window, QWidget):
            window.show()
            window.raise_()
            window.activateWindow()

    server.newConnection.connect(on_connection)
    return server


async def shutdown(ctx: object) -> None:
    """Cancel running work, close the HTTP clients and the database."""
    from app.calendar import worker
    from app.llm.http import close_clients
    from models import close_database

    runner = getattr(ctx, "runner", None)
    if runner is not None:
        await runner.cancel_all()
    bridge = getattr(ctx, "bridge", None)
    if bridge is not None:
        bridge.close()
    await close_clients()
    worker.shutdown()
    close_database()
