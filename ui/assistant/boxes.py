"""The small read-only widgets the assistant dock's tabs are made of: a plain-text box,
a flat table of rows, and a widget under a caption."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QPlainTextEdit, QTreeWidget, QVBoxLayout, QWidget

MIN_HEIGHT = 40  # a low dock keeps its boxes (each scrolls itself) without a scroll around


def plain_box(parent: QWidget, name: str, placeholder: str) -> QPlainTextEdit:
    """A read-only plain-text box named ``name`` (model text is never read as markup)."""
    box = QPlainTextEdit(parent)
    box.setObjectName(name)
    box.setReadOnly(True)
    box.setPlaceholderText(placeholder)
    box.setMinimumHeight(MIN_HEIGHT)
    return box


def captioned(parent: QWidget, caption: str, widget: QWidget) -> QWidget:
    """``widget`` under a small caption (a QLabel named "caption")."""
    box = QWidget(parent)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 4, 0, 0)
    layout.setSpacing(2)
    label = QLabel(caption, box)
    label.setObjectName("caption")
    layout.addWidget(label)
    layout.addWidget(widget, 1)
    return box


def flat_tree(parent: QWidget, name: str, headers: list[str]) -> QTreeWidget:
    """A table of rows with these column headers, without a tree's indentation."""
    tree = QTreeWidget(parent)
    tree.setObjectName(name)
    tree.setRootIsDecorated(False)
    tree.setAlternatingRowColors(True)
    tree.setHeaderLabels(headers)
    tree.setUniformRowHeights(True)
    tree.setMinimumHeight(MIN_HEIGHT)
    return tree
