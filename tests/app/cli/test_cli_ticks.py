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


def test_restore_when_another_task_took_the_id(cli: Cli) -> None:
    cli("add", "Task two")
    cli("delete", "1")
    cli("add", "Written after the sync")
    assert cli("restore", "1").out.strip() == (
        "task 1 “Task two” is back as task 2 (another task has id 1 now)")
    again = cli("restore", "1")
    assert again.code == 1 and "task 1 is not in the trash" in again.err
    shown = json.loads(cli("show", "1", "--json").out)["task"]
    assert shown["title"] == "Written after the sync"


def test_sync_restore_from_the_trash(cli: Cli) -> None:
    cli("add", "Task two")
    cli("delete", "1")
    assert "Task two" in cli("sync", "trash").out
    cli("add", "Written after the sync")
    assert cli("sync", "restore", "1").out.startswith("restored “Task two” as task 2;")
    again = cli("sync", "restore", "1")
    assert again.code == 1 and "nothing in the trash with id 1" in again.err


def test_unknown_id(cli: Cli) -> None:
    assert cli("done", "9").code == 1
    assert cli("delete", "9").code == 1
