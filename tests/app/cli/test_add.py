"""``stepwise add`` with the quick-add grammar, and ``stepwise next``."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from app.cli.add import new_task_from

Cli = Callable[..., Any]


def shown(cli: Cli, task_id: str) -> dict[str, Any]:
    return dict(json.loads(cli("show", task_id, "--json").out)["task"])


def test_add_reads_the_grammar_and_tells_what_it_understood(cli: Cli) -> None:
    result = cli("add", "Pay the electricity bill on the 5th of every month #home !2")
    assert result.code == 0, result.err
    task = shown(cli, result.out.strip())
    assert task["title"] == "Pay the electricity bill" and task["tags"] == ["home"]
    assert task["priority"] == 2 and task["recurrence"] == "FREQ=MONTHLY;BYMONTHDAY=5"
    assert task["timezone"] == "Asia/Shanghai" and task["due_at"].endswith("T10:00:00Z")
    assert "repeats: FREQ=MONTHLY;BYMONTHDAY=5" in result.err


def test_due_and_recur_take_words(cli: Cli) -> None:
    task_id = cli("add", "周报", "--due", "每周五下午三点").out.strip()
    task = shown(cli, task_id)
    assert task["recurrence"] == "FREQ=WEEKLY;BYDAY=FR" and task["due_at"].endswith("07:00:00Z")
    other = shown(cli, cli("add", "Water plants", "--recur", "every weekday").out.strip())
    assert other["recurrence"] == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"


def test_a_recurrence_that_names_no_real_day_is_refused(cli: Cli) -> None:
    result = cli("add", "x", "--recur", "the 45th of every month")
    assert result.code == 1 and "RRULE" in result.err
    assert cli("list").out.count("\n") == 1  # only the header: nothing was saved


def test_a_plain_title_is_kept_as_typed_and_nothing_is_said(cli: Cli) -> None:
    result = cli("add", "Organise offsite")
    assert result.err == "" and shown(cli, result.out.strip())["title"] == "Organise offsite"


def test_next_names_the_task_and_each_term_of_its_urgency(cli: Cli) -> None:
    assert cli("next").out.strip() == "nothing is due now"
    cli("add", "later", "--due", "in 3 weeks")
    cli("add", "sooner !1", "--due", "tomorrow")
    result = cli("next")
    assert result.code == 0 and result.out.startswith("#2 sooner: review next")
    for term in ("priority", "due", "age", "blocked"):
        assert term in result.out
    data = json.loads(cli("next", "--json").out)
    assert data["task"] == 2 and set(data["terms"]) == {"priority", "due", "age", "blocked"}
    assert abs(sum(data["terms"].values()) - data["score"]) < 1e-3


def test_new_task_from_reads_the_title_and_the_flags(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    args = argparse.Namespace(title="Pay rent #home !1", recur="every month on the 5th",
                              start=None, due="tomorrow 9am", expires=None, detail="by card",
                              priority=3, tag=["money", "home"])
    new = new_task_from(args, datetime(2026, 11, 30, 2, 0, tzinfo=UTC))
    assert (new.title, new.priority, new.tags, new.detail) == \
        ("Pay rent", 1, ("money", "home"), "by card")
    assert new.recurrence == "FREQ=MONTHLY;BYMONTHDAY=5" and new.timezone == "Asia/Shanghai"
    assert new.due_at == datetime(2026, 12, 1, 1, 0, tzinfo=UTC)
    told = capsys.readouterr().err
    assert "title: Pay rent" in told and "repeats: FREQ=MONTHLY;BYMONTHDAY=5" in told
