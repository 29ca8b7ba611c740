"""kill -9 at random points of pull and push, with a second client writing between
runs: nothing either side wrote is lost, nothing is doubled, a deletion stays deleted.

A real ``stepwise sync now`` process syncs through a loopback proxy in front of a real
Radicale; the test SIGKILLs it right after the proxy has passed the Nth answer back (N
seeded-random), so the kill lands after the server acted and before Stepwise recorded
it, in the pull (listing, multiget) or the push (PUT, DELETE). Between runs a
phone-style client adds, edits and deletes items (a few of which Stepwise cannot take)
and the person adds, edits, ticks and deletes tasks here. After a last clean sync:

- every item the phone wrote and did not delete is on the server, unless the person
  deleted its task here;
- nothing the phone deleted is back on the server;
- every task here is on the server once, and every task on the server that Stepwise can
  take is here once;
- the database passes ``PRAGMA integrity_check``.

``HYPOTHESIS_PROFILE=slow`` runs 50 rounds, the default 12.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from app.sync import accounts
from app.tasks import store as tasks
from app.tasks import trash
from models import Task, close_database, open_database
from tests.app.sync.dav_servers import FaultProxy, Phone
from tests.conftest import ROOT, stepwise_env

ROUNDS = 50 if os.environ.get("HYPOTHESIS_PROFILE") == "slow" else 12
SEED = 20261202
ODD = "DTSTART:20261210T100000Z\r\nDUE:20261201T100000Z\r\n"  # due before start: refused


def _todo(uid: str, title: str, extra: str = "") -> str:
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Phone//EN\r\nBEGIN:VTODO\r\n"
            f"UID:{uid}\r\nDTSTAMP:20261201T090000Z\r\nSUMMARY:{title}\r\n{extra}"
            "END:VTODO\r\nEND:VCALENDAR\r\n")


def _sync(data_dir: Path, proxy: FaultProxy, kill_after: int | None
          ) -> tuple[bool, str]:
    """One ``stepwise sync now``; SIGKILLed once ``kill_after`` more answers passed the
    proxy (None: let it finish). Returns (killed, stderr)."""
    start = len(proxy.seen)
    env = stepwise_env(data_dir, PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring")
    process = subprocess.Popen([sys.executable, "-m", "app", "sync", "now"], cwd=ROOT,
                               env=env, text=True, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while process.poll() is None and time.monotonic() < deadline:
        if kill_after is not None and len(proxy.seen) - start >= kill_after:
            process.send_signal(signal.SIGKILL)
            break
        time.sleep(0.002)
    _, err = process.communicate(timeout=60)
    killed = process.returncode == -signal.SIGKILL
    assert killed or process.returncode in (0, 1), err
    return killed, err


class Ledger:
    """What each side did, to check the server and the store against."""

    def __init__(self) -> None:
        self.phone_alive: set[str] = set()  # the phone wrote these and did not delete them
        self.phone_deleted: set[str] = set()
        self.deleted_here: set[str] = set()  # task UIDs the person deleted here
        # Known gap: an item Stepwise created in a run killed before it recorded the PUT,
        # then deleted on the phone, is created again by the next run (the create cannot
        # be told from one that never reached the server). Counted, not checked.
        self.unheard: set[str] = set()


def _phone_turn(phone: Phone, chance: random.Random, ledger: Ledger, n: int,
                db: Path) -> None:
    todos = phone.todos()
    roll = chance.random()
    if roll < 0.45 or not todos:
        uid = f"phone-{n}"
        phone.add(_todo(uid, f"Phone task {n}", ODD if chance.random() < 0.2 else ""))
        ledger.phone_alive.add(uid)
    elif roll < 0.75:
        uid = chance.choice(sorted(todos))
        todo = todos[uid].icalendar_component
        todo.pop("summary")
        todo.add("summary", f"Edited on the phone {n}")
        todos[uid].save()
    else:
        uid = chance.choice(sorted(todos))
        todos[uid].delete()
        ledger.phone_alive.discard(uid)
        ledger.phone_deleted.add(uid)
        with closing(sqlite3.connect(db)) as con:
            if not con.execute("SELECT 1 FROM sync_item WHERE uid = ?", (uid,)).fetchone():
                ledger.unheard.add(uid)


def _local_turn(db: Path, chance: random.Random, ledger: Ledger, n: int) -> None:
    open_database(db)
    try:
        here = list(Task.select())
        roll = chance.random()
        if roll < 0.5 or not here:
            tasks.add_task(tasks.NewTask(title=f"Here {n}"))
        elif roll < 0.8:
            one = chance.choice(here)
            tasks.update_task(one.id, detail=f"edited here {n}")
        else:
            one = chance.choice(here)
            ledger.deleted_here.add(str(one.uid))
            trash.trash_task(one.id)
    finally:
        close_database()


def _check(db: Path, phone: Phone, ledger: Ledger) -> None:
    with closing(sqlite3.connect(db)) as con:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        here = [row[0] for row in con.execute("SELECT uid FROM task")]
    on_server = phone.todos()
    assert len(here) == len(set(here)), "a task is here twice"
    lost = ledger.phone_alive - set(on_server) - ledger.deleted_here
    assert not lost, f"the phone's items {sorted(lost)} were deleted from the server"
    back = (ledger.phone_deleted - ledger.unheard) & set(on_server)
    assert not back, f"items {sorted(back)} the phone deleted are back on the server"
    missing = set(here) - set(on_server)
    assert not missing, f"tasks {sorted(missing)} are here but not on the server"
    taken = {uid for uid, obj in on_server.items()
             if "DUE:20261201T100000Z" not in obj.data}
    assert taken <= set(here), f"items {sorted(taken - set(here))} never arrived here"


@pytest.mark.timeout(600)
def test_kill9_during_sync_loses_and_doubles_nothing(
        data_dir: Path, proxy: FaultProxy) -> None:
    chance, ledger = random.Random(SEED), Ledger()
    url = f"{proxy.url}/ann/kill9/"
    db = data_dir / "stepwise.db"
    open_database(db)
    accounts.add_account(url, "ann", None)
    for n in range(3):
        tasks.add_task(tasks.NewTask(title=f"Before {n}"))
    close_database()
    assert _sync(data_dir, proxy, None) == (False, "")
    phone = Phone(proxy.target.geturl().rstrip("/") + "/ann/kill9/")
    kills = 0
    try:
        for n in range(ROUNDS):
            _phone_turn(phone, chance, ledger, n, db)
            _local_turn(db, chance, ledger, n)
            killed, _ = _sync(data_dir, proxy, chance.randint(1, 9))
            kills += killed
        for _ in range(2):
            assert not _sync(data_dir, proxy, None)[0]
        _check(db, phone, ledger)
    finally:
        phone.client.close()
    assert kills >= ROUNDS // 2, "too few kills landed mid-sync to test anything"
    print(f"rounds {ROUNDS}, killed mid-sync {kills}, phone items alive "
          f"{len(ledger.phone_alive)}, phone deletions {len(ledger.phone_deleted)}, "
          f"deleted here {len(ledger.deleted_here)}, deleted on the phone before Stepwise "
          f"recorded its create {len(ledger.unheard)}")
