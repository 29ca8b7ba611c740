"""The GUI entry: QApplication with a qasync event loop, one running instance, the
main window, and a staged shutdown.

Start-up paints first and wires later, as a plain sequence: log, application, single
instance (QtNetwork only loads when another instance's socket file exists), then the
first frame (``ui.window.first_frame``: the open tasks' first page, read by
the lean reader) is shown and painted; only then, in order, the store, the qasync loop,
the shared context and the main window (which takes the frame's place, with the row
chosen meanwhile; the local server answering a second launch listens from the first
paint on), the tray, the calendar sync and the assistant's warm-up.
Shutdown is staged: Quit sets a flag, the window closes, running tasks are cancelled,
the HTTP clients and the database are closed, then the loop ends.
"""

from __future__ import annotations

import logging
import os
import sys
import zlib
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QDir, QTimer
from PySide6.QtWidgets import QApplication

from app.config import paths

if TYPE_CHECKING:
    from PySide6.QtNetwork import QLocalServer

    from ui.window.first_frame import FirstFrame

log = logging.getLogger("stepwise")


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LOG_BYTES, LOG_BACKUPS = 1_000_000, 3


def setup_logging() -> None:
    """The log file in the data folder, appended to by a plain handler until the window
    is wired (``rotate_logs``): ``logging.handlers`` costs the first paint ~7 ms."""
    folder = paths.data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(folder / "stepwise.log", encoding="utf-8")
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    logging.getLogger().addHandler(handler)
    logging.getLogger().setLevel(logging.INFO)


def rotate_logs() -> None:
    """The start-up's log handler becomes one that rotates at LOG_BYTES (keeping
    LOG_BACKUPS files), writing to the same file."""
    from logging.handlers import RotatingFileHandler

    root = logging.getLogger()
    for handler in list(root.handlers):
        if type(handler) is logging.FileHandler:
            rotating = RotatingFileHandler(handler.baseFilename, maxBytes=LOG_BYTES,
                                           backupCount=LOG_BACKUPS, encoding="utf-8")
            rotating.setFormatter(handler.formatter)
            root.addHandler(rotating)
            root.removeHandler(handler)
            handler.close()


def instance_name() -> str:
    """One running Stepwise per database: the local socket's name comes from its path
    (a CRC, not a SHA-1: ``hashlib`` loads OpenSSL, ~5 ms before the first paint)."""
    path = str(paths.db_path().resolve()).encode()
    return f"stepwise-{zlib.crc32(path):08x}{len(path):04x}"


def instance_address() -> str:
    """Where the local server listens: on Unix the socket file Qt would make for the
    instance name (its absence says no Stepwise runs on this database), elsewhere the
    name alone (a named pipe)."""
    if os.name != "posix":
        return instance_name()
    return os.path.join(QDir.tempPath(), instance_name())


def raise_running_instance() -> bool:
    """Ask a running Stepwise to show its window; True if one answered. Without its
    socket file nobody listens: QtNetwork (~7 ms) is not loaded before the first paint."""
    address = instance_address()
    if os.name == "posix" and not os.path.exists(address):
        return False
    from PySide6.QtNetwork import QLocalSocket

    socket = QLocalSocket()
    socket.connectToServer(address)
    if not socket.waitForConnected(300):
        return False
    socket.write(QByteArray(b"raise\n"))
    socket.waitForBytesWritten(300)
    socket.disconnectFromServer()
    return True


def make_application(theme: str = "system") -> QApplication:
    """The application with Stepwise's names and ``theme``'s look (no store needed;
    "system" as the last start found it: ``apply_preferences`` asks the system)."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("Stepwise")
    app.setOrganizationName("stepwise")
    app.setDesktopFileName("stepwise")  # Wayland and the desktop file find each other
    app.setQuitOnLastWindowClosed(False)  # the tray may keep it running
    from ui.style.look import apply_look

    apply_look(app, theme, remembered=True)
    return app


def install_crash_handler() -> None:
    """A bug anywhere in the window is logged and shown with its traceback, not lost."""
    import traceback

    def on_exception(kind: type[BaseException], value: BaseException,
                     tb: TracebackType | None) -> None:
        report = "".join(traceback.format_exception(kind, value, tb))
        log.error("unhandled exception:\n%s", report)
        from ui.window.crash import show_crash

        show_crash(QApplication.activeWindow(), "Stepwise", report)

    sys.excepthook = on_exception


def apply_preferences(app: QApplication) -> None:
    """The theme and the language the settings ask for (the store is open)."""
    from app.config import settings
    from ui.style.look import apply_look
    from ui.words import i18n

    apply_look(app, str(settings.get("ui.theme")))
    i18n.install(app, str(settings.get("ui.language")))


def build_window(app: QApplication) -> tuple[Any, Any, Any]:
    """The qasync loop (set as the current loop), the shared context and the main window,
    not yet shown; the store must be open. Returns (loop, WindowContext, MainWindow)."""
    import asyncio

    import qasync

    from ui.shared.context import WindowContext
    from ui.window.main import MainWindow

    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    ctx = WindowContext.create(app)
    return loop, ctx, MainWindow(ctx)


def run_window() -> int:
    """Open the window and run until Quit; returns the exit code."""
    setup_logging()
    app = make_application()
    install_crash_handler()
    if raise_running_instance():
        log.info("another Stepwise is running; asked it to show its window")
        return 0
    from ui.window import crash

    crashed = bool(crash.keep_fault_trace())  # a native crash leaves its stack there
    frame = first_frame(app)  # asyncio, qasync and the store load after its first paint
    shown: list[object] = [frame]
    show_painted(app, frame)
    server = listen_for_second_launch(lambda: shown[0])
    loop, ctx, window = wire(app)
    shown[0] = window
    import asyncio  # only now: it is one of the imports the first paint does not wait for

    closed = asyncio.Event()
    app.aboutToQuit.connect(closed.set)
    with loop:
        if hand_over(frame, window):
            start_background(ctx, window)
            if crashed:
                crash.tell_last_crash(window)
            settle_heap()
            collect_between_events(app)
            loop.run_until_complete(closed.wait())
        loop.run_until_complete(shutdown(ctx))
    server.close()
    crash.stop_fault_trace()
    return 0


def first_frame(app: QApplication) -> FirstFrame:
    """The first frame on the store's first page, in the look and language it asks for;
    built, not shown (nothing here imports Peewee, qasync or the assistant)."""
    from ui.style.look import apply_look
    from ui.window.first_frame import FirstFrame, read_first_page
    from ui.words import i18n

    rows, chosen = read_first_page(paths.db_path())
    if chosen.get("ui.theme", "system") != "system":  # make_application applied "system"
        apply_look(app, chosen["ui.theme"], remembered=True)
    i18n.install(app, chosen.get("ui.language", "system"))
    return FirstFrame(rows)


def show_painted(app: QApplication, frame: FirstFrame) -> None:
    """Show the first frame and return once it is painted."""
    from ui.window.first_frame import show_painted as show

    show(app, frame)


def wire(app: QApplication) -> tuple[Any, Any, Any]:
    """After the first paint, in order: the store, the preferences, the loop, the context
    and the main window (built, not shown). The frame repaints and takes input between
    the steps until the loop exists. Returns (loop, WindowContext, MainWindow)."""
    from models import open_database

    app.processEvents()
    rotate_logs()
    open_database(paths.db_path())
    apply_preferences(app)
    app.processEvents()  # not after the qasync loop exists: its callbacks need it running
    return build_window(app)


def hand_over(frame: FirstFrame, window: Any) -> bool:
    """The main window takes the frame's place and the row chosen meanwhile; False when
    the frame was closed before (the caller shuts down at once)."""
    if frame.closing:
        window.remember_geometry = False
        return False
    window.restoreGeometry(frame.saveGeometry())  # where it was moved; maximised too
    window.show()
    if frame.chosen_task:
        window.tasks.select_task(frame.chosen_task)
    frame.hide()
    frame.deleteLater()
    return True


def settle_heap() -> None:
    """Move everything built at start-up out of the garbage collector's sight.

    The start-up objects (modules, widgets, the list's ids) live as long as the window;
    without this, each full collection walks them all again and pauses the window for
    tens of milliseconds (seen while a reply streams).
    """
    import gc

    gc.collect()
    gc.freeze()


GC_TICK_MS = 50  # how often the event loop lets the garbage collector run: often, so that
# what the assistant's worker allocates meanwhile is a small young collection, not a pause
GC_YOUNG = 700  # new objects before a young collection (Python's own first threshold)
GC_MIDDLE_TICKS = 20  # a middle-aged collection about once a second
GC_FULL_TICKS = 1200  # a full one about once a minute


def collect_between_events(app: QApplication) -> QTimer:
    """The cyclic garbage collector runs only from the event loop, between events.

    Left to itself it runs at whatever allocation crosses its threshold — inside a paint
    event, say — and a Qt object it frees there (a closed widget's wrapper in a cycle)
    is destroyed while Qt still uses it: a segfault in libQt6Widgets. (Anki's window
    does the same.) Returns the timer (a child of ``app``).
    """
    import gc

    gc.disable()
    ticks = [0]

    def collect() -> None:
        ticks[0] += 1
        generation = (2 if ticks[0] % GC_FULL_TICKS == 0
                      else 1 if ticks[0] % GC_MIDDLE_TICKS == 0 else 0)
        if generation or gc.get_count()[0] >= GC_YOUNG:
            gc.collect(generation)

    timer = QTimer(app)
    timer.setObjectName("garbageCollector")
    timer.setInterval(GC_TICK_MS)
    timer.timeout.connect(collect)
    timer.start()
    return timer


def start_background(ctx: object, window: object) -> None:
    """The calendar sync and the tray (reminders are scheduled by each use case)."""
    from ui.calendar.source_sync import CalendarSync
    from ui.window.main import MainWindow
    from ui.window.tray import Tray

    assert isinstance(window, MainWindow)
    window.calendar_sync = CalendarSync(window.ctx, window)  # type: ignore[attr-defined]
    window.sync.start()
    if Tray.available():
        window.tray = Tray(window, window.reminder_center)  # type: ignore[attr-defined]
        window.tray.show()  # type: ignore[attr-defined]
    else:
        log.info("no system tray: closing the window quits; reminders show in the window")
    window.reminder_center.tick()  # missed while closed: at once
    from app.io import backups
    from ui.shared.assistant import warm_up
    from ui.shared.runner import in_thread

    window.ctx.runner.start(in_thread(warm_up), "warm up")
    window.ctx.runner.start(in_thread(backups.daily), "daily backup")


def listen_for_second_launch(target: Callable[[], object]) -> QLocalServer:
    """Answer a second launch by raising the window ``target`` gives at that moment
    (the first frame while the main window is being built)."""
    from PySide6.QtNetwork import QLocalServer
    from PySide6.QtWidgets import QWidget

    server = QLocalServer()
    QLocalServer.removeServer(instance_address())
    server.listen(instance_address())

    def on_connection() -> None:
        connection = server.nextPendingConnection()
        if connection is not None:
            connection.close()
        window = target()
        if isinstance(window, QWidget):
            window.show()
            window.raise_()
            window.activateWindow()

    server.newConnection.connect(on_connection)
    return server


async def shutdown(ctx: object) -> None:
    """Cancel running work, close the HTTP clients, the worker processes and the
    database."""
    from app.agent import worker_process
    from app.calendar import worker
    from app.llm import close_clients
    from models import close_database

    runner = getattr(ctx, "runner", None)
    if runner is not None:
        await runner.cancel_all()
    bridge = getattr(ctx, "bridge", None)
    if bridge is not None:
        bridge.close()
    await close_clients()
    worker.shutdown()
    worker_process.shut_down()
    close_database()
