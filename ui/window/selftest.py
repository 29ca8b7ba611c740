"""``stepwise --self-test``: can this installation run? Checked without touching your data.

Opens a database in a temporary folder, reads every prompt template, renders the icon,
loads the Chinese translation, and opens and closes the main window on the offscreen
platform. Prints one line per check and exits 0 only if all pass.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable


def run_self_test() -> int:
    os.environ["QT_QPA_PLATFORM"] = "offscreen"  # before Qt is imported
    with tempfile.TemporaryDirectory(prefix="stepwise-selftest-") as folder:
        os.environ["STEPWISE_DATA_DIR"] = folder
        from app.config import paths

        paths.configure(data_dir=folder)
        checks: list[tuple[str, Callable[[], str]]] = [
            ("database", _database), ("prompts", _prompts), ("icons", _icons),
            ("translations", _translations), ("window", _window),
        ]
        failed = 0
        for name, check in checks:
            try:
                print(f"ok    {name}: {check()}")
            except Exception as exc:  # noqa: BLE001 - every failure is reported, then counted
                failed += 1
                print(f"FAIL  {name}: {type(exc).__name__}: {exc}")
        from models import close_database

        close_database()
    print("self-test passed" if not failed else f"self-test failed ({failed} check(s))")
    return 0 if not failed else 1


def _database() -> str:
    from app.config import paths
    from app.tasks.store import NewTask, add_task
    from models import SCHEMA_VERSION, Task, open_database

    open_database(paths.db_path())
    add_task(NewTask(title="self-test 自检"))
    return f"schema {SCHEMA_VERSION}, {Task.select().count()} task written and read"


def _prompts() -> str:
    from app.agent import prompts

    names = ("system", "review", "plan", "write", "check", "failure_review")
    for language in prompts.LANGUAGES:
        for name in names:
            assert prompts.template(language, name).template.strip(), f"{language}/{name}"
    return f"{len(names) * len(prompts.LANGUAGES)} templates"


def _application() -> object:
    from ui.window.app import make_application

    return make_application()


def _icons() -> str:
    _application()
    from ui.style.icons import app_icon

    icon = app_icon()
    assert not icon.isNull(), "the icon did not render"
    return f"{len(icon.availableSizes())} sizes"


def _translations() -> str:
    from PySide6.QtCore import QCoreApplication

    from ui.words import i18n

    app = _application()
    assert isinstance(app, QCoreApplication)
    i18n.install(app, "zh_CN")
    try:
        text = QCoreApplication.translate("QuickAddBar", "Add")
        assert text != "Add", "the zh_CN translation did not load"
    finally:
        i18n.install(app, "en")
    return f"zh_CN loaded ({text})"


def _window() -> str:
    import asyncio

    from PySide6.QtWidgets import QApplication

    from ui.window.app import build_window

    app = _application()
    assert isinstance(app, QApplication)
    loop, ctx, window = build_window(app)
    window.remember_geometry = False
    window.show()

    async def close_soon() -> None:
        await asyncio.sleep(0.3)  # let the first paint and the first list load happen
        window.quitting = True
        window.close()
        await ctx.runner.cancel_all()
        ctx.bridge.close()

    with loop:
        loop.run_until_complete(close_soon())
    return "opened and closed"


if __name__ == "__main__":
    sys.exit(run_self_test())
