"""The settings dialog's parts (ui.settings.fields): the address rules, fields whose
ranges and choices come from the declarations in app.config.settings, and choosing an item by
its code."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.config import settings
from tests.ui.settings_helpers import open_dialog
from ui.settings.fields import url_problem
from ui.shared.context import WindowContext


def test_url_rules() -> None:
    assert url_problem("offline", "") == ""
    assert url_problem("openai", "https://api.example.com/v1") == ""
    assert url_problem("openai", "")
    assert url_problem("ollama", "ftp://host")
    assert url_problem("ollama", "http://host:port")


def test_limits_and_lists_come_from_the_declared_settings(ctx: WindowContext, qtbot: QtBot
                                                          ) -> None:
    dialog = open_dialog(ctx, qtbot)
    for spin, key in ((dialog.max_steps, "assistant.max_steps"),
                      (dialog.deadline, "assistant.deadline_s"),
                      (dialog.max_tokens, "assistant.max_tokens"),
                      (dialog.temperature, "assistant.temperature")):
        declared = settings.SETTINGS[key]
        assert (spin.minimum(), spin.maximum()) == (declared.min, declared.max), key
        assert spin.value() == declared.default, key
    for combo, key in ((dialog.theme, "ui.theme"), (dialog.language, "ui.language")):
        codes = [combo.itemData(i) for i in range(combo.count())]
        assert codes == [code for code, _ in settings.SETTINGS[key].choices]


def test_fields_take_the_declared_range_and_choices(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QComboBox, QWidget

    from ui.settings import fields

    box = QWidget()
    qtbot.add_widget(box)
    declared = settings.SETTINGS["assistant.max_steps"]
    number = fields.spin(box, "assistant.max_steps")
    assert (number.minimum(), number.maximum()) == (declared.min, declared.max)
    number.setValue(10**6)
    assert number.value() == declared.max  # never beyond what put() accepts
    combo = QComboBox(box)
    fields.add_choices(combo, "ui.theme", {"dark": "Night"})
    codes = [code for code, _ in settings.SETTINGS["ui.theme"].choices]
    assert [combo.itemData(i) for i in range(combo.count())] == codes
    assert combo.itemText(codes.index("dark")) == "Night"
    fields.select(combo, "dark")
    assert combo.currentData() == "dark"
    fields.select(combo, "purple")  # not a choice: the first
    assert combo.currentIndex() == 0


def test_message_line_plain_wrapped(qtbot: QtBot) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QFormLayout, QLineEdit, QWidget

    from ui.settings import fields

    page = QWidget()
    qtbot.add_widget(page)
    form = QFormLayout(page)
    form.addRow("Name", QLineEdit(page))
    note = fields.message_label(page, "note", error=False)
    error = fields.message_label(page, "error")
    form.addRow("", note)
    form.addRow("", error)
    assert note.textFormat() == Qt.TextFormat.PlainText and note.wordWrap()
    assert note.isHidden() and error.styleSheet() == fields.ERROR_STYLE and not note.styleSheet()
    page.resize(400, 300)
    page.show()
    error.setText("<b>not bold</b> " + "a long explanation of what went wrong " * 6)
    error.show()
    qtbot.wait_until(lambda: error.width() > 100)
    lines = error.fontMetrics().height()
    # as tall as its text at its width: wrapped, neither cut nor padded to a guess
    qtbot.wait_until(lambda: error.height() == error.heightForWidth(error.width()))
    assert error.height() >= 2 * lines and error.text().startswith("<b>")
