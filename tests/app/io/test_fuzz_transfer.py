"""Property-based tests of database exports through ``stepwise import`` (issue 12).

Documents are built from a real export and then kept valid (arbitrary text, tags, times
and states) or broken (wrong types, bad states, huge numbers, surrogates, bad instants,
a damaged document). Each is either accepted, and ``export`` then gives back the very
same bytes, or refused with exit 1 or 2 and a message: never a bug (exit 70), never a
half import.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import sqlite3
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from app.states import PLAN, STEP, TASK
from models.fields import EARLIEST, LATEST, format_utc
from tests.app.cli.test_cli_tasks import offsite, write

_fixture_ok = settings(suppress_health_check=[HealthCheck.function_scoped_fixture,
                                              HealthCheck.too_slow])
_numbers = itertools.count()


def stepwise(*args: str) -> tuple[int, str, str]:
    """Run the CLI in this process: (exit code, stdout, stderr)."""
    from app.cli.start import main
    from models import close_database

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = int(exc.code or 0)
        finally:
            close_database()
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def base(data_dir: Path, tmp_path: Path) -> Iterator[dict[str, Any]]:
    """A real export: two tasks, a running plan with five steps, a contact, a setting."""
    db = str(tmp_path / "base.db")
    stepwise("--db", db, "add", "Organise offsite", "--due", "2026-12-11T10:00:00Z",
             "--tag", "work", "--tag", "团队")
    stepwise("--db", db, "add", "每周五交周报", "--due", "2026-12-04T10:00:00Z",
             "--recur", "FREQ=WEEKLY;BYDAY=FR")
    stepwise("--db", db, "plan", "import", "1", str(write(tmp_path / "p.json", offsite())))
    stepwise("--db", db, "plan", "approve", "1")
    stepwise("--db", db, "step", "done", "1", "dates", "--result", "Dec 10")
    stepwise("--db", db, "contacts", "add", "Ann", "ann@example.com")
    stepwise("--db", db, "settings", "assistant.max_steps", "7")
    dump = tmp_path / "base.json"
    assert stepwise("--db", db, "export", str(dump))[0] == 0
    yield json.loads(dump.read_text(encoding="utf-8"))


def export_text(data: dict[str, Any]) -> str:
    """A document written exactly as ``stepwise export`` writes one."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def rows_in(db: Path) -> int:
    if not db.exists():
        return 0
    with contextlib.closing(sqlite3.connect(db)) as con:
        names = [n for (n,) in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return sum(con.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0] for n in names)


def import_and_check(tmp_path: Path, text: str, *, must_accept: bool,
                     fixed_point: bool = False) -> int:
    """Import ``text`` into a fresh database; check the outcome's promise; the exit code.

    ``fixed_point``: the text is itself an export, which must read back byte-identical.
    """
    number = next(_numbers)
    db, doc = tmp_path / f"f{number}.db", tmp_path / f"f{number}.json"
    doc.write_text(text, encoding="utf-8", errors="surrogatepass")
    code, _, err = stepwise("--db", str(db), "import", str(doc))
    assert code in (0, 1, 2), err
    if currently_in_test_context():
        event(f"exit {code}")
    if code != 0:
        assert not must_accept, err
        assert err.startswith("stepwise: ") and "Traceback" not in err
        assert rows_in(db) == 0, "a refused import left rows behind"
        return code
    again = tmp_path / f"f{number}.out.json"
    assert stepwise("--db", str(db), "export", str(again))[0] == 0
    exported = again.read_text(encoding="utf-8")
    if exported == text:
        return code
    assert not fixed_point, "an export did not read back byte-identical"
    # Reminders follow the tasks' times (a moved due time is rescheduled on import), and a
    # repaired form (an instant written another way) is stored in its one form: the rest is
    # the same, and the export itself reads back byte-identical.
    if must_accept:
        assert without_reminders(json.loads(exported)) == without_reminders(json.loads(text))
    assert import_and_check(tmp_path, exported, must_accept=True, fixed_point=True) == 0
    return code


def without_reminders(data: dict[str, Any]) -> dict[str, Any]:
    data["tables"].pop("reminder", None)
    return data


instants = st.datetimes(min_value=EARLIEST.replace(tzinfo=None),
                        max_value=LATEST.replace(tzinfo=None)).map(
    lambda d: format_utc(d.replace(microsecond=0, tzinfo=UTC)))
plain_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=40)
titles = plain_text.filter(lambda t: bool(t.strip()))
Edit = Callable[[dict[str, Any]], None]


def _setter(table: str, row: int, column: str) -> Callable[[Any], Edit]:
    def make(value: Any) -> Edit:
        def edit(data: dict[str, Any]) -> None:
            data["tables"][table][row][column] = value
        return edit
    return make


valid_edits = st.one_of(
    titles.map(_setter("task", 0, "title")), titles.map(_setter("step", 1, "title")),
    st.lists(plain_text, max_size=4).map(_setter("task", 1, "tags")),
    st.sampled_from(tuple(TASK.states)).map(_setter("task", 0, "status")),
    st.sampled_from(tuple(STEP.states)).map(_setter("step", 2, "status")),
    st.sampled_from(tuple(PLAN.states)).map(_setter("plan", 0, "status")),
    st.integers(1, 4).map(_setter("task", 1, "priority")),
    instants.map(_setter("task", 0, "due_at")), instants.map(_setter("step", 0, "due_at")),
    plain_text.map(_setter("task", 0, "detail")),
    st.integers(0, 2**63 - 1).map(_setter("step", 0, "attempts")),
)


@pytest.mark.timeout(120)
@_fixture_ok
@given(edits=st.lists(valid_edits, min_size=1, max_size=4))
def test_valid_exports_import_and_export_byte_identical(
        base: dict[str, Any], tmp_path: Path, edits: list[Edit]) -> None:
    data = json.loads(json.dumps(base))
    for edit in edits:
        edit(data)
    import_and_check(tmp_path, export_text(data), must_accept=True)


weird_values = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=2**63),
    st.integers(max_value=-(2**63) - 1), st.floats(), st.text(max_size=20),
    st.text(st.characters(categories=["Cs"]), min_size=1, max_size=3),
    st.sampled_from(["bogus", "sent", "0999-06-01T00:00:00Z", "9999-12-31T23:59:59-12:00",
                     "2026-13-01T00:00:00Z", "FREQ=DAILY;INTERVAL=0", "Not/AZone", "[[[["]),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(),
                                                         max_size=2),
    st.datetimes().map(lambda d: d.isoformat()),
)


def _columns_of(data: dict[str, Any]) -> list[tuple[str, int, str]]:
    return [(table, index, column) for table, rows in data["tables"].items()
            for index, row in enumerate(rows) for column in row]


@st.composite
def broken_documents(draw: st.DrawFn, base: dict[str, Any]) -> str:
    data = json.loads(json.dumps(base))
    places = _columns_of(data)
    for _ in range(draw(st.integers(1, 3))):
        table, index, column = draw(st.sampled_from(places))
        data["tables"][table][index][column] = draw(weird_values)
    damage = draw(st.sampled_from(["none", "drop_column", "version", "tables", "extra"]))
    if damage == "drop_column":
        table, index, column = draw(st.sampled_from(places))
        data["tables"][table][index].pop(column, None)
    elif damage == "version":
        data[draw(st.sampled_from(["format", "version", "schema_version"]))] = draw(weird_values)
    elif damage == "tables":
        data["tables"][draw(st.sampled_from(sorted(data["tables"])))] = draw(weird_values)
    elif damage == "extra":
        data["tables"]["task"][0][draw(st.text(min_size=1, max_size=8))] = 1
    return json.dumps(data, ensure_ascii=draw(st.booleans()), allow_nan=True)


@pytest.mark.timeout(180)
@_fixture_ok
@given(data=st.data())
def test_broken_exports_are_refused_or_accepted_whole_never_a_bug(
        base: dict[str, Any], tmp_path: Path, data: st.DataObject) -> None:
    text = data.draw(broken_documents(base))
    import_and_check(tmp_path, text, must_accept=False)


def test_an_instant_written_with_an_offset_is_kept_in_its_one_form(
        base: dict[str, Any], tmp_path: Path) -> None:
    data = json.loads(json.dumps(base))
    data["tables"]["task"][0]["due_at"] = datetime(2026, 12, 11, 18, tzinfo=UTC).isoformat()
    assert import_and_check(tmp_path, export_text(data), must_accept=False) == 0
