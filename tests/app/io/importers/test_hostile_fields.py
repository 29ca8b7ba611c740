"""Property: deep nesting, huge numbers, lone surrogates and junk in any field of any
importer's file end in an import or a KnownError (exit 1/2), never another exception."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.errors import KnownError
from app.io.importers import reader

# JSON fragments: each a value as it would be written in a file
FRAGMENTS = st.one_of(
    st.integers(1, 300).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 300).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.integers(1, 6000).map(lambda n: "9" * n),
    st.sampled_from(['"\\ud800"', '"x\\udfff"', '"\\ud83d\\ude00"', "1e999", "-0", "null"]),
    st.text(max_size=30).map(json.dumps),
)
TEXT = st.one_of(st.integers(1, 6000).map(lambda n: "9" * n), st.text(max_size=40),
                 st.sampled_from(["\u00b2", "every 99999 days", "rec:99999d", "due:9999-99-99",
                                  "(A)", "x", "[[file {\"n\": 1}]]"]))
TW_FIELDS = ["uuid", "description", "id", "entry", "due", "status", "recur", "tags",
             "annotations", "depends", "priority", "urgency", "until", "parent", "estimate"]
TODOIST = ["TYPE", "CONTENT", "DESCRIPTION", "PRIORITY", "INDENT", "DATE", "DATE_LANG",
           "TIMEZONE", "DURATION", "DURATION_UNIT", "DEADLINE"]
RUN = settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])


def imported_or_refused(db: Path, name: str, raw: bytes) -> None:
    from app.io.importers.store import import_batch

    try:
        import_batch(reader(name)(raw, "file"), name)
    except KnownError as exc:
        assert str(exc)


@pytest.mark.timeout(600)
@RUN
@given(fields=st.dictionaries(st.sampled_from(TW_FIELDS), FRAGMENTS, min_size=1))
def test_taskwarrior_any_field(db: Path, fields: dict[str, str]) -> None:
    body = {"uuid": '"u1"', "description": '"Draft"', **fields}
    raw = "[{" + ", ".join(f'"{k}": {v}' for k, v in body.items()) + "}]"
    imported_or_refused(db, "taskwarrior", raw.encode())


@pytest.mark.timeout(600)
@RUN
@given(words=st.lists(TEXT, min_size=1, max_size=6), junk=st.binary(max_size=8))
def test_todotxt_any_field(db: Path, words: list[str], junk: bytes) -> None:
    raw = ("Call the bank " + " ".join(words) + "\n").encode("utf-8", "surrogatepass")
    imported_or_refused(db, "todotxt", raw + junk)


@pytest.mark.timeout(600)
@RUN
@given(cells=st.dictionaries(st.sampled_from(TODOIST[1:]), TEXT), indent=TEXT)
def test_todoist_any_field(db: Path, cells: dict[str, str], indent: str) -> None:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=TODOIST)
    writer.writeheader()
    writer.writerow({"TYPE": "task", "CONTENT": "Plan", "INDENT": "1"})
    writer.writerow({"TYPE": "task", "CONTENT": "Step", **cells, "INDENT": indent})
    writer.writerow({"TYPE": "note", "CONTENT": f"[[file {{\"n\": {cells.get('CONTENT')!r}}}]]"})
    imported_or_refused(db, "todoist", out.getvalue().encode("utf-8", "surrogatepass"))


@pytest.mark.timeout(600)
@RUN
@given(schema=FRAGMENTS, title=FRAGMENTS)
def test_export_any_field(db: Path, tmp_path: Path, schema: str, title: str) -> None:
    from app.io.transfer import import_file

    file = tmp_path / "export.json"
    file.write_text(f'{{"format": "stepwise-export", "version": 1, "schema_version": '
                    f'{schema}, "tables": {{"task": [{{"id": 1, "title": {title}}}]}}}}')
    try:
        import_file(file, replace=True)
    except KnownError as exc:
        assert str(exc)
