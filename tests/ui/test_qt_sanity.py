"""A guard on the Qt binding itself: PySide6 6.12.0 on Python 3.11 drops a reference to
None on every call that returns nothing, and the process aborts after a few thousand
calls (``Fatal Python error: none_dealloc``). pyproject.toml keeps us below 6.12."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import sys
from PySide6.QtCore import QObject
o = QObject()
before = sys.getrefcount(None)
for _ in range(20000):
    o.setObjectName("x")
print(sys.getrefcount(None) - before)
"""


def test_void_calls_keep_none_alive() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert abs(int(done.stdout.strip())) < 100
