"""The entry point: the lean list answers by itself; every other command line goes on to
the parser, its refusals and usage errors as before."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app.cli import start


def test_lean_first(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.tasks.store import NewTask, add_task

    add_task(NewTask(title="Buy milk"))
    assert start.main(["--db", str(db), "list"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("Buy milk")


def test_full_after(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert start.main(["--db", str(db), "show", "999"]) == 1
    assert "999" in capsys.readouterr().err
    assert "app.cli.main" in sys.modules
