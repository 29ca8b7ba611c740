"""Before Qt starts: are the system libraries its Linux platform plugin needs present?

Qt aborts with a terse message when one is missing; this names each missing library and
the Debian package that brings it, so the user knows what to install.
"""

from __future__ import annotations

import ctypes.util
import sys

# library name (as ctypes finds it) → the Debian/Ubuntu package that provides it
LINUX_LIBRARIES = {
    "xcb-cursor": "libxcb-cursor0", "xkbcommon-x11": "libxkbcommon-x11-0",
    "xcb-icccm": "libxcb-icccm4", "xcb-image": "libxcb-image0",
    "xcb-keysyms": "libxcb-keysyms1", "xcb-randr": "libxcb-randr0",
    "xcb-render-util": "libxcb-render-util0", "xcb-shape": "libxcb-shape0",
    "xcb-xinerama": "libxcb-xinerama0", "xcb-xkb": "libxcb-xkb1", "EGL": "libegl1",
    "GL": "libgl1", "fontconfig": "libfontconfig1", "dbus-1": "libdbus-1-3",
    "glib-2.0": "libglib2.0-0", "gssapi_krb5": "libgssapi-krb5-2",
}


def missing_libraries() -> dict[str, str]:
    """The libraries Qt's xcb plugin needs that cannot be found (empty off Linux)."""
    if not sys.platform.startswith("linux"):
        return {}
    return {lib: pkg for lib, pkg in LINUX_LIBRARIES.items()
            if ctypes.util.find_library(lib) is None}


def explain(missing: dict[str, str]) -> str:
    packages = " ".join(sorted(set(missing.values())))
    return ("Stepwise's window needs system libraries that are missing: "
            + ", ".join(sorted(missing)) + f".\nOn Debian or Ubuntu: sudo apt-get install "
            f"{packages}\n(The command line works without them: stepwise --help.)")
