"""The tray with a real tray host: Xvfb plus Debian's trayer, started by the test."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT

PROBE = Path(__file__).parents[1] / "scripts" / "tray_probe.py"


@pytest.fixture
def tray_host() -> Iterator[dict[str, str]]:
    """Xvfb on a display it picks itself (it writes the number once it is ready), then trayer."""
    assert shutil.which("Xvfb") and shutil.which("trayer"), "make test installs xvfb, trayer"
    read_end, write_end = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0",
                             "1280x800x24", "-nolisten", "tcp"], pass_fds=(write_end,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    trayer = None
    try:
        with os.fdopen(read_end) as ready:
            display = ready.readline().strip()  # blocks until the server accepts clients
        assert display.isdigit(), "Xvfb did not start"
        env = {**os.environ, "DISPLAY": f":{display}"}
        trayer = subprocess.Popen(["trayer", "--SetDockType", "true"], env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        yield env
    finally:
        for process in (trayer, xvfb):
            if process is not None:
                process.terminate()
                process.wait(10)


def test_the_tray_shows_reminders_once_and_keeps_stepwise_running(
        tray_host: dict[str, str], tmp_path: Path) -> None:
    env = {**tray_host, "QT_QPA_PLATFORM": "xcb", "TZ": "UTC"}
    found: dict[str, object] = {}
    for _attempt in range(20):  # trayer takes a moment to claim the tray selection
        done = subprocess.run([sys.executable, str(PROBE), str(tmp_path / f"d{_attempt}")],
                              env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        found = json.loads(done.stdout.strip().splitlines()[-1])
        if found["tray_available"]:
            break
    assert found["tray_available"] is True and found["messages"] is True
    assert found["tray_shown"] is True
    assert found["fired"] == ["Pay the rent now"]  # once, though it ticked twice
    assert any("Pay the rent now" in text for text in found["menu"])  # type: ignore[union-attr]
    assert {"Quick add…", "Show or hide Stepwise", "Run the assistant", "Quit"} <= set(
        found["menu_items"])  # type: ignore[arg-type]
    assert found["hidden_not_quit"] is True
