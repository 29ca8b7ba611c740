"""The publishing keeper: a change marks the calendars stale; the command's end or a
timer writes them once; nothing is read when nothing is published."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.publish import keeper, store
from app.tasks.store import NewTask, add_task


@pytest.fixture
def listening(db: Path) -> Iterator[None]:
    stop = keeper.keep_current()
    yield
    stop()


def test_flush_writes_once(listening: None, tmp_path: Path,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "plan.ics"
    store.add_ics(str(path), dues=True)
    writes: list[int] = []
    real = store.publish_all
    monkeypatch.setattr(store, "publish_all", lambda: writes.append(1) or real())
    for n in range(50):
        add_task(NewTask(title=f"Task {n}", due_at=None))
    keeper.flush()
    keeper.flush()  # nothing stale any more
    assert writes == [1]


def test_timer_writes(listening: None, tmp_path: Path,
                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A long-running command (an MCP session) publishes without ending."""
    monkeypatch.setattr(keeper, "EVERY_S", 0.05)
    store.add_ics(str(tmp_path / "plan.ics"), dues=True)
    writes: list[int] = []
    real = store.publish_all
    monkeypatch.setattr(store, "publish_all", lambda: writes.append(1) or real())
    add_task(NewTask(title="Renew the passport", due_at=None))
    deadline = time.monotonic() + 5
    while not writes and time.monotonic() < deadline:
        time.sleep(0.02)
    assert writes == [1]


def test_nothing_published(listening: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "publish_all", lambda: pytest.fail("nothing to publish"))
    add_task(NewTask(title="Plain"))
    keeper.flush()


def test_light_when_unused(tmp_path: Path) -> None:
    """Publishing nowhere, a publish imports neither the writers nor icalendar (the
    window runs one at start: its memory target is 150 MB)."""
    import subprocess
    import sys

    code = ("import sys; from models import open_database; "
            f"open_database({str(tmp_path / 's.db')!r}); "
            "from app.publish import keeper; keeper.publish_now(); "
            "print(sorted(m for m in ('icalendar', 'app.publish.store') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parents[3])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
