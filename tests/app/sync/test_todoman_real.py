"""Sync with the real todoman CLI (4.x), which syncs through the real vdirsyncer CLI
(0.21): a ``[pair]`` of the task list on Radicale or Xandikos (``task_list`` runs each
test on both) and a vdir, the folder of .ics files todoman reads and writes.

What todoman writes (a date or a time as due, PRIORITY, LOCATION, CATEGORIES, CREATED,
done, cancelled, deleted) reaches Stepwise, and what Stepwise writes back reaches
todoman without losing what todoman wrote. Unlike ``test_sync_fidelity``, which writes
items shaped as todoman writes them, nothing here is written by our code but the
configuration: the items are todoman's own, the transport vdirsyncer's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from app.plan import ticks
from app.states import TaskStatus
from app.tasks import store as tasks
from app.tasks import trash
from models import Task
from models.tables import Trash
from tests.app.sync.loop_helpers import sync_url

pytestmark = [pytest.mark.timeout(180), pytest.mark.slow]

BIN = Path(sys.executable).parent
SHANGHAI = ZoneInfo("Asia/Shanghai")  # tests/conftest.py: TZ for us and for todoman
BERLIN = ZoneInfo("Europe/Berlin")


class Todoman:
    """todoman and vdirsyncer, each configured in ``folder`` on the task list ``url``."""

    def __init__(self, folder: Path, url: str) -> None:
        for name in ("todo", "vdirsyncer"):
            if not (BIN / name).exists():
                raise AssertionError(f"{BIN / name} is missing: todoman and vdirsyncer are "
                                     "test dependencies (pyproject.toml); make .venv/.ready")
        self.vdir = folder / "vdir" / "tasks"
        self.vdir.mkdir(parents=True)
        (folder / "vdirsyncer.conf").write_text(_VDIRSYNCER.format(
            status=folder / "status", url=url, vdir=self.vdir), encoding="utf-8")
        (folder / "todoman.py").write_text(_TODOMAN.format(
            vdirs=self.vdir.parent, cache=folder / "cache.sqlite3"), encoding="utf-8")
        self.env = {**os.environ, "VDIRSYNCER_CONFIG": str(folder / "vdirsyncer.conf"),
                    "TODOMAN_CONFIG": str(folder / "todoman.py"),
                    "XDG_CONFIG_HOME": str(folder / "config"),
                    "XDG_CACHE_HOME": str(folder / "cache")}
        self.vdirsyncer("discover")

    def _run(self, program: str, *args: str, stdin: str = "") -> str:
        done = subprocess.run([str(BIN / program), *args], env=self.env, text=True,
                              capture_output=True, input=stdin, timeout=60)
        assert done.returncode == 0, (f"{program} {' '.join(args)} exited with "
                                      f"{done.returncode}:\n{done.stdout}{done.stderr}")
        return done.stdout

    def vdirsyncer(self, *args: str) -> str:
        return self._run("vdirsyncer", *args)

    def todo(self, *args: str, stdin: str = "") -> str:
        return self._run("todo", *args, stdin=stdin)

    def sync(self) -> None:
        self.vdirsyncer("sync")

    def listed(self) -> dict[str, dict[str, Any]]:
        """Every task todoman lists (``todo --porcelain list``, done ones too) by title."""
        found = json.loads(self.todo("--porcelain", "list", "--status", "ANY"))
        return {one["summary"]: one for one in found}

    def id_of(self, title: str) -> str:
        return str(self.listed()[title]["id"])

    def ics(self, title: str) -> str:
        """The .ics file of the task ``title`` in the vdir, as vdirsyncer left it."""
        path = self.todo("path", self.id_of(title)).strip()
        return Path(path).read_text(encoding="utf-8")


_VDIRSYNCER = """\
[general]
status_path = "{status}/"

[pair tasks]
a = "server"
b = "vdir"
collections = null

[storage server]
type = "caldav"
url = "{url}"
item_types = ["VTODO"]

[storage vdir]
type = "filesystem"
path = "{vdir}/"
fileext = ".ics"
"""

_TODOMAN = """\
path = "{vdirs}/*"
date_format = "%Y-%m-%d"
time_format = "%H:%M"
default_list = "tasks"
default_due = 0
cache_path = "{cache}"
"""


@pytest.fixture
def todoman(db: Path, task_list: str, tmp_path: Path) -> Todoman:
    """todoman on the task list, which Stepwise's first sync has made."""
    sync_url(task_list)
    return Todoman(tmp_path / "todoman", task_list)


def _lines(ics: str) -> list[str]:
    return ics.replace("\r\n", "\n").split("\n")


def _task(title: str) -> Task:
    return Task.get(Task.title == title)


def test_todoman_new(todoman: Todoman, task_list: str) -> None:
    """todoman → Stepwise: a date stays a date, a time is that moment, and the rest."""
    todoman.todo("new", "--start", "2027-01-10", "--due", "2027-01-15", "-r", "Pay rent",
                 stdin="flat 4, by transfer\n")
    todoman.todo("new", "--due", "2027-01-16 14:30", "--priority", "high",
                 "--location", "Main St 4", "-c", "health", "-c", "errands", "Dentist")
    todoman.sync()
    report = sync_url(task_list)
    assert (report.created, report.unreadable, report.notes) == (2, [], [])
    rent, dentist = _task("Pay rent"), _task("Dentist")
    assert tasks.when(rent, "due") == date(2027, 1, 15)
    assert sorted(rent.all_day) == ["due", "start"]
    assert tasks.when(rent, "start") == date(2027, 1, 10)
    assert rent.priority == 3  # todoman wrote no PRIORITY: medium
    assert rent.detail.strip() == "flat 4, by transfer"
    assert dentist.all_day == []
    assert dentist.due_at == datetime(2027, 1, 16, 14, 30, tzinfo=SHANGHAI)
    assert dentist.due_at == datetime(2027, 1, 16, 6, 30, tzinfo=UTC)
    assert dentist.priority == 2  # "high" is PRIORITY:4
    assert sorted(dentist.tags) == ["errands", "health"]
    assert sync_url(task_list).pushed == 0  # taking them wrote nothing back


def test_todoman_priority_bands(todoman: Todoman, task_list: str) -> None:
    """RFC 5545 bands: 1–2 → 1, 3–4 → 2, 5 and 0 (none) → 3, 6–9 → 4."""
    bands = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 0: 3, 6: 4, 9: 4}
    for written in bands:
        todoman.todo("--porcelain", "new", "--priority", str(written), f"p{written}")
    todoman.sync()
    sync_url(task_list)
    assert {w: _task(f"p{w}").priority for w in bands} == bands


def test_stepwise_edit(todoman: Todoman, task_list: str) -> None:
    """Stepwise → todoman: a new title and another day, still a date; what todoman wrote
    and Stepwise does not model (LOCATION, CREATED, the categories) stays in the file."""
    todoman.todo("new", "--due", "2027-01-15", "--location", "Main St 4", "-c", "home",
                 "Pay rent")
    todoman.sync()
    sync_url(task_list)
    before = _lines(todoman.ics("Pay rent"))
    created = [line for line in before if line.startswith("CREATED")]
    tasks.update_task(_task("Pay rent").id, title="Pay the rent", due_at=date(2027, 2, 1))
    assert sync_url(task_list).pushed == 1
    todoman.sync()
    shown = todoman.listed()["Pay the rent"]
    assert shown["due"] == int(datetime(2027, 2, 1, tzinfo=SHANGHAI).timestamp())
    assert shown["location"] == "Main St 4" and shown["categories"] == ["home"]
    assert "2027-02-01 Pay the rent" in todoman.todo("list")  # a date: no time shown
    after = _lines(todoman.ics("Pay the rent"))
    assert "DUE;VALUE=DATE:20270201" in after
    assert "LOCATION:Main St 4" in after and created and created[0] in after


def test_stepwise_new(todoman: Todoman, task_list: str) -> None:
    """A task made here, a date and a time: todoman reads each as it was set."""
    tasks.add_task(tasks.NewTask(title="Renew passport", due_at=date(2027, 3, 1),
                                 priority=1))
    tasks.add_task(tasks.NewTask(
        title="Call Bob", due_at=datetime(2027, 3, 2, 9, 15, tzinfo=SHANGHAI)))
    sync_url(task_list)
    todoman.sync()
    shown = todoman.todo("list")
    assert "2027-03-01 Renew passport" in shown and "2027-03-02 09:15 Call Bob" in shown
    assert todoman.listed()["Renew passport"]["priority"] == 1


def test_todoman_edit_after_ours(todoman: Todoman, task_list: str) -> None:
    """The round trip the other way: todoman edits the item Stepwise rewrote."""
    todoman.todo("new", "--due", "2027-01-15", "Pay rent")
    todoman.sync()
    sync_url(task_list)
    tasks.update_task(_task("Pay rent").id, title="Pay the rent")
    sync_url(task_list)
    todoman.sync()
    todoman.todo("edit", todoman.id_of("Pay the rent"), "--due", "2027-01-20 10:00")
    todoman.sync()
    report = sync_url(task_list)
    assert report.unreadable == [] and report.conflicts == []
    task = _task("Pay the rent")
    assert task.all_day == [] and task.due_at == datetime(2027, 1, 20, 10, tzinfo=SHANGHAI)


def test_todoman_done_and_cancel(todoman: Todoman, task_list: str) -> None:
    """``todo done`` and ``todo cancel`` (STATUS:COMPLETED, STATUS:CANCELLED)."""
    todoman.todo("new", "Water the plants")
    todoman.todo("new", "Book the hall")
    todoman.sync()
    sync_url(task_list)
    todoman.todo("done", todoman.id_of("Water the plants"))
    todoman.todo("cancel", todoman.id_of("Book the hall"))
    todoman.sync()
    sync_url(task_list)
    assert _task("Water the plants").status == TaskStatus.DONE
    assert _task("Book the hall").status == TaskStatus.CANCELLED


def test_todoman_delete_trashes(todoman: Todoman, task_list: str) -> None:
    """``todo delete``: the task goes to the trash here (it can come back), and the sync
    that takes the deletion does not bring the item back to todoman."""
    todoman.todo("new", "Water the plants")
    todoman.todo("new", "Book the hall")
    todoman.sync()
    sync_url(task_list)
    todoman.todo("delete", "--yes", todoman.id_of("Water the plants"))
    todoman.sync()
    report = sync_url(task_list)
    assert report.trashed == 1 and Trash.select().count() == 1
    assert [t.title for t in Task.select()] == ["Book the hall"]
    todoman.sync()
    assert list(todoman.listed()) == ["Book the hall"]  # nothing came back


def test_stepwise_done_and_trash(todoman: Todoman, task_list: str) -> None:
    """Done here is done in todoman; a task put in the trash here leaves todoman's list."""
    done = tasks.add_task(tasks.NewTask(title="Water the plants"))
    gone = tasks.add_task(tasks.NewTask(title="Book the hall"))
    sync_url(task_list)
    todoman.sync()
    ticks.finish_task(done.id)
    trash.trash_task(gone.id)
    assert sync_url(task_list).deleted == 1
    todoman.sync()
    shown = todoman.listed()
    assert list(shown) == ["Water the plants"] and shown["Water the plants"]["completed"]


def test_todoman_done_series(todoman: Todoman, task_list: str) -> None:
    """todoman ticks an occurrence off its way: the item COMPLETED without its RRULE, a
    new item (a new UID) for the series from the next occurrence. Stepwise rolls the
    task on once and keeps one task; todoman keeps its two items, no third."""
    task = tasks.add_task(tasks.NewTask(title="Bins out", due_at=date(2027, 1, 4),
                                        recurrence="FREQ=WEEKLY"))
    sync_url(task_list)
    todoman.sync()
    assert todoman.listed()["Bins out"]["recurring"]
    todoman.todo("done", todoman.id_of("Bins out"))
    todoman.sync()
    report = sync_url(task_list)
    assert any("1 occurrence(s) ticked off" in note for note in report.notes), report
    rolled = tasks.get_task(task.id)
    assert (tasks.when(rolled, "due"), rolled.all_day) == (date(2027, 1, 11), ["due"])
    assert rolled.recurrence == "FREQ=WEEKLY" and Task.select().count() == 1
    sync_url(task_list)
    todoman.sync()
    found = json.loads(todoman.todo("--porcelain", "list", "--status", "ANY"))
    assert sorted((t["completed"], t["recurring"]) for t in found) == [(False, True),
                                                                      (True, False)]
    open_one = next(t for t in found if not t["completed"])
    assert open_one["due"] == int(datetime(2027, 1, 11, tzinfo=SHANGHAI).timestamp())


def _standup(day: int, month: int = 3) -> Task:
    """Weekly at 09:30 in Berlin, set in that zone (written as DUE;TZID=Europe/Berlin)."""
    return tasks.add_task(tasks.NewTask(
        title="Standup", due_at=datetime(2027, month, day, 9, 30, tzinfo=BERLIN),
        recurrence="FREQ=WEEKLY", timezone="Europe/Berlin"))


def test_todoman_edit_keeps_our_zone(todoman: Todoman, task_list: str) -> None:
    """todoman rewrites a due with a TZID as UTC when it saves the item: the same moment,
    so the task keeps its moment and its zone, and nothing is written back."""
    task = _standup(4, month=1)
    sync_url(task_list)
    todoman.sync()
    assert "DUE;TZID=Europe/Berlin:20270104T093000" in _lines(todoman.ics("Standup"))
    todoman.todo("edit", todoman.id_of("Standup"), "--location", "Room 2")
    assert "DUE:20270104T083000Z" in _lines(todoman.ics("Standup"))
    todoman.sync()
    report = sync_url(task_list)
    assert (report.pulled, report.pushed, report.conflicts) == (1, 0, [])
    kept = tasks.get_task(task.id)
    assert (kept.due_at, kept.timezone) == (datetime(2027, 1, 4, 9, 30, tzinfo=BERLIN),
                                            "Europe/Berlin")
    assert kept.recurrence == "FREQ=WEEKLY"


def test_todoman_done_across_dst(todoman: Todoman, task_list: str) -> None:
    """todoman in Berlin ticks off the last occurrence before summer time: its new item
    is at 09:30 summer time, and so is the task. (todoman reckons the next occurrence in
    its machine's zone, having dropped the TZID: in another zone it would be an hour off,
    and Stepwise takes the time todoman wrote.)"""
    todoman.env["TZ"] = "Europe/Berlin"
    task = _standup(22)
    sync_url(task_list)
    todoman.sync()
    todoman.todo("done", todoman.id_of("Standup"))
    todoman.sync()
    sync_url(task_list)
    rolled = tasks.get_task(task.id)
    assert rolled.due_at == datetime(2027, 3, 29, 9, 30, tzinfo=BERLIN)  # 07:30 UTC
    assert (rolled.timezone, Task.select().count()) == ("Europe/Berlin", 1)
