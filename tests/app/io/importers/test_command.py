"""``app.io.importers.command``: ``--from FORMAT`` on the import command, and one import."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from app.errors import BadFile
from app.io.importers import command
from models import Task


def test_from_takes_only_the_known_formats() -> None:
    parser = argparse.ArgumentParser()
    command.add_option(parser)
    assert parser.parse_args(["--from", "todotxt"]).source == "todotxt"
    with pytest.raises(SystemExit):
        parser.parse_args(["--from", "omnifocus"])


def test_run_adds_the_files_tasks_and_says_what_it_read(db: Path, tmp_path: Path) -> None:
    todo = tmp_path / "todo.txt"
    todo.write_text("(A) Call the venue +offsite\nx 2026-12-01 Book flights\n", encoding="utf-8")
    lines = command.run("todotxt", todo)
    assert lines[0] == f"read 2 entries from {todo}: added 2 tasks with 0 steps, skipped 0"
    assert sorted(t.title for t in Task.select()) == \
        ["Book flights", "Call the venue"]


def test_a_missing_file_is_a_bad_file_and_adds_nothing(db: Path, tmp_path: Path) -> None:
    with pytest.raises(BadFile, match="does not exist"):
        command.run("todotxt", tmp_path / "nothing.txt")
    assert Task.select().count() == 0
