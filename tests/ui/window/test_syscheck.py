"""The check for Qt's system libraries (ui.window.syscheck): each missing one named with its
Debian package."""

from __future__ import annotations

import pytest

from ui.window import syscheck


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
