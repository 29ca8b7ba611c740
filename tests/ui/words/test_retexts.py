"""Texts that follow the language while the window is open (ui.words.retexts): each text is set
at once and made again by every ``apply``, in the order it was added; a core text told in
the interface language."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QApplication

from ui.words.retexts import Retexts


def test_a_text_is_set_now_and_made_again_on_each_language_change() -> None:
    language = ["en"]
    shown: dict[str, str] = {}
    texts = Retexts()
    texts.add(lambda s: shown.__setitem__("title", s),
              lambda: "Tasks" if language[0] == "en" else "任务")
    texts.add(lambda s: shown.__setitem__("button", s),
              lambda: "Add" if language[0] == "en" else "添加")
    assert shown == {"title": "Tasks", "button": "Add"}
    language[0] = "zh_CN"
    texts.apply()
    assert shown == {"title": "任务", "button": "添加"}
    language[0] = "en"
    texts.apply()
    assert shown == {"title": "Tasks", "button": "Add"}


def test_apply_calls_each_setter_once_in_the_order_added() -> None:
    calls: list[str] = []
    texts = Retexts()

    def setter(name: str) -> Callable[[str], None]:
        return lambda text: calls.append(name + text)

    for name in ("a", "b", "c"):
        texts.add(setter(name), lambda: "!")
    calls.clear()
    texts.apply()
    assert calls == ["a!", "b!", "c!"]


def test_a_core_text_is_told_in_the_interface_language(qapp: QApplication) -> None:
    from ui.words import i18n
    from ui.words.retexts import interface_language, told

    refusal = "priority runs from 1 (highest) to 4 (lowest)"
    assert interface_language() == "en" and told(refusal) == refusal
    try:
        i18n.install(qapp, "zh_CN")
        assert interface_language() == "zh"
        assert told(refusal) == "优先级从 1（最高）到 4（最低）"
    finally:
        i18n.install(qapp, "en")


def test_headers_are_set_now_and_again_on_each_language_change(qapp: QApplication) -> None:
    from PySide6.QtGui import QStandardItemModel
    from PySide6.QtWidgets import QTreeWidget

    language = ["en"]
    model = QStandardItemModel(0, 2)
    tree = QTreeWidget()
    texts = Retexts()
    names = {"en": ["Step", "Status"], "zh_CN": ["步骤", "状态"]}
    texts.add_labels(model.setHorizontalHeaderLabels, lambda: names[language[0]])
    texts.add_labels(tree.setHeaderLabels, lambda: names[language[0]])
    assert model.horizontalHeaderItem(1).text() == "Status"
    language[0] = "zh_CN"
    texts.apply()
    assert model.horizontalHeaderItem(0).text() == "步骤" and tree.headerItem().text(1) == "状态"
