"""What the task list does to a task in place: tick a task off (undoable, with a plan or
without) or reopen it, save a field typed into a cell (title with #tags, due in plain
words, priority 1–4) or the task dialog (undoable), and the task's context menu.

A due typed without a clock time ("friday") is saved as a date (all day,
``app.dates.days``), with one ("friday 3pm") as a moment whose time was named.

Writes run in a worker (``app.plan.ticks``, ``app.tasks.store.update_task``); a refusal is
told in the status bar in the user's words and the row shows the task as saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QKeySequence, QUndoCommand
from PySide6.QtWidgets import QMenu

from app.dates import days
from app.dates.when import parse_when
from app.errors import KnownError
from app.plan import store as plans
from app.plan import ticks
from app.tasks import quickadd
from app.tasks import store as tasks
from ui.shared.context import WindowContext
from ui.shared.runner import in_thread
from ui.words.retexts import told_error

translate = QCoreApplication.translate


class TickTask(QUndoCommand):
    """A task ticked off (with a plan or without; a repeating one moves on); undo puts it
    back as it was."""

    def __init__(self, ctx: WindowContext, task_id: int, title: str) -> None:
        super().__init__(translate("TaskEdits", "Done “%1”").replace("%1", title))
        self.ctx, self.task_id = ctx, task_id
        self.done: ticks.Tick | None = None
        self._first = True

    def redo(self) -> None:
        if self._first:  # saved before it was pushed
            self._first = False
            return
        run(self.ctx, self.tick)

    def tick(self) -> None:
        """The tick itself (in a worker): what undoes it is kept."""
        self.done = ticks.tick_task(self.task_id)

    def undo(self) -> None:
        if self.done is not None:
            run(self.ctx, ticks.undo, self.done)
        else:  # undone before its tick came back from the worker
            run(self.ctx, ticks.reopen_task, self.task_id)


def run(ctx: WindowContext, fn: Callable[..., Any], *args: Any,
        done: Callable[[], None] | None = None, **kwargs: Any) -> None:
    """A task write in a worker, after the window's writes started before it
    (``ctx.writes``); a refusal goes to the status bar, a bug to the crash dialog."""
    ctx.writes.start(lambda: in_thread(fn, *args, **kwargs),
                     translate("TaskEdits", "Saving the task"),
                     None if done is None else lambda _result: done(), ctx.status.error.emit)


def tick(ctx: WindowContext, task_id: int, title: str, ticked: bool) -> None:
    """The check circle: finish a task (undoable), or reopen a finished one."""
    if not ticked:
        run(ctx, ticks.reopen_task, task_id)
        return
    command = TickTask(ctx, task_id, title)
    run(ctx, command.tick, done=lambda: ctx.undo.push(command))


def split_tags(text: str) -> tuple[str, list[str]]:
    """“Buy milk #shop #home” → (“Buy milk”, [“shop”, “home”]), as quick add reads them."""
    title, tags, _priority = quickadd.marks(text)
    return title, tags


def changes_for(column: int, text: str) -> dict[str, Any]:
    """What a cell's typed text changes (ValueError in the user's words when it cannot)."""
    text = text.strip()
    if column == 0:
        title, tags, priority = quickadd.marks(text)
        if not title:
            raise ValueError(translate("TaskEdits", "A task needs a title"))
        return {"title": title, "tags": tags} | ({} if priority is None else
                                                 {"priority": priority})
    if column == 1:
        understood = parse_when(text, "due") if text else None
        return {"due_at": days.as_given(understood.when, understood.had_time)
                if understood else None,
                "named": ("due",) if understood and understood.had_time else ()}
    if column == 2:
        number = text.lstrip("!") or "3"
        if number not in ("1", "2", "3", "4"):
            raise ValueError(translate("TaskEdits", "Priority is 1 (highest) to 4 (lowest)"))
        return {"priority": int(number)}
    return {}


def save_cell(ctx: WindowContext, task_id: int, column: int, text: str) -> None:
    """Save what was typed into a cell of the list."""
    try:
        changes = changes_for(column, text)
    except (KnownError, ValueError) as exc:
        ctx.status.error.emit(told_error(exc))
        return
    if changes:
        named = changes.pop("named", ())
        edit(ctx, task_id, changes, named)


class EditTask(QUndoCommand):
    """A task's fields changed; undo puts back what they were (an all-day due as its
    date, a named time as named), redo the change again."""

    def __init__(self, ctx: WindowContext, task_id: int, changes: dict[str, Any],
                 named: tuple[str, ...]) -> None:
        super().__init__()
        self.ctx, self.task_id = ctx, task_id
        self.title = ""  # the task's title before the change (read with it)
        self.changes, self.named = changes, named
        self.before: dict[str, Any] = {}
        self.named_before: tuple[str, ...] = ()
        self._first = True

    def save(self) -> None:
        """The change itself (in a worker), once what it replaces is read."""
        task = tasks.get_task(self.task_id)
        self.title = task.title
        self.before = {name: as_set(task, name) for name in self.changes}
        self.named_before = tuple(task.named or ())
        tasks.update_task(self.task_id, named=self.named, **self.changes)

    def redo(self) -> None:
        if self._first:  # saved before it was pushed
            self._first = False
            return
        run(self.ctx, tasks.update_task, self.task_id, named=self.named,
            **self.changes)

    def undo(self) -> None:
        run(self.ctx, tasks.update_task, self.task_id, named=self.named_before,
            **self.before)


def as_set(task: Any, name: str) -> Any:
    """A field's value as ``update_task`` takes it (and the dialog shows it): a start or
    due as it was set, a date when all day."""
    if name in ("start_at", "due_at"):
        return tasks.when(task, name[:-3])
    value = getattr(task, name)
    return list(value) if name == "tags" else value


def edit(ctx: WindowContext, task_id: int, changes: dict[str, Any],
         named: tuple[str, ...] = ()) -> None:
    """Save ``changes`` to a task (in a worker), undoably; ``named``: the times typed with
    a clock time."""
    command = EditTask(ctx, task_id, changes, tuple(named))

    def saved() -> None:
        command.setText(translate("TaskEdits", "Edit “%1”").replace("%1", command.title))
        ctx.undo.push(command)

    run(ctx, command.save, done=saved)


def fill_task_menu(menu: QMenu, done: bool, can_tick: bool,
                   slots: dict[str, Callable[[], Any]]) -> None:
    """The task's context menu, with the keys that do the same."""
    entries = (("tick", translate("TaskEdits", "Reopen") if done
                else translate("TaskEdits", "Done"), "Ctrl+Return"),
               ("rename", translate("TaskEdits", "Rename"), "F2"),
               ("edit", translate("TaskEdits", "Edit…"), "Return"),
               ("delete", translate("TaskEdits", "Delete"), "Delete"))
    for key, text, keys in entries:
        action = menu.addAction(text)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(slots[key])
        action.setEnabled(key != "tick" or can_tick)
    menu.addSeparator()
    menu.addAction(translate("TaskEdits", "Approve every plan that waits")).triggered.connect(
        slots["approve_all"])


def approve_all(ctx: WindowContext) -> None:
    """Approve every plan that waits for approval (of every task); the status line says how
    many."""
    def finished(count: int) -> None:
        ctx.status.info.emit(translate("TaskEdits", "Plans approved: %1").replace(
            "%1", str(count)) if count else translate("TaskEdits", "No plan waits for approval"))

    async def approving() -> int:
        return int(await in_thread(plans.approve_all))

    ctx.runner.start(approving(), translate("TaskEdits", "Approving the waiting plans"),
                     finished)
