"""The calendar panel's "Sync now" (ui.calendar.syncing): a malformed source shows its
error and keeps its last good events; the result line and the problem lines."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.calendar.agenda import SourceState
from models import CalendarSource
from tests.ui.calendar.test_panel import (
    show,
    summaries,
    week_of_events,
)
from ui.calendar.common import MAX_PROBLEM_LINES, when_text
from ui.calendar.panel import CalendarPanel
from ui.calendar.syncing import SyncOutcome, problem_lines, result_text

ZONE = ZoneInfo("Asia/Shanghai")  # the tests' zone (tests/conftest.py)
WEDNESDAY = date(2026, 12, 16)


def test_a_malformed_source_shows_its_error_and_keeps_its_events(
        panel: CalendarPanel, qtbot: QtBot, tmp_path: Path) -> None:
    broken = tmp_path / "work.ics"
    broken.write_text("this is not a calendar\n", encoding="utf-8")
    ids = week_of_events(date(2026, 12, 14), location=str(broken))
    synced = datetime(2026, 11, 30, 1, 5, tzinfo=UTC)  # 09:05 in Shanghai
    CalendarSource.update(last_synced_at=synced).where(CalendarSource.id == ids["work"]).execute()
    show(panel, qtbot, WEDNESDAY)
    assert not panel.problems.isVisible()
    with qtbot.wait_signal(panel.sync_finished, timeout=20_000) as finished:
        qtbot.mouseClick(panel.sync_button, Qt.MouseButton.LeftButton)
    assert finished.args == [0, 2]  # the file is malformed, nothing listens at the URL
    qtbot.wait_until(lambda: panel.problems.text().count("could not be synced") == 2)
    text = panel.problems.text()
    assert panel.problems.isVisible() and "BEGIN:VCALENDAR" in text
    assert f"Work could not be synced (showing its events from {when_text(synced, ZONE)}): " in text
    assert "09:05" in when_text(synced, ZONE)
    assert "Home could not be synced (never synced before): could not connect" in text
    assert "Synced 0 of 2 calendars" in panel.notice.text()
    assert {"Design review", "周会：项目评审与排期", "Team offsite"} <= summaries(panel)
    assert panel.sync_button.isEnabled() and not panel.progress.isVisible()


def _state(name: str, error: str, synced: datetime | None = None) -> SourceState:
    return SourceState(id=1, name=name, kind="ics_url", location="https://example.test/a.ics",
                       username=None, enabled=True, events=0, last_synced_at=synced,
                       last_error=error, last_error_at=None)


def test_the_result_line_counts_calendars_events_and_failures(qapp: QApplication) -> None:
    from PySide6.QtCore import QLocale, QTime

    now = datetime(2026, 12, 16, 9, 5)
    clock = QLocale().toString(QTime(9, 5), QLocale.FormatType.ShortFormat)
    assert result_text([], now) == "No calendars to sync: add one with Sources…"
    ok = [SyncOutcome("Work", 3, None), SyncOutcome("Home", 4, None)]
    assert result_text(ok, now) == f"Synced 2 calendars at {clock} (7 events)."
    mixed = [*ok, SyncOutcome("Feed", 0, "could not connect")]
    assert result_text(mixed, now) == (f"Synced 2 of 3 calendars at {clock}; the others keep "
                                       "their last good events.")


def test_problem_lines_say_what_is_kept_and_fold_beyond_the_limit(qapp: QApplication) -> None:
    synced = datetime(2026, 11, 30, 1, 5, tzinfo=UTC)
    lines, every = problem_lines([_state("Work", "bad\nfile", synced)], ZONE)
    assert lines == every == [
        f"Work could not be synced (showing its events from {when_text(synced, ZONE)}): bad file"]
    many = [_state(f"Feed {n}", "timeout") for n in range(MAX_PROBLEM_LINES + 2)]
    lines, every = problem_lines(many, ZONE)
    assert len(every) == MAX_PROBLEM_LINES + 2 and len(lines) == MAX_PROBLEM_LINES
    assert lines[0] == "Feed 0 could not be synced (never synced before): timeout"
    assert lines[-1] == "…and 3 more; Sources… lists them."
