"""`stepwise --self-test` (ui.window.selftest): every check passes and no data is left behind."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


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
