"""What every command shares (``app.cli.args``): ids checked alike, the store, the JSON."""

from __future__ import annotations

import argparse
import io
import json
from collections.abc import Callable

import pytest

from app.cli.args import MAX_ID, row_id
from app.text import dumps
from tests.conftest import Result

Cli = Callable[..., Result]
HUGE_ID = "99999999999999999999999"


@pytest.mark.parametrize("text, value", [("1", 1), ("42", 42), (str(MAX_ID), MAX_ID),
                                         ("007", 7)])
def test_row_id_takes_a_whole_number_in_range(text: str, value: int) -> None:
    assert row_id(text) == value


@pytest.mark.parametrize("text, says", [
    ("0", "from 1"), ("-5", "from 1"), (str(MAX_ID + 1), "from 1"), ("x", "not an id"),
    ("1.5", "not an id"), ("", "not an id"), ("0x10", "not an id"),
])
def test_row_id_refuses_anything_else_naming_the_rule(text: str, says: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=says):
        row_id(text)


def test_row_id_quotes_at_most_40_characters_of_what_it_refused() -> None:
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        row_id("y" * 1000)
    assert len(str(caught.value)) < 100


def test_dumps_writes_utf8_text_on_a_utf8_terminal_and_escapes_otherwise(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert '"文件"' in dumps({"t": "文件"})
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    text = dumps({"t": "文件"})
    assert "\\u6587" in text and json.loads(text) == {"t": "文件"}
    assert text.splitlines()[1].startswith("  ")  # indented


@pytest.mark.parametrize("args", [
    ["show", HUGE_ID], ["plan", "approve", HUGE_ID], ["plan", "export", HUGE_ID],
    ["plan", "abort", HUGE_ID], ["step", "done", HUGE_ID, "a"], ["outbox", "approve", HUGE_ID],
    ["reminders", "done", HUGE_ID], ["reminders", "snooze", HUGE_ID, "1h"],
    ["agent", "retry", HUGE_ID], ["agent", "log", HUGE_ID], ["calendar", "remove", HUGE_ID],
    ["show", "-5"], ["show", "0"], ["show", "x"],
])
def test_defect_12_huge_or_bad_ids_are_a_usage_error(cli: Cli, args: list[str]) -> None:
    result = cli(*args)
    assert result.code == 2 and "id" in result.err and "Traceback" not in result.err


def test_defect_12_the_largest_id_is_no_such_task(cli: Cli) -> None:
    result = cli("show", str(2**63 - 1))
    assert result.code == 1 and "there is no task" in result.err
