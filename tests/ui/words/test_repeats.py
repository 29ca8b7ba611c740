"""A repeat rule in words (``ui.words.repeats``): never the rule's code, in English and
Chinese, and the rules the core writes for its phrases read back as phrases."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from app.dates.recurrence_words import find_recurrence
from ui.words import i18n
from ui.words.repeats import choice_of, repeat_words

SAID = {
    "FREQ=MONTHLY;BYMONTHDAY=5": ("every month on the 5th", "每月5号"),
    "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR": ("every weekday", "每个工作日"),
    "FREQ=WEEKLY;BYDAY=FR": ("every Friday", "每周周五"),
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO": ("every other Monday", "每两周的周一"),
    "FREQ=DAILY": ("every day", "每天"),
    "FREQ=DAILY;INTERVAL=3": ("every 3 days", "每3天"),
    "FREQ=MONTHLY;BYMONTHDAY=-1": ("on the last day of every month", "每月最后一天"),
    "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=8": ("every year on 8 March", "每年3月8日"),
    "FREQ=WEEKLY;BYDAY=MO,FR": ("every Monday and Friday", "每周周一、周五"),
}


@pytest.mark.parametrize("rule", sorted(SAID))
def test_a_rule_is_said_in_words(qapp: QApplication, english: object, rule: str) -> None:
    assert repeat_words(rule) == SAID[rule][0]
    i18n.install(qapp, "zh_CN")
    assert repeat_words(rule) == SAID[rule][1]


@pytest.mark.parametrize("rule", sorted(SAID))
def test_the_words_read_back_as_the_rule(qapp: QApplication, english: object,
                                         rule: str) -> None:
    found = find_recurrence(repeat_words(rule))
    assert found is not None and found.rule == rule
    i18n.install(qapp, "zh_CN")
    found = find_recurrence(repeat_words(rule))
    assert found is not None and found.rule == rule


def test_a_rule_no_phrase_says_is_not_shown_as_code(qapp: QApplication,
                                                    english: object) -> None:
    said = repeat_words("FREQ=MONTHLY;BYDAY=1MO;BYSETPOS=1")
    assert said == "on a schedule of its own" and "FREQ" not in said
    assert repeat_words(None) == ""


def test_the_picker_knows_its_own_rules() -> None:
    assert choice_of(None) == "none"
    assert choice_of("FREQ=DAILY") == "daily"
    assert choice_of("FREQ=MONTHLY;BYMONTHDAY=5") == "typed"
