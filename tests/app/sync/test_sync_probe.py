"""app.sync.probe: testing a sync account before it is saved — one PROPFIND, nothing
written — against a real server: a list that exists, one the first sync will make, a refused
password, a port where nothing answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.calendar.errors import AuthFailed, Unreachable
from app.sync.probe import Found, probe
from tests.app.calendar.radicale_server import Radicale, free_port
from tests.app.sync.loop_helpers import sync_url


def test_a_list_the_first_sync_will_make_and_then_the_list_itself(
        db: Path, task_list: str) -> None:
    assert probe(task_list, "ann", "") is Found.NO_LIST  # nothing written by the test
    assert probe(task_list, "ann", "") is Found.NO_LIST
    sync_url(task_list)  # the first sync makes the list
    assert probe(task_list, "ann", "") is Found.LIST


def test_a_refused_password_is_said_as_such(tmp_path: Path) -> None:
    with Radicale(tmp_path / "auth", users={"ann": "secret"}) as server:
        url = f"{server.url}ann/tasks/"
        assert probe(url, "ann", "secret") is Found.NO_LIST
        with pytest.raises(AuthFailed, match="refused"):
            probe(url, "ann", "wrong")


def test_a_port_where_nothing_answers_is_unreachable() -> None:
    with pytest.raises(Unreachable):
        probe(f"http://127.0.0.1:{free_port()}/ann/tasks/", "ann", "", timeout=2.0)
