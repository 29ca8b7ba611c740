"""Task sync in the background: a sync a few seconds after a local change, and every
``sync.interval_minutes`` (0: only after changes), one at a time.

Each sync runs ``app.sync.loop`` in a worker thread, never on the GUI thread; its
progress and its outcome come back as queued signals. Local changes are heard from
``app.events`` (sent after commit, in any thread); the changes the sync itself makes
(``app.events.SYNC`` their initiator) are not local and start no new sync. A sync that changed tasks
sends ``Kind.TASKS_SYNCED`` so the list and the plan read the store again. ``cancel``
stops a run between items; the staged shutdown cancels the runner's task, which
stops the thread the same way and waits for it.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from app.errors import KnownError
from app.events import SYNC, Change, Changes, Kind, events
from models import StoreError
from ui.shared.context import WindowContext
from ui.shared.gil import handed_often
from ui.shared.runner import in_thread

DEBOUNCE_MS = 5_000  # a sync this long after the last local change
CHECK_MS = 60_000  # how often the interval is checked
STOP_WAIT_S = 30.0  # at shutdown, how long the thread may take to reach the next item
LOCAL = frozenset({Kind.TASK_ADDED, Kind.TASK_CHANGED, Kind.TASK_DELETED, Kind.PLAN_SAVED,
                   Kind.PLAN_APPROVED, Kind.PLAN_PAUSED, Kind.PLAN_RESUMED,
                   Kind.PLAN_ABORTED, Kind.STEP_CHANGED, Kind.REMINDER_CHANGED})


@dataclass(frozen=True)
class Outcome:
    """How a sync ended, as plain data for the GUI thread."""

    state: str  # "ok", "failed", "cancelled", or "none" (no account)
    at: datetime | None = None  # the last good sync (UTC)
    conflicts: int = 0
    changed: bool = False  # tasks here changed (pulled, created, trashed)
    error: str = ""  # the known error's class name (AuthFailed, Unreachable …)
    message: str = ""  # its message (technical, English)
    account: int = 0  # the account that failed (for ListChanged: the one to ask about)
    unreadable: tuple[str, ...] = ()  # other devices' items that could not be taken


class SyncWorker(QObject):
    """Runs the background syncs; inert until ``start``."""

    sync_started = Signal()
    sync_progressed = Signal(str, int, int)  # phase, done, total
    sync_finished = Signal(object)  # Outcome
    _local_changed = Signal()  # from any thread: queued to the GUI thread

    def __init__(self, ctx: WindowContext, parent: QObject | None = None,
                 debounce_ms: int = DEBOUNCE_MS, check_ms: int = CHECK_MS) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.last: Outcome | None = None
        self.runs = 0
        self._stop = threading.Event()
        self._task: asyncio.Task[Outcome] | None = None
        self._again = False
        self._unsubscribe: Callable[[], None] | None = None
        self._debounce = _timer(self, debounce_ms, single=True)
        self._debounce.timeout.connect(self.sync_now)
        self._check = _timer(self, check_ms, single=False)
        self._check.timeout.connect(self._on_check_timeout)
        self._local_changed.connect(self._on_local_changed)

    @property
    def running(self) -> bool:
        return self._task is not None

    def start(self) -> None:
        """Listen to local changes, show the last state, and sync when one is due."""
        if self._unsubscribe is None:
            self._unsubscribe = events.subscribe(self._on_core_change)
        self._check.start()
        self.ctx.runner.start(in_thread(read_state), self.tr("Reading the sync state"),
                              self._on_state_read)

    def close(self) -> None:
        """Stop listening and stop the timers (a running sync stops at its next item)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._debounce.stop()
        self._check.stop()
        self._stop.set()

    @Slot()
    def sync_now(self) -> None:
        """Sync every account now, or right after the sync under way."""
        self._debounce.stop()
        if self._task is not None:
            self._again = True
            return
        self._stop.clear()
        self.runs += 1
        self._task = self.ctx.runner.start(self._run(), self.tr("Syncing tasks"),
                                           self._on_run_done)
        self.sync_started.emit()

    @Slot()
    def sync_soon(self) -> None:
        """Sync once changes pause for the debounce time."""
        if self._task is not None:
            self._again = True
        else:
            self._debounce.start()

    @Slot()
    def cancel(self) -> None:
        """Stop the running sync between two items (what was sent so far stays)."""
        self._again = False
        self._stop.set()

    async def _run(self) -> Outcome:
        job = asyncio.ensure_future(asyncio.to_thread(self._in_thread))
        try:
            return await asyncio.shield(job)
        except asyncio.CancelledError:
            self._stop.set()
            await asyncio.wait([job], timeout=STOP_WAIT_S)
            raise

    def _in_thread(self) -> Outcome:
        with handed_often():  # the GUI thread's share while it merges
            return sync_all(self._stop.is_set, self.sync_progressed.emit)

    def _on_run_done(self, outcome: Outcome) -> None:
        self._task = None
        self._show(outcome)
        if self._again:
            self._again = False
            self._debounce.start()

    def _on_state_read(self, outcome: Outcome) -> None:
        if self._task is None:
            self._show(outcome)
        self._on_due_read(_due(outcome))

    def _show(self, outcome: Outcome) -> None:
        if outcome.state == "cancelled" and self.last is not None:
            outcome = Outcome("cancelled", at=self.last.at)
        self.last = outcome
        self.sync_finished.emit(outcome)

    def _on_core_change(self, changes: Changes) -> None:
        """Any thread: a change made here (not by the sync itself) asks for a sync."""
        if changes.initiator != SYNC and changes.kinds & LOCAL:
            self._local_changed.emit()

    @Slot()
    def _on_local_changed(self) -> None:
        if self._unsubscribe is not None:
            self.sync_soon()

    @Slot()
    def _on_check_timeout(self) -> None:
        self.ctx.runner.start(in_thread(read_state), self.tr("Reading the sync state"),
                              lambda outcome: self._on_due_read(_due(outcome)))

    def _on_due_read(self, due: bool) -> None:
        if due and self._task is None:
            self.sync_now()


def _timer(parent: QObject, ms: int, *, single: bool) -> QTimer:
    timer = QTimer(parent)
    timer.setInterval(ms)
    timer.setSingleShot(single)
    return timer


def _due(state: Outcome) -> bool:
    """Whether the interval asks for a sync now (never when it is 0 or no account)."""
    from app.config import settings

    minutes = int(settings.get("sync.interval_minutes"))
    if state.state == "none" or minutes <= 0:
        return False
    return state.at is None or datetime.now(UTC) - state.at >= timedelta(minutes=minutes)


def read_state() -> Outcome:
    """The accounts' last sync and error as an outcome (worker thread)."""
    from app.sync import accounts, identity
    from models.tables import SyncAccount

    rows = list(SyncAccount.select().order_by(SyncAccount.id))
    if not rows:
        return Outcome("none")
    times = [row.last_sync_at for row in rows if row.last_sync_at is not None]
    at = min(times) if len(times) == len(rows) else None
    failed = next((row for row in rows if row.last_error), None)
    if failed is not None:
        error = "ListChanged" if identity.asks(failed.last_error) else "CalendarError"
        return Outcome("failed", at=at, error=error, message=str(failed.last_error),
                       account=failed.id)
    unreadable = tuple(line for row in rows for line in accounts.refused(row))
    return Outcome("ok" if at is not None else "none", at=at, unreadable=unreadable)


def sync_all(cancelled: Callable[[], bool],
             progress: Callable[[str, int, int], None]) -> Outcome:
    """One sync of every account, in order (blocking: a worker thread's work)."""
    from app.sync import loop
    from models.tables import SyncAccount

    ids = [row.id for row in SyncAccount.select(SyncAccount.id).order_by(SyncAccount.id)]
    if not ids:
        return Outcome("none")
    conflicts, changed = 0, False
    unreadable: list[str] = []
    failed: Outcome | None = None
    for account_id in ids:  # one account's failure never stops the others
        try:
            report = loop.run(account_id, progress=progress, cancelled=cancelled)
        except loop.Cancelled:
            return Outcome("cancelled")
        except (KnownError, StoreError) as exc:
            failed = failed or Outcome("failed", error=type(exc).__name__, message=str(exc),
                                       account=account_id)
            continue
        conflicts += len(report.conflicts)
        unreadable += report.unreadable
        changed = changed or bool(report.pulled or report.created or report.trashed)
    if changed:
        events.emit(Change(Kind.TASKS_SYNCED))
    if failed is not None:
        return failed
    return Outcome("ok", at=datetime.now(UTC), conflicts=conflicts, changed=changed,
                   unreadable=tuple(unreadable))
