"""Stopping a sync between items (``loop.run(cancelled=…)``), against Radicale and
Xandikos: a stopped run raises ``Cancelled`` and keeps what it recorded, and the next
run completes the list without duplicates, whether the first push goes item by item
or as one write of the whole collection (``app.sync.whole``, 20 tasks or more)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from app.sync import accounts, loop
from app.tasks import store as tasks
from models import Task
from models.tables import SyncAccount
from tests.app.sync.dav_servers import Phone

pytestmark = pytest.mark.timeout(120)


def _titles(phone: Phone) -> list[str]:
    return sorted(str(o.icalendar_component["summary"]) for o in phone.todos().values())


@pytest.mark.parametrize("count", [8, 30])
def test_a_cancelled_first_sync_resumes_without_duplicates(
        db: Path, task_list: str, phone: Callable[[str], Phone], count: int) -> None:
    for n in range(count):
        tasks.add_task(tasks.NewTask(title=f"Task {n:02d}"))
    account = accounts.add_account(task_list, "ann", None)[0]
    reports: list[tuple[str, int, int]] = []

    def stop_at_the_second_report() -> bool:
        return len(reports) >= 2

    with pytest.raises(loop.Cancelled):
        loop.run(account.id, timeout=10, progress=lambda *r: reports.append(r),
                 cancelled=stop_at_the_second_report)
    assert len(reports) == 2  # stopped at the report where it said yes, not later
    assert SyncAccount.get_by_id(account.id).last_error is None  # a stop is no failure
    assert len(_titles(phone(task_list))) < count
    loop.run(account.id, timeout=10)
    assert _titles(phone(task_list)) == [f"Task {n:02d}" for n in range(count)]
    assert Task.select().count() == count
    again = loop.run(account.id, timeout=10)
    assert (again.pushed, again.pulled, again.created) == (0, 0, 0)


def test_without_a_cancel_check_progress_is_reported_as_before(
        db: Path, task_list: str) -> None:
    tasks.add_task(tasks.NewTask(title="Only one"))
    account = accounts.add_account(task_list, "ann", None)[0]
    reports: list[tuple[str, int, int]] = []
    loop.run(account.id, timeout=10, progress=lambda *r: reports.append(r))
    assert reports[-1] == ("push", 1, 1)
