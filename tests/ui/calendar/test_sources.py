"""The calendar sources dialog (ui.calendar.sources): an ICS file added syncs into the
panel, a missing file is refused, a source is removed, and a CalDAV password goes to the
keyring, never the store."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from app.calendar import cache
from tests.ui.calendar.test_panel import (
    add_event,
    at,
    block,
    ics,
    show,
    summaries,
)
from ui.calendar.panel import CalendarPanel


def test_an_ics_file_added_in_the_dialog_syncs_into_the_panel(
        panel: CalendarPanel, qtbot: QtBot, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    today = panel.today()
    path = tmp_path / "team.ics"
    path.write_text(ics(("Team lunch", at(today, 12), at(today, 13)),
                        ("Company holiday", today, today + timedelta(days=1))), encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *args, **kwargs: (str(path), "")))
    dialog = panel.open_sources()
    with qtbot.wait_signal(dialog.sources_changed, timeout=20_000):
        qtbot.mouseClick(dialog.add_file_button, Qt.MouseButton.LeftButton)
    qtbot.wait_until(lambda: dialog.table.rowCount() == 1)
    assert dialog.table.item(0, 0).text() == "team" and dialog.table.item(0, 2).text() == "2"
    assert "Added team (2 events)" in dialog.message.text()
    qtbot.wait_until(lambda: {"Team lunch", "Company holiday"} <= summaries(panel))
    path.write_text(ics(("Team lunch", at(today, 12), at(today, 13)),
                        ("Retro", at(today, 16), at(today, 17))), encoding="utf-8")
    with qtbot.wait_signal(panel.sync_finished, timeout=20_000) as finished:
        panel.sync_now()
    assert finished.args == [1, 0]
    qtbot.wait_until(lambda: summaries(panel) == {"Team lunch", "Retro"})
    assert block(panel, "Retro").start == 16 * 60 and not panel.problems.isVisible()


def test_the_dialog_refuses_a_missing_file_and_removes_a_source(
        panel: CalendarPanel, qtbot: QtBot, tmp_path: Path) -> None:
    source = cache.add_source("Work", "ics_file", "/nowhere/work.ics").id
    add_event(source, "Standup", at(panel.today(), 9), at(panel.today(), 9, 15))
    dialog = panel.open_sources()
    qtbot.wait_until(lambda: dialog.table.rowCount() == 1)
    with qtbot.wait_signal(dialog.job_finished, timeout=10_000) as finished:
        dialog.add_ics(str(tmp_path / "missing.ics"))
    assert finished.args[0] is False and "there is no calendar file" in dialog.message.text()
    assert len(cache.sources()) == 1
    show(panel, qtbot, panel.today())
    assert "Standup" in summaries(panel)
    dialog.table.selectRow(0)
    assert dialog.remove_button.isEnabled()
    with qtbot.wait_signal(dialog.sources_changed, timeout=10_000):
        dialog.remove_source(source)
    qtbot.wait_until(lambda: dialog.table.rowCount() == 0 and not summaries(panel))
    assert cache.sources() == []


def test_a_caldav_password_goes_to_the_keyring_never_the_store(
        panel: CalendarPanel, qtbot: QtBot, db: Path, tmp_path: Path) -> None:
    from app.calendar.sync import password_account
    from app.config import secrets
    from tests.app.calendar.radicale_server import Radicale, put_calendar

    password = "pw-5e2c9a-only-here"
    today = panel.today()
    with Radicale(tmp_path / "radicale", users={"ann": password}) as server:
        put_calendar(server.url, "ann", password, "work", "Work",
                     [ics(("Planning", at(today, 10), at(today, 11)))])
        dialog = panel.open_sources()
        with qtbot.wait_signal(dialog.job_finished, timeout=30_000) as finished:
            dialog.add_caldav(server.url, "ann", password)
        assert finished.args[0] is True, finished.args
        qtbot.wait_until(lambda: "Planning" in summaries(panel))
    assert "kept only until Stepwise quits" in dialog.message.text()  # no keyring in tests
    assert secrets.get_key(password_account("ann", server.url)) == password
    from models import database

    database.execute_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    stored = b"".join(p.read_bytes() for p in db.parent.glob(db.name + "*"))
    assert b"ann" in stored and password.encode() not in stored
