"""app.agent.sense: valid replies that make no sense are refused like invalid ones."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from app.agent import prompts, sense
from app.agent.replies import CheckReply, ReplyError, parse_reply

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)


def test_copying_the_worked_example_is_named_unless_the_task_says_it() -> None:
    example = prompts.examples("en")["plan"]
    said = sense.copied_example(example, "plan") or ""
    assert "copies the prompt's example" in said
    title = example["title"]
    assert sense.copied_example({"title": title}, "plan", own=title) is None


def test_a_copy_is_found_whatever_its_case_and_spacing() -> None:
    title = prompts.examples("en")["plan"]["title"]
    assert sense.copied_example({"title": "  " + title.upper() + " ."}, "plan")


def test_a_placeholder_value_is_named() -> None:
    said = sense.copied_example({"reason": "..."}, "check") or ""
    assert "placeholder" in said


def test_placeholder_tags_and_repeated_steps() -> None:
    assert sense.placeholder_tags(["Tag1", "health"]) and not sense.placeholder_tags(["health"])
    assert "repeated" in (sense.repeated_steps(["Call Bob", "call  bob"]) or "")
    assert sense.repeated_steps(["Call Bob", "Email Bob"]) is None


@pytest.mark.parametrize("offset, problem", [(timedelta(days=-2), "already passed"),
                                             (timedelta(days=366 * 11), "ten years"),
                                             (timedelta(hours=-23), None),
                                             (timedelta(days=300), None)])
def test_implausible_times(offset: timedelta, problem: str | None) -> None:
    said = sense.implausible_time("due", NOW + offset, NOW)
    assert (said is None) if problem is None else (problem in (said or ""))


def test_a_time_against_the_task_words_beyond_three_hours() -> None:
    meant = NOW + timedelta(days=1)
    assert sense.against_words("due", meant + timedelta(hours=2), meant, NOW) is None
    assert "contradicts" in (sense.against_words("due", meant + timedelta(hours=4), meant,
                                                 NOW) or "")
    assert sense.against_words("due", NOW, None, NOW) is None


def test_words_time_only_with_a_clock_time() -> None:
    assert sense.words_time("Call the bank at 3pm tomorrow", NOW) is not None
    assert sense.words_time("Call the bank tomorrow", NOW) is None


@pytest.mark.parametrize("title", ["S03/24/2026-17:58:59", "reminder.set", " 2026-12-01 "])
def test_wordless_titles_are_refused(title: str) -> None:
    assert sense.wordless_title(["Fine title", title])


@pytest.mark.parametrize("title", ["Pay 2026 taxes", "续签护照 2026", "Step 1"])
def test_titles_with_words_pass(title: str) -> None:
    assert sense.wordless_title([title]) is None


def test_check_raises_the_first_problem_only() -> None:
    sense.check([None, None])
    with pytest.raises(ReplyError, match="does not make sense: first"):
        sense.check([None, "first", "second"])


def test_check_plan_refuses_repeats_and_passes_a_real_plan() -> None:
    steps = [{"id": "s1", "title": "Book the venue"}, {"id": "s2", "title": "book the venue"}]
    with pytest.raises(ReplyError, match="repeated"):
        sense.check_plan({"title": "Offsite", "steps": steps}, own="")
    sense.check_plan({"title": "Offsite", "steps": steps[:1]}, own="")


def test_check_review_refuses_a_due_far_from_the_title_time() -> None:
    due = (NOW + timedelta(days=5)).isoformat()
    text = json.dumps({"tags": ["bank"], "actions": [{"name": "confirm", "due": due}]})
    reply = parse_reply("review", text)
    with pytest.raises(ReplyError, match="contradicts"):
        sense.check_review(json.loads(text), reply, "Call the bank at 3pm tomorrow", "", NOW)


def test_sensible_check_returns_the_reply_or_refuses_the_example() -> None:
    mine = json.dumps({"passed": True, "reason": "the note asks for the key"})
    assert isinstance(sense.sensible_check(mine, own=""), CheckReply)
    copied = json.dumps(prompts.examples("en")["check"])
    with pytest.raises(ReplyError, match="example"):
        sense.sensible_check(copied, own="")
