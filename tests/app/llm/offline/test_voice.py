"""Messages in the recipient's voice: the contact's third person becomes the second, an
ask becomes a direct question, a tell the statement itself (issue 9 follow-up)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.llm.offline import voice
from app.llm.offline.write import draft


@pytest.mark.parametrize(("gist", "question"), [
    ("whether she wants to come for dinner on Sunday",
     "Would you like to come for dinner on Sunday?"),
    ("if he can bring his laptop", "Can you bring your laptop?"),
    ("whether the venue is free on Saturday", "Is the venue free on Saturday?"),
    ("if she has the keys", "Do you have the keys?"),
    ("whether he has finished the slides", "Have you finished the slides?"),
    ("whether the room has a projector", "Does the room have a projector?"),
    ("whether he goes to the gym", "Do you go to the gym?"),
    ("when she is free", "When are you free?"),
    ("what time his train arrives", "What time does your train arrive?"),
    ("who is coming", "Who is coming?"),
    ("send me the slides", "Could you send me the slides?"),
    ("her if the report is ready", "Is the report ready?"),  # "ask her if …" after a name
    ("him when he is free", "When are you free?"),
])
def test_an_ask_becomes_a_direct_question_to_the_contact(gist: str, question: str) -> None:
    assert voice.question_en(gist) == question


@pytest.mark.parametrize(("gist", "said"), [
    ("her report was great", "Your report was great."),
    ("she should bring her passport", "You should bring your passport."),
    ("the meeting moved to 4pm", "The meeting moved to 4pm."),
    ("I'll be late", "I'll be late."),
])
def test_a_tell_becomes_the_statement_itself(gist: str, said: str) -> None:
    assert voice.statement_en(gist) == said


@pytest.mark.parametrize(("gist", "question"), [
    ("她周日要不要来吃饭", "您周日要不要来吃饭？"), ("他明天来", "您明天来吗？"),
    ("家长会几点开", "家长会几点开？"), ("他们几点到", "他们几点到？"),
    ("其他人来不来", "其他人来不来？"),
])
def test_a_chinese_ask_is_asked_of_the_contact(gist: str, question: str) -> None:
    assert voice.question_zh(gist) == question


def ctx_for(title: str, instructions: str, language: str) -> dict[str, object]:
    return {"language": language, "task": {"title": title, "due_at": None},
            "step": {"id": "s1", "title": "draft", "inputs": {"instructions": instructions}},
            "results": {}}


def test_the_message_to_mom_asks_her_not_about_her() -> None:
    text = draft(ctx_for("Ask Mom whether she wants to come for dinner on Sunday",
                         "A message to Mom (ask): whether she wants to come for dinner on "
                         "Sunday", "en"))
    assert "Would you like to come for dinner on Sunday?" in text
    assert " she " not in text and "Could you tell me" not in text
    zh = draft(ctx_for("问妈妈她周日要不要来吃饭", "给妈妈的消息（ask）：她周日要不要来吃饭", "zh"))
    assert "妈妈：\n\n您周日要不要来吃饭？" in zh


@pytest.mark.timeout(30)
@given(st.lists(st.sampled_from(
    ["she ", "he ", "her ", "his ", "him ", "wants ", "is ", "the ", "to ", "if ", "when ",
     "whether ", "what ", "time ", "? ", ". ", "x", "她", "他", "们", "吗"]), max_size=12))
def test_any_gist_gives_a_question_and_a_statement_without_third_person(pieces: list[str]
                                                                        ) -> None:
    gist = "".join(pieces)
    for text in (voice.question_en(gist), voice.statement_en(gist)):
        assert text.endswith(("?", ".")) and not {"she", "he", "him"} & set(text.lower().split())
    assert voice.question_zh(gist).endswith("？")


def test_a_second_thing_to_say_to_the_same_contact_is_said_in_its_own_kind() -> None:
    text = draft(ctx_for("Tell Sam the meeting moved and ask him whether he can come",
                         "A message to Sam (tell): the meeting moved; (ask) him whether he can "
                         "come", "en"))
    assert text.endswith("Hi Sam,\n\nThe meeting moved.\n\nCan you come?\n\nBest,")
