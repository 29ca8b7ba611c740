"""Start Stepwise at login (the ``app.start_at_login`` setting).

On Linux desktops this is an XDG autostart entry, ``$XDG_CONFIG_HOME/autostart/
stepwise.desktop``, that starts the window; it is written when the setting is on and
removed when it is off. Other systems are not handled yet (``supported()`` says so).
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

ENTRY = """[Desktop Entry]
Type=Application
Name=Stepwise
Comment=A planner whose assistant plans
Exec={command}
Icon=stepwise
Terminal=false
X-GNOME-Autostart-enabled=true
"""


def supported() -> bool:
    return sys.platform.startswith("linux")


def entry_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "autostart" / "stepwise.desktop"


def command() -> str:
    """How this installation is started: the bundle's executable or the console script."""
    if getattr(sys, "frozen", False):
        return shlex.quote(sys.executable)
    script = Path(sys.executable).with_name("stepwise")
    return shlex.quote(str(script)) if script.exists() else "stepwise"


def apply(enabled: bool) -> Path | None:
    """Write or remove the autostart entry; returns the entry's path when written."""
    if not supported():
        return None
    path = entry_path()
    if not enabled:
        path.unlink(missing_ok=True)
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(ENTRY.format(command=command()), encoding="utf-8")
    return path
