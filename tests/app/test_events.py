"""Change notices: declared kinds, one transaction's delivered once after its commit."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from app.events import Change, Changes, Events, Kind, events, initiated_by
from models import Setting, atomic


def _listen(bus: Events) -> list[Change]:
    heard: list[Change] = []
    bus.subscribe(heard.extend)
    return heard


def test_a_change_inside_a_transaction_is_heard_after_the_commit(db: Path) -> None:
    bus = Events()
    seen_by_other_reader: list[int] = []

    def check(changes: Changes) -> None:  # another connection must already see the row
        with closing(sqlite3.connect(db)) as other:
            seen_by_other_reader.append(other.execute("SELECT count(*) FROM setting")
                                        .fetchone()[0])

    bus.subscribe(check)
    heard = _listen(bus)
    with atomic():
        Setting.insert(key="ui.theme", value="dark").execute()
        bus.emit(Change(Kind.TASK_CHANGED, 1))
        assert heard == []
    assert heard == [Change("task_changed", 1)]
    assert seen_by_other_reader == [1]


def test_a_rolled_back_change_is_never_heard(db: Path) -> None:
    bus = Events()
    heard = _listen(bus)
    with pytest.raises(RuntimeError), atomic():
        bus.emit(Change(Kind.TASK_ADDED, 2))
        raise RuntimeError("the edit failed")
    assert heard == []
    with atomic():
        pass
    assert heard == []  # nothing left over for the next transaction


def test_nested_transactions_deliver_once_at_the_outermost_commit(db: Path) -> None:
    bus = Events()
    heard = _listen(bus)
    with atomic():
        with atomic():
            bus.emit(Change(Kind.PLAN_SAVED, 3, "1"))
        assert heard == []
    assert [c.kind for c in heard] == ["plan_saved"]


def test_outside_a_transaction_a_change_is_heard_at_once(db: Path) -> None:
    bus = Events()
    heard = _listen(bus)
    bus.emit(Change(Kind.CALENDAR_SYNCED, None, "work"))
    assert heard == [Change("calendar_synced", None, "work")]


def test_an_undeclared_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="undeclared change kind 'plan_savd'"):
        Events().emit(Change("plan_savd", 1))


def test_a_listener_may_write_after_the_commit(db: Path) -> None:
    bus = Events()

    def write(changes: Changes) -> None:
        with atomic():
            Setting.insert(key="user.location", value="Shanghai").execute()

    bus.subscribe(write)
    with atomic():
        bus.emit(Change(Kind.TASK_ADDED, 1))
    assert Setting.get(Setting.key == "user.location").value == "Shanghai"


def test_a_failing_listener_does_not_silence_the_others(db: Path,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    bus = Events()

    def broken(changes: Changes) -> None:
        raise KeyError("bug")

    bus.subscribe(broken)
    heard = _listen(bus)
    bus.emit(Change(Kind.TASK_DELETED, 4))
    assert heard == [Change("task_deleted", 4)]
    assert "a listener of task_deleted failed" in caplog.text


def test_no_change_is_built_from_a_bare_string() -> None:
    """Every ``Change`` in the source names its kind as ``Kind.…`` (issue 10), none as
    a string literal, so mypy checks each one."""
    import re

    root = Path(__file__).resolve().parents[2]
    bare: set[str] = set()
    named: set[str] = set()
    for path in [*root.glob("app/**/*.py"), *root.glob("ui/**/*.py")]:
        text = path.read_text("utf-8")
        bare |= set(re.findall(r'Change\(\s*"([a-z_]+)"', text))
        named |= set(re.findall(r"Change\(\s*Kind\.([A-Z_]+)", text))
    assert bare == set(), bare
    assert named and named <= set(Kind.__members__), named - set(Kind.__members__)


def test_a_change_carries_who_started_the_work_into_its_worker_thread(db: Path) -> None:
    heard: list[Changes] = []
    unsubscribe = events.subscribe(heard.append)

    def save(title: str) -> None:
        with atomic():
            events.emit(Change(Kind.TASK_CHANGED, 1, title))

    async def started_by_a_view() -> None:
        with initiated_by(7):
            await asyncio.to_thread(save, "by the view")  # a worker: the context goes along
        await asyncio.to_thread(save, "after")

    try:
        asyncio.run(started_by_a_view())
        save("elsewhere")
    finally:
        unsubscribe()
    assert [(c.items[0].detail, c.initiator) for c in heard] == [
        ("by the view", 7), ("after", 0), ("elsewhere", 0)]


def test_one_transaction_is_heard_once(db: Path) -> None:
    bus = Events()
    heard: list[Changes] = []
    bus.subscribe(heard.append)
    with atomic():
        bus.emit(Change(Kind.PLAN_SAVED, 3, "4"))
        with atomic():
            bus.emit(Change(Kind.STEP_CHANGED, 3, "s1"))
        bus.emit(Change(Kind.TASK_CHANGED, 5))
    with atomic():
        bus.emit(Change(Kind.TASK_DELETED, 6))
    assert [len(c) for c in heard] == [3, 1]
    first = heard[0]
    assert first.kinds == {Kind.PLAN_SAVED, Kind.STEP_CHANGED, Kind.TASK_CHANGED}
    assert first.task_ids == {3, 5}
    assert first.revisions(3) == {4} and first.revisions(5) == frozenset()
    assert [c.kind for c in first.about(3)] == ["plan_saved", "step_changed"]
    assert first.of(Kind.TASK_CHANGED) == (Change(Kind.TASK_CHANGED, 5),)


def test_a_rollback_leaves_no_batch_behind(db: Path) -> None:
    bus = Events()
    heard: list[Changes] = []
    bus.subscribe(heard.append)
    with pytest.raises(RuntimeError), atomic():
        bus.emit(Change(Kind.TASK_ADDED, 1))
        raise RuntimeError("the edit failed")
    with atomic():
        bus.emit(Change(Kind.TASK_ADDED, 2))
    assert [[c.task_id for c in changes] for changes in heard] == [[2]]


def test_initiators_are_batched_apart(db: Path) -> None:
    bus = Events()
    heard: list[Changes] = []
    bus.subscribe(heard.append)
    with atomic():
        bus.emit(Change(Kind.TASK_CHANGED, 1))
        with initiated_by(9):
            bus.emit(Change(Kind.TASK_CHANGED, 2))
    assert sorted((c.initiator, [x.task_id for x in c]) for c in heard) == [
        (0, [1]), (9, [2])]


def test_emit_all_outside_a_transaction_is_one(db: Path) -> None:
    bus = Events()
    heard: list[Changes] = []
    bus.subscribe(heard.append)
    bus.emit_all([Change(Kind.TASK_ADDED, 1), Change(Kind.TASK_ADDED, 2)])
    assert [len(c) for c in heard] == [2]
    with pytest.raises(ValueError, match="undeclared"):
        bus.emit_all([Change(Kind.TASK_ADDED, 1), Change("nope", 2)])
    assert len(heard) == 1
