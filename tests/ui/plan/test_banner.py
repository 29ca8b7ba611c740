"""The banner above the plan graph (ui.plan.banner): a refusal hides by itself, a notice
stays, and a new edit dismisses only a banner that would hide anyway."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from ui.plan.banner import BANNER_MS, ERROR_COLOUR, NOTICE_COLOUR, PlanBanner


@pytest.fixture
def banner(qtbot: QtBot) -> PlanBanner:
    widget = PlanBanner()
    qtbot.add_widget(widget)
    return widget


def test_a_refusal_is_red_plain_text_and_hides_by_itself(banner: PlanBanner,
                                                         qtbot: QtBot) -> None:
    assert banner.isHidden() and banner.textFormat() == Qt.TextFormat.PlainText
    banner.say("Not changed: <b>loop</b>")
    assert banner.isVisible() and banner.text() == "Not changed: <b>loop</b>"
    assert ERROR_COLOUR in banner.styleSheet() and banner.timer.interval() == BANNER_MS
    banner.timer.setInterval(20)  # the same timer, sooner
    banner.timer.start()
    qtbot.wait_until(banner.isHidden, timeout=2000)


def test_a_notice_is_blue_and_stays(banner: PlanBanner) -> None:
    banner.say("The assistant is writing this plan…", error=False, hide_after=False)
    assert NOTICE_COLOUR in banner.styleSheet() and not banner.timer.isActive()
    banner.dismiss()
    assert banner.isVisible()


def test_dismiss_hides_a_banner_that_would_hide_anyway(banner: PlanBanner) -> None:
    banner.say("Not changed")
    banner.dismiss()
    assert banner.isHidden()
