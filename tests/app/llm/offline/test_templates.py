"""app.llm.offline.templates: the well-known steps of an event or a renewal, a starter plan for
a vague goal, and the sections a document usually has."""

from __future__ import annotations

import pytest

from app.llm.offline.rules import Part
from app.llm.offline.templates import (
    GENERAL_SECTIONS,
    document_sections,
    starter_parts,
    template_parts,
    umbrella,
)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_event_to_organise_gets_its_four_steps_in_a_chain(lang: str) -> None:
    parts = template_parts(Part("Organise the team offsite", "organise"), lang)
    assert parts is not None and len(parts) == 4
    assert [p.after for p in parts] == [(), (0,), (1,), (2,)]


def test_a_renewal_fits_only_a_document() -> None:
    assert template_parts(Part("Renew the passport", "renew"), "en")
    assert template_parts(Part("Renew the gym membership", "renew"), "en") is None
    assert template_parts(Part("Wash the car", "do"), "en") is None


@pytest.mark.parametrize("lang, words", [("en", "Learn Spanish"), ("zh", "学会游泳")])
def test_a_starter_plan_ends_with_a_check_in(lang: str, words: str) -> None:
    parts = starter_parts(words, lang)
    assert parts[-1].kind == "remind" and words in parts[0].text
    assert [p.notes != "" for p in parts] == [p.kind == "write" for p in parts]


def test_umbrella_titles_name_a_list() -> None:
    assert umbrella("Trip to Paris:") and umbrella("Prepare the move")
    assert not umbrella("Call the bank")


@pytest.mark.parametrize("title, zh, first", [("Weekly report", False, "Done this week"),
                                              ("写周报", True, "本周完成"),
                                              ("Budget for 2027", False, "Income"),
                                              ("A status report", False, "Done this week")])
def test_document_sections_by_kind(title: str, zh: bool, first: str) -> None:
    assert document_sections(title, zh)[0] == first


def test_an_unknown_document_gets_the_general_sections() -> None:
    assert document_sections("Something", False) == GENERAL_SECTIONS[0]
    assert document_sections("东西", True) == GENERAL_SECTIONS[1]
