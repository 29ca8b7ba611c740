"""Pages of the task list read off the GUI thread (ui.tasks.page_reader): the rows the store
gives, the newest request first with only the newest few waiting, and a request of an
older generation never read."""

from __future__ import annotations

import threading
from datetime import date
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.tasks.queries import TaskQuery, matching_ids, rows_for
from app.tasks.store import NewTask, add_task
from ui.tasks import page_reader


def _many(count: int) -> list[int]:
    for n in range(count):
        add_task(NewTask(title=f"task {n}", priority=1 + n % 4))
    return matching_ids(TaskQuery())


def test_read_rows_gives_what_the_store_gives(db: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    ids = [*_many(4), add_task(NewTask(title="Pay rent", due_at=date(2026, 12, 15))).id]
    read = page_reader.read_rows([*ids, 99])
    assert read == rows_for([*ids, 99])
    assert [read[i].due_day for i in ids] == [None] * 4 + [date(2026, 12, 15)]
    assert page_reader.read_rows([]) == {}
    from app.lean import reads as lean_reads

    monkeypatch.setattr(lean_reads, "connect", lambda _path: None)  # through the store
    assert page_reader.read_rows([*ids, 99]) == read


def test_pages_scrolled_past_before_their_turn_are_not_read(
        db: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Scrolling through 100,000 rows asked for 500 pages; only the newest few wait."""
    busy, reading, read = threading.Event(), threading.Event(), []

    def slow(ids: list[int]) -> dict[int, object]:
        reading.set()
        busy.wait(5)
        read.append(ids[0])
        return {}

    monkeypatch.setattr(page_reader, "read_rows", slow)
    reader = page_reader.PageReader()
    dropped = reader.request(0, 0, [0])
    assert reading.wait(5)  # page 0 is under way
    dropped += [page for n in range(1, 30) for page in reader.request(0, n, [n])]
    busy.set()
    assert reader.wait_idle()
    newest = list(range(30 - page_reader.WAITING, 30))[::-1]
    assert read == [0, *newest]  # the one under way, then the last asked first
    assert sorted(dropped + read) == list(range(30))


def test_a_request_of_an_older_generation_is_not_read(
        db: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    ids = _many(2)
    original, read = page_reader.read_rows, []

    def recorded(wanted: list[int]) -> object:
        read.append(list(wanted))
        return original(wanted)

    monkeypatch.setattr(page_reader, "read_rows", recorded)
    reader = page_reader.PageReader()
    reader.generation = 2
    reader.request(1, 0, ids[:1])  # ids since replaced: dropped unread
    with qtbot.wait_signal(reader.page_read, timeout=5000) as posted:
        reader.request(2, 3, ids)
    assert reader.wait_idle()
    assert read == [ids]
    generation, page, rows = posted.args
    assert (generation, page, sorted(rows)) == (2, 3, sorted(ids))
