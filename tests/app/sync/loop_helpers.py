"""Helpers for the sync loop's tests: one sync of the account at a URL (made on first
use, user ann), the step statuses of a task's latest plan, and a running two-step plan."""

from __future__ import annotations

from app.plan import store as plans
from app.sync import accounts, loop
from app.tasks import store as tasks
from models import Task
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


def running_offsite() -> Task:
    """Team offsite, approved and running: Book room, then Send invites."""
    steps = [{"id": "room", "title": "Book room", "target": "user"},
             {"id": "invite", "title": "Send invites", "target": "user",
              "depends_on": ["room"]}]
    task = tasks.add_task(tasks.NewTask(title="Team offsite"))
    plans.save_plan(task.id, {"schema_version": 2, "revision": 1, "origin": "user",
                              "title": "Offsite", "objective": "", "steps": steps})
    plans.approve_all()
    return tasks.get_task(task.id)
