"""``stepwise done | reopen | delete | restore`` as a real process (``app.cli.ticks``)."""

from __future__ import annotations

import json
from collections.abc import Callable

from tests.conftest import Result

Cli = Callable[..., Result]


def test_done_and_reopen(cli: Cli) -> None:
    cli("add", "Buy milk")
    assert cli("done", "1").out.strip() == "task 1: done"
    assert "it was done already" in cli("done", "1").out
    assert json.loads(cli("show", "1", "--json").out)["task"]["status"] == "done"
    assert cli("reopen", "1").out.strip() == "task 1: open again (new)"


def test_done_repeating(cli: Cli) -> None:
    cli("add", "Pay rent", "--due", "2026-12-05 18:00", "--recur", "FREQ=MONTHLY")
    result = cli("done", "1")
    assert result.code == 0 and "next due" in result.out and "2027-01-05" in result.out
    assert json.loads(cli("show", "1", "--json").out)["task"]["status"] != "done"


def test_delete_restore(cli: Cli) -> None:
    cli("add", "Call Mum")
    assert "restore 1" in cli("delete", "1").out
    assert "no open tasks" in cli("list").out
    assert cli("restore", "1").out.strip() == "task 1 “Call Mum” is back"
    assert "Call Mum" in cli("list").out


def test_unknown_id(cli: Cli) -> None:
    assert cli("done", "9").code == 1
    assert cli("delete", "9").code == 1
