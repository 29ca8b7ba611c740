"""Texts that follow the interface language while the window is open.

A widget registers each text as a setter and a function that makes the text
(``lambda: self.tr("&File")``, so lupdate still finds it); on
``QEvent.LanguageChange`` it calls ``apply`` and every text is made again with the
translators installed now. No restart is needed to switch language.

Texts the core makes (a refusal, an import's skip reasons, a sync conflict) are in
English; :func:`told` says them in the interface language where the window shows them.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QLocale

from app.words import plain

Setter = Callable[[str], object]


class Retexts:
    """The texts of one widget, set now and again on every language change."""

    def __init__(self) -> None:
        self._texts: list[tuple[Setter, Callable[[], str]]] = []
        self._labels: list[tuple[Callable[[list[str]], object], Callable[[], list[str]]]] = []

    def add(self, setter: Setter, make: Callable[[], str]) -> None:
        """Set a text now (``setter(make())``) and again after each language change."""
        setter(make())
        self._texts.append((setter, make))

    def add_labels(self, setter: Callable[[list[str]], object],
                   make: Callable[[], list[str]]) -> None:
        """Set a list of texts now and after each language change: a table's or tree's
        headers (``model.setHorizontalHeaderLabels``, ``tree.setHeaderLabels``)."""
        setter(make())
        self._labels.append((setter, make))

    def apply(self) -> None:
        """Make every text again (call on ``QEvent.LanguageChange``)."""
        for setter, make in self._texts:
            setter(make())
        for set_labels, make_labels in self._labels:
            set_labels(make_labels())


def interface_language() -> str:
    """``zh`` when the window speaks Chinese (``ui.words.i18n.install`` sets the locale), else
    ``en``."""
    return "zh" if QLocale().language() == QLocale.Language.Chinese else "en"


def told_error(error: BaseException) -> str:
    """A known error's message in the interface language: told from its code where it
    was made from one (``KnownError.words``), else its English retold (:func:`told`)."""
    words = getattr(error, "words", None)
    return words(interface_language()) if callable(words) else told(str(error))


def told(text: str) -> str:
    """A text of the core (a refusal, a skip reason, a conflict) in the interface
    language: unchanged in English, retold in Chinese (``app.words.plain.told``)."""
    return plain.told(text, interface_language())
