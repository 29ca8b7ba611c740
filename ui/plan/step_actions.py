"""What a person can do to one step from the graph, the outline and the details panel:
rename it, edit its fields, move it (start, done, skip, retry), add a step after it or
inside it, delete it — and the context menu that offers all of that with its keys.

Field edits go through ``app.plan.step_edits`` as plan edits (``ui.plan.edits.PlanEditor``:
a new revision with origin user, undoable); moves go through ``app.plan.store.step_action``
in a worker. The graph and the outline share one ``StepActions`` per window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QKeySequence, QUndoCommand
from PySide6.QtWidgets import QMenu

from app.plan import editing as plan_editing
from app.plan import step_edits, ticks
from app.plan import store as plans
from app.plan.actions import step_allowed
from app.plan.editing import PlanSnapshot
from app.plan.graph import Graph
from app.states import ACTIVE_PLAN, StepStatus
from ui.plan.edits import PlanEditor
from ui.shared.context import WindowContext
from ui.shared.runner import Op, in_thread
from ui.words.labels import fill

translate = QCoreApplication.translate
KEYS = {"start": "Ctrl+Shift+S", "done": "Ctrl+Return", "skip": "Ctrl+Shift+K",
        "retry": "Ctrl+Shift+R", "rename": "F2", "add_after": "Ctrl+Shift+N",
        "add_inside": "Ctrl+Shift+I", "delete": "Delete"}


@dataclass(frozen=True)
class StepRef:
    """The step a command is about: its task, the revision shown, id, title, status."""

    task_id: int
    revision: int
    step_id: str
    title: str
    status: str
    is_group: bool = False
    plan_status: str = ""
    waits_for: tuple[str, ...] = ()  # titles of the unfinished steps it waits for


def ref_from(snapshot: PlanSnapshot | None, step_id: str) -> StepRef | None:
    """A step of the plan a view shows (None: no such step, or no plan)."""
    if snapshot is None or snapshot.spec is None:
        return None
    spec = snapshot.spec
    found = next((s for s in spec.steps if s.id == step_id), None)
    if found is None:
        return None
    g = Graph(spec.steps)
    titles = {s.id: s.title or s.id for s in spec.steps}
    blocking = () if g.is_group(step_id) else tuple(
        titles[d] for d in g.waits_on(step_id) if not g.satisfied(d))
    return StepRef(snapshot.task_id, snapshot.revision, step_id, found.title or step_id,
                   g.status_of(step_id), g.is_group(step_id), snapshot.status, blocking)


def move_allowed(ref: StepRef, action: str) -> bool:
    """Whether a person may ``action`` this step now (``app.plan.actions``)."""
    return step_allowed(action, ref.status, is_group=ref.is_group, plan_status=ref.plan_status)


class TickStep(QUndoCommand):
    """A person's tick of a step (or its untick); undo puts it back as it was."""

    def __init__(self, actions: StepActions, ref: StepRef, text: str, tick: bool) -> None:
        super().__init__(text)
        self.actions, self.ref, self.tick_ = actions, ref, tick
        self.task_id = ref.task_id
        self.done: ticks.Tick | None = None
        self._first = True

    def redo(self) -> None:
        if self._first:  # saved before it was pushed
            self._first = False
            return
        self.actions.run_tick(self)

    def undo(self) -> None:
        done = self.done
        if done is None:
            return
        self.actions.run_tick(self, undo=done)


class StepActions(QObject):
    """Renames, edits, moves and the step context menu, for one window."""

    rename_requested = Signal(str)  # step id: a view should open its inline editor
    moved = Signal(int, str, str)  # task id, step id, action (saved)
    move_failed = Signal(int, str)  # task id, step id: the move was refused

    def __init__(self, ctx: WindowContext) -> None:
        super().__init__(ctx.undo)
        self.ctx = ctx
        self.editor = PlanEditor.of(ctx)

    @classmethod
    def of(cls, ctx: WindowContext) -> StepActions:
        """The window's step actions (made on first use)."""
        found = ctx.undo.findChild(StepActions)
        return found if isinstance(found, StepActions) else cls(ctx)

    def rename(self, ref: StepRef, title: str) -> bool:
        """Save a new title (a plan edit); False when there is nothing to save."""
        title = title.strip()
        if not title or title == ref.title:
            return False
        text = translate("StepActions", "Rename “%1”").replace("%1", ref.title)
        self.editor.submit(ref.task_id, ref.revision, text,
                           partial(step_edits.rename_step, step_id=ref.step_id, title=title))
        return True

    def edit(self, ref: StepRef, fields: dict[str, Any]) -> None:
        """Save changed fields of the step as one plan edit."""
        text = translate("StepActions", "Edit “%1”").replace("%1", ref.title)
        self.editor.submit(ref.task_id, ref.revision, text,
                           partial(step_edits.edit_step, step_id=ref.step_id, fields=fields))

    def add_after(self, ref: StepRef) -> None:
        self.editor.submit(ref.task_id, ref.revision, translate("StepActions", "Add step"),
                           partial(plan_editing.add_step, title=_new_title(),
                                   after=ref.step_id))

    def add_inside(self, ref: StepRef) -> None:
        self.editor.submit(ref.task_id, ref.revision, translate("StepActions", "Add sub-step"),
                           partial(step_edits.add_sub_step, parent=ref.step_id, title=_new_title()))

    def delete(self, ref: StepRef) -> None:
        text = translate("StepActions", "Delete “%1”").replace("%1", ref.title)
        self.editor.submit(ref.task_id, ref.revision, text,
                           partial(plan_editing.delete_steps, step_ids=[ref.step_id]))

    def move(self, ref: StepRef, action: str) -> None:
        """Start, finish, skip or retry the step (saved in a worker)."""
        what = translate("StepActions", "Step “%1”").replace("%1", ref.title)
        Op(self.ctx.runner, in_thread(plans.step_action, ref.task_id, ref.step_id, action), what
           ).success(lambda _r: self.moved.emit(ref.task_id, ref.step_id, action)
                     ).failure(lambda message: self._refused(ref, message)).run()

    def _refused(self, ref: StepRef, message: str) -> None:
        self.ctx.status.error.emit(message)
        self.move_failed.emit(ref.task_id, ref.step_id)

    def toggle_done(self, ref: StepRef) -> None:
        """The check circle: tick the step done (in any order, undoable), or untick a
        finished one; a group says that it follows its sub-steps."""
        if ref.is_group or ref.plan_status not in ACTIVE_PLAN:
            self.ctx.status.info.emit(_why_not_done(ref))
            return
        tick = ref.status not in (StepStatus.COMPLETED, StepStatus.SKIPPED)
        text = (translate("StepActions", "Done “%1”") if tick
                else translate("StepActions", "Reopen “%1”")).replace("%1", ref.title)
        command = TickStep(self, ref, text, tick)

        def saved() -> None:
            self.ctx.undo.push(command)
            if tick and ref.waits_for:
                self.ctx.status.info.emit(fill(translate(
                    "StepActions", "“%1” done before “%2”; the plan adapts"),
                    ref.title, "”, “".join(ref.waits_for)))

        self.run_tick(command, then=saved)

    def run_tick(self, command: TickStep, *, undo: ticks.Tick | None = None,
                 then: Callable[[], None] | None = None) -> None:
        """Tick, untick or undo in a worker; a refusal goes to the status line."""
        ref = command.ref

        def work() -> None:
            if undo is not None:
                ticks.undo(undo)
            elif command.tick_:
                command.done = ticks.tick_step(ref.task_id, ref.step_id)
            else:
                command.done = ticks.untick_step(ref.task_id, ref.step_id)

        def done(_result: None) -> None:
            self.moved.emit(ref.task_id, ref.step_id, "done" if command.tick_ else "reopen")
            if then is not None:
                then()

        what = translate("StepActions", "Step “%1”").replace("%1", ref.title)
        self.ctx.writes.start(lambda: in_thread(work), what, done,  # a tick and its undo,
                              lambda message: self._refused(ref, message))  # in order

    def fill_menu(self, menu: QMenu, ref: StepRef) -> None:
        """The step's context menu: moves, rename, add after / inside, delete, with keys."""
        for action, text in (("start", translate("StepActions", "Start")),
                             ("done", translate("StepActions", "Done")),
                             ("skip", translate("StepActions", "Skip")),
                             ("retry", translate("StepActions", "Retry"))):
            entry = _entry(menu, text, action, partial(self.move, ref, action))
            entry.setEnabled(move_allowed(ref, action))
        menu.addSeparator()
        _entry(menu, translate("StepActions", "Rename"), "rename",
               lambda: self.rename_requested.emit(ref.step_id))
        _entry(menu, translate("StepActions", "Add step after"), "add_after",
               partial(self.add_after, ref))
        _entry(menu, translate("StepActions", "Add sub-step"), "add_inside",
               partial(self.add_inside, ref))
        menu.addSeparator()
        _entry(menu, translate("StepActions", "Delete"), "delete", partial(self.delete, ref))


def _entry(menu: QMenu, text: str, key: str, slot: Callable[[], Any]) -> Any:
    entry = menu.addAction(text)
    entry.setShortcut(QKeySequence(KEYS[key]))  # shown in the menu; the view handles it
    entry.triggered.connect(slot)
    return entry


def _new_title() -> str:
    return translate("StepActions", "New step")


def _why_not_done(ref: StepRef) -> str:
    if ref.is_group:
        return translate("StepActions", "“%1” is done when its sub-steps are").replace(
            "%1", ref.title)
    return translate("StepActions", "“%1” belongs to a plan that has ended; tick the task "
                     "instead").replace("%1", ref.title)

