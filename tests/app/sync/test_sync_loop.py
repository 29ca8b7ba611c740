"""The two-way sync loop against real Radicale and Xandikos servers on loopback, with a
phone-style second client (the ``caldav`` library) renaming, completing, creating and
deleting, and conflicting edits on one property."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.events import SYNC, Changes, events
from app.plan import store as plans
from app.sync import loop
from app.tasks import store as tasks
from models import Task, WorkLog
from models.tables import SyncItem, Trash
from tests.app.sync.dav_servers import Phone
from tests.app.sync.loop_helpers import step_statuses, sync_url

Phones = Callable[[str], Phone]

pytestmark = pytest.mark.timeout(120)


def _plan() -> dict[str, object]:
    steps = [{"id": "room", "title": "Book room", "target": "user"},
             {"id": "invite", "title": "Send invites", "target": "user",
              "depends_on": ["room"]}]
    return {"schema_version": 2, "revision": 1, "origin": "user", "title": "Offsite",
            "objective": "", "steps": steps}


def _task_with_plan(title: str = "Team offsite") -> Task:
    task = tasks.add_task(tasks.NewTask(title=title, tags=("work",)))
    plans.save_plan(task.id, _plan())
    plans.approve_all()
    return tasks.get_task(task.id)


def test_a_first_sync_pushes_each_task_and_step_once_and_a_second_does_nothing(
        db: Path, task_list: str, phone: Phones) -> None:
    _task_with_plan()
    first = sync_url(task_list)
    assert (first.pushed, first.pulled) == (3, 0)
    assert sorted(str(o.icalendar_component["summary"]) for o in phone(task_list).todos()
                  .values()) == ["Book room", "Send invites", "Team offsite"]
    again = sync_url(task_list)
    assert again.as_json() == loop.Report().as_json()


def test_what_a_sync_writes_is_initiated_by_it(db: Path, task_list: str,
                                              phone: Phones) -> None:
    _task_with_plan()
    sync_url(task_list)
    phone(task_list).edit("Team offsite", summary="Team offsite 2027")
    heard: list[Changes] = []
    unsubscribe = events.subscribe(heard.append)
    try:
        sync_url(task_list)
    finally:
        unsubscribe()
    assert heard and {c.initiator for c in heard} == {SYNC}
    assert any("task_changed" in c.kinds for c in heard)


def test_a_phone_rename_is_a_task_edit_and_a_step_rename_a_new_user_revision(
        db: Path, task_list: str, phone: Phones) -> None:
    task = _task_with_plan()
    sync_url(task_list)
    phone = phone(task_list)
    phone.edit("Team offsite", summary="Team offsite 2027")
    phone.edit("Send invites", summary="Send the invitations")
    report = sync_url(task_list)
    assert report.conflicts == []
    assert tasks.get_task(task.id).title == "Team offsite 2027"
    plan = plans.latest_plan(task.id)
    assert plan is not None and plan.revision == 2 and plan.origin == "user"
    assert [s.title for s in plans.spec_of(plan).steps] == ["Book room", "Send the invitations"]
    assert WorkLog.select().where(WorkLog.task == task.id, WorkLog.kind == "edit").exists()


def test_a_step_ticked_off_on_the_phone_goes_through_the_state_machine(
        db: Path, task_list: str, phone: Phones) -> None:
    task = _task_with_plan()
    sync_url(task_list)
    phone(task_list).complete("Book room")
    report = sync_url(task_list)
    assert report.conflicts == []
    assert step_statuses(task.id) == {"room": "completed", "invite": "pending"}
    assert WorkLog.select().where(WorkLog.task == task.id, WorkLog.actor == "sync",
                                  WorkLog.kind == "do").exists()


def test_phone_ticks_out_of_order(db: Path, task_list: str, phone: Phones) -> None:
    task = _task_with_plan()
    sync_url(task_list)
    phone(task_list).complete("Send invites")  # before "Book room": the person's word wins
    report = sync_url(task_list)
    assert report.conflicts == []
    assert step_statuses(task.id) == {"room": "pending", "invite": "completed"}
    assert tasks.get_task(task.id).problem is None
    assert WorkLog.select().where(WorkLog.task == task.id, WorkLog.actor == "sync",
                                  WorkLog.message.contains("done before")).exists()


def test_phone_sets_a_time(db: Path, task_list: str, phone: Phones) -> None:
    from datetime import date

    task = tasks.add_task(tasks.NewTask(title="Gym"))
    tasks.add_task(tasks.NewTask(title="Report"))
    sync_url(task_list)
    at_seven = datetime(2026, 12, 3, 7, 0, tzinfo=UTC)  # a time set on the phone
    phone(task_list).edit("Gym", due=at_seven)
    phone(task_list).edit("Report", due=date(2026, 12, 4))  # an all-day date
    assert sync_url(task_list).conflicts == []
    assert (tasks.get_task(task.id).due_at, tasks.get_task(task.id).named) == (
        at_seven, ["due"])  # an appointment: the scheduler keeps it free
    assert Task.get(Task.title == "Report").named == []


def test_phone_ticks_the_task(db: Path, task_list: str, phone: Phones) -> None:
    task = _task_with_plan()
    sync_url(task_list)
    phone(task_list).complete("Team offsite")  # the task itself, with its steps open
    report = sync_url(task_list)
    assert report.conflicts == []
    assert tasks.get_task(task.id).status == "done"
    assert step_statuses(task.id) == {"room": "skipped", "invite": "skipped"}
    assert sync_url(task_list).conflicts == []  # nothing is reverted on the server


def test_a_task_and_a_subtask_made_on_the_phone_become_a_task_and_a_step(
        db: Path, task_list: str, phone: Phones) -> None:
    task = _task_with_plan()
    sync_url(task_list)
    phone = phone(task_list)
    phone.add("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//EN\r\nBEGIN:VTODO\r\n"
              "UID:phone-1\r\nDTSTAMP:20261201T080000Z\r\nSUMMARY:Buy milk\r\n"
              "PRIORITY:1\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    phone.add("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//EN\r\nBEGIN:VTODO\r\n"
              "UID:phone-2\r\nDTSTAMP:20261201T080000Z\r\nSUMMARY:Order snacks\r\n"
              f"RELATED-TO;RELTYPE=PARENT:{task.uid}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    report = sync_url(task_list)
    assert report.created == 2 and report.conflicts == []
    milk = Task.get(Task.uid == "phone-1")
    assert (milk.title, milk.priority) == ("Buy milk", 1)
    plan = plans.latest_plan(task.id)
    assert plan is not None
    assert [s.title for s in plans.spec_of(plan).steps][-1] == "Order snacks"
    assert sync_url(task_list).created == 0  # the next run adds nothing twice
    assert Task.select().count() == 2


def test_a_task_deleted_on_the_phone_goes_to_a_trash_it_can_be_restored_from(
        db: Path, task_list: str, phone: Phones) -> None:
    task = _task_with_plan()
    sync_url(task_list)
    phone(task_list).delete("Team offsite")
    report = sync_url(task_list)
    assert report.trashed == 1
    assert Task.get_or_none(Task.id == task.id) is None
    trash = Trash.get()
    tasks.restore_task(trash.snapshot)
    restored = tasks.get_task(task.id)
    assert restored.title == "Team offsite" and len(step_statuses(task.id)) == 2


def test_conflicting_titles_the_newer_wins_and_the_loser_is_in_the_work_log(
        db: Path, task_list: str, phone: Phones) -> None:
    task = _task_with_plan()
    sync_url(task_list)
    tasks.update_task(task.id, title="Offsite (here)")
    phone(task_list).edit("Team offsite", summary="Offsite (phone)")  # 5 s newer
    report = sync_url(task_list)
    assert len(report.conflicts) == 1
    assert tasks.get_task(task.id).title == "Offsite (phone)"
    lost = WorkLog.get(WorkLog.task == task.id, WorkLog.kind == "conflict")
    assert "Offsite (here)" in lost.message
    assert tasks.get_task(task.id).problem is not None
    phone_title = phone(task_list).todos()[str(task.uid)].icalendar_component["summary"]
    assert str(phone_title) == "Offsite (phone)"


def test_different_properties_changed_on_both_sides_are_both_kept(
        db: Path, task_list: str, phone: Phones) -> None:
    task = _task_with_plan()
    sync_url(task_list)
    due = datetime(2026, 12, 20, 10, 0, tzinfo=UTC)
    tasks.update_task(task.id, due_at=due)
    phone(task_list).edit("Team offsite", summary="Offsite, renamed on the phone")
    report = sync_url(task_list)
    assert report.conflicts == []
    here = tasks.get_task(task.id)
    assert (here.title, here.due_at) == ("Offsite, renamed on the phone", due)
    remote = phone(task_list).todos()[str(task.uid)].icalendar_component
    assert remote.decoded("due") == due


def test_a_step_deleted_here_is_deleted_on_the_server_and_a_local_delete_too(
        db: Path, task_list: str, phone: Phones) -> None:
    task = _task_with_plan()
    other = tasks.add_task(tasks.NewTask(title="Call Bob"))
    sync_url(task_list)
    data = plans.spec_of(plans.latest_plan(task.id)).to_json()  # type: ignore[arg-type]
    data["steps"] = [s for s in data["steps"] if s["id"] == "room"]
    plans.save_plan(task.id, data)
    tasks.delete_task(other.id)
    report = sync_url(task_list)
    assert report.deleted == 2
    titles = {str(o.icalendar_component["summary"]) for o in phone(task_list).todos().values()}
    assert titles == {"Team offsite", "Book room"}
    assert SyncItem.select().count() == 2


def test_a_sync_that_was_told_nothing_changed_needs_no_fetch(db: Path, task_list: str) -> None:
    _task_with_plan()
    sync_url(task_list)
    started = datetime.now(UTC)
    report = sync_url(task_list)
    assert report.pulled == report.pushed == 0
    assert datetime.now(UTC) - started < timedelta(seconds=5)
