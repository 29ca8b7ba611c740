"""The plan contract's error codes (``app.problems``): declared once, each with its words."""

from __future__ import annotations

import pytest

from app.errors import KnownError
from app.problems import CODES, InvalidPlan, Problem
from app.words.plain import language_of


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_code_says_what_it_does_in_english_and_chinese(code: str) -> None:
    meaning = CODES[code]
    assert meaning.does.strip() and language_of(meaning.en) == "en"
    assert language_of(meaning.zh) == "zh"


def test_a_problem_reads_as_its_code_and_message() -> None:
    problem = Problem("duplicate_step_id", "'a' twice", "a")
    assert str(problem) == "duplicate_step_id: 'a' twice" and problem.step == "a"


def test_an_undeclared_code_is_a_bug_caught_at_once() -> None:
    with pytest.raises(ValueError, match="undeclared problem code 'made_up'"):
        Problem("made_up", "x")


def test_an_invalid_plan_is_a_known_error_listing_every_problem() -> None:
    problems = [Problem("duplicate_step_id", "one"), Problem("missing_dependency", "two")]
    error = InvalidPlan(problems)
    assert isinstance(error, KnownError) and error.problems == problems
    assert str(error) == "duplicate_step_id: one; missing_dependency: two"


def test_an_edit_is_refused_only_with_a_declared_code() -> None:
    import pytest

    from app.problems import CODES, EditRefused, EditRule

    assert EditRefused(EditRule.NO_STEP, "gone").code == "no_step"
    assert EditRefused("cycle", "a → b → a").code in CODES  # a plan problem is a reason too
    assert not set(EditRule) & set(CODES)  # one meaning per code
    with pytest.raises(ValueError, match="undeclared edit refusal code"):
        EditRefused("no_reason_at_all", "?")
