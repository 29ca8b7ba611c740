"""The interface language (ui.words.i18n): install switches Qt's and our translators and
replaces rather than stacks them, English comes back, ``system`` follows the locale,
and dates follow the interface language."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QDate, QLocale
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ui.words import i18n

translate = QCoreApplication.translate


def test_install_switches_the_language(qapp: QApplication) -> None:
    assert translate("QuickAddBar", "Add") == "Add"
    try:
        assert i18n.install(qapp, "zh_CN") == "zh_CN"
        assert i18n.install(qapp, "zh_CN") == "zh_CN"  # again: replaces, does not stack
        assert translate("QuickAddBar", "Add") == "添加"
        assert translate("TaskListPanel", "%n task(s)", "", 3) == "3 个任务"
        assert translate("MainWindow", "&File") == "文件(&F)"
        assert translate("labels", "in progress") == "进行中"
        assert translate("QPlatformTheme", "Cancel") == "取消"  # Qt's own, from qtbase_zh_CN
    finally:
        assert i18n.install(qapp, "en") == "en"
    assert translate("QuickAddBar", "Add") == "Add"
    assert translate("TaskListPanel", "%n task(s)", "", 3) == "3 task(s)"
    assert translate("QPlatformTheme", "Cancel") == "Cancel"


def test_widgets_built_after_english_is_back(qapp: QApplication, qtbot: QtBot) -> None:
    from ui.style.palette import CommandPalette

    i18n.install(qapp, "zh_CN")
    i18n.install(qapp, "en")
    palette = CommandPalette([])
    qtbot.add_widget(palette)
    assert palette.windowTitle() == "Commands"


def test_system_follows_the_locale_and_a_known_choice_is_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert i18n.resolve("en") == "en"
    assert i18n.resolve("zh_CN") == "zh_CN"
    monkeypatch.setattr(i18n.QLocale, "system", staticmethod(lambda: QLocale("zh_TW")))
    assert i18n.resolve("system") == "zh_CN"
    monkeypatch.setattr(i18n.QLocale, "system", staticmethod(lambda: QLocale("de_DE")))
    assert i18n.resolve("system") == "en"


def test_dates_follow_the_interface_language(qapp: QApplication) -> None:
    try:
        i18n.install(qapp, "zh_CN")
        assert QLocale().name() == "zh_CN"
        assert "月" in QLocale().toString(QDate(2026, 12, 2), "d MMM")
    finally:
        i18n.install(qapp, "en")
    assert QLocale().language() == QLocale.Language.English
