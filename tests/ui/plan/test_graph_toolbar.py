"""The plan graph's toolbar (ui.plan.graph_toolbar): each button runs its slot, is enabled for
what is shown, and is named again in the language installed."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ui.plan.graph_toolbar import NEED_A_PLAN, GraphToolbar, toolbar_texts
from ui.words import i18n

KEYS = ("zoom_in", "zoom_out", "fit", "add", "delete", "collapse", "expand")


@pytest.fixture
def pressed() -> list[str]:
    return []


@pytest.fixture
def bar(qtbot: QtBot, pressed: list[str]) -> GraphToolbar:
    def slot(key: str) -> Callable[[], None]:
        return lambda: pressed.append(key)

    toolbar = GraphToolbar({key: slot(key) for key in KEYS})
    qtbot.add_widget(toolbar)
    return toolbar


@pytest.fixture
def chinese(qapp: QApplication) -> Iterator[None]:
    assert i18n.install(qapp, "zh_CN") == "zh_CN"
    try:
        yield
    finally:
        i18n.install(qapp, "en")


def test_each_button_runs_its_slot_in_order_with_two_separators(
        bar: GraphToolbar, pressed: list[str]) -> None:
    for key in KEYS:
        bar.actions_[key].trigger()
    assert pressed == list(KEYS)
    assert [a.isSeparator() for a in bar.actions()].count(True) == 2
    assert bar.actions_["zoom_in"].text() == "Zoom in"
    assert "(F)" in bar.actions_["fit"].toolTip()


def test_buttons_are_enabled_for_what_is_shown(bar: GraphToolbar) -> None:
    bar.enable(has_plan=False, editable=True)  # a task without a plan: add, nothing else
    assert [k for k in KEYS if bar.actions_[k].isEnabled()] == ["add"]
    bar.enable(has_plan=True, editable=False)  # a draft: look, but do not touch
    assert [k for k in KEYS if bar.actions_[k].isEnabled()] == list(NEED_A_PLAN)
    bar.enable(has_plan=True, editable=True)
    assert all(bar.actions_[k].isEnabled() for k in KEYS)


def test_the_buttons_are_named_again_in_chinese(bar: GraphToolbar, chinese: None) -> None:
    bar.set_texts()
    assert bar.actions_["zoom_in"].text() not in ("", "Zoom in")
    assert {k: bar.actions_[k].text() for k in KEYS} == {
        k: text for k, (text, _tip) in toolbar_texts().items()}
