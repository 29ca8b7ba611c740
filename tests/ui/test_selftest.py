"""`stepwise --self-test` and the check for Qt's system libraries."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT
from ui import syscheck


def test_self_test_passes_and_leaves_no_data(tmp_path: object) -> None:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "TZ": "UTC"}
    done = subprocess.run([sys.executable, "-m", "app", "--self-test"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    for check in ("database", "prompts", "icons", "translations", "window"):
        assert any(line.startswith(f"ok    {check}:") for line in lines), done.stdout
    assert lines[-1] == "self-test passed"
    assert not (tmp_path / ".local" / "share" / "stepwise").exists()  # type: ignore[operator]


def test_missing_qt_libraries_are_named_with_their_packages(
        monkeypatch: pytest.MonkeyPatch) -> None:
    found = {"xcb-cursor": None, "EGL": None}
    monkeypatch.setattr(syscheck.ctypes.util, "find_library",
                        lambda name: found.get(name, f"lib{name}.so"))
    monkeypatch.setattr(syscheck.sys, "platform", "linux")
    missing = syscheck.missing_libraries()
    assert missing == {"xcb-cursor": "libxcb-cursor0", "EGL": "libegl1"}
    text = syscheck.explain(missing)
    assert "sudo apt-get install libegl1 libxcb-cursor0" in text


def test_this_machine_has_what_qt_needs() -> None:
    assert syscheck.missing_libraries() == {}  # make test installs them (scripts/sysdeps)
