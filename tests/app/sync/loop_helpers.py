"""Helpers for the sync loop's tests: one sync of the account at a URL (made on first
use, user ann), and the step statuses of a task's latest plan."""

from __future__ import annotations

from app.plan import store as plans
from app.sync import accounts, loop
from models.tables import SyncAccount


def sync_url(url: str) -> loop.Report:
    """One sync of the account for ``url``, adding it (user ann, no password) the first time."""
    found = [a for a in SyncAccount.select() if a.url == url]
    account = found[0] if found else accounts.add_account(url, "ann", None)[0]
    return loop.run(account.id, timeout=10)


def step_statuses(task_id: int) -> dict[str, str]:
    """Each step's status in the task's latest plan, by step id."""
    plan = plans.latest_plan(task_id)
    assert plan is not None
    return {s.id: s.status for s in plans.spec_of(plan).steps}
