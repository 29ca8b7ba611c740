"""The plan toolbar (plan actions, streaming generation, Stop), the revision comparison,
and the Qt-free structured diff behind it (``app.plan.diff``)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.config import settings
from app.llm.base import ChunkSink, Message, Reply
from app.plan import store as plans
from app.plan.diff import diff_plans
from app.plan.spec import PlanSpec, PlanStep
from app.tasks.store import NewTask, add_task
from tests.ui.async_helpers import planned_task, two_step_plan
from ui.plan.revision_diff import RevisionDiffDialog
from ui.plan.toolbar import PlanToolbar
from ui.shared.context import WindowContext


@pytest.fixture
def toolbar(ctx: WindowContext, qtbot: QtBot) -> PlanToolbar:
    widget = PlanToolbar(ctx)
    qtbot.add_widget(widget)
    widget.resize(900, 40)
    widget.show()
    return widget


def enabled(toolbar: PlanToolbar) -> set[str]:
    return {a for a, b in toolbar.buttons.items() if b.isEnabled()}


def plan_status(task_id: int) -> str:
    return str(plans.latest_plan_or_fail(task_id).status)


def click(qtbot: QtBot, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


class SlowProvider:
    """A model that never answers until cancelled; records that it was asked and stopped."""

    name = "slow"
    model = "slow-model"

    def __init__(self) -> None:
        self.asked = False
        self.cancelled = False
        self.closed = False

    async def complete(self, messages: list[Message], *, schema: dict[str, Any] | None = None,
                       on_chunk: ChunkSink | None = None,
                       context: Mapping[str, Any] | None = None) -> Reply:
        self.asked = True
        if on_chunk is not None:
            on_chunk('{"steps": [')
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.cancelled = True
            raise
        raise AssertionError("unreachable")

    async def list_models(self) -> list[str]:
        return [self.model]

    async def aclose(self) -> None:
        self.closed = True


# --- plan actions ---------------------------------------------------------------------

def test_approve_pause_resume_follow_the_plan_machine(toolbar: PlanToolbar,
                                                      qtbot: QtBot) -> None:
    task_id = planned_task(approve=False)
    toolbar.show_task(task_id)
    assert toolbar.chip.text() == "awaiting approval" and enabled(toolbar) == {"approve", "abort"}
    click(qtbot, toolbar.buttons["approve"])
    qtbot.wait_until(lambda: plan_status(task_id) == "in_progress")
    qtbot.wait_until(lambda: enabled(toolbar) == {"pause", "abort"})
    assert toolbar.chip.text() == "running"
    click(qtbot, toolbar.buttons["pause"])
    qtbot.wait_until(lambda: enabled(toolbar) == {"resume", "abort"})
    assert plan_status(task_id) == "paused" and toolbar.chip.text() == "paused"
    click(qtbot, toolbar.buttons["resume"])
    qtbot.wait_until(lambda: not toolbar.ctx.runner.running)
    assert plan_status(task_id) == "in_progress" and enabled(toolbar) == {"pause", "abort"}


def test_abort_asks_first(toolbar: PlanToolbar, qtbot: QtBot) -> None:
    task_id = planned_task()
    toolbar.show_task(task_id)
    questions: list[str] = []

    def refuse(title: str, text: str) -> bool:
        questions.append(title)
        return False

    toolbar.confirm = refuse
    click(qtbot, toolbar.buttons["abort"])
    assert questions == ["Abort the plan?"] and plan_status(task_id) == "in_progress"
    toolbar.confirm = lambda title, text: True
    click(qtbot, toolbar.buttons["abort"])
    qtbot.wait_until(lambda: not toolbar.ctx.runner.running)
    assert toolbar.chip.text() == "aborted"
    assert plan_status(task_id) == "aborted" and enabled(toolbar) == set()


def test_refused_action_is_told(toolbar: PlanToolbar, qtbot: QtBot) -> None:
    """A plan moved meanwhile (elsewhere) refuses the click: the status line says so in
    the interface language and the buttons come back."""
    task_id = planned_task()
    toolbar.show_task(task_id)
    plans.plan_action(task_id, "abort")  # another view, the CLI
    with qtbot.wait_signal(toolbar.ctx.status.error, timeout=5000) as said:
        toolbar._on_action_clicked("pause")
    assert "aborted" in said.args[0] and toolbar._busy_actions == 0
    qtbot.wait_until(lambda: toolbar.chip.text() == "aborted")


def test_approve_is_hidden_with_auto_accept(ctx: WindowContext, qtbot: QtBot) -> None:
    settings.put("assistant.auto_accept", True)
    toolbar = PlanToolbar(ctx)
    qtbot.add_widget(toolbar)
    toolbar.show()
    toolbar.show_task(planned_task(approve=False))
    assert not toolbar.buttons["approve"].isVisible()
    assert toolbar.buttons["pause"].isVisible()


# --- generating -----------------------------------------------------------------------

def test_regenerate_with_the_offline_planner_makes_a_new_revision(
        toolbar: PlanToolbar, ctx: WindowContext, qtbot: QtBot) -> None:
    task_id = planned_task(approve=False, title="Renew passport")
    toolbar.show_task(task_id)
    assert toolbar.generate.text() == "Regenerate"
    growing: list[str] = []
    ctx.assistant.plan_growing.connect(lambda *_: growing.append(toolbar.growing.text()))
    with qtbot.wait_signal(ctx.assistant.idle, timeout=10_000):
        click(qtbot, toolbar.generate)
        assert toolbar.generate.text() == "Stop"
    assert [p.revision for p in plans.revisions(task_id)] == [1, 2]
    assert plans.latest_plan_or_fail(task_id).source == "offline-planner"
    assert growing and growing[-1].startswith("Writing the plan: ")
    qtbot.wait_until(lambda: toolbar.title.text().endswith("revision 2"))
    assert toolbar.generate.text() == "Regenerate" and toolbar.revisions.isEnabled()


def test_generate_for_a_task_without_a_plan(toolbar: PlanToolbar, ctx: WindowContext,
                                            qtbot: QtBot) -> None:
    task_id = int(add_task(NewTask(title="Write the annual report")).id)
    toolbar.show_task(task_id)
    assert toolbar.generate.text() == "Generate plan" and toolbar.title.text() == "No plan yet"
    with qtbot.wait_signal(ctx.assistant.idle, timeout=10_000):
        click(qtbot, toolbar.generate)
    qtbot.wait_until(lambda: toolbar.status is not None)
    plan = plans.latest_plan_or_fail(task_id)
    assert plan.revision == 1  # a checklist of the person's own steps starts at once
    assert toolbar.chip.text() == {"pending": "awaiting approval",
                                   "in_progress": "running"}[str(plan.status)]


def test_stop_cancels_a_slow_model_at_once_and_saves_nothing(
        toolbar: PlanToolbar, ctx: WindowContext, qtbot: QtBot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    slow = SlowProvider()
    # The service imported the factory by name, so it is replaced where it is used.
    monkeypatch.setattr("ui.shared.assistant.provider_from_settings", lambda: (slow, None))
    task_id = planned_task(approve=False)
    toolbar.show_task(task_id)
    click(qtbot, toolbar.generate)
    qtbot.wait_until(lambda: slow.asked)
    assert toolbar.generate.text() == "Stop" and ctx.assistant.busy
    with qtbot.wait_signal(ctx.assistant.idle, timeout=500):
        click(qtbot, toolbar.generate)
    assert slow.cancelled and slow.closed and not ctx.assistant.busy
    assert [p.revision for p in plans.revisions(task_id)] == [1]
    assert plan_status(task_id) == "pending"
    assert toolbar.generate.text() == "Regenerate"


# --- revisions ------------------------------------------------------------------------

def second_revision(task_id: int) -> None:
    plan = two_step_plan(revision=1)
    plan["steps"][0]["title"] = "Pick three dates"
    plan["steps"].append({"id": "book", "title": "Book the venue", "depends_on": ["dates"]})
    plans.save_plan(task_id, plan)


def test_revision_diff_shows_an_added_step_and_a_changed_title(
        toolbar: PlanToolbar, qtbot: QtBot) -> None:
    task_id = planned_task(approve=False)
    toolbar.show_task(task_id)
    assert not toolbar.revisions.isEnabled()  # one revision: nothing to compare
    second_revision(task_id)
    qtbot.wait_until(toolbar.revisions.isEnabled)
    click(qtbot, toolbar.revisions)
    dialog = toolbar.diff_dialog
    assert isinstance(dialog, RevisionDiffDialog)
    qtbot.add_widget(dialog)
    qtbot.wait_signal(dialog.diff_shown, timeout=5000).wait()
    assert dialog.step_rows() == [("~ dates: Pick three dates", "changed"),
                                  ("+ book: Book the venue", "added")]
    step = dialog.tree.topLevelItem(0)
    changed = step.child(0) if step is not None else None
    assert changed is not None
    assert [changed.text(i) for i in (0, 2, 3)] == ["Title", "Pick two dates", "Pick three dates"]
    assert "1 added, 0 removed, 1 changed" in dialog.summary.text()


# --- the structured diff (Qt-free) ----------------------------------------------------

def spec(*steps: PlanStep, revision: int = 1, title: str = "Plan") -> PlanSpec:
    return PlanSpec(steps=list(steps), title=title, revision=revision)


def test_diff_reports_fields_of_changed_steps() -> None:
    old = spec(PlanStep("a", "A"), PlanStep("b", "B", depends_on=["a"]))
    new = spec(PlanStep("a", "A", status="completed"),
               PlanStep("b", "B", depends_on=[], target="assistant.write",
                        inputs={"instructions": "x"}), revision=2, title="Plan 2")
    diff = diff_plans(old, new)
    assert [(f.field, f.old, f.new) for f in diff.plan_fields] == [("title", "Plan", "Plan 2")]
    fields = {s.step_id: [(f.field, f.old, f.new) for f in s.fields] for s in diff.steps}
    assert fields == {"a": [("status", "pending", "completed")],
                      "b": [("depends_on", "a", ""), ("target", "user", "assistant.write"),
                            ("inputs", "", '{"instructions": "x"}')]}


def test_diff_orders_added_then_removed_and_skips_equal_steps() -> None:
    old = spec(PlanStep("a", "A"), PlanStep("gone", "Gone"))
    new = spec(PlanStep("new", "New"), PlanStep("a", "A"), revision=2)
    diff = diff_plans(old, new)
    assert [(s.kind, s.step_id) for s in diff.steps] == [("added", "new"), ("removed", "gone")]
    assert diff.count("added") == 1 and not diff.empty
    assert diff_plans(old, old).empty


def test_approve_all_approves_every_waiting_plan_and_says_how_many(
        toolbar: PlanToolbar, ctx: WindowContext, qtbot: QtBot) -> None:
    waiting = [planned_task(approve=False, title=f"Offsite {n}") for n in range(3)]
    running = planned_task(title="Running already")
    said: list[str] = []
    ctx.status.info.connect(said.append)
    toolbar.show_task(waiting[0])
    assert toolbar.approve_all.isVisible() and toolbar.approve_all.text() == "Approve all"
    click(qtbot, toolbar.approve_all)
    qtbot.wait_until(lambda: bool(said))
    assert said == ["Approved 3 plan(s)"]
    assert {plan_status(t) for t in waiting} == {"in_progress"}
    assert plan_status(running) == "in_progress"
    qtbot.wait_until(lambda: toolbar.status == "in_progress")  # with the plan's read
    assert toolbar.approve_all.isEnabled()
    click(qtbot, toolbar.approve_all)
    qtbot.wait_until(lambda: len(said) == 2)
    assert said[1] == "No plan was waiting for approval"


def test_the_heading_follows_a_renamed_task(toolbar: PlanToolbar, qtbot: QtBot) -> None:
    from app.tasks.store import update_task

    task_id = planned_task(title="Organise the team offsite")
    toolbar.show_task(task_id)
    assert toolbar.title.full_text.startswith("Organise the team offsite")
    update_task(task_id, title="Organise the spring offsite")
    qtbot.wait_until(lambda: toolbar.title.full_text.startswith("Organise the spring offsite"))


def test_one_read_with_the_graph(ctx: WindowContext, toolbar: PlanToolbar, qtbot: QtBot,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A plan approved elsewhere reaches the bar with the graph's one read: the bar
    itself reads nothing (it once read the plan again, in its own worker)."""
    from ui.plan import toolbar as toolbar_module
    from ui.plan.view import PlanView

    task_id = planned_task(approve=False)
    view = PlanView(ctx)
    qtbot.add_widget(view)
    view.show_task(task_id)
    toolbar.show_task(task_id)
    qtbot.wait_until(lambda: view.snapshot is not None and not ctx.runner.running)
    own: list[int] = []
    monkeypatch.setattr(toolbar_module, "bar_facts", lambda task: own.append(task))
    reads = toolbar.feed.reads
    ctx.runner.start(asyncio.to_thread(plans.plan_action, task_id, "approve"), "approving")
    qtbot.wait_until(lambda: toolbar.chip.text() == "running")
    qtbot.wait_until(lambda: not ctx.runner.running)
    assert toolbar.feed.reads == reads + 1 and own == []
    assert view.snapshot is not None and view.snapshot.status == "in_progress"
