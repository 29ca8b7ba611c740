"""``app.sync.adopt``: steps on the server that Stepwise wrote but never recorded are
recorded for their local step (on a store built in the test)."""

from __future__ import annotations

from pathlib import Path

from app.plan import store as plans
from app.sync import accounts, records
from app.sync.adopt import own_steps
from app.sync.pull import Fetched, parse
from app.tasks import store as tasks
from models import Task
from models.tables import SyncAccount

URL = "http://127.0.0.1:5232/ann/tasks/"
TODO = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\n"
        "UID:{uid}\r\nSUMMARY:{title}\r\n{related}END:VTODO\r\nEND:VCALENDAR\r\n")


def _task_with_plan() -> Task:
    steps = [{"id": "room", "title": "Book room", "target": "user"},
             {"id": "invite", "title": "Send invites", "target": "user"}]
    task = tasks.add_task(tasks.NewTask(title="Team offsite"))
    plans.save_plan(task.id, {"schema_version": 2, "revision": 1, "origin": "user",
                              "title": "Offsite", "objective": "", "steps": steps})
    plans.approve_all()
    return tasks.get_task(task.id)


def _fetched(uid: str, title: str, parent: str | None) -> Fetched:
    related = f"RELATED-TO;RELTYPE=PARENT:{parent}\r\n" if parent else ""
    text = TODO.format(uid=uid, title=title, related=related)
    return parse({f"/ann/tasks/{uid}.ics": ('"e"', text)})[0]


def _setup() -> tuple[SyncAccount, str, dict[str, str]]:
    item, steps = records.items_of(_task_with_plan())
    return accounts.add_account(URL, "ann", None)[0], item.uid, {s.step.id: s.uid for s in steps}


def test_unrecorded_own_steps_are_recorded_without_etag_or_base(db: Path) -> None:
    account, task_uid, uids = _setup()
    fetched = [_fetched(uids["room"], "Book room", task_uid),
               _fetched(uids["invite"], "Send invites", task_uid)]
    assert own_steps(account, fetched) == 2
    rows = accounts.rows(account)
    assert {uid: (r.task_uid, r.step_id, r.etag, r.synced) for uid, r in rows.items()} == {
        uids["room"]: (task_uid, "room", None, ""),
        uids["invite"]: (task_uid, "invite", None, "")}


def test_items_that_are_no_local_step_are_left_to_the_pull(db: Path) -> None:
    account, task_uid, uids = _setup()
    fetched = [_fetched("phone-made", "Pay", task_uid), _fetched("loose", "Call", None),
               _fetched("orphan", "Call", "no-such-task")]
    assert own_steps(account, fetched) == 0
    assert accounts.rows(account) == {}


def test_an_already_recorded_step_is_not_adopted_again(db: Path) -> None:
    account, task_uid, uids = _setup()
    accounts.record(account, uids["room"], task_uid, "room", "/x.ics", '"e0"', "text")
    assert own_steps(account, [_fetched(uids["room"], "Book room", task_uid)]) == 0
    assert accounts.rows(account)[uids["room"]].etag == '"e0"'
