"""What the calendar panel's parts share (ui.calendar.common): untrusted text as plain
tooltips, a colour per source, the local zone's dates and times in the locale's words,
a planned block's tooltip, and the range line."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from app.schedule.views import Planned
from ui.calendar import common

ZONE = ZoneInfo("Asia/Shanghai")


def test_a_tooltip_escapes_markup_and_leaves_out_empty_lines() -> None:
    tip = common.plain_tooltip("<b>Party</b>", "", "Tom & Ann")
    assert tip == "<qt>&lt;b&gt;Party&lt;/b&gt;<br>Tom &amp; Ann</qt>"
    assert common.plain_tooltip("", "") == ""


def test_each_source_keeps_its_colour() -> None:
    colours = {common.source_colour(n).name() for n in range(len(common.SOURCE_COLOURS))}
    assert len(colours) == len(common.SOURCE_COLOURS)
    assert common.source_colour(3) == common.source_colour(3 + len(common.SOURCE_COLOURS))


def test_times_are_written_in_the_zone_as_the_locale_writes_them(qapp: QApplication) -> None:
    moment = datetime(2026, 11, 30, 1, 5, tzinfo=UTC)  # 09:05 in Shanghai
    QLocale.setDefault(QLocale("en_US"))  # its own short time would be "9:05 AM"
    nine = "09:05"  # one format everywhere: 24-hour (ui.words.dates)
    assert nine in common.when_text(moment, ZONE)
    assert common.clock_text(datetime(2026, 11, 30, 9, 5)) == nine
    assert common.qdate(date(2026, 12, 1)).toString("yyyy-MM-dd") == "2026-12-01"


def test_a_planned_block_tooltip_says_when_why_and_how_to_move_it(qapp: QApplication) -> None:
    planned = Planned(id=1, task_id=2, step_id="a", title="Shortlist <venues>",
                      task_title="Offsite", start=datetime(2026, 12, 14, 1, tzinfo=UTC),
                      end=datetime(2026, 12, 14, 2, tzinfo=UTC), why="first free hour",
                      pinned=True, chunk=0)
    tip = common.planned_tooltip(planned, ZONE)
    nine = common.clock_text(datetime(2026, 12, 14, 9))
    ten = common.clock_text(datetime(2026, 12, 14, 10))
    assert tip.startswith("<qt>Shortlist &lt;venues&gt;<br>")
    assert f"{nine}–{ten} (pinned)" in tip
    assert "Task: Offsite" in tip and "Why: first free hour" in tip
    assert "drag its lower edge" in tip


def test_the_range_line_names_a_day_or_a_week(qapp: QApplication) -> None:
    before = QLocale()
    QLocale.setDefault(QLocale("en_GB"))
    try:
        assert common.range_text(date(2026, 12, 1), 1) == "Tuesday 1 December 2026"
        assert common.range_text(date(2026, 11, 30), 7) == "30 Nov – 6 Dec 2026"
    finally:
        QLocale.setDefault(before)


def test_labels_and_buttons_are_plain_and_checkable(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.add_widget(parent)
    label = common.plain_label(parent, "problems")
    assert label.objectName() == "problems" and label.wordWrap()
    assert label.textFormat() == Qt.TextFormat.PlainText
    toggle = common.toggle_button(parent, "Week")
    assert toggle.isCheckable() and toggle.text() == "Week"
    arrow = common.arrow_button(parent, Qt.ArrowType.LeftArrow)
    assert arrow.arrowType() == Qt.ArrowType.LeftArrow
