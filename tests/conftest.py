"""Shared fixtures: a fresh database per test, the CLI in-process and as a real process."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Property-based tests: a quick profile for every `make test`, a long one on demand
# (`HYPOTHESIS_PROFILE=slow make test`). No per-example deadline (a loaded 2-core machine
# makes it flaky); a hang is caught by the test's own timeout instead.
settings.register_profile("default", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("slow", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
ROOT = Path(__file__).resolve().parents[1]
TEST_TZ = "Asia/Shanghai"


@pytest.fixture(autouse=True)
def _fixed_zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test runs in one known time zone, whatever the machine's."""
    monkeypatch.setenv("TZ", TEST_TZ)
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture(autouse=True)
def _publisher_off() -> Iterator[None]:
    """A command-line test leaves the publishing keeper subscribed (as a command does):
    its timer must not write from the next test's store."""
    yield
    keeper = sys.modules.get("app.publish.keeper")
    if keeper is not None:
        keeper.stop()


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("STEPWISE_DATA_DIR", str(folder))
    monkeypatch.delenv("STEPWISE_DB", raising=False)
    from app.config import paths

    paths.configure()
    return folder


@pytest.fixture
def db(data_dir: Path) -> Iterator[Path]:
    """An open, migrated, empty database in the test's own folder."""
    from models import close_database, open_database

    path = data_dir / "stepwise.db"
    open_database(path)
    yield path
    close_database()


@dataclass
class Result:
    code: int
    out: str
    err: str


@pytest.fixture
def cli(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[Callable[..., Result]]:
    """Run ``stepwise ARGS`` in this process; returns exit code, stdout and stderr."""
    from app.cli.start import main
    from models import close_database

    def run(*args: str) -> Result:
        capsys.readouterr()
        try:
            code = main(list(args))
        except SystemExit as exc:  # argparse usage errors
            code = int(exc.code or 0)
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    yield run
    close_database()


def stepwise_env(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {**os.environ, "STEPWISE_DATA_DIR": str(data_dir), "TZ": TEST_TZ, **extra}
    env.pop("STEPWISE_DB", None)
    return env


@pytest.fixture
def run_process(data_dir: Path) -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run ``stepwise ARGS`` as a separate process (``python -m app``)."""

    def run(*args: str, timeout: float = 60, **env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "app", *args], capture_output=True, text=True,
            timeout=timeout, env=stepwise_env(data_dir, **env), cwd=ROOT)

    return run


@pytest.fixture
def no_keyring() -> Iterator[None]:
    """Passwords stay in this session's memory: the test never touches a real keyring."""
    import keyring
    from keyring.backends import fail

    from app.config import secrets

    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    secrets._session.clear()
    yield
    secrets._session.clear()
    keyring.set_keyring(previous)
