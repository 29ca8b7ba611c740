"""Whatever a file holds, a reader returns what it could read or refuses the file with
BadFile: never another exception (which the CLI would report as a bug, exit 70)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.errors import BadFile
from app.io.importers import FORMATS, reader

DATA = Path(__file__).parent / "data"
SAMPLES = {"ics": DATA / "tasks-org.ics", "todotxt": DATA / "todo.txt",
           "todoist": DATA / "todoist.csv"}
TW_SAMPLE = json.dumps([
    {"uuid": "a0000000-0000-4000-8000-000000000001", "description": "Draft",
     "status": "pending", "due": "20261205T000000Z", "priority": "H", "tags": ["x"]},
    {"uuid": "a0000000-0000-4000-8000-000000000002", "description": "Send",
     "status": "recurring", "recur": "weekly", "depends": ["a0000000-0000-4000-8000-000000000001"]},
]).encode()


def sample(name: str) -> bytes:
    return TW_SAMPLE if name == "taskwarrior" else SAMPLES[name].read_bytes()


@st.composite
def damaged(draw: st.DrawFn, name: str) -> bytes:
    """A real-shaped file with a few bytes changed, cut or inserted."""
    data = bytearray(sample(name))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, max(0, len(data) - 1)))
        action = draw(st.sampled_from(["flip", "cut", "insert"]))
        if action == "flip" and data:
            data[at] = draw(st.integers(0, 255))
        elif action == "cut":
            del data[at:at + draw(st.integers(1, 40))]
        else:
            data[at:at] = draw(st.binary(max_size=12))
    return bytes(data)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("name", sorted(FORMATS))
@given(data=st.data())
def test_a_damaged_file_is_read_or_refused(name: str, data: st.DataObject) -> None:
    raw = data.draw(damaged(name))
    try:
        batch = reader(name)(raw, "file")
    except BadFile as exc:
        assert str(exc)
        return
    assert batch.read >= len(batch.tasks)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("name", sorted(FORMATS))
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_damaged_file_is_imported_or_refused_whole(db: Path, name: str,
                                                     data: st.DataObject) -> None:
    from app.io.importers.store import import_batch
    from models import Task

    raw = data.draw(damaged(name))
    before = Task.select().count()
    try:
        summary = import_batch(reader(name)(raw, "file"), name)
    except BadFile:
        assert Task.select().count() == before
        return
    assert Task.select().count() == before + len(summary.added)
