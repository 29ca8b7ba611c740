"""app.llm.offline.rules: what the offline planner reads from a task's words — verbs, parts,
dates, tags, contacts, what a reminder or a message says, the impossible and the vague."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from app.llm.offline import rules

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))


@pytest.mark.parametrize("text, kind", [("Email Alice the report", "message"),
                                        ("Remind me to pay rent", "remind"),
                                        ("Pay the rent and email Alice", "pay"),
                                        ("给李老师打电话", "call"), ("Wash the car", "do"),
                                        ("Hand in the form", "submit")])
def test_verb_of_is_the_first_known_verb(text: str, kind: str) -> None:
    assert rules.verb_of(text) == kind


def test_split_parts_keeps_each_part_and_its_order() -> None:
    parts, from_detail = rules.split_parts("Book flights, then email Bob the dates", "")
    assert [p.kind for p in parts] == ["book", "message"] and not from_detail
    assert parts[1].after == (0,)


def test_find_date_reads_a_phrase_in_free_text() -> None:
    found = rules.find_date("Call the bank tomorrow at 3pm", "due", NOW)
    assert found is not None and (found.day, found.hour) == (1, 15)
    assert rules.find_date("Call the bank", "due", NOW) is None


def test_tags_are_whole_words_and_at_most_three() -> None:
    assert rules.tags_for("Team meeting about the bank tax") == ["work", "finance"]
    assert rules.tags_for("Attend the teamwork seminar") == []
    many = "team mum doctor tax flight supermarket"
    assert len(rules.tags_for(many)) == 3


def test_contacts_are_found_longest_first_in_their_order() -> None:
    contacts = ["Al", "Alice", "Bob", "李老师"]
    assert rules.known_contact("email Alice", contacts) == "Alice"
    assert rules.known_contact("email Albert", contacts) is None
    assert rules.contacts_in("tell Bob then Alice and 李老师", contacts) == ["Bob", "Alice",
                                                                           "李老师"]
    assert rules.contact_for("and send it to her", contacts, "Alice") == "Alice"
    assert rules.contact_for("and send it", contacts, "Alice") is None


def test_what_a_reminder_and_a_message_say() -> None:
    assert rules.reminder_text("remind me to call mum") == "Call mum"
    assert rules.message_gist("Email Alice that the venue is booked", "Alice") == \
        "the venue is booked"
    assert rules.person_named("Email Carol about lunch") == "Carol"


def test_the_impossible_and_the_vague() -> None:
    assert rules.is_impossible("Travel back in time") and rules.is_impossible("让时间停止")
    assert not rules.is_impossible("Book a time slot")
    parts, _ = rules.split_parts("Learn Spanish", "")
    assert rules.is_vague("Learn Spanish", parts)
    assert not rules.is_vague("Buy milk", rules.split_parts("Buy milk", "")[0])


def test_tags_in_task_language() -> None:
    from app.llm.offline.rules import tags_for

    assert tags_for("交周报给经理") == ["工作"]
    assert tags_for("Send the weekly report to the team") == ["work"]
    assert tags_for("给妈妈买机票") == ["家庭", "旅行"]
