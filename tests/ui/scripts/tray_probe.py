"""Run under a real X server with a tray host: the tray, its menu, a reminder, close-to-tray.

Prints one JSON line of findings for tests/ui/window/test_tray.py.
"""

import asyncio
import json
import sys
from datetime import UTC, datetime, timedelta

import qasync
from PySide6.QtWidgets import QApplication, QSystemTrayIcon

from app.config import paths
from app.tasks.store import NewTask, add_task
from models import Reminder, open_database
from ui.shared.context import WindowContext
from ui.window.app import make_application, start_background
from ui.window.main import MainWindow


async def main(app: QApplication, window: MainWindow) -> dict[str, object]:
    found: dict[str, object] = {
        "tray_available": QSystemTrayIcon.isSystemTrayAvailable(),
        "messages": QSystemTrayIcon.supportsMessages(),
    }
    start_background(window.ctx, window)
    tray = getattr(window, "tray", None)
    found["tray_shown"] = bool(tray and tray.icon.isVisible())
    task = add_task(NewTask(title="Pay the rent", due_at=datetime.now(UTC) + timedelta(days=1)))
    Reminder.create(task=task, kind="due", text="Pay the rent now",
                    fire_at=datetime.now(UTC) - timedelta(minutes=1))
    fired: list[str] = []
    window.reminder_center.fired.connect(lambda text, _r: fired.append(text))
    window.reminder_center.tick()
    for _ in range(200):
        await asyncio.sleep(0.02)
        if fired and tray and tray.reminders_menu.actions():
            break
    window.reminder_center.tick()  # a second tick must not fire it again
    await asyncio.sleep(0.5)
    found["fired"] = fired
    found["menu"] = [a.text() for a in tray.reminders_menu.actions()] if tray else []
    found["menu_items"] = [a.text() for a in tray.menu.actions()] if tray else []
    window.close()  # with a tray: hides, keeps running
    await asyncio.sleep(0.1)
    found["hidden_not_quit"] = (not window.isVisible()) and not window.quitting
    return found


def run() -> None:
    paths.configure(data_dir=sys.argv[1])
    app = make_application()
    open_database(paths.db_path())
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    window = MainWindow(WindowContext.create(app))
    window.show()
    with loop:
        result = loop.run_until_complete(main(app, window))
    print(json.dumps(result))


run()
