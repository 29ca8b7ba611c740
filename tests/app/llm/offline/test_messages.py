"""app.llm.offline.messages: what a careful person would send — a subject, a greeting in
the recipient's register, the person's words kept, the facts earlier steps found, a
closing with the person's name; never an event title, a UTC stamp or an attachment."""

from __future__ import annotations

import pytest

from app.llm.offline.messages import attachment_in, compose, kind_of, needs_facts


def en(kind: str, gist: str, facts: list[str] | None = None, to: str = "Priya") -> str:
    return compose(to, kind, gist, title="Task", facts=facts or [], sender="Sam",
                   zh=False).text(False)


def zh(kind: str, gist: str, to: str = "李老师", facts: list[str] | None = None) -> str:
    return compose(to, kind, gist, title="任务", facts=facts or [], sender="小陈",
                   zh=True).text(True)


@pytest.mark.parametrize("text, kind", [
    ("Write a thank-you note to Alice", "thank"), ("感谢王总的支持", "thank"),
    ("Apologise to Bob for missing the call", "apologise"), ("向李老师道歉", "apologise"),
    ("Congratulate Priya on the new job", "congratulate"),
    ("Follow up with Bob about the invoice", "follow_up"), ("催一下小王的报销", "follow_up"),
    ("Ask Priya when she is free next week", "availability"),
    ("Invite Sam to the barbecue", "invite"), ("邀请王总参加年会", "invite"),
    ("Ask Bob whether the venue is booked", "ask"), ("问李老师下周家长会几点开", "ask"),
    ("Tell Alice that the slides are ready", "tell"), ("Send Bob the budget", "send")])
def test_kind(text: str, kind: str) -> None:
    assert kind_of(text) == kind


def test_thank_you() -> None:
    text = en("thank", "for hosting us")
    assert text.startswith("Subject: Thank you\n\nHi Priya,\n\nThank you so much for hosting us.")
    assert text.endswith("With thanks,\nSam")


def test_invitation_asks_reply() -> None:
    text = en("invite", "to the barbecue on Saturday", ["At the riverside park, 2pm"])
    assert "I'd like to invite you to the barbecue on Saturday." in text
    assert "At the riverside park, 2pm" in text and "whether you can come" in text
    assert "Subject: Invitation: the barbecue on Saturday" in text


def test_free_times_offered() -> None:
    found = "Free times (Asia/Shanghai):\n- Mon 7 Dec 09:00–12:00\n- Tue 8 Dec 14:00–18:00"
    text = en("availability", "next week", [found])
    assert "when you're free next week?" in text and "- Tue 8 Dec 14:00–18:00" in text
    assert "Asia/Shanghai" not in text and "Z" not in text.split("Subject")[1]


def test_no_calendar_not_sent() -> None:
    text = en("availability", "next week", [])
    assert "calendar" not in text.lower() and "events" not in text.lower()


def test_question_keeps_words() -> None:
    assert "下周家长会几点开？" in zh("ask", "下周家长会几点开")
    assert "When does next week's meeting start?" in en("ask", "when next week's meeting starts")


@pytest.mark.parametrize("to, greeting, you", [("李老师", "李老师您好：", "您"),
                                               ("妈妈", "妈妈：", "您"),
                                               ("小王", "小王，你好！", "你")])
def test_register(to: str, greeting: str, you: str) -> None:
    text = zh("ask", "他明天有没有空", to=to)
    assert f"\n\n{greeting}\n\n{you}明天有没有空？" in text and text.endswith("谢谢！\n小陈")


def test_follow_up_and_apology() -> None:
    assert "I'm following up on the invoice." in en("follow_up", "about the invoice")
    assert "I'm sorry for missing the meeting." in en("apologise", "for missing the meeting")
    assert "很抱歉没能参加会议" in zh("apologise", "没能参加会议")


def test_no_name_no_signature() -> None:
    text = compose("Bob", "tell", "the room changed", title="x", facts=[], sender="",
                   zh=False).text(False)
    assert text.endswith("Best,") and "Hi Bob," in text


def test_card_has_no_subject() -> None:
    card = compose("Alice", "thank", "for the flowers", title="x", facts=[], sender="",
                   zh=False, card=True)
    assert not card.subject and card.text(False).startswith("Hi Alice,")


@pytest.mark.parametrize("gist, attached", [("the slides", True), ("简历", True),
                                            ("the two options", False), ("the photos", True)])
def test_attachments(gist: str, attached: bool) -> None:
    assert attachment_in(gist) is attached


def test_needs_facts() -> None:
    assert needs_facts("status", "") and needs_facts("send", "the two options")
    assert not needs_facts("ask", "whether it is ready") and not needs_facts("send", "")


@pytest.mark.parametrize("kind, gist, said", [
    ("ask", "to ask whether he can come to the offsite by friday",
     "Can you come to the offsite by friday?"),
    ("ask", "to ask her if she can review the slides", "Can you review the slides?"),
    ("tell", "to tell her the meeting moved to 3pm", "The meeting moved to 3pm."),
    ("tell", "to let her know that the report is ready", "The report is ready."),
    ("tell", "to tell her about the party", "I wanted to tell you about the party.")])
def test_verb_after_name(kind: str, gist: str, said: str) -> None:
    """"Email Bob to ask …": Bob is asked, never asked to ask."""
    text = en(kind, gist, to="Bob")
    assert said in text and "ask whether" not in text and "Tell you" not in text


@pytest.mark.parametrize("gist, title, event", [
    ("the invitation with the date and place", "Organise the team offsite", "the team offsite"),
    ("", "Team offsite", "the team offsite"),
    ("", "Plan a birthday party for Mia", "a birthday party for Mia")])
def test_invitation_names_event(gist: str, title: str, event: str) -> None:
    letter = compose("them", "invite", gist, title=title, facts=[], sender="", zh=False)
    assert f"invite you to {event}." in letter.body and "invitation with" not in letter.body


def test_invitation_names_event_zh() -> None:
    letter = compose("对方", "invite", "起草邀请，写明日期和地点", title="组织团队团建", facts=[],
                     sender="", zh=True)
    assert "参加团队团建。" in letter.body and "起草" not in letter.text(True)
