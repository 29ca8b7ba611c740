"""Sync never deletes another device's data (real Radicale and Xandikos, a phone-style
second client): what Stepwise cannot take stays on the server and is listed; a deleted
task's steps go with it; a task deleted here but edited elsewhere comes back; a task
that is simply missing here is never deleted there; a second device's first sync
writes nothing back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from app.sync import accounts, loop
from app.tasks import store as tasks
from app.tasks import trash
from models import Task
from models.tables import SyncAccount, SyncItem, Trash
from tests.app.sync.dav_servers import Phone
from tests.app.sync.loop_helpers import running_offsite, sync_url

Phones = Callable[[str], Phone]

pytestmark = pytest.mark.timeout(180)


def _vtodo(uid: str, *lines: str, summary: str | None = None) -> str:
    body = "\r\n".join([f"UID:{uid}", "DTSTAMP:20261201T090000Z",
                        *([f"SUMMARY:{summary or uid}"] if summary is not False else []),
                        *lines])
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Phone//EN\r\nBEGIN:VTODO\r\n"
            f"{body}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")


# Items real phones and odd clients write that Stepwise refuses to take as tasks.
REFUSED = {
    "due-before-start": ["DTSTART:20261210T100000Z", "DUE:20261201T100000Z"],
    "long-title": [],  # a SUMMARY over 500 characters (set below)
    "year-9999": ["DUE:99991231T100000Z"],
    "year-1": ["DUE:00010101T100000Z"],
    "minutely": ["DTSTART:20261210T100000Z", "RRULE:FREQ=MINUTELY"],
    "never": ["DTSTART:20261210T100000Z", "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"],
}


def _uids_on(phone: Phone) -> set[str]:
    return set(phone.todos())


def _put_raw(phone: Phone, name: str, text: str) -> int:
    """Write an item as it is (the caldav library would parse it first); the status."""
    url = str(phone.calendar.url.join(phone.calendar.url.path.rstrip("/") + f"/{name}.ics"))
    answer = phone.client.put(url, text, {"Content-Type": "text/calendar; charset=utf-8"})
    return int(answer.status)


@pytest.mark.parametrize("kind", sorted(REFUSED))
def test_an_item_stepwise_refuses_stays_on_the_server_and_is_listed(
        db: Path, task_list: str, phone: Phones, kind: str) -> None:
    sync_url(task_list)
    other = phone(task_list)
    summary = "x" * 600 if kind == "long-title" else f"Phone {kind}"
    other.add(_vtodo(f"phone-{kind}", *REFUSED[kind], summary=summary))
    first = sync_url(task_list)
    second = sync_url(task_list)
    assert f"phone-{kind}" in _uids_on(other)  # still there after two syncs
    assert second.deleted == 0 and first.deleted == 0
    assert not Task.select().where(Task.uid == f"phone-{kind}").exists()
    assert len(second.unreadable) == 1
    line = second.unreadable_line()
    assert line is not None and "stay on the server" in line.replace("stays", "stay")


def test_a_hierarchy_deeper_than_four_keeps_every_item_on_the_server(
        db: Path, task_list: str, phone: Phones) -> None:
    sync_url(task_list)
    other = phone(task_list)
    chain = [f"deep-{n}" for n in range(7)]
    for n, uid in enumerate(chain):
        parent = [f"RELATED-TO;RELTYPE=PARENT:{chain[n - 1]}"] if n else []
        other.add(_vtodo(uid, *parent, summary=f"Level {n}"))
    sync_url(task_list)
    report = sync_url(task_list)
    assert set(chain) <= _uids_on(other)
    assert report.deleted == 0


def test_an_item_without_a_uid_is_listed_not_skipped_in_silence(
        db: Path, task_list: str, phone: Phones) -> None:
    sync_url(task_list)
    other = phone(task_list)
    if _put_raw(other, "no-uid", _vtodo("x").replace("UID:x\r\n", "")) >= 400:
        pytest.skip("this server refuses a VTODO without a UID itself")
    report = sync_url(task_list)
    assert any("no UID" in line for line in report.unreadable)
    assert sync_url(task_list).deleted == 0
    assert any("no-uid" in h for h in _hrefs(other))


def _hrefs(phone: Phone) -> list[str]:
    """The list's hrefs as the server names them (a raw PROPFIND, no parsing)."""
    raw = phone.client.propfind(str(phone.calendar.url), depth=1).raw
    text = raw.decode() if isinstance(raw, bytes) else str(raw)
    return [part.split("</", 1)[0] for part in text.split("href>")[1::2]]


def test_a_priority_a_phone_wrote_as_a_word_is_taken_with_a_note(
        db: Path, task_list: str, phone: Phones) -> None:
    sync_url(task_list)
    other = phone(task_list)
    if _put_raw(other, "phone-high", _vtodo("phone-high", "PRIORITY:high",
                                            summary="Call the bank")) >= 400:
        pytest.skip("this server refuses PRIORITY:high itself")
    report = sync_url(task_list)
    task = Task.get(Task.uid == "phone-high")
    assert task.title == "Call the bank"
    assert any("PRIORITY:high" in note for note in report.notes)


def test_a_refused_item_fixed_on_the_phone_is_taken_then(
        db: Path, task_list: str, phone: Phones) -> None:
    sync_url(task_list)
    other = phone(task_list)
    other.add(_vtodo("phone-fix", *REFUSED["due-before-start"], summary="Dentist"))
    assert len(sync_url(task_list).unreadable) == 1
    other.edit("Dentist", due=__import__("datetime").datetime(2026, 12, 20, 10))
    report = sync_url(task_list)
    assert report.unreadable == []
    assert Task.get(Task.uid == "phone-fix").title == "Dentist"


def test_a_task_deleted_on_the_phone_takes_its_steps_off_the_server(
        db: Path, task_list: str, phone: Phones) -> None:
    task = running_offsite()
    sync_url(task_list)
    other = phone(task_list)
    assert len(_uids_on(other)) == 3
    other.delete("Team offsite")
    report = sync_url(task_list)
    assert report.trashed == 1 and Trash.select().count() == 1
    assert _uids_on(other) == set()  # no step left behind as a task of its own
    assert not Task.select().where(Task.id == task.id).exists()


def test_a_task_deleted_here_and_edited_on_the_phone_comes_back(
        db: Path, task_list: str, phone: Phones) -> None:
    task = tasks.add_task(tasks.NewTask(title="Pay rent"))
    sync_url(task_list)
    trash.trash_task(task.id)
    phone(task_list).edit("Pay rent", summary="Pay rent (and the garage)")
    report = sync_url(task_list)
    assert any("back" in note for note in report.notes)
    assert Task.get(Task.uid == task.uid).title == "Pay rent (and the garage)"
    assert "Pay rent (and the garage)" in [
        str(o.icalendar_component["summary"]) for o in phone(task_list).todos().values()]


def test_a_task_missing_here_but_never_deleted_is_not_deleted_there(
        db: Path, task_list: str, phone: Phones) -> None:
    task = tasks.add_task(tasks.NewTask(title="Renew passport"))
    sync_url(task_list)
    Task.delete().where(Task.id == task.id).execute()  # as an import --replace does
    report = sync_url(task_list)
    assert report.deleted == 0
    assert "Renew passport" in [str(o.icalendar_component["summary"])
                                for o in phone(task_list).todos().values()]
    sync_url(task_list)
    assert Task.select().where(Task.title == "Renew passport").count() == 1


def test_a_second_device_first_sync_writes_nothing_back(
        db: Path, tmp_path: Path, task_list: str, phone: Phones) -> None:
    from models import close_database, open_database

    running_offsite()
    done = tasks.add_task(tasks.NewTask(title="Paid the rent"))
    from app.plan import ticks
    ticks.finish_task(done.id)
    sync_url(task_list)
    before = {uid: (o.icalendar_component.get("sequence"),
                    o.icalendar_component.get("completed"))
              for uid, o in phone(task_list).todos().items()}
    close_database()
    open_database(str(tmp_path / "second.db"))
    report = sync_url(task_list)
    assert report.created == 2 and report.pushed == 0
    again = sync_url(task_list)
    assert again.pushed == 0
    after = {uid: (o.icalendar_component.get("sequence"),
                   o.icalendar_component.get("completed"))
             for uid, o in phone(task_list).todos().items()}
    assert after == before


def test_an_edit_on_a_second_device_never_lowers_the_sequence(
        db: Path, tmp_path: Path, task_list: str, phone: Phones) -> None:
    from models import close_database, open_database

    task = tasks.add_task(tasks.NewTask(title="Water plants"))
    for n in range(4):
        tasks.update_task(task.id, detail=f"edit {n}")
    sync_url(task_list)
    seq = int(phone(task_list).by_title("Water plants").icalendar_component["sequence"])
    close_database()
    open_database(str(tmp_path / "second.db"))
    sync_url(task_list)
    second = Task.get(Task.title == "Water plants")
    tasks.update_task(second.id, title="Water the plants")
    assert sync_url(task_list).pushed == 1
    now = int(phone(task_list).by_title("Water the plants").icalendar_component["sequence"])
    assert now > seq


def test_refused_items_are_never_counted_as_this_devices(db: Path, task_list: str,
                                                         phone: Phones) -> None:
    sync_url(task_list)
    phone(task_list).add(_vtodo("phone-odd", *REFUSED["minutely"], summary="Blink"))
    sync_url(task_list)
    account = SyncAccount.get()
    row = SyncItem.get(SyncItem.uid == "phone-odd")
    assert row.state == "refused" and row.reason
    assert "phone-odd" not in accounts.pushed_marks(account)
    assert loop.run(account.id, timeout=10).deleted == 0


def test_one_bad_tree_never_stops_the_rest_of_the_pull(
        db: Path, task_list: str, phone: Phones) -> None:
    sync_url(task_list)
    other = phone(task_list)
    other.add(_vtodo("tree-root", summary="Move house"))
    other.add(_vtodo("tree-leaf", "RELATED-TO;RELTYPE=PARENT:tree-root",
                     "DUE:99991231T100000Z", summary="Hand over the keys"))
    other.add(_vtodo("plain", summary="Buy stamps"))
    report = sync_url(task_list)
    assert Task.get(Task.uid == "plain").title == "Buy stamps"
    assert {"tree-root", "tree-leaf", "plain"} <= _uids_on(other)
    assert sync_url(task_list).deleted == 0
    assert {"tree-root", "tree-leaf"} <= _uids_on(other)
    assert report.unreadable or Task.select().where(Task.uid == "tree-root").exists()


def test_one_task_that_cannot_be_written_never_stops_the_push(
        db: Path, task_list: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.sync import records

    bad = tasks.add_task(tasks.NewTask(title="Broken"))
    tasks.add_task(tasks.NewTask(title="Fine"))
    real = records.items_of

    def items_of(task: Task) -> object:
        if task.id == bad.id:
            raise ValueError("a value the VTODO cannot hold")
        return real(task)

    monkeypatch.setattr(records, "items_of", items_of)
    report = sync_url(task_list)
    assert report.pushed == 1
    assert any("'Broken' was not sent" in line for line in report.skipped)


def test_a_child_added_later_under_a_refused_item_is_no_task_of_its_own(
        db: Path, task_list: str, phone: Phones) -> None:
    sync_url(task_list)
    other = phone(task_list)
    other.add(_vtodo("odd-parent", *REFUSED["minutely"], summary="Blink"))
    sync_url(task_list)
    other.add(_vtodo("late-child", "RELATED-TO;RELTYPE=PARENT:odd-parent", summary="Blink twice"))
    report = sync_url(task_list)
    assert not Task.select().where(Task.title == "Blink twice").exists()
    assert any(line.startswith("'Blink twice': its task ") for line in report.unreadable)
    assert {"odd-parent", "late-child"} <= _uids_on(other)


def test_our_own_write_seen_again_does_not_bring_a_deleted_task_back(
        db: Path, task_list: str, phone: Phones) -> None:
    task = tasks.add_task(tasks.NewTask(title="Recycle bottles"))
    sync_url(task_list)
    SyncItem.update(etag=None).execute()  # a server that gave no ETag for the PUT
    trash.trash_task(task.id)
    report = sync_url(task_list)
    assert report.deleted == 1 and report.notes == []
    assert "Recycle bottles" not in [str(o.icalendar_component["summary"])
                                     for o in phone(task_list).todos().values()]


def test_a_refused_step_edited_on_the_phone_is_tried_again_as_a_step(
        db: Path, task_list: str, phone: Phones) -> None:
    ours = tasks.add_task(tasks.NewTask(title="Ours", detail="mine"))
    sync_url(task_list)
    other = phone(task_list)
    other.add(_vtodo("far-step", f"RELATED-TO;RELTYPE=PARENT:{ours.uid}",
                     "DUE:99991231T100000Z", summary="Far off"))
    assert len(sync_url(task_list).unreadable) == 1
    other.edit("Far off", description="phone edit")
    report = sync_url(task_list)
    assert report.conflicts == [] and tasks.get_task(ours.id).detail == "mine"
    assert len(report.unreadable) == 1 and sync_url(task_list).deleted == 0
    assert "far-step" in _uids_on(other)


def test_a_task_from_the_trash_comes_back_with_its_plan_and_the_edit(
        db: Path, task_list: str, phone: Phones) -> None:
    task = running_offsite()
    sync_url(task_list)
    trash.trash_task(task.id)
    phone(task_list).edit("Book room", summary="Book the big room")
    report = sync_url(task_list)
    assert any("back from the trash" in note for note in report.notes)
    back = Task.get(Task.uid == task.uid)
    assert Trash.select().count() == 0
    from app.plan import store as plans

    plan = plans.latest_plan(back.id)
    assert plan is not None
    assert [s.title for s in plans.spec_of(plan).steps] == ["Book the big room", "Send invites"]
    assert len(_uids_on(phone(task_list))) == 3 and sync_url(task_list).deleted == 0


def test_a_step_with_a_capability_stepwise_does_not_have_stays_on_the_server(
        db: Path, task_list: str, phone: Phones) -> None:
    ours = tasks.add_task(tasks.NewTask(title="Ours"))
    sync_url(task_list)
    other = phone(task_list)
    other.add(_vtodo("odd-target", f"RELATED-TO;RELTYPE=PARENT:{ours.uid}",
                     "X-STEPWISE-TARGET;VALUE=TEXT:launch.rockets", summary="Launch"))
    sync_url(task_list)
    report = sync_url(task_list)
    assert "odd-target" in _uids_on(other) and report.deleted == 0
    assert report.unreadable or report.conflicts
