"""Renaming a step where it is drawn (ui.plan.inline_rename): the editor opens over its rect
with the title selected; Enter or leaving the field reports the new title once, Escape
reports None; either way it goes away."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from ui.plan.inline_rename import InlineRename


def _host(qtbot: QtBot) -> QWidget:
    host = QWidget()
    qtbot.add_widget(host)
    host.resize(400, 200)
    host.show()
    qtbot.wait_exposed(host)
    return host


def test_it_opens_over_the_node_with_the_title_selected(qtbot: QtBot) -> None:
    host = _host(qtbot)
    editor = InlineRename(host, QRect(10, 20, 160, 24), "Pay", lambda _title: None)
    assert editor.geometry() == QRect(10, 20, 160, 24)
    assert editor.text() == "Pay" and editor.selectedText() == "Pay"
    assert editor.isVisible() and editor.accessibleName() == "Step title"


def test_enter_reports_the_new_title_once_and_the_editor_goes(qtbot: QtBot) -> None:
    host = _host(qtbot)
    done: list[str | None] = []
    editor = InlineRename(host, QRect(0, 0, 160, 24), "Pay", done.append)
    qtbot.keyClicks(editor, "Pay by card")  # typed over the selected title
    QTest.keyClick(editor, Qt.Key.Key_Return)
    editor.clearFocus()  # the focus leaving afterwards does not report it again
    assert done == ["Pay by card"] and not editor.isVisible()
    qtbot.wait_until(lambda: host.findChild(InlineRename) is None)


def test_escape_reports_none(qtbot: QtBot) -> None:
    host = _host(qtbot)
    done: list[str | None] = []
    editor = InlineRename(host, QRect(0, 0, 160, 24), "Pay", done.append)
    qtbot.keyClicks(editor, "Something else")
    QTest.keyClick(editor, Qt.Key.Key_Escape)
    assert done == [None] and not editor.isVisible()


def test_leaving_the_field_saves(qtbot: QtBot) -> None:
    host = _host(qtbot)
    other = QLineEdit(host)
    other.show()
    done: list[str | None] = []
    editor = InlineRename(host, QRect(0, 0, 160, 24), "Pay", done.append)
    host.activateWindow()
    editor.setFocus()
    qtbot.wait_until(editor.hasFocus)
    editor.setText("Pay cash")
    other.setFocus()
    qtbot.wait_until(lambda: done == ["Pay cash"])
