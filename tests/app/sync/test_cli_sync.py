"""Two Stepwise databases syncing through one server, through the CLI (separate
processes with their own STEPWISE_DATA_DIR), and a phone-style client beside them."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.app.ical.test_vtodo import four_levels
from tests.app.sync.dav_servers import Phone, run_cli

pytestmark = pytest.mark.timeout(300)
ERRANDS = 300


def _ok(folder: Path, *args: str) -> str:
    done = run_cli(folder, *args)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout


def _now(folder: Path) -> tuple[int, dict[str, Any]]:
    done = run_cli(folder, "sync", "now", "--json")
    assert done.returncode in (0, 1), done.stderr
    return done.returncode, json.loads(done.stdout)[0]


def _shape(folder: Path, task_id: int = 1) -> dict[str, tuple[Any, ...]]:
    plan = json.loads(_ok(folder, "plan", "export", str(task_id)))
    return {s["id"]: (s["title"], s.get("parent"), tuple(sorted(s.get("depends_on", []))),
                      s.get("status")) for s in plan["steps"]}


def _machine_with_plan(folder: Path, url: str, tmp: Path) -> None:
    task_id = _ok(folder, "add", "Offsite trip").split()[-1].strip(".")
    spec = tmp / "plan.json"
    spec.write_text(json.dumps(four_levels()), encoding="utf-8")
    _ok(folder, "plan", "import", task_id, str(spec))
    _ok(folder, "plan", "approve", task_id)
    _ok(folder, "sync", "add", "caldav", url, "--user", "ann")


def test_a_four_level_plan_made_on_one_machine_appears_whole_on_the_second(
        tmp_path: Path, task_list: str, phone: Callable[[str], Phone]) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    _machine_with_plan(one, task_list, tmp_path)
    code, first = _now(one)
    assert (code, first["pushed"]) == (0, 8)
    _ok(two, "sync", "add", "caldav", task_list, "--user", "ann")
    code, pulled = _now(two)
    assert (code, pulled["created"]) == (0, 1)
    assert _shape(two) == _shape(one)
    assert len(phone(task_list).todos()) == 8  # the phone sees every step too
    phone(task_list).complete("Compare fares")
    _now(one), _now(two)
    assert _shape(one)["compare"][3] == _shape(two)["compare"][3] == "completed"
    assert _now(one)[1]["pushed"] == _now(two)[1]["pushed"] == 0


def test_conflicting_edits_on_two_machines_lose_nothing_and_exit_1(
        tmp_path: Path, task_list: str) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    _machine_with_plan(one, task_list, tmp_path)
    _now(one)
    _ok(two, "sync", "add", "caldav", task_list, "--user", "ann")
    _now(two)
    _ok(one, "edit", "1", "--title", "Trip, as machine one calls it")
    time.sleep(1.1)  # LAST-MODIFIED has whole seconds: machine two's edit is the newer
    _ok(two, "edit", "1", "--title", "Trip, as machine two calls it")
    assert _now(one)[0] == 0
    code, merged = _now(two)
    assert code == 1 and len(merged["conflicts"]) == 1
    assert "machine one" in merged["conflicts"][0]
    _now(one)
    for folder in (one, two):
        shown = json.loads(_ok(folder, "show", "1", "--json"))
        assert shown["task"]["title"] == "Trip, as machine two calls it"
    log = _ok(two, "agent", "log", "1")
    assert "machine one" in log


def test_sync_add_refuses_a_url_that_is_not_http_and_sync_now_without_accounts(
        tmp_path: Path) -> None:
    bad = run_cli(tmp_path, "sync", "add", "caldav", "ftp://x/tasks", "--user", "ann")
    assert bad.returncode == 1 and "http" in bad.stderr
    none = run_cli(tmp_path, "sync", "now")
    assert none.returncode == 1 and "sync add" in none.stderr
    listed = json.loads(_ok(tmp_path, "sync", "list", "--json"))
    assert listed == []


def _errands(path: Path) -> None:
    """ERRANDS tasks written straight into a machine's database (quicker than the CLI)."""
    from app.tasks import store as tasks
    from models import close_database, open_database

    open_database(path)
    try:
        for n in range(ERRANDS):
            tasks.add_task(tasks.NewTask(title=f"Errand {n}"))
    finally:
        close_database()


def test_a_sync_killed_at_random_points_then_rerun_leaves_no_duplicates(
        tmp_path: Path, task_list: str) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    _ok(one, "sync", "add", "caldav", task_list, "--user", "ann")
    _errands(one / "stepwise.db")
    _ok(two, "sync", "add", "caldav", task_list, "--user", "ann")
    env = {**os.environ, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    pick = random.Random(13)  # kill points spread over start-up, pushes and pulls
    killed, scale = 0, 1.0
    # Six runs at least; a run that finished before its kill point makes the next points
    # earlier (a fast machine), so some syncs are always killed half-way (bounded: 14 runs).
    folders = [one, one, two, two, one, two, *([one, two] * 4)]
    for n, folder in enumerate(folders):
        if n >= 6 and killed >= 2:
            break
        delay = pick.uniform(0.4, 1.5) * scale
        child = subprocess.Popen([sys.executable, "-m", "app", "sync", "now"],
                                 env={**env, "STEPWISE_DATA_DIR": str(folder)},
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            child.wait(timeout=delay)
            scale = max(scale / 2, 0.05)
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=10)
            killed += 1
    assert killed >= 2  # the test killed syncs half-way, not only after they finished
    for folder in (one, two, one, two):
        _now(folder)
    phone = Phone(task_list)
    try:
        titles = [str(t.icalendar_component["summary"]) for t in phone.todos().values()]
    finally:
        phone.client.close()
    assert sorted(titles) == sorted(f"Errand {n}" for n in range(ERRANDS))
    listed = json.loads(_ok(two, "list", "--json"))
    assert sorted(t["title"] for t in listed) == sorted(titles)


def test_sync_list_and_remove_and_a_session_only_password_is_said(
        cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TASKS_PASSWORD", "secret")
    added = cli("sync", "add", "caldav", "http://127.0.0.1:9/ann/tasks", "--user", "ann",
                "--password-env", "TASKS_PASSWORD")
    assert added.code == 0 and "this session only" in added.out
    assert cli("sync", "add", "caldav", "http://127.0.0.1:9/ann/tasks/").code == 1
    listed = json.loads(cli("sync", "list", "--json").out)
    assert [(a["id"], a["url"], a["user"]) for a in listed] == [
        (1, "http://127.0.0.1:9/ann/tasks/", "ann")]
    assert "secret" not in cli("sync", "list").out
    assert cli("sync", "remove", "1").code == 0
    assert json.loads(cli("sync", "list", "--json").out) == []
    assert cli("sync", "remove", "1").code == 1


def test_sync_now_against_a_server_that_is_not_there_is_a_known_error(
        cli: Callable[..., Any]) -> None:
    from tests.app.sync.dav_servers import free_port

    cli("sync", "add", "caldav", f"http://127.0.0.1:{free_port()}/ann/tasks/")
    failed = cli("sync", "now", "--timeout", "2")
    assert failed.code == 1 and "could not connect" in failed.err
    assert "could not connect" in cli("sync", "list").out


def test_a_task_deleted_elsewhere_is_listed_in_the_trash_and_restored_by_the_cli(
        tmp_path: Path, task_list: str, phone: Callable[[str], Phone]) -> None:
    one = tmp_path / "one"
    _machine_with_plan(one, task_list, tmp_path)
    _now(one)
    phone(task_list).delete("Offsite trip")
    assert _now(one)[1]["trashed"] == 1
    assert "Offsite trip" in _ok(one, "sync", "trash")
    _ok(one, "sync", "restore", "1")
    assert len(_shape(one)) == 7
    _now(one)
    assert len(phone(task_list).todos()) == 8  # back on the server too
