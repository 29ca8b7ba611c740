"""The assistant dock's small widgets (ui.assistant.boxes): read-only plain text, a flat
table of rows, and a widget under a caption."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QPlainTextEdit, QWidget
from pytestqt.qtbot import QtBot

from ui.assistant.boxes import captioned, flat_tree, plain_box


def test_a_plain_box_is_read_only_and_named(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.add_widget(parent)
    box = plain_box(parent, "reply", "Select a call.")
    assert (box.objectName(), box.placeholderText()) == ("reply", "Select a call.")
    assert box.isReadOnly() and box.parent() is parent


def test_a_flat_tree_has_its_headers_and_no_indentation(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.add_widget(parent)
    tree = flat_tree(parent, "worklog", ["Time", "Who"])
    header = tree.headerItem()
    assert [header.text(0), header.text(1)] == ["Time", "Who"]
    assert not tree.rootIsDecorated() and tree.objectName() == "worklog"


def test_captioned_puts_a_caption_above_the_widget(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.add_widget(parent)
    inner = QPlainTextEdit()
    box = captioned(parent, "What the assistant did", inner)
    caption = box.findChild(QLabel, "caption")
    assert caption is not None and caption.text() == "What the assistant did"
    assert inner.parent() is box
