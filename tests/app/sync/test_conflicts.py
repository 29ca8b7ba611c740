"""Sync conflicts as records and a person's choice between the versions: the use case
in-process against Radicale and Xandikos with a phone-style client, and the CLI with two
databases syncing through one server."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from app.errors import KnownError, NotFound, Refused
from app.sync import conflicts
from app.tasks import store as tasks
from app.tasks.problems import Problem
from models import Task, WorkLog, atomic
from tests.app.sync.dav_servers import Phone, run_cli
from tests.app.sync.loop_helpers import running_offsite, sync_url

Phones = Callable[[str], Phone]

pytestmark = pytest.mark.timeout(180)


def _title_conflict(task_list: str, phone: Phones) -> Task:
    task = running_offsite()
    sync_url(task_list)
    tasks.update_task(task.id, title="Offsite (here)")
    phone(task_list).edit("Team offsite", summary="Offsite (phone)")  # 5 s newer
    assert len(sync_url(task_list).conflicts) == 1
    return task


def test_a_conflict_is_a_record_with_both_versions_and_when_each_changed(
        db: Path, task_list: str, phone: Phones) -> None:
    task = _title_conflict(task_list, phone)
    [one] = conflicts.open_conflicts(task.id)
    c = one.conflict
    assert (c.prop, c.ours, c.theirs, c.kept, c.step) == (
        "title", "Offsite (here)", "Offsite (phone)", "theirs", None)
    assert c.ours_at is not None and c.theirs_at is not None and c.theirs_at > c.ours_at
    assert one.task_title == "Offsite (phone)" and one.step_title is None
    row = WorkLog.get_by_id(one.id)
    assert "Offsite (here)" in row.message and json.loads(str(row.decision))["settled"] is None


def test_keep_mine_applies_this_devices_version_clears_the_problem_and_is_pushed(
        db: Path, task_list: str, phone: Phones) -> None:
    task = _title_conflict(task_list, phone)
    [one] = conflicts.open_conflicts(task.id)
    conflicts.resolve_conflict(task.id, one.id, "mine")
    again = tasks.get_task(task.id)
    assert (again.title, again.problem) == ("Offsite (here)", None)
    assert conflicts.open_conflicts() == []
    assert WorkLog.select().where(WorkLog.task == task.id, WorkLog.kind == "edit",
                                  WorkLog.actor == "user").count() >= 2
    sync_url(task_list)
    assert str(phone(task_list).todos()[str(task.uid)].icalendar_component["summary"]) \
        == "Offsite (here)"
    with pytest.raises(Refused, match="settled already"):
        conflicts.resolve_conflict(task.id, one.id, "theirs")


def test_take_theirs_of_a_refused_completion_goes_through_the_state_machine(
        db: Path, task_list: str, phone: Phones) -> None:
    task = running_offsite()
    sync_url(task_list)
    phone(task_list).complete("Team offsite")
    with atomic():  # cancelled here before the phone's tick came in: done cannot follow
        tasks.set_status(tasks.get_task(task.id), "cancelled", why="test")
    sync_url(task_list)
    [one] = [c for c in conflicts.open_conflicts(task.id) if c.conflict.kept == "mine"]
    assert (one.conflict.prop, one.conflict.theirs) == ("status", "done")
    assert one.step_title is None and one.conflict.reason
    with pytest.raises(KnownError):  # still refused: the conflict stays open
        conflicts.resolve_conflict(task.id, one.id, "theirs")
    assert one.id in [c.id for c in conflicts.open_conflicts(task.id)]
    assert tasks.get_task(task.id).problem is not None
    for left in conflicts.open_conflicts(task.id):
        conflicts.resolve_conflict(task.id, left.id, "mine")
    assert conflicts.open_conflicts(task.id) == []
    assert tasks.get_task(task.id).problem is None


def test_resolving_an_unknown_conflict_or_with_an_unknown_choice_is_a_known_error(
        db: Path) -> None:
    task = running_offsite()
    with pytest.raises(NotFound, match="no sync conflict"):
        conflicts.resolve_conflict(task.id, 999, "mine")
    with pytest.raises(Refused, match="mine or theirs"):
        conflicts.resolve_conflict(task.id, 1, "both")


def test_another_problem_is_not_cleared_by_settling_the_last_conflict(
        db: Path, task_list: str, phone: Phones) -> None:
    task = _title_conflict(task_list, phone)
    with_problem = tasks.get_task(task.id)
    tasks.set_problem(with_problem, Problem.of("budget", limit=40))
    [one] = conflicts.open_conflicts(task.id)
    conflicts.resolve_conflict(task.id, one.id, "theirs")
    assert tasks.get_task(task.id).problem_code == "budget"


def _ok(folder: Path, *args: str) -> str:
    done = run_cli(folder, *args)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout


def _machines(tmp: Path, url: str) -> tuple[Path, Path]:
    one, two = tmp / "one", tmp / "two"
    _ok(one, "add", "Offsite trip")
    for folder in (one, two):
        _ok(folder, "sync", "add", "caldav", url, "--user", "ann")
        run_cli(folder, "sync", "now")
    _ok(one, "edit", "1", "--title", "Trip, as machine one calls it")
    time.sleep(1.1)  # LAST-MODIFIED has whole seconds: machine two's edit is the newer
    _ok(two, "edit", "1", "--title", "Trip, as machine two calls it")
    assert run_cli(one, "sync", "now").returncode == 0
    told = run_cli(two, "sync", "now")
    assert told.returncode == 1 and "stepwise sync resolve ID mine|theirs" in told.stdout
    return one, two


def test_sync_conflicts_and_sync_resolve_theirs_on_two_machines(
        tmp_path: Path, task_list: str) -> None:
    one, two = _machines(tmp_path, task_list)
    listed: list[dict[str, Any]] = json.loads(_ok(two, "sync", "conflicts", "--json"))
    assert [(c["prop"], c["ours"], c["theirs"], c["kept"]) for c in listed] == [
        ("title", "Trip, as machine two calls it", "Trip, as machine one calls it", "mine")]
    assert "machine one" in _ok(two, "sync", "conflicts")
    said = _ok(two, "sync", "resolve", str(listed[0]["id"]), "theirs")
    assert "machine one" in said
    assert json.loads(_ok(two, "sync", "conflicts", "--json")) == []
    _ok(two, "sync", "now"), _ok(one, "sync", "now")
    for folder in (one, two):
        shown = json.loads(_ok(folder, "show", "1", "--json"))["task"]
        assert (shown["title"], shown["problem"]) == ("Trip, as machine one calls it", None)
    again = run_cli(two, "sync", "resolve", str(listed[0]["id"]), "mine")
    assert again.returncode == 1 and "settled already" in again.stderr
    missing = run_cli(two, "sync", "resolve", "999", "mine")
    assert missing.returncode == 1 and "no sync conflict 999" in missing.stderr


def test_when_text_tells_seconds_apart() -> None:
    at = datetime(2026, 12, 1, 9, 0, 5, tzinfo=UTC)
    assert conflicts.when_text(at, UTC) == "2026-12-01 09:00:05 +0000"
    assert conflicts.when_text(None) == "unknown"


def test_a_date_against_a_moment_is_kept_and_settled(
        db: Path, task_list: str, phone: Phones) -> None:
    """A due moved to another day here (all day) and to a time on the phone: the
    conflict keeps both as they were set (a date, a moment), and "mine" puts the date
    back, written to the phone as a date."""
    from datetime import date

    task = tasks.add_task(tasks.NewTask(title="Pay rent", due_at=date(2027, 1, 8)))
    sync_url(task_list)
    tasks.update_task(task.id, due_at=date(2027, 1, 9))
    phone(task_list).edit("Pay rent", due=datetime(2027, 1, 10, 7, 0, tzinfo=UTC))
    assert len(sync_url(task_list).conflicts) == 1
    [one] = conflicts.open_conflicts(task.id)
    assert (one.conflict.prop, one.conflict.ours) == ("due_at", date(2027, 1, 9))
    assert one.conflict.theirs == datetime(2027, 1, 10, 7, 0, tzinfo=UTC)
    assert conflicts.as_json(one)["ours"] == "2027-01-09"
    conflicts.resolve_conflict(task.id, one.id, "mine")
    assert tasks.when(tasks.get_task(task.id), "due") == date(2027, 1, 9)
    sync_url(task_list)
    due = phone(task_list).todos()[str(task.uid)].icalendar_component["due"]
    assert due.to_ical() == b"20270109"
