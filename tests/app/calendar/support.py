"""Shared pieces of the calendar and reminder tests: a fixed now, the fixtures' files,
and the two commands run in-process through their own argparse parser."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data"
NOW = datetime(2026, 12, 1, 0, 0, tzinfo=UTC)  # a Tuesday; 08:00 in Shanghai (the test zone)


def data(name: str) -> str:
    """The text of a fixture file in ``data/``."""
    return (DATA / name).read_text(encoding="utf-8")


@dataclass
class Result:
    code: int
    out: str
    err: str


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> Result:
    """Run ``stepwise calendar|reminders …`` in this process, reporting errors as app.cli.main does.

    The parser is built from ``app.cli.calendar.add_arguments`` alone, so these tests do
    not depend on the commands' registration in ``app.cli.main``.
    """
    from app.cli import calendar as calendar_cli
    from app.cli.main import report

    parser = argparse.ArgumentParser(prog="stepwise")
    calendar_cli.add_arguments(parser.add_subparsers(dest="command", required=True))
    capsys.readouterr()
    try:
        args = parser.parse_args(list(argv))
        code = calendar_cli.COMMANDS[args.command](args)
    except SystemExit as exc:
        code = int(exc.code or 0)
    except Exception as exc:  # noqa: BLE001 - reported like the real command line does
        code = report(exc)
    captured = capsys.readouterr()
    return Result(code, captured.out, captured.err)
