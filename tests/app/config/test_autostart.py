"""Start at login: an XDG autostart entry written when on, removed when off."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.config import autostart


def test_the_entry_follows_the_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setattr(autostart.sys, "platform", "linux")
    path = autostart.apply(True)
    assert path == tmp_path / "autostart" / "stepwise.desktop"
    text = path.read_text(encoding="utf-8")
    assert "Exec=" in text and "stepwise" in text.split("Exec=")[1].splitlines()[0]
    assert autostart.apply(False) is None and not path.exists()
    assert autostart.apply(False) is None  # off twice is fine
