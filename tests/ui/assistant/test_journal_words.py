"""The journal in words (``ui.assistant.journal_words``): the core's own terms of the work
log and the model calls said as a person says them, in English and Chinese."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from ui.assistant import journal_words as words
from ui.words import i18n


def test_the_cores_terms_are_said_in_words(qapp: QApplication, english: object) -> None:
    assert words.message("state", "new → reviewed: reviewed: a simple task") == \
        "new → reviewed (a simple task)"
    assert words.message("state", "new → reviewed: reviewed") == "new → reviewed"
    assert words.message("review", "offline planner: book") == \
        "Looked at it with the built-in planner"
    assert words.message("plan", "revision 1 (4 steps) by assistant") == \
        "Plan version 1 with 4 steps, by the assistant"
    assert words.message("create", "added by me") == "Added by you"
    said = words.message("occurrence", "occurrence due 2026-12-01T15:00:00Z completed")
    assert "2026-12-01T" not in said and "occurrence due " in said
    assert (words.who("user"), words.what("create")) == ("You", "Added")
    assert words.model_name("offline", "offline-planner") == "the built-in planner"
    assert words.outcome("ok") == "used" and words.outcome("error: timeout") == "failed: timeout"


def test_the_journal_speaks_chinese_in_a_chinese_window(qapp: QApplication) -> None:
    i18n.install(qapp, "zh_CN")
    try:
        assert words.message("review", "offline planner: book") == "用内置规划器查看了这个任务"
        assert words.who("user") == "你" and words.what("plan") == "计划"
        assert "→" in words.message("state", "new → reviewed: reviewed")
        assert "new" not in words.message("state", "new → reviewed: reviewed")
    finally:
        i18n.install(qapp, "en")
