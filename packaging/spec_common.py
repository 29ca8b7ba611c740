"""What every Stepwise bundle shares, for the PyInstaller specs in this folder.

The specs (``stepwise-linux.spec``, ``stepwise-windows.spec``, ``stepwise-macos.spec``)
import this module and call :func:`analysis_options`, then :func:`slim` on the
finished ``Analysis``. Kept here:

* the entry script, the project's own modules (all of ``app``, ``ui`` and ``models``:
  some are imported by name, e.g. ``app.llm.offline.provider``) and its resources (prompts, the
  icon, the compiled translations);
* the data files of the dependencies that read them at run time: dateparser's language
  modules, tzdata's zoneinfo files, jsonschema's meta-schemas, certifi's CA bundle …
  (most come from PyInstaller's own hooks; the rest are named here);
* what is left out: unused Python packages (test and lint tools that live in the
  development venv, other Qt bindings, tkinter …), every Qt module but QtCore, QtGui,
  QtWidgets, QtNetwork and QtSvg, the Qt plugins the app does not load, Qt's
  translations but ``qtbase_zh_CN``, and on Linux the system libraries ``ui.window.syscheck``
  expects the system to provide (so the bundle's start-up check and its contents agree).

This file runs inside PyInstaller; it imports nothing from the project at module level.
"""

from __future__ import annotations

import fnmatch
import os
import sys
from pathlib import Path, PurePath

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
ENTRY = HERE / "stepwise_entry.py"
NAME = "stepwise"

# --- Python modules -------------------------------------------------------------------------

# Imported by name at run time, so PyInstaller's import scan does not see them.
DYNAMIC_PACKAGES = (
    "app", "ui", "models",        # e.g. app.llm.offline.provider via importlib.import_module
    "dateparser",                 # dateparser.data.date_translation_data.<lang>
    "tzdata",                     # zoneinfo reads tzdata.zoneinfo.<Area> packages
    "keyring.backends",           # found through entry points
)
HIDDEN_IMPORTS = (
    "resources",                  # read with importlib.resources.files("resources") only: a
                                  # regular package, not a namespace over the data folder
    "PySide6.QtSvg",              # the svg image format and icon engine plugins need it
)
# Packages whose data files are read at run time (PyInstaller's hooks collect most of
# these already; naming them again is harmless and keeps the list in one place).
DATA_PACKAGES = (
    "dateparser",                 # (only modules today; the hook collects any data files)
    "tzdata",                     # zoneinfo's fallback when the system has no zone files
    "jsonschema_specifications",  # the JSON Schema meta-schemas jsonschema resolves
    "certifi",                    # the CA bundle
)
# Packages whose installed metadata (version, entry points) is read at run time.
METADATA_PACKAGES = (
    "keyring", "caldav", "icalendar", "niquests", "urllib3_future", "jsonschema",
    "recurring_ical_events", "dateparser", "httpx2", "pydantic", "qasync",
)

_QT_MODULES_KEPT = {"QtCore", "QtGui", "QtWidgets", "QtNetwork", "QtSvg"}
_QT_MODULES_ALL = (
    "Qt3DAnimation Qt3DCore Qt3DExtras Qt3DInput Qt3DLogic Qt3DRender QtAxContainer "
    "QtBluetooth QtCanvasPainter QtCharts QtConcurrent QtDBus QtDataVisualization QtDesigner "
    "QtGraphs QtGraphsWidgets QtHelp QtHttpServer QtLocation QtMultimedia "
    "QtMultimediaWidgets QtNetworkAuth QtNfc QtOpenGL QtOpenGLWidgets QtPdf QtPdfWidgets "
    "QtPositioning QtPrintSupport QtQml QtQuick QtQuick3D QtQuickControls2 QtQuickTest "
    "QtQuickWidgets QtRemoteObjects QtScxml QtSensors QtSerialBus QtSerialPort "
    "QtSpatialAudio QtSql QtStateMachine QtSvgWidgets QtTest QtTextToSpeech QtUiTools "
    "QtWebChannel QtWebEngineCore QtWebEngineQuick QtWebEngineWidgets QtWebSockets QtWebView "
    "QtXml"
).split()

EXCLUDES = (
    # other Qt bindings (qasync can use any of them) and the unused PySide6 modules
    "PyQt5", "PyQt6", "PySide2", "shiboken2",
    *(f"PySide6.{m}" for m in _QT_MODULES_ALL if m not in _QT_MODULES_KEPT),
    # development and test tools that live in the same venv
    "pytest", "_pytest", "pytestqt", "pluggy", "iniconfig", "mypy", "mypyc", "mypy_extensions",
    "ast_serialize", "librt", "ruff", "pydantic.mypy", "radicale", "xandikos",
    "caldav.testing", "setuptools", "pkg_resources", "pip", "wheel", "PyInstaller",
    # heavy or GUI packages nothing here uses
    "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib", "lib2to3", "pydoc_data",
    "numpy", "pandas", "matplotlib", "PIL", "IPython", "jedi", "test", "unittest.test",
    "readline",                   # only for interactive consoles (pdb, code)
    # optional parts of dependencies that Stepwise does not use
    "qh3",                        # HTTP/3 and QUIC for niquests: CalDAV works over HTTP/1.1 and 2
    "lxml.objectify", "lxml.html", "lxml.isoschematron", "lxml.cssselect", "lxml.sax",
    "lxml.doctestcompare", "lxml.usedoctest", "lxml.html5parser",  # caldav uses lxml.etree
    "httpx2._main", "pygments", "rich",  # httpx2's own command line
    "requests", "urllib3",        # caldav and niquests use niquests + urllib3_future
)

# --- Qt plugins, translations and libraries -------------------------------------------------

# Plugins kept, per type (file name patterns without the lib prefix and suffix); the
# types not listed are left out entirely (eglfs, generic input, network information,
# TLS backends, Wayland, print support, SQL drivers, QML tooling, designer …).
PLUGINS_KEPT = {
    "linux": {
        "platforms": ["qxcb", "qoffscreen"],
        "platformthemes": ["qxdgdesktopportal"],           # not gtk3: it pulls in GTK
        "platforminputcontexts": ["composeplatforminputcontextplugin",
                                  "ibusplatforminputcontextplugin"],  # CJK input (ibus)
        "imageformats": ["qsvg"],                          # the icons; PNG is built in
        "iconengines": ["qsvgicon"],
        "xcbglintegrations": ["qxcb-glx-integration", "qxcb-egl-integration"],
    },
    "win32": {
        "platforms": ["qwindows", "qoffscreen"],
        "styles": ["qmodernwindowsstyle"],
        "imageformats": ["qsvg", "qico", "qgif", "qjpeg"],
        "iconengines": ["qsvgicon"],
    },
    "darwin": {
        "platforms": ["qcocoa", "qoffscreen"],
        "styles": ["qmacstyle"],
        "imageformats": ["qsvg", "qico", "qicns", "qgif", "qjpeg"],
        "iconengines": ["qsvgicon"],
        "permissions": ["*"],          # notification/location permission plugins, if any
    },
}
QT_TRANSLATIONS_KEPT = ("qtbase_zh_CN.qm",)
# Data files the dependencies' hooks collect that nothing reads at run time.
DATA_EXCLUDED = ("jsonschema/benchmarks/*", "*/py.typed")

# Besides the libraries ui.window.syscheck checks for, these come from the system too. The C/C++
# runtimes (libstdc++, libgcc_s) are on every Linux system (glibc and apt need them), and
# the wheels are built for older ones; a bundled, older libstdc++ breaks the system's GL
# drivers when Qt loads them. The rest only Qt's window side uses (the command line runs
# without them), and on Debian and Ubuntu the packages syscheck names depend on them
# (apt-cache depends --recurse), so a system that passes the check has them; freetype in
# particular must match the system's fontconfig.
LINUX_SYSTEM_LIBRARIES = (
    "libstdc++", "libgcc_s", "libX11", "libX11-xcb", "libXau", "libXdmcp", "libXext",
    "libxcb", "libxcb-*", "libxkbcommon", "libfreetype", "libpng16", "libbrotli*",
    "libpcre2-8", "libzstd",      # (only Qt and GLib use these two)
)


def platform_key() -> str:
    if sys.platform.startswith("linux"):
        return "linux"
    if sys.platform == "win32":
        return "win32"
    if sys.platform == "darwin":
        return "darwin"
    raise SystemExit(f"no bundle recipe for {sys.platform}")


def _stem(filename: str) -> str:
    """``libqxcb.so`` / ``qxcb.dll`` / ``libqcocoa.dylib`` → ``qxcb`` / ``qcocoa``."""
    name = filename.split(".")[0]
    if name.startswith("lib") and not sys.platform == "win32":
        name = name[3:]
    return name


def _qt_part(dest: str) -> tuple[str, ...] | None:
    """The path below the PySide6 Qt folder (``('plugins', 'platforms', 'libqxcb.so')``)."""
    parts = PurePath(dest).parts
    if not parts or parts[0] != "PySide6":
        return None
    rest = parts[1:]
    if rest and rest[0] == "Qt":  # Linux and macOS: PySide6/Qt/plugins; Windows: PySide6/plugins
        rest = rest[1:]
    return tuple(rest)


def keep_qt_file(dest: str, kept: dict[str, list[str]]) -> bool:
    part = _qt_part(dest)
    if part is None or len(part) < 2:
        return True
    if part[0] == "plugins":
        if len(part) < 3:
            return True
        patterns = kept.get(part[1])
        return patterns is not None and any(fnmatch.fnmatch(_stem(part[-1]), p) for p in patterns)
    if part[0] == "translations":
        return part[-1] in QT_TRANSLATIONS_KEPT
    if part[0] in ("qml", "metatypes", "libexec", "resources"):
        return False  # QML, QtWebEngine's helper and data: nothing here uses them
    return True


def version() -> str:
    """``app.__version__``, read without importing the app."""
    import re

    text = (ROOT / "app" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    if found is None:
        raise SystemExit("spec_common: no __version__ in app/__init__.py")
    return found.group(1)


def render_icons(out: Path) -> Path:
    """Render the icon set (PNGs, .ico, .icns) into ``out`` with Qt; returns ``out``."""
    import subprocess

    subprocess.run([sys.executable, str(HERE / "render_icons.py"), str(out)], check=True,
                   stdout=subprocess.DEVNULL, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    return out


# --- the spec's two calls ----------------------------------------------------------------------


def analysis_options() -> dict[str, object]:
    """Keyword arguments for ``Analysis`` (the entry script goes first)."""
    from PyInstaller.utils.hooks import collect_data_files, collect_submodules, copy_metadata

    sys.path.insert(0, str(ROOT))  # the project's packages, for collect_submodules
    hidden: list[str] = list(HIDDEN_IMPORTS)
    for package in DYNAMIC_PACKAGES:
        hidden += collect_submodules(package, filter=lambda name: ".tests" not in name
                                     and not name.endswith(".testing"))
    datas: list[tuple[str, str]] = []
    datas += collect_data_files("resources", excludes=["**/*.ts", "**/__pycache__/**"])
    for package in DATA_PACKAGES:
        try:
            datas += collect_data_files(package, excludes=["**/tests/**", "**/*.pyi",
                                                           "**/benchmarks/**"])
        except Exception:  # noqa: BLE001 - an optional package that is not installed
            pass
    for package in METADATA_PACKAGES:
        try:
            datas += copy_metadata(package)
        except Exception:  # noqa: BLE001 - not installed (e.g. a renamed distribution)
            pass
    return {
        "scripts": [str(ENTRY)],
        "pathex": [str(ROOT)],
        "hiddenimports": sorted(set(hidden)),
        "datas": datas,
        "excludes": list(EXCLUDES),
        "hookspath": [str(HERE / "hooks")],
        "runtime_hooks": [str(HERE / "hooks" / "rthooks" / "pyi_rth_stepwise.py")],
        "noarchive": False,
        "optimize": 0,  # asserts stay: the self-test relies on them
    }


def _system_libraries_left_to_the_system() -> list[str]:
    """The Linux libraries ``ui.window.syscheck`` checks for: the system provides them."""
    if platform_key() != "linux":
        return []
    sys.path.insert(0, str(ROOT))
    from ui.window.syscheck import LINUX_LIBRARIES

    return [f"lib{name}.so*" for name in LINUX_LIBRARIES] + [
        f"{name}.so*" for name in LINUX_SYSTEM_LIBRARIES]


def slim(analysis: object) -> None:
    """Drop the unused Qt plugins, translations and libraries from a finished ``Analysis``.

    Qt plugins are filtered by :data:`PLUGINS_KEPT`; then every shared library no kept
    binary links to (directly or not) is dropped, which removes what only the dropped
    plugins needed (QtWayland, QtPdf, GTK, Quick …).
    """
    kept = PLUGINS_KEPT[platform_key()]
    system_patterns = _system_libraries_left_to_the_system()

    def keep(entry: tuple[str, str, str]) -> bool:
        dest = entry[0]
        if not keep_qt_file(dest, kept):
            return False
        if any(fnmatch.fnmatch(PurePath(dest).as_posix(), p) for p in DATA_EXCLUDED):
            return False
        base = PurePath(dest).name
        return not any(fnmatch.fnmatch(base, p) for p in system_patterns)

    binaries = [e for e in analysis.binaries if keep(e)]  # type: ignore[attr-defined]
    datas = _one_zone_database([e for e in analysis.datas if keep(e)])  # type: ignore[attr-defined]
    binaries = _drop_unlinked_libraries(binaries)
    # Symbolic links (PyInstaller lists them with the data) must not outlive their target:
    # drop those that point at a file dropped above (and keep every other link, e.g. the
    # Versions/Current links inside macOS frameworks).
    everything = list(analysis.binaries) + list(analysis.datas)  # type: ignore[attr-defined]
    before = {PurePath(e[0]).as_posix() for e in everything if e[2] != "SYMLINK"}
    after = {PurePath(e[0]).as_posix() for e in binaries + datas if e[2] != "SYMLINK"}
    dropped = before - after
    datas = [e for e in datas if e[2] != "SYMLINK" or _link_target(e) not in dropped]
    binaries = [e for e in binaries if e[2] != "SYMLINK" or _link_target(e) not in dropped]
    analysis.binaries[:] = binaries  # type: ignore[attr-defined]
    analysis.datas[:] = datas  # type: ignore[attr-defined]


def _one_zone_database(datas: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """Drop pytz's copy of the zone files when tzdata's has every one of them.

    The runtime hook (hooks/rthooks/pyi_rth_stepwise.py) then points pytz at tzdata's copy
    with PYTZ_TZDATADIR. About 600 small files fewer.
    """
    def zones(prefix: str) -> dict[str, tuple[str, str, str]]:
        return {PurePath(e[0]).as_posix()[len(prefix):]: e for e in datas
                if PurePath(e[0]).as_posix().startswith(prefix)}

    pytz_zones = zones("pytz/zoneinfo/")
    tzdata_zones = zones("tzdata/zoneinfo/")
    if not pytz_zones or not set(pytz_zones) <= set(tzdata_zones):
        return datas
    dropped = {id(e) for e in pytz_zones.values()}
    return [e for e in datas if id(e) not in dropped]


def _link_target(entry: tuple[str, str, str]) -> str:
    """Where a SYMLINK entry points, as a path inside the bundle."""
    joined = os.path.normpath(os.path.join(os.path.dirname(entry[0]), entry[1]))
    return PurePath(joined).as_posix()


def _is_library(dest: str) -> bool:
    """A shared library that is only there because something links to it."""
    path = PurePath(dest)
    name = path.name
    if ".cpython-" in name or name.endswith((".pyd", ".abi3.so")) or "lib-dynload" in path.parts:
        return False  # a Python extension module: imported, so always kept
    qt = _qt_part(dest)
    if qt is not None:
        return bool(qt) and qt[0] in ("lib", "bin") or len(qt) == 1
    if len(path.parts) != 1:
        return False  # inside some package: collected by its hook on purpose
    lower = name.lower()
    return ".so" in lower or lower.endswith((".dll", ".dylib"))


def _drop_unlinked_libraries(binaries: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """Keep the libraries reachable from the extension modules and plugins, and libpython."""
    by_name: dict[str, list[tuple[str, str, str]]] = {}
    for entry in binaries:
        by_name.setdefault(PurePath(entry[0]).name.lower(), []).append(entry)
    reached: set[str] = set()
    queue = [e[1] for e in binaries if e[2] != "SYMLINK" and (
        not _is_library(e[0]) or PurePath(e[0]).name.startswith(("libpython", "python3")))]
    seen_src: set[str] = set()
    while queue:
        src = queue.pop()
        if src in seen_src or not os.path.isfile(src):
            continue
        seen_src.add(src)
        reached.add(PurePath(src).name.lower())
        needed = _needed(src)
        if needed is None:  # cannot analyse this one: keep everything to be safe
            return binaries
        for name in needed:
            base = PurePath(name).name.lower()
            if base in reached:
                continue
            reached.add(base)
            queue += [e[1] for e in by_name.get(base, []) if e[2] != "SYMLINK"]
    return [e for e in binaries
            if e[2] == "SYMLINK" or not _is_library(e[0])
            or PurePath(e[0]).name.lower() in reached]


def _needed(path: str) -> list[str] | None:
    """The libraries a binary links to directly (not the whole closure ``ldd`` prints)."""
    if platform_key() == "linux":
        return _elf_needed(path)
    from PyInstaller.depend import bindepend

    try:
        return [name for name, _full in bindepend.get_imports(path)]
    except Exception:  # noqa: BLE001 - unreadable: the caller keeps everything
        return None


def _elf_needed(path: str) -> list[str] | None:
    """DT_NEEDED entries of an ELF file, read from its dynamic segment (no binutils)."""
    import struct

    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    if data[:4] != b"\x7fELF":
        return []
    wide = data[4] == 2
    end = "<" if data[5] == 1 else ">"
    if wide:
        phoff, = struct.unpack_from(end + "Q", data, 0x20)
        phentsize, phnum = struct.unpack_from(end + "HH", data, 0x36)
    else:
        phoff, = struct.unpack_from(end + "I", data, 0x1C)
        phentsize, phnum = struct.unpack_from(end + "HH", data, 0x2A)
    loads: list[tuple[int, int, int]] = []
    dynamic: tuple[int, int] | None = None
    for i in range(phnum):
        at = phoff + i * phentsize
        if wide:
            kind, _flags, offset, vaddr, _paddr, filesz = struct.unpack_from(
                end + "IIQQQQ", data, at)
        else:
            kind, offset, vaddr, _paddr, filesz = struct.unpack_from(end + "IIIII", data, at)
        if kind == 1:
            loads.append((vaddr, offset, filesz))
        elif kind == 2:
            dynamic = (offset, filesz)
    if dynamic is None:
        return []
    entry = struct.Struct(end + ("qQ" if wide else "iI"))
    needed: list[int] = []
    strtab = None
    for at in range(dynamic[0], dynamic[0] + dynamic[1], entry.size):
        tag, value = entry.unpack_from(data, at)
        if tag == 0:
            break
        if tag == 1:
            needed.append(value)
        elif tag == 5:
            strtab = value
    if strtab is None:
        return None
    base = next((off + strtab - va for va, off, size in loads if va <= strtab < va + size), None)
    if base is None:
        return None
    return [data[base + n:data.index(b"\0", base + n)].decode() for n in needed]
