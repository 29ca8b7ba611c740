"""The plan graph's side of the store: edits saved off the GUI thread, undoable, and
the task's latest plan read again whenever it changes.

``PlanEditor`` runs an edit from ``app.plan.editing`` in a worker thread (one at a
time, in order) and, once it is saved, pushes a ``PlanEditCommand`` on the task's undo
stack; undo and redo save the earlier or later content again. One editing session is
one revision (``app.plan.rewrite``): the session's first edit saves a new revision, and
its later edits, undos and redos rewrite that revision in place. A session ends when
the plan is approved, paused, resumed or aborted, or someone else saves a revision.
A refused edit is reported with a message the window shows where the user looks.
``PlanFeed`` reads the snapshot the window's plan view and outline show (one feed per
window, ``PlanFeed.of``). An edit this window saved
is shown from what was saved, not read back: the feed skips the change notice of its
own revision (who started a change decides who reloads, as in Anki's operations), so a
drag is one validation, one write transaction and one redraw.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QUndoCommand

from app.events import Changes, Kind
from app.plan import editing as plan_editing
from app.plan.editing import Change, Data, EditRefused, PlanSnapshot, Saved
from models import Task
from ui.shared.context import WindowContext
from ui.shared.runner import in_thread
from ui.words.labels import fill
from ui.words.retexts import told

translate = QCoreApplication.translate  # lupdate reads translate(context, text)
# Notices about a task that never change what its plan graph shows (a plan save is
# followed by its reminders being scheduled: not a reason to read the plan again).
NOT_PLAN_CHANGES = frozenset({Kind.REMINDERS_SCHEDULED, Kind.REMINDERS_FIRED,
                              Kind.REMINDER_CHANGED, Kind.OUTBOX_DECIDED,
                              Kind.CALENDAR_SYNCED, Kind.ASSISTANT_STARTED,
                              Kind.ASSISTANT_FINISHED})


def refusal_text(code: str, detail: str) -> str:
    """What to tell the user about a refused edit: the rule, translated, then the detail."""
    leads = {
        "cycle": translate("PlanEdits", "Not changed: steps would wait for each other in a loop"),
        "too_deep": translate("PlanEdits", "Not changed: steps nest at most 4 levels deep"),
        "stale": translate("PlanEdits", "Not changed: the plan was changed elsewhere meanwhile; "
                                 "the latest plan is shown now"),
        "same_step": translate("PlanEdits", "Not changed: a step cannot wait for itself"),
        "exists": translate("PlanEdits", "Nothing to change"),
        "inside_itself": translate("PlanEdits",
                            "Not changed: a step cannot go inside its own sub-steps"),
        "has_children": translate("PlanEdits", "Not changed: move or delete its sub-steps first"),
        "last_step": translate("PlanEdits", "Not changed: a plan needs at least one step"),
        "no_step": translate("PlanEdits", "Not changed: that step is no longer in the plan"),
        "gone": translate("PlanEdits", "Not changed: the task no longer exists"),
    }
    lead = leads.get(code, translate("PlanEdits", "Not changed: the plan rules do not allow this"))
    if code == "cycle":
        detail = detail.rsplit(": ", 1)[-1]  # the loop itself: a → b → a
    if not detail:
        return lead
    return translate("PlanEdits", "%1 (%2)").replace("%1", lead).replace(
        "%2", told(detail))


def task_title(task_id: int) -> str:
    """The task's title ("" when it is gone); call from a worker thread."""
    row = Task.select(Task.title).where(Task.id == task_id).scalar()
    return str(row or "")


def in_task(text: str, title: str) -> str:
    """What an undo step says: the edit and the task it belongs to."""
    if not title:
        return text
    return fill(translate("PlanEdits", "%1 in “%2”"), text, title)  # one pass: a %2 typed stays


class PlanEditCommand(QUndoCommand):
    """One saved edit on the undo stack. It was saved before it was pushed, so its first
    redo does nothing; undo and redo save the content before and after again (in place
    while the editing session lasts)."""

    def __init__(self, editor: PlanEditor, saved: Saved, text: str) -> None:
        super().__init__(text)
        self.editor = editor
        self.saved = saved
        self.task_id = saved.task_id
        self._first = True

    def redo(self) -> None:
        if self._first:
            self._first = False
            return
        self.editor.restore(self.saved.task_id, self.saved.after)

    def undo(self) -> None:
        self.editor.restore(self.saved.task_id, self.saved.before)


class PlanEditor(QObject):
    """Saves plan edits in a worker, one at a time, and keeps them undoable.

    One editor per window (``PlanEditor.of``), shared by the graph and the outline.
    """

    edit_saved = Signal(object)  # Saved
    edit_refused = Signal(int, str, str)  # task id, code, message for the user
    edit_finished = Signal(int)  # task id: an edit, undo or redo was saved or refused

    def __init__(self, ctx: WindowContext) -> None:
        super().__init__(ctx.undo)
        self.ctx = ctx
        self._lock = asyncio.Lock()
        self._ours: dict[int, set[int]] = {}  # revisions this window saved, by task
        self._session: dict[int, int] = {}  # the revision each task's editing session made
        self._busy: dict[int, int] = {}  # edits on their way, by task
        ctx.bridge.changed.connect(self._on_bridge_changed)

    @classmethod
    def of(cls, ctx: WindowContext) -> PlanEditor:
        """The window's editor (made on first use, owned by its undo stack)."""
        found = ctx.undo.findChild(PlanEditor)
        return found if isinstance(found, PlanEditor) else cls(ctx)

    def submit(self, task_id: int, base_revision: int, text: str, change: Change) -> None:
        """Apply ``change`` to the plan the user saw (``base_revision``) and save it."""
        def job() -> Callable[[], Saved]:  # built when its turn comes: knows what we saved
            accepted = frozenset(self._ours.get(task_id, ()))
            return partial(plan_editing.apply_edit, task_id, base_revision, change, accepted,
                           self._session.get(task_id, 0))

        self._run(task_id, text, job)

    def restore(self, task_id: int, content: Data) -> None:
        """Save earlier content again (what undo and redo do)."""
        self._run(task_id, "", lambda: partial(plan_editing.restore, task_id, content,
                                               self._session.get(task_id, 0)))

    def _on_bridge_changed(self, changes: Changes) -> None:
        ends = (Kind.PLAN_APPROVED, Kind.PLAN_PAUSED, Kind.PLAN_RESUMED, Kind.PLAN_ABORTED)
        for task_id in changes.task_ids:
            theirs = changes.revisions(task_id) - self._ours.get(task_id, set())
            if changes.about(task_id).of(*ends) or theirs:
                self._session.pop(task_id, None)  # ended, or someone else saved a revision

    def saved_here(self, changes: Changes) -> bool:
        """Whether these changes of one task are only revisions this window saved (and
        showed): one that also changed anything else its plan shows, or saved no
        revision, is not."""
        saved = {(task_id, revision) for task_id in changes.task_ids
                 for revision in changes.revisions(task_id)}
        ours = {(task_id, revision) for task_id in changes.task_ids
                for revision in self._ours.get(task_id, ())}
        others = changes.kinds - {Kind.PLAN_SAVED} - NOT_PLAN_CHANGES
        return bool(saved) and saved <= ours and not others

    def busy(self, task_id: int) -> bool:
        """Whether an edit of the task's plan is on its way (its notice may come first)."""
        return self._busy.get(task_id, 0) > 0

    def _run(self, task_id: int, text: str, job: Callable[[], Callable[[], Saved]]) -> None:
        named = [text]

        async def serialised() -> Saved | EditRefused:
            async with self._lock:
                try:
                    result = await in_thread(job())
                except EditRefused as exc:
                    return exc
                self._ours.setdefault(task_id, set()).add(result.revision)
                self._session[task_id] = result.revision
                if text:  # the undo menu names the task: "Undo Add step in “Team offsite”"
                    named[0] = in_task(text, await in_thread(task_title, task_id))
                return result

        def done(result: Saved | EditRefused) -> None:
            self._on_worker_done(task_id, named[0], result)

        self._busy[task_id] = self._busy.get(task_id, 0) + 1
        task = self.ctx.runner.start(serialised(), self.tr("Saving the plan"), done)
        task.add_done_callback(lambda _task: self._on_edit_over(task_id))  # after ``done``

    def _on_edit_over(self, task_id: int) -> None:
        """Saved, refused, failed or cancelled: notices held for it may go through."""
        self._busy[task_id] -= 1
        self.edit_finished.emit(task_id)

    def _on_worker_done(self, task_id: int, text: str, result: Saved | EditRefused) -> None:
        if isinstance(result, EditRefused):
            message = refusal_text(result.code, str(result))
            self.ctx.status.error.emit(message)
            self.edit_refused.emit(task_id, result.code, message)
            return
        if text:  # a new edit (undo and redo are already on the stack)
            self.ctx.undo.push(PlanEditCommand(self, result, text))
        self.ctx.status.info.emit(self.tr("Plan saved as revision %1").replace(
            "%1", str(result.revision)))
        self.edit_saved.emit(result)


class PlanFeed(QObject):
    """The latest plan of one task, read in a worker and read again when it changes.

    Reads never overlap: a change noticed during a read asks for one more read after it.
    """

    loaded = Signal(object)  # PlanSnapshot

    def __init__(self, ctx: WindowContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.task_id = 0
        self.reads = 0  # plans read from the store (the bench counts a drag's)
        self._reading = False
        self._again = False
        self._held: list[Changes] = []  # notices that came while an edit was on its way
        self._last: PlanSnapshot | None = None
        self._positions = asyncio.Lock()  # one position save at a time, first asked first
        self.editor = PlanEditor.of(ctx)
        ctx.bridge.changed.connect(self._on_bridge_changed)
        ctx.bridge.external_change.connect(self._on_bridge_external_change)
        self.editor.edit_saved.connect(self._on_editor_edit_saved)
        self.editor.edit_finished.connect(self._on_editor_edit_finished)

    @classmethod
    def of(cls, ctx: WindowContext) -> PlanFeed:
        """The window's feed (made on first use, owned by its undo stack): the graph and
        the outline show one snapshot, read once."""
        found = ctx.undo.findChild(PlanFeed)
        return found if isinstance(found, PlanFeed) else cls(ctx, ctx.undo)

    def show(self, task_id: int) -> None:
        """Feed this task's plan; a second view asking for the task already fed gets the
        snapshot read (or the one on its way) without another read."""
        if task_id and task_id == self.task_id and (self._reading or self._last is not None):
            if not self._reading and self._last is not None:
                self.loaded.emit(self._last)
            return
        self.task_id = task_id
        self._last, self._held = None, []
        self.load()

    def load(self) -> None:
        if not self.task_id:
            return
        if self._reading:
            self._again = True
            return
        self._reading = True
        self.reads += 1
        self.ctx.runner.start(self._read(self.task_id), self.tr("Reading the plan"),
                              self._on_read_done)

    async def _read(self, task_id: int) -> PlanSnapshot:
        try:
            return await in_thread(plan_editing.snapshot, task_id)
        finally:
            self._reading = False

    def _on_read_done(self, snapshot: PlanSnapshot) -> None:
        if self._again:
            self._again = False
            self.load()
        if snapshot.task_id == self.task_id:
            self._last = snapshot
            self.loaded.emit(snapshot)

    def save_positions(self, task_id: int, positions: Mapping[str, tuple[float, float]]
                       ) -> None:
        """Pin nodes where they were dragged (view state, saved in a worker). Saves land in
        the order they were asked for, so a move and its quick undo end as the screen shows."""
        self.ctx.runner.start(self._save_in_order(task_id, dict(positions)),
                              self.tr("Saving node positions"))

    async def _save_in_order(self, task_id: int, positions: dict[str, tuple[float, float]]
                             ) -> None:
        async with self._positions:
            await in_thread(plan_editing.save_positions, task_id, positions)

    def _on_bridge_changed(self, changes: Changes) -> None:
        plan = Changes(tuple(c for c in changes.about(self.task_id)
                             if c.kind not in NOT_PLAN_CHANGES), changes.initiator)
        if not self.task_id or not plan:
            return
        if self.editor.saved_here(plan):
            return  # shown from what was saved (``_on_editor_edit_saved``)
        if self.editor.busy(self.task_id):
            self._held.append(plan)  # when the edit is over: ours, or not?
            return
        self.load()

    def _on_editor_edit_saved(self, saved: Saved) -> None:
        """Show what this window saved without reading it back (else read it)."""
        if saved.task_id != self.task_id:
            return
        last = self._last
        if (saved.spec is None or last is None or last.revision > saved.revision
                or self._reading):  # a read begun before the save could come after it
            self.load()
            return
        self._last = replace(last, spec=saved.spec, status=saved.status)
        self.loaded.emit(self._last)

    def _on_editor_edit_finished(self, task_id: int) -> None:
        if task_id != self.task_id or self.editor.busy(task_id):
            return
        held, self._held = self._held, []
        if any(not self.editor.saved_here(changes) for changes in held):
            self.load()  # someone else changed the plan meanwhile

    def _on_bridge_external_change(self) -> None:
        self.load()


def new_blank_step(saved: Saved) -> str:
    """The step an "Add step" just made, still called "New step" (its title is typed
    next); "" when the edit added no such step."""
    before = {s["id"] for s in saved.before["steps"]}
    added = [s for s in saved.after["steps"] if s["id"] not in before]
    blank = {translate("PlanView", "New step"), translate("StepActions", "New step")}
    return str(added[0]["id"]) if len(added) == 1 and added[0].get("title") in blank else ""
