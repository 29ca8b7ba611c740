"""Issue 10's drag flow: a dependency dragged onto a step is drawn at once, validated
once, saved in one write transaction and shown from what was saved — the plan is not
read back, and the window's own commit is not mistaken for another process's.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Iterator
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app.events import Change, Changes, Kind
from app.plan import editing as plan_editing
from app.plan import spec as planspec
from models import database
from tests.ui.plan.test_view import (
    centre,
    drag,
    handle,
    latest,
    make_task,
    open_view,
    plan15,
    show_whole,
)
from tests.ui.window_helpers import open_window
from ui.plan.view import PlanView
from ui.shared.context import WindowContext


class Counts:
    """Validations, transactions, write transactions and plan reads, as they happen."""

    def __init__(self) -> None:
        self.validations = self.transactions = self.writes = self.reads = 0
        self.lock = threading.Lock()
        self.local = threading.local()

    def add(self, name: str) -> None:
        with self.lock:
            setattr(self, name, getattr(self, name) + 1)


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counts]:
    found = Counts()
    validate, snapshot = planspec.validate, plan_editing.snapshot
    begin, execute = database.begin, database.execute_sql

    def counted_validate(*args: Any, **kwargs: Any) -> Any:
        found.add("validations")
        return validate(*args, **kwargs)

    def counted_snapshot(*args: Any, **kwargs: Any) -> Any:
        found.add("reads")
        return snapshot(*args, **kwargs)

    def counted_begin(*args: Any, **kwargs: Any) -> Any:
        found.local.wrote = False
        found.add("transactions")
        return begin(*args, **kwargs)

    def counted_execute(sql: str, *args: Any, **kwargs: Any) -> Any:
        if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE", "REPLACE")) and \
                not getattr(found.local, "wrote", True):
            found.local.wrote = True
            found.add("writes")
        return execute(sql, *args, **kwargs)

    monkeypatch.setattr(planspec, "validate", counted_validate)
    monkeypatch.setattr(plan_editing, "snapshot", counted_snapshot)
    monkeypatch.setattr(database, "begin", counted_begin)
    monkeypatch.setattr(database, "execute_sql", counted_execute)
    yield found


def one(kind: Kind, task_id: int, detail: str = "") -> Changes:
    return Changes((Change(kind, task_id, detail),))


def edges(view: PlanView) -> set[tuple[str, str]]:
    return {(e.source.step_id, e.target.step_id) for e in view.scene.edges}


def drag_link(qtbot: QtBot, ctx: WindowContext, view: PlanView, source: str, target: str
              ) -> None:
    """Drag a link and wait until the edit is over and its change notice handled."""
    with qtbot.wait_signals([view.editor.edit_finished, ctx.bridge.changed], timeout=5000):
        drag(view, handle(view, source), centre(view, target))


@pytest.mark.timeout(60)
def test_a_drag_validates_once_writes_one_transaction_and_is_not_read_back(
        ctx: WindowContext, qtbot: QtBot, counts: Counts) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    shown: list[int] = []
    view.plan_shown.connect(shown.append)
    before = counts.validations, counts.writes, counts.reads
    drag_link(qtbot, ctx, view, "hotel", "agenda")
    assert (counts.validations - before[0], counts.writes - before[1],
            counts.reads - before[2]) == (1, 1, 0)
    assert shown == [task_id]  # one redraw, of the saved plan
    assert ("hotel", "agenda") in edges(view)
    assert view.snapshot is not None and view.snapshot.revision == 2
    assert latest(task_id).step("agenda").depends_on == ["venue", "hotel"]


@pytest.mark.timeout(60)
def test_the_windows_own_commit_is_not_an_external_change(ctx: WindowContext, qtbot: QtBot
                                                          ) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    ctx.bridge._on_timer_timeout()  # the baseline
    outside: list[bool] = []
    ctx.bridge.external_change.connect(lambda: outside.append(True))
    drag_link(qtbot, ctx, view, "hotel", "agenda")
    ctx.bridge._on_timer_timeout()  # a poll after the worker's commit
    assert outside == []


@pytest.mark.timeout(60)
def test_the_arrow_is_drawn_before_it_is_saved(ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    with qtbot.wait_signal(view.editor.edit_finished, timeout=5000):
        drag(view, handle(view, "hotel"), centre(view, "agenda"))
        assert ("hotel", "agenda") in edges(view)  # drawn at the drop, not yet saved
        assert view.snapshot is not None and view.snapshot.revision == 1
    qtbot.wait_until(lambda: view.snapshot is not None and view.snapshot.revision == 2)
    assert ("hotel", "agenda") in edges(view)


@pytest.mark.timeout(60)
def test_an_arrow_that_would_loop_is_not_drawn_ahead(ctx: WindowContext, qtbot: QtBot
                                                     ) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    with qtbot.wait_signal(view.editor.edit_refused, timeout=5000):
        drag(view, handle(view, "remind"), centre(view, "dates"))
        assert ("remind", "dates") not in edges(view)
    assert ("remind", "dates") not in edges(view)


@pytest.mark.timeout(60)
def test_a_notice_of_someone_elses_save_during_an_edit_is_read_after_it(
        ctx: WindowContext, qtbot: QtBot, counts: Counts,
        monkeypatch: pytest.MonkeyPatch) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    reads = counts.reads
    monkeypatch.setattr(view.editor, "busy", lambda _task_id: True)
    ctx.bridge.changed.emit(one(Kind.PLAN_SAVED, task_id, "7"))  # not a revision saved here
    assert counts.reads == reads  # held while the edit is on its way
    monkeypatch.setattr(view.editor, "busy", lambda _task_id: False)
    with qtbot.wait_signal(view.feed.loaded, timeout=5000):
        view.editor.edit_finished.emit(task_id)
    assert counts.reads == reads + 1


@pytest.mark.timeout(60)
def test_a_notice_that_does_not_touch_the_plan_is_not_read(
        ctx: WindowContext, qtbot: QtBot, counts: Counts) -> None:
    task_id = make_task(plan15())
    view = open_view(ctx, qtbot, task_id)
    reads = counts.reads
    ctx.bridge.changed.emit(one(Kind.REMINDERS_SCHEDULED, task_id))  # after every plan save
    assert counts.reads == reads
    with qtbot.wait_signal(view.feed.loaded, timeout=5000):
        ctx.bridge.changed.emit(one(Kind.STEP_CHANGED, task_id, "dates"))
    assert counts.reads == reads + 1


def _reader() -> str:
    """The window's code that ran a statement: its module, line and function."""
    frames = [f for f in traceback.extract_stack()
              if "/ui/" in f.filename and "/tests/" not in f.filename]
    return f"{frames[-1].filename.rsplit('/ui/', 1)[1]}:{frames[-1].lineno} {frames[-1].name}" \
        if frames else "?"


@pytest.mark.timeout(60)
def test_a_drag_in_the_window_reads_nothing_on_the_gui_thread(
        ctx: WindowContext, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole window, a step selected in the panel: the drag's save, the toolbar,
    the panel and the list do their reads in workers (the bridge's one-row PRAGMA
    data_version, which tells other processes' commits apart, is not a read of data)."""
    task_id = make_task(plan15())
    window = open_window(ctx, qtbot)
    view = window.plan_view
    ctx.selection.select_task(task_id)
    qtbot.wait_until(lambda: view.snapshot is not None and view.snapshot.task_id == task_id)
    show_whole(view)
    ctx.selection.select_step("agenda")
    qtbot.wait_until(lambda: window.steps.view is not None)
    qtbot.wait_until(lambda: not ctx.runner.running)
    gui, execute = threading.get_ident(), database.execute_sql
    on_gui: list[str] = []

    def counted(sql: str, *args: Any, **kwargs: Any) -> Any:
        if threading.get_ident() == gui and "data_version" not in sql:
            on_gui.append(_reader())
        return execute(sql, *args, **kwargs)

    monkeypatch.setattr(database, "execute_sql", counted)
    drag_link(qtbot, ctx, view, "hotel", "agenda")
    qtbot.wait_until(lambda: window.steps.view is not None
                     and "hotel" in window.steps.view.waiting_for)
    qtbot.wait_until(lambda: not ctx.runner.running)
    assert window.plan_toolbar.revision == 2
    assert on_gui == [], "\n".join(on_gui)


@pytest.mark.timeout(60)
def test_the_graph_and_the_outline_share_one_read(ctx: WindowContext, qtbot: QtBot,
                                                  counts: Counts) -> None:
    first, second = make_task(plan15()), make_task(plan15(), title="Second")
    window = open_window(ctx, qtbot)
    assert window.plan_view.feed is window.outline.feed
    for task_id in (first, second):
        reads = counts.reads
        ctx.selection.select_task(task_id)
        qtbot.wait_until(lambda shown=task_id: window.plan_view.snapshot is not None
                         and window.plan_view.snapshot.task_id == shown
                         and window.outline._snapshot is not None
                         and window.outline._snapshot.task_id == shown)
        qtbot.wait_until(lambda: not ctx.runner.running)
        assert counts.reads - reads == 1
