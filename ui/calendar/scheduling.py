"""Scheduling from the window: "Schedule" now, and re-scheduling after changes, off the GUI thread.

``schedule_now`` runs ``app.schedule.store.run`` in a worker and says in the status line
how many blocks were placed and which steps did not fit (with the fix). ``Keeper``
watches the core's change notices and, after the ones that can move blocks
(``app.schedule.keeper.RESCHEDULE_ON``), re-schedules once the changes settle — only when
the person has scheduled before. ``Publisher`` writes the published calendars again after
the changes that move what they show. Moves and resizes of a block are undoable commands.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Slot
from PySide6.QtGui import QUndoCommand

from app.config import settings
from app.dates.when import local_zone
from app.events import Changes
from app.publish import keeper as publish_keeper
from app.schedule import keeper, store
from app.schedule.model import Block
from app.schedule.views import Planned
from ui.calendar.planned import PlannedLayer
from ui.shared.context import WindowContext
from ui.shared.runner import in_thread
from ui.words.labels import fill
from ui.words.retexts import told

SETTLE_MS = 300
PUBLISH_SETTLE_MS = 1000  # after a re-schedule's own SETTLE_MS and its run


def schedule_now(ctx: WindowContext) -> None:
    """Place every step with an estimate now (the plan toolbar's and menu's "Schedule")."""
    label = QCoreApplication.translate("Scheduling", "Scheduling")
    ctx.runner.start(in_thread(store.run, why="you asked"), label,
                     lambda outcome: _report(ctx, outcome))


def _report(ctx: WindowContext, outcome: store.Outcome) -> None:
    placed, missed = outcome.schedule.blocks, outcome.schedule.unplaced
    if not missed:
        text = QCoreApplication.translate("Scheduling", "Scheduled %1 blocks.")
        ctx.status.info.emit(fill(text, str(len(placed))))
        return
    first = missed[0]
    text = QCoreApplication.translate("Scheduling", "Scheduled %1 blocks; %2 steps do not fit. %3")
    detail = f"{first.title}: {first.reason}; {first.fix}"
    if outcome.schedule.overloads:  # the honest sum first: what the due date asks of the day
        detail = outcome.schedule.overloads[0].text(local_zone())
    ctx.status.error.emit(fill(text, str(len(placed)), str(len(missed)), told(detail)))


class Keeper(QObject):
    """Re-schedules in a worker after the changes that can move blocks, once they settle."""

    def __init__(self, ctx: WindowContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.reasons: list[str] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        ctx.bridge.changed.connect(self._on_bridge_changed)

    @Slot(object)
    def _on_bridge_changed(self, changes: Changes) -> None:
        why = keeper.reasons(changes)
        if why:
            self.reasons += [reason for reason in why if reason not in self.reasons]
            self._timer.start()

    @Slot()
    def _on_timer_timeout(self) -> None:
        why, self.reasons = "; ".join(self.reasons), []
        label = QCoreApplication.translate("Scheduling", "Keeping the schedule current")
        self.ctx.runner.start(in_thread(_rerun, why), label)


class Publisher(QObject):
    """Writes the published calendars (``app.publish``) in a worker after the changes that
    move what they show, once they settle; once at start, to catch up with what changed
    while the window was closed; and as often as the calendars sync
    (``calendar.sync_minutes``), so a block moved or deleted in another app comes back
    even when nothing changes here."""

    def __init__(self, ctx: WindowContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PUBLISH_SETTLE_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._every = QTimer(self)
        self._every.setInterval(int(settings.get("calendar.sync_minutes")) * 60_000)
        self._every.timeout.connect(self._on_timer_timeout)
        self._every.start()
        ctx.bridge.changed.connect(self._on_bridge_changed)
        QTimer.singleShot(0, self, self._on_timer_timeout)  # at start: catch up

    @Slot(object)
    def _on_bridge_changed(self, changes: Changes) -> None:
        if changes.kinds & publish_keeper.PUBLISH_ON:
            self._timer.start()

    @Slot()
    def _on_timer_timeout(self) -> None:
        label = QCoreApplication.translate("Scheduling", "Publishing the schedule")
        self.ctx.runner.start(in_thread(publish_keeper.publish_now), label)


def _rerun(why: str) -> None:
    """Re-schedule when someone has scheduled (a block exists); in a worker thread."""
    if keeper.scheduling_on():
        store.run(why=why)


def edit_by_dragging(ctx: WindowContext, layer: PlannedLayer) -> None:
    """A block dragged or resized on the grid becomes an undoable move or resize."""
    layer.on_moved = lambda planned, start: ctx.undo.push(MoveBlock(ctx, planned, start))
    layer.on_resized = lambda planned, end: ctx.undo.push(
        ResizeBlock(ctx, planned, end, planned.estimate))


class MoveBlock(QUndoCommand):
    """Move a block to a new start (it becomes pinned); undo puts it back."""

    def __init__(self, ctx: WindowContext, planned: Planned, start: object) -> None:
        super().__init__(fill(QCoreApplication.translate("Scheduling", "Move “%1”"),
                              planned.title))
        self.ctx, self.planned, self.start = ctx, planned, start

    def redo(self) -> None:
        label = QCoreApplication.translate("Scheduling", "Moving")
        self.ctx.writes.start(lambda: in_thread(store.move, self.planned.id, self.start), label)

    def undo(self) -> None:
        self.ctx.writes.start(lambda: in_thread(store.restore, self.planned.id,
                                                _before(self.planned)),
                              QCoreApplication.translate("Scheduling", "Moving back"))


class ResizeBlock(QUndoCommand):
    """Change a block's end, and with it the step's estimate; undo restores both."""

    def __init__(self, ctx: WindowContext, planned: Planned, end: object,
                 estimate: int | None) -> None:
        super().__init__(fill(QCoreApplication.translate("Scheduling", "Resize “%1”"),
                              planned.title))
        self.ctx, self.planned, self.end, self.estimate = ctx, planned, end, estimate

    def redo(self) -> None:
        label = QCoreApplication.translate("Scheduling", "Resizing")
        self.ctx.writes.start(lambda: in_thread(store.resize, self.planned.id, self.end), label)

    def undo(self) -> None:
        label = QCoreApplication.translate("Scheduling", "Resizing back")
        self.ctx.writes.start(lambda: in_thread(store.restore, self.planned.id,
                                                _before(self.planned), self.estimate), label)


def _before(planned: Planned) -> Block:
    return Block(planned.task_id, planned.step_id, planned.start, planned.end, planned.why,
                 planned.pinned, planned.chunk)
