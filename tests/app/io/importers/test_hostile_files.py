"""Hostile import files through the real command line: deep nesting, numbers of 5,000
digits, lone surrogates, bytes that are not UTF-8 and lines of megabytes are refused
with exit 1 or 2 and a message (or read as text), never a traceback (exit 70), and a
refused file changes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Result

Cli = Callable[..., Result]
DEEP = 200_000
BIG = "9" * 5000
TODOIST_HEADER = ("TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,"
                  "DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG\n")


def tw(fields: str) -> str:
    return '[{"uuid": "u1", "description": "Draft"' + fields + "}]"


def export(schema: str = "14", task: str = "") -> str:
    tables = f'{{"task": [{task}]}}' if task else "{}"
    return (f'{{"format": "stepwise-export", "version": 1, "schema_version": {schema}, '
            f'"tables": {tables}}}')


def run(cli: Cli, tmp_path: Path, content: str | bytes, *how: str) -> Result:
    """``stepwise import [--from FORMAT] FILE`` of ``content``, after one task was added."""
    file = tmp_path / "hostile"
    file.write_bytes(content if isinstance(content, bytes) else content.encode())
    assert cli("add", "Already here").code == 0
    result = cli("import", *how, str(file))
    titles = [t["title"] for t in json.loads(cli("list", "--json", "--all").out)]
    if result.code != 0:
        assert titles == ["Already here"]  # a refused file changes nothing
    return result


REFUSED = [
    ("taskwarrior", "[" * DEEP + "]" * DEEP, "nests deeper than 64 levels"),
    ("taskwarrior", "[" + '{"a":' * DEEP + "1" + "}" * DEEP + "]", "nests deeper"),
    ("taskwarrior", '{"uuid": "u1", "a": ' + "[" * DEEP + "]" * DEEP + "}\n", "nests deeper"),
    ("taskwarrior", tw(', "id": ' + BIG), "a number of 5000 digits"),
    ("taskwarrior", tw(', "entry": ' + BIG), "a number of 5000 digits"),
    ("taskwarrior", tw(', "urgency": -' + BIG), "a number of 5000 digits"),
    ("taskwarrior", '[{"uuid": "u1", "description": "x\\ud800"}]', "[0].description holds"),
    ("taskwarrior", tw(', "tags": ["\\udfff"]'), "[0].tags[0] holds an unpaired surrogate"),
    ("taskwarrior", tw(', "\\ud800": 1'), "[0].\\ud800 holds an unpaired surrogate"),
    ("todotxt", b"Call \xff\xfe the bank\n", "is not UTF-8 text"),
    ("todoist", TODOIST_HEADER.encode() + b"task,\xed\xa0\x80,,,1\n", "is not UTF-8 text"),
    ("own", export(BIG), "a number of 5000 digits"),
    ("own", export("14", '{"title": ' + "[" * DEEP + "]" * DEEP + "}"), "nests deeper"),
    ("own", export("14", '{"title": "\\ud800"}'), "tables.task[0].title holds an unpaired"),
    ("own", export("1e999"), '"schema_version" should be a whole number'),
]


@pytest.mark.parametrize(("how", "content", "said"), REFUSED)
def test_hostile_file_refused(cli: Cli, tmp_path: Path, how: str, content: str,
                              said: str) -> None:
    result = run(cli, tmp_path, content, *(("--from", how) if how != "own" else ()))
    assert result.code == 2, result.err
    assert said in result.err


READ = [  # numbers too long to be an interval or an indent are text, not a crash
    ("todotxt", f"Water plants rec:{BIG}d due:2026-12-01\n"),
    ("todotxt", f"(Z) Call pri:{BIG} due:{BIG}\n"),
    ("todotxt", "Long " + "a" * 2_000_000 + "\nShort one\n"),
    ("todoist", TODOIST_HEADER + f"task,a,,,1\ntask,b,,,{BIG}\n"),
    ("todoist", TODOIST_HEADER + "task,a,,,\u00b2,,,,,,\u00b2,minute\n"),
    ("todoist", TODOIST_HEADER + f"task,a,,,1,,,,,,{BIG},minute\n"),
    ("todoist", TODOIST_HEADER + f"task,a,,,1,,,every {BIG} days,en\n"),
    ("todoist", TODOIST_HEADER + f'task,a,,,1\nnote,"[[file {{""n"": {BIG}}}]]"\n'),
    ("todoist", TODOIST_HEADER + 'task,a,,,1\nnote,"[[file {""n"": ""\\ud800""}]]"\n'),
    ("taskwarrior", tw(f', "recur": "{BIG}d", "status": "recurring", '
                       '"due": "20261205T000000Z"')),
]


@pytest.mark.parametrize(("how", "content"), READ)
def test_hostile_fields_read(cli: Cli, tmp_path: Path, how: str, content: str) -> None:
    result = run(cli, tmp_path, content, "--from", how)
    assert result.code == 0, result.err
    assert "read " in result.out
