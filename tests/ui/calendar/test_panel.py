"""The calendar panel: cached events, all-day events and due marks where they belong, the
range and view buttons, the now line, selecting a task from its mark, a failing sync that
keeps the last good cache, and sources added through the dialog."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication, QFileDialog
from pytestqt.qtbot import QtBot

from app import plans
from app.calendar import cache
from app.calendar.agenda import Block, DueMark
from app.tasks import NewTask, add_task
from models import CalendarEvent, CalendarSource
from tests.app.calendar.radicale_server import free_port
from tests.ui.async_helpers import two_step_plan
from ui.calendar.common import DAY_LABEL_HEIGHT, when_text
from ui.calendar.panel import CalendarPanel
from ui.context import WindowContext

ZONE = ZoneInfo("Asia/Shanghai")  # the tests' zone (tests/conftest.py)
WEDNESDAY = date(2026, 12, 16)
SHOTS = Path("/tmp/stepwise-shots")


@pytest.fixture(autouse=True)
def _no_keyring() -> Iterator[None]:
    """Passwords stay in this session's memory: tests never touch a real keyring."""
    import keyring
    from keyring.backends import fail

    from app import secrets

    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    secrets._session.clear()
    yield
    secrets._session.clear()
    keyring.set_keyring(previous)


@pytest.fixture
def panel(ctx: WindowContext, qtbot: QtBot) -> CalendarPanel:
    widget = CalendarPanel(ctx)
    qtbot.add_widget(widget)
    widget.resize(1000, 720)
    widget.show()
    qtbot.wait_until(lambda: not widget.loading)
    return widget


# --- data ------------------------------------------------------------------------------------

def at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZONE)


def utc_text(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def add_event(source_id: int, summary: str, start: datetime | date, end: datetime | date,
              *, busy: bool = True) -> None:
    all_day = not isinstance(start, datetime)
    CalendarEvent.create(
        source=source_id, uid=summary, summary=summary, all_day=all_day, busy=busy,
        start=start.isoformat() if all_day else utc_text(start),  # type: ignore[arg-type]
        end=end.isoformat() if all_day else utc_text(end))  # type: ignore[arg-type]


def week_of_events(monday: date, location: str = "/nowhere/work.ics") -> dict[str, int]:
    """A week of events, an all-day event, a task due and a step due; their ids."""
    work = cache.add_source("Work", "ics_file", location).id
    home = cache.add_source("Home", "ics_url", f"http://127.0.0.1:{free_port()}/home.ics").id
    wednesday, thursday = monday + timedelta(days=2), monday + timedelta(days=3)
    add_event(work, "Design review", at(wednesday, 9), at(wednesday, 10, 30))
    add_event(home, "Lunch with Ann", at(wednesday, 10), at(wednesday, 11), busy=False)
    add_event(work, "周会：项目评审与排期", at(thursday, 14), at(thursday, 15, 30))
    add_event(work, "Standup", at(monday, 9, 30), at(monday, 9, 45))
    add_event(home, "Team offsite", monday + timedelta(days=1), thursday)
    task_id = add_task(NewTask(title="Renew passport", due_at=at(wednesday, 15))).id
    plan = two_step_plan()
    plan["steps"][0]["due"] = utc_text(at(thursday, 11))
    offsite = add_task(NewTask(title="Organise the team offsite")).id
    plans.save_plan(offsite, plan)
    plans.plan_action(offsite, "approve")
    return {"work": work, "home": home, "task": task_id, "offsite": offsite}


def show(panel: CalendarPanel, qtbot: QtBot, day: date) -> None:
    with qtbot.wait_signal(panel.agenda_loaded, timeout=10_000):
        panel.go_to(day)


def column_of(panel: CalendarPanel, day: date) -> int:
    return (day - panel.span()[0]).days


def block(panel: CalendarPanel, summary: str) -> Block:
    return next(b for b in panel.grid.agenda.blocks if b.summary == summary)


def mark(panel: CalendarPanel, kind: str) -> DueMark:
    return next(m for m in panel.grid.agenda.marks if m.kind == kind)


def summaries(panel: CalendarPanel) -> set[str]:
    return {b.summary for b in panel.grid.agenda.blocks} | {
        b.summary for b in panel.grid.agenda.banners}


def ics(*events: tuple[str, datetime | date, datetime | date]) -> str:
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Stepwise tests//EN"]
    for summary, start, end in events:
        if isinstance(start, datetime):
            times = [f"DTSTART:{start.astimezone(UTC):%Y%m%dT%H%M%SZ}",
                     f"DTEND:{end.astimezone(UTC):%Y%m%dT%H%M%SZ}"]  # type: ignore[union-attr]
        else:
            times = [f"DTSTART;VALUE=DATE:{start:%Y%m%d}", f"DTEND;VALUE=DATE:{end:%Y%m%d}"]
        lines += ["BEGIN:VEVENT", f"UID:{summary}@tests", "DTSTAMP:20260101T000000Z", *times,
                  f"SUMMARY:{summary}", "END:VEVENT"]
    return "\r\n".join([*lines, "END:VCALENDAR", ""])


# --- the week --------------------------------------------------------------------------------

def test_the_week_shows_cached_events_in_their_day_and_hours(panel: CalendarPanel,
                                                             qtbot: QtBot) -> None:
    week_of_events(date(2026, 12, 14))
    show(panel, qtbot, WEDNESDAY)
    assert panel.span() == (date(2026, 12, 14), 7)  # the C locale's week starts on Monday
    grid = panel.grid
    review = block(panel, "Design review")
    assert (review.day, review.start, review.end) == (column_of(panel, WEDNESDAY), 540, 630)
    rect, column = grid.block_rect(review), grid.column(review.day)
    assert column.left() <= rect.left() and rect.right() <= column.right()
    assert rect.top() == pytest.approx(grid.y_of(9 * 60))
    assert rect.bottom() == pytest.approx(grid.y_of(10 * 60 + 30))
    chinese = block(panel, "周会：项目评审与排期")
    assert chinese.day == column_of(panel, date(2026, 12, 17)) and chinese.start == 14 * 60
    lunch = block(panel, "Lunch with Ann")  # overlaps the review: side by side
    assert grid.block_rect(lunch).left() >= rect.right() and (lunch.lanes, review.lanes) == (2, 2)
    image = grid.grab().toImage()
    empty = image.pixelColor(rect.center().toPoint() + QPointF(0, 5 * 42).toPoint())
    assert image.pixelColor(rect.center().toPoint()) != empty  # the block is painted


def test_all_day_events_sit_in_the_top_strip(panel: CalendarPanel, qtbot: QtBot) -> None:
    before = panel.header.height()
    week_of_events(date(2026, 12, 14))
    show(panel, qtbot, WEDNESDAY)
    assert "Team offsite" not in {b.summary for b in panel.grid.agenda.blocks}
    banner = next(b for b in panel.grid.agenda.banners if b.summary == "Team offsite")
    assert (banner.first, banner.last) == (1, 2)  # Tuesday and Wednesday, the end is exclusive
    rect = panel.header.banner_rect(banner)
    assert rect is not None and rect.top() >= DAY_LABEL_HEIGHT
    assert rect.bottom() <= panel.header.height()
    assert rect.left() >= panel.grid.column(1).left()
    assert rect.right() <= panel.grid.column(2).right()
    assert rect.right() > panel.grid.column(2).left()
    assert panel.header.height() > before  # the strip made room for its row


def test_task_and_step_due_times_are_marked(panel: CalendarPanel, qtbot: QtBot) -> None:
    ids = week_of_events(date(2026, 12, 14))
    show(panel, qtbot, WEDNESDAY)
    task, step = mark(panel, "task"), mark(panel, "step")
    assert (task.task_id, task.title, task.day, task.minute) == (ids["task"], "Renew passport",
                                                                 2, 15 * 60)
    assert (step.task_id, step.step_id, step.title, step.day, step.minute) == (
        ids["offsite"], "dates", "Pick two dates", 3, 11 * 60)
    spots = dict((m.kind, r) for m, r in panel.grid.mark_spots())
    for kind, day, minute in (("task", 2, 15 * 60), ("step", 3, 11 * 60)):
        column = panel.grid.column(day)
        assert column.left() < spots[kind].left() and spots[kind].right() <= column.right()
        assert spots[kind].center().y() == pytest.approx(panel.grid.y_of(minute))
    assert panel.grid.mark_text(task) == "15:00 Renew passport"
    assert panel.grid.mark_text(task, room=20) == "Renew passport"  # narrow: the title alone


def test_today_previous_and_next_move_the_range(panel: CalendarPanel, qtbot: QtBot) -> None:
    today = panel.today()
    monday = today - timedelta(days=today.weekday())
    assert panel.span() == (monday, 7)
    show(panel, qtbot, WEDNESDAY)
    label = panel.range_label.text()
    with qtbot.wait_signal(panel.agenda_loaded):
        qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    assert panel.span() == (date(2026, 12, 21), 7)
    assert panel.grid.agenda.first_day == date(2026, 12, 21)
    assert panel.range_label.text() != label
    for _ in range(2):
        with qtbot.wait_signal(panel.agenda_loaded):
            qtbot.mouseClick(panel.previous_button, Qt.MouseButton.LeftButton)
    assert panel.grid.agenda.first_day == date(2026, 12, 7)
    with qtbot.wait_signal(panel.agenda_loaded):
        qtbot.mouseClick(panel.today_button, Qt.MouseButton.LeftButton)
    assert panel.grid.agenda.first_day == monday


def test_a_quick_second_move_ends_on_its_range(panel: CalendarPanel, qtbot: QtBot) -> None:
    week_of_events(date(2026, 12, 14))
    show(panel, qtbot, date(2026, 11, 30))
    qtbot.wait_until(lambda: not panel.loading and not panel._refresh_timer.isActive())
    panel.go_to(date(2026, 12, 7))
    assert panel.loading
    panel.go_to(date(2026, 12, 16))  # while the first week is being read
    qtbot.wait_until(lambda: panel.grid.agenda.first_day == date(2026, 12, 14))
    qtbot.wait_until(lambda: not panel.loading)
    assert panel.grid.agenda.first_day == date(2026, 12, 14)
    assert "Design review" in summaries(panel)


def test_day_and_week_toggle(panel: CalendarPanel, qtbot: QtBot) -> None:
    week_of_events(date(2026, 12, 14))
    show(panel, qtbot, WEDNESDAY)
    with qtbot.wait_signal(panel.agenda_loaded):
        qtbot.mouseClick(panel.day_button, Qt.MouseButton.LeftButton)
    assert panel.mode == "day" and panel.grid.agenda.days == 1
    assert panel.grid.agenda.first_day == WEDNESDAY
    assert {b.summary for b in panel.grid.agenda.blocks} == {"Design review", "Lunch with Ann"}
    assert panel.grid.column(0).right() == pytest.approx(panel.grid.width() - 1)
    with qtbot.wait_signal(panel.agenda_loaded):
        qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    assert panel.grid.agenda.first_day == date(2026, 12, 17)
    with qtbot.wait_signal(panel.agenda_loaded):
        qtbot.mouseClick(panel.week_button, Qt.MouseButton.LeftButton)
    assert panel.mode == "week" and panel.span() == (date(2026, 12, 14), 7)
    assert panel.grid.agenda.days == 7


def test_the_now_line_is_within_todays_column(panel: CalendarPanel, qtbot: QtBot) -> None:
    now = panel.grid.clock().astimezone(ZONE)
    line = panel.grid.now_line()
    assert line is not None
    column = panel.grid.column(column_of(panel, now.date()))
    assert column.left() == pytest.approx(line.x1()) and line.x2() == pytest.approx(
        column.right())
    assert line.y1() == pytest.approx(panel.grid.y_of(now.hour * 60 + now.minute), abs=1)
    image = panel.grid.grab().toImage()
    centre = line.center().toPoint()
    pixels = [image.pixelColor(centre.x(), centre.y() + dy) for dy in (-1, 0, 1)]
    reddest = max(pixels, key=lambda c: c.red() - c.green())  # the line may fall between rows
    assert reddest.red() > 180 and reddest.green() < 120  # drawn, in red
    show(panel, qtbot, now.date() + timedelta(days=7))
    assert panel.grid.now_line() is None


def test_clicking_a_due_mark_selects_its_task_or_step(panel: CalendarPanel, ctx: WindowContext,
                                                      qtbot: QtBot) -> None:
    ids = week_of_events(date(2026, 12, 14))
    show(panel, qtbot, WEDNESDAY)
    spots = {m.kind: r for m, r in panel.grid.mark_spots()}
    qtbot.mouseClick(panel.grid, Qt.MouseButton.LeftButton, pos=spots["task"].center().toPoint())
    assert ctx.selection.task_id == ids["task"] and ctx.selection.step_id == ""
    qtbot.mouseClick(panel.grid, Qt.MouseButton.LeftButton, pos=spots["step"].center().toPoint())
    assert (ctx.selection.task_id, ctx.selection.step_id) == (ids["offsite"], "dates")


def test_event_text_is_plain(panel: CalendarPanel, qtbot: QtBot) -> None:
    source = cache.add_source("Feed", "ics_file", "/nowhere/feed.ics").id
    add_event(source, "<b>Party</b>\n<img src=x>", at(WEDNESDAY, 18), at(WEDNESDAY, 19))
    show(panel, qtbot, WEDNESDAY)
    party = panel.grid.agenda.blocks[0]
    assert party.summary == "<b>Party</b> <img src=x>"
    tip = panel.grid.tooltip_at(panel.grid.block_rect(party).center())
    assert "&lt;b&gt;Party&lt;/b&gt;" in tip and "<img" not in tip


def test_a_task_added_elsewhere_shows_without_a_reload(panel: CalendarPanel,
                                                       qtbot: QtBot) -> None:
    show(panel, qtbot, WEDNESDAY)
    with qtbot.wait_signal(panel.agenda_loaded):
        add_task(NewTask(title="交周报", due_at=at(WEDNESDAY, 17)))  # the core emits task_added
    assert [m.title for m in panel.grid.agenda.marks] == ["交周报"]


# --- syncing and sources ---------------------------------------------------------------------

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
    from app import secrets
    from app.calendar.sync import password_account
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


# --- the screenshot --------------------------------------------------------------------------

def test_screenshot_of_a_week(panel: CalendarPanel, qtbot: QtBot, qapp: QApplication) -> None:
    """The current week with events, an all-day event, due marks and a Chinese title."""
    from ui.look import apply_look

    today = panel.today()
    monday = today - timedelta(days=today.weekday())
    week_of_events(monday)
    font, palette, style = qapp.font(), qapp.palette(), qapp.style().name()
    apply_look(qapp, "light")
    try:
        panel.resize(1100, 760)
        show(panel, qtbot, today)
        qtbot.wait_until(lambda: panel.scroller.y() >= panel.header.geometry().bottom())
        panel.scroller.verticalScrollBar().setValue(int(panel.grid.y_of(8 * 60)) - 10)
        SHOTS.mkdir(parents=True, exist_ok=True)
        assert panel.grab().save(str(SHOTS / "calendar-week.png"))
    finally:
        qapp.setStyle(style)
        qapp.setPalette(palette)
        qapp.setFont(font)
