"""Task sync with a local Radicale (issue 13): the first sync, a sync with nothing changed,
and one remote change pulled.

1,000 tasks with a 5-step approved plan each (6,000 VTODOs) are made through the use
cases in a fresh database; Radicale runs on loopback without authentication, its
storage in the benchmark's folder. The first sync pushes everything (target < 60 s,
progress counted): into the empty list it is one write of the whole list
(``app.sync.whole``; Radicale's cost per create grows with the list); a sync with
nothing changed then runs (median of 5; target < 500 ms); then another client renames
one task on the server (a PUT with If-Match, as a phone does) and one sync pulls it
(median of 3 renames; target < 1 s).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from bench.measure import median
from bench.report import Findings, Result, duration

TASKS, STEPS = 1_000, 5


def run(work: Path) -> Findings:
    from models import close_database, open_database

    findings = Findings()
    open_database(work / "sync.db")
    server, url = _radicale(work)
    try:
        _fill()
        _measure(url, findings)
    finally:
        server.terminate()
        server.wait(10)
        close_database()
    return findings


def _fill() -> None:
    from app.config import settings

    settings.put("assistant.auto_accept", True)
    fill_plans(TASKS, STEPS)


def fill_plans(count: int, steps_each: int, *, approve: bool = False) -> None:
    """``count`` tasks, each with a chain of ``steps_each`` user steps, in one transaction."""
    from app.plan import store as plans
    from app.tasks import store as tasks
    from models import atomic

    steps = [{"id": f"s{n}", "title": f"Step {n}", "target": "user",
              "depends_on": [f"s{n - 1}"] if n > 1 else []} for n in range(1, steps_each + 1)]
    with atomic():
        for i in range(count):
            task = tasks.add_task(tasks.NewTask(title=f"Task {i}", tags=("bench",)))
            plans.save_plan(task.id, {"schema_version": 2, "revision": 1, "origin": "user",
                                      "title": f"Plan {i}", "objective": "", "steps": steps})
        if approve:  # a checklist runs at once; what waits is approved
            plans.approve_all()


def _measure(url: str, findings: Findings) -> None:
    from app.sync import accounts, loop

    account = accounts.add_account(url, "bench", None)[0]
    seen: list[tuple[float, str, int]] = []
    load = os.getloadavg()[0]
    started = time.perf_counter()
    first = loop.run(account.id, progress=lambda phase, done, total: seen.append(
        (time.perf_counter(), phase, done)))
    ended = time.perf_counter()
    whole = ended - started
    findings.notes.append(f"task sync: load average {load:.1f} before the first sync, "
                          f"{os.getloadavg()[0]:.1f} after it; {_phases(started, ended, seen)}")
    quiet = []
    for _ in range(5):
        started = time.perf_counter()
        loop.run(account.id)
        quiet.append(time.perf_counter() - started)
    pulls = [_one_remote_change(url, account.id, n) for n in range(3)]
    findings.results += [
        Result(f"first sync of {TASKS:,} tasks with {TASKS * STEPS:,} steps to a local "
               f"Radicale ({first.pushed:,} VTODOs pushed, {len(seen):,} progress reports)",
               duration(whole), "< 60 s", whole < 60),
        Result("a sync with nothing changed (median of 5)", duration(median(quiet)),
               "< 500 ms", median(quiet) < 0.5),
        Result("one remote change pulled (median of 3)", duration(median(pulls)), "< 1 s",
               median(pulls) < 1.0),
    ]


def _phases(started: float, ended: float, seen: list[tuple[float, str, int]]) -> str:
    """Where the first sync's time went, read from the times of its progress reports."""
    def first(phase: str, written: bool) -> float:
        return next((at for at, p, done in seen if p == phase and (done > 0) == written), ended)

    prepare = [at for at, phase, _ in seen if phase == "prepare"]
    if not prepare:
        return "no whole-list write"
    put, recorded = first("push", False), first("push", True)
    done = max(at for at, _, _ in seen)
    return (f"listing {prepare[0] - started:.1f} s, reading and writing the VTODOs "
            f"{prepare[-1] - prepare[0]:.1f} s, the whole-list PUT and the listing after it "
            f"{recorded - put:.1f} s, recording {done - recorded:.1f} s, the listing that "
            f"takes a token covering the writes {ended - done:.1f} s")


def _one_remote_change(url: str, account_id: int, n: int) -> float:
    """Rename one task on the server as another client does, then time one sync."""
    from caldav.davclient import DAVClient

    from app.sync import loop
    from app.tasks import store as tasks
    from models import Task

    task = Task.get(Task.title.startswith("Task 7"))
    with DAVClient(url=url, enable_rfc6764=False, timeout=30) as client:
        obj = client.calendar(url=url).todo_by_uid(task.uid)
        obj.icalendar_component["summary"] = f"Renamed elsewhere {n}"
        obj.save()
    started = time.perf_counter()
    report = loop.run(account_id)
    seconds = time.perf_counter() - started
    if report.merged != 1 or not tasks.get_task(task.id).title.startswith("Renamed"):
        raise RuntimeError(f"the remote rename was not pulled: {report.as_json()}")
    return seconds


def _radicale(work: Path) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    log = (work / "radicale.log").open("wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "radicale", "--config", "", "--server-hosts",
         f"127.0.0.1:{port}", "--storage-filesystem-folder", str(work / "collections"),
         "--auth-type", "none", "--logging-level", "warning"],
        stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server, f"http://127.0.0.1:{port}/bench/tasks/"
        except OSError:
            time.sleep(0.05)
    server.terminate()
    raise RuntimeError("Radicale did not start within 30 s")
