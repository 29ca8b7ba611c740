"""Where Stepwise keeps its files (``app.config.paths``): command line, environment, default."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.config import paths


@pytest.fixture(autouse=True)
def _reset() -> Iterator[None]:
    yield
    paths.configure()


def test_the_command_line_wins_over_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    monkeypatch.setenv("STEPWISE_DATA_DIR", str(tmp_path / "env"))
    monkeypatch.setenv("STEPWISE_DB", str(tmp_path / "env.db"))
    paths.configure(str(tmp_path / "cli"), str(tmp_path / "cli.db"))
    assert (paths.data_dir(), paths.db_path()) == (tmp_path / "cli", tmp_path / "cli.db")
    paths.configure()
    assert (paths.data_dir(), paths.db_path()) == (tmp_path / "env", tmp_path / "env.db")


def test_the_database_defaults_to_the_data_dir(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    monkeypatch.setenv("STEPWISE_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("STEPWISE_DB", raising=False)
    paths.configure()
    assert paths.db_path() == tmp_path / "stepwise.db"
    paths.configure(data_dir=str(tmp_path / "other"))
    assert paths.db_path() == tmp_path / "other" / "stepwise.db"


def test_a_home_relative_path_is_expanded(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    paths.configure("~/data", "~/s.db")
    assert (paths.data_dir(), paths.db_path()) == (tmp_path / "data", tmp_path / "s.db")


def test_without_a_choice_the_users_data_folder_is_used(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    monkeypatch.delenv("STEPWISE_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    paths.configure()
    assert paths.data_dir() == tmp_path / "xdg" / "stepwise"


@pytest.mark.parametrize("xdg", [None, "", "  ", "/srv/data"])
def test_data_dir_as_platformdirs(xdg: str | None, monkeypatch: pytest.MonkeyPatch,
                                  tmp_path: Path) -> None:
    from platformdirs import user_data_dir

    monkeypatch.delenv("STEPWISE_DATA_DIR", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    if xdg is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", xdg)
    paths.configure()
    assert paths.data_dir() == Path(user_data_dir("stepwise", appauthor=False))
