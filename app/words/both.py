"""One text in both languages: English and Chinese, chosen at the edge where it is shown."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Words:
    """A text (or a ``str.format`` template) in English and in Chinese."""

    en: str
    zh: str

    def in_(self, language: str) -> str:
        """The text in ``language`` (``zh``, else English)."""
        return self.zh if language == "zh" else self.en
