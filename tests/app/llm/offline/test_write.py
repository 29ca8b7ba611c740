"""app.llm.offline.write: the offline planner's drafts — messages, documents and templates to
fill in — and whether a result is real work for its done_when."""

from __future__ import annotations

from typing import Any

import pytest

from app.llm.offline.write import BLANK, TEMPLATE_DONE_WHEN, draft, meets, template


def ctx(instructions: str, language: str = "en", **step: Any) -> dict[str, Any]:
    return {"language": language, "task": {"title": "Team offsite", "detail": ""},
            "step": {"id": "s2", "title": "Draft", "inputs": {"instructions": instructions},
                     **step}, "results": {"s1": "Venue: the boathouse", "s2": "own"}}


def test_a_message_draft_is_addressed_and_asks_directly() -> None:
    text = draft(ctx("A message to Alice (ask): whether she can come on Friday"))
    assert text.startswith("Hi Alice,") and text.endswith("Thanks!") and "?" in text


def test_a_chinese_message_draft_speaks_to_the_person() -> None:
    text = draft(ctx("给妈妈的消息（ask）：周日要不要来吃饭", language="zh"))
    assert text.startswith("妈妈，")


def test_sending_something_not_known_yet_leaves_a_blank() -> None:
    context = ctx("A message to Bob (send): the slides")
    context["results"] = {}
    assert BLANK["en"] in draft(context)


def test_a_document_uses_the_earlier_results_not_its_own() -> None:
    text = draft(ctx("Write the plan for the day"))
    assert "Regarding: Team offsite" in text and "- Venue: the boathouse" in text
    assert "own" not in text.split("Key points:")[1]


def test_a_step_planned_as_a_template_gets_sections_to_fill_in() -> None:
    text = draft(ctx("Weekly report", done_when=TEMPLATE_DONE_WHEN["en"]))
    assert "Done this week:" in text and BLANK["en"] in text
    assert template("写周报", [], True).count(BLANK["zh"]) == 3


@pytest.mark.parametrize("result, passed", [("", False), ("short", False), ("很短", False),
                                            ("A real letter asking for the key.", True),
                                            ("1. Purpose: TODO later on", False),
                                            ("这是一封真正的请求信件内容", True)])
def test_meets_refuses_the_empty_the_short_and_the_outline(result: str, passed: bool) -> None:
    assert meets(result, "a letter is written")[0] is passed


def test_a_template_with_blanks_meets_a_template_done_when() -> None:
    assert meets("Weekly report\n\nDone this week:\n- (to fill in)", TEMPLATE_DONE_WHEN["en"])[0]
