"""app.llm.offline.write: the offline planner's drafts — messages, letters and lists it
can finish — and whether a result is real work: not empty, no blanks, not the request
said back."""

from __future__ import annotations

from typing import Any

import pytest

from app.llm.offline.write import draft, echoes, heading_of, known, meets


def ctx(instructions: str, language: str = "en", **step: Any) -> dict[str, Any]:
    return {"language": language, "task": {"title": "Team offsite", "detail": ""},
            "sender": "Sam",
            "step": {"id": "s2", "title": "Draft", "inputs": {"instructions": instructions},
                     **step}, "results": {"s1": "Venue: the boathouse", "s2": "own"}}


def test_message_addressed() -> None:
    text = draft(ctx("A message to Alice (ask): whether she can come on Friday"))
    assert text.startswith("Subject: ") and "\n\nHi Alice,\n\n" in text
    assert "Can you come on Friday?" in text and text.endswith("Thanks,\nSam")


def test_chinese_message() -> None:
    text = draft(ctx("给妈妈的消息（ask）：她周日要不要来吃饭", language="zh"))
    assert "妈妈：\n\n您周日要不要来吃饭？" in text and text.startswith("主题：")


def test_letter_no_subject() -> None:
    text = draft(ctx("A letter to Alice (thank): for hosting us"))
    assert text.startswith("Hi Alice,\n\nThank you so much for hosting us.")
    assert "Subject" not in text


def test_letter_to_nobody() -> None:
    assert draft(ctx("A letter to them (thank): for the flowers")).startswith("Hello,")


def test_list_from_notes() -> None:
    text = draft(ctx("Write a packing list\nPassport\nCharger"))
    assert text == "Packing list — Team offsite\n\n- Passport\n- Charger\n- Venue: the boathouse"


def test_known_skips_status() -> None:
    context = ctx("x")
    context["results"] = {"s1": "done", "s3": "sent to Bob", "s4": "Venue: the pier",
                          "s2": "own"}
    assert known(context) == ["Venue: the pier"]


@pytest.mark.parametrize("asked, heading", [("Write a packing list", "Packing list"),
                                            ("写一份行李清单", "行李清单"),
                                            ("List the documents needed", "Documents needed")])
def test_heading(asked: str, heading: str) -> None:
    assert heading_of(asked) == heading


@pytest.mark.parametrize("result, said_back", [
    ("Write the quarterly report\n\nKey points:\n- figures", True),
    ("The quarterly report, write it", True),
    ("Revenue rose 4% to 1.2m; costs fell; two hires in March.", False),
    ("写季度报告", True), ("本季度收入增长百分之四，新招两人。", False)])
def test_echoes(result: str, said_back: bool) -> None:
    asked = "写季度报告" if result[0] in "写本" else "Write the quarterly report"
    assert echoes(result, asked) is said_back


@pytest.mark.parametrize("result, passed", [("", False), ("short", False), ("很短", False),
                                            ("A real letter asking for the key.", True),
                                            ("1. Purpose: TODO later on", False),
                                            ("Greeting: (to fill in)", False),
                                            ("这是一封真正的请求信件内容", True)])
def test_meets(result: str, passed: bool) -> None:
    assert meets(result, "a letter is written")[0] is passed


def test_meets_refuses_echo() -> None:
    ok, why = meets("Write the quarterly report for the board", "a usable draft is ready",
                    "Write the quarterly report for the board")
    assert not ok and "repeats the request" in why


def test_list_items_split() -> None:
    text = draft(ctx("Write a packing list\nCommon: a; b (x, y)\nphone, charger, adapter"))
    assert "Common:\n- a\n- b (x, y)\n- phone\n- charger\n- adapter" in text
