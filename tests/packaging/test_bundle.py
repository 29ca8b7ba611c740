"""The Linux bundle (packaging/build): built once, then run as a user would run it.

The build goes to an out-of-tree folder (``$TMPDIR/stepwise-bundle-<hash>``) and is
reused while nothing it is made of is newer: app/, ui/, models/, resources/,
packaging/, pyproject.toml and the venv's installed packages. A fresh build takes
about 40 s on two cores. ``STEPWISE_BUNDLE=/path/to/dist/stepwise`` tests a bundle
built elsewhere instead.

Every run of the bundle gets its own HOME, config and data folders, ``TZ`` and the
keyring's fail backend; nothing of the user's is read or written.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import ROOT

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux bundle"),
]

BUILD_TIMEOUT_S = 600
RUN_TIMEOUT_S = 120
SOURCES = ("app", "ui", "models", "resources", "packaging", "pyproject.toml")
KEPT_QT_MODULES = {"QtCore", "QtGui", "QtWidgets", "QtNetwork", "QtSvg"}
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


# --- the build -------------------------------------------------------------------------------

def _newest_mtime(paths: list[Path]) -> float:
    """The newest file below ``paths`` (compiled-bytecode caches left out)."""
    newest = 0.0
    for path in paths:
        if path.is_file():
            newest = max(newest, path.stat().st_mtime)
            continue
        for folder, dirs, files in os.walk(path):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in files:
                try:
                    newest = max(newest, (Path(folder) / name).stat().st_mtime)
                except OSError:  # a dangling link
                    continue
    return newest


def _site_packages() -> list[Path]:
    """The installed packages: an install or upgrade writes fresh .dist-info files."""
    import sysconfig

    return [Path(sysconfig.get_paths()["purelib"])]


@pytest.fixture(scope="module")
def bundle() -> Iterator[Path]:
    """The bundle folder (``…/dist/stepwise``), built or reused."""
    given = os.environ.get("STEPWISE_BUNDLE")
    if given:
        yield Path(given).resolve()
        return
    key = hashlib.sha1(f"{ROOT}|{sys.prefix}".encode()).hexdigest()[:10]
    cache = Path(tempfile.gettempdir()) / f"stepwise-bundle-{key}"
    cache.mkdir(parents=True, exist_ok=True)
    folder = cache / "dist" / "stepwise"
    stamp = cache / "built"
    with (cache / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time, whoever asks
        inputs = [ROOT / name for name in SOURCES] + _site_packages()
        fresh = (stamp.exists() and (folder / "stepwise").exists()
                 and stamp.stat().st_mtime > _newest_mtime(inputs))
        if not fresh:
            stamp.unlink(missing_ok=True)
            shutil.rmtree(cache / "dist", ignore_errors=True)
            env = {**os.environ, "PYTHON": sys.executable}
            done = subprocess.run(
                ["bash", str(ROOT / "packaging" / "build"), "--dist", str(cache / "dist"),
                 "--work", str(cache / "work")], cwd=ROOT, env=env, capture_output=True,
                text=True, timeout=BUILD_TIMEOUT_S)
            assert done.returncode == 0, f"packaging/build failed:\n{done.stdout}\n{done.stderr}"
            stamp.touch()
    yield folder


def _env(home: Path, **extra: str) -> dict[str, str]:
    for sub in ("home", "config", "data"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home / "home"),
           "XDG_CONFIG_HOME": str(home / "config"), "STEPWISE_DATA_DIR": str(home / "data"),
           "TZ": "Asia/Shanghai", "LANG": "C.UTF-8",
           "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    return {**env, **extra}


def _run(bundle: Path, *args: str, env: dict[str, str],
         timeout: float = RUN_TIMEOUT_S) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(bundle / "stepwise"), *args], env=env, capture_output=True,
                          text=True, timeout=timeout, cwd=env["HOME"])


def _write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


# --- the self-test and the version -------------------------------------------------------------

def test_version(bundle: Path, tmp_path: Path) -> None:
    from app import __version__

    done = _run(bundle, "--version", env=_env(tmp_path))
    assert (done.returncode, done.stdout) == (0, f"stepwise {__version__}\n"), done.stderr


def test_self_test_passes_and_leaves_no_data(bundle: Path, tmp_path: Path) -> None:
    env = _env(tmp_path)
    del env["STEPWISE_DATA_DIR"]
    done = _run(bundle, "--self-test", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    for check in ("database", "prompts", "icons", "translations", "window"):
        assert any(line.startswith(f"ok    {check}:") for line in lines), done.stdout
    assert lines[-1] == "self-test passed"
    assert not (tmp_path / "home" / ".local" / "share" / "stepwise").exists()


# --- the command line, with the data files its dependencies read --------------------------------

def test_a_chinese_date_phrase_is_read(bundle: Path, tmp_path: Path) -> None:
    """dateparser's language data and the Chinese rules are in the bundle."""
    env = _env(tmp_path)
    done = _run(bundle, "add", "交周报", "--due", "明天下午三点", env=env)
    assert (done.returncode, done.stdout) == (0, "1\n"), done.stderr
    tomorrow = datetime.now(ZoneInfo("Asia/Shanghai")).date() + timedelta(days=1)
    assert f"{tomorrow:%Y-%m-%d} 15:00" in done.stderr
    assert "(from '明天下午三点')" in done.stderr
    done = _run(bundle, "add", "Offsite", "--due", "3 December 2031 5pm PST", env=env)
    assert done.returncode == 0, done.stderr  # a zone abbreviation: dateparser with pytz
    assert "2031-12-04 09:00" in done.stderr
    listed = _run(bundle, "list", "--json", env=env)
    assert [t["title"] for t in json.loads(listed.stdout)] == ["交周报", "Offsite"]


def test_a_recurring_task_rolls_forward_with_the_bundled_zone_data(bundle: Path,
                                                                   tmp_path: Path) -> None:
    """With no system zone files (PYTHONTZPATH empty), zoneinfo must use tzdata's."""
    nowhere = tmp_path / "no-zones"
    nowhere.mkdir()
    env = _env(tmp_path, TZ="Europe/Berlin", PYTHONTZPATH=str(nowhere))
    # Friday 28 March 2031, 09:00 in Berlin; the next Friday is after the switch to summer time
    done = _run(bundle, "add", "Weekly report", "--due", "2031-03-28 09:00",
                "--recur", "FREQ=WEEKLY;BYDAY=FR", env=env)
    assert done.returncode == 0, done.stderr
    plan = {"schema_version": 1, "revision": 1, "origin": "user", "title": "Weekly report",
            "objective": "sent", "steps": [{"id": "write", "title": "Write it",
                                            "target": "user"}]}
    for args in (("plan", "import", "1", str(_write(tmp_path / "plan.json", plan))),
                 ("plan", "approve", "1"), ("step", "start", "1", "write"),
                 ("step", "done", "1", "write")):
        done = _run(bundle, *args, env=env)
        assert done.returncode == 0, f"{args}: {done.stderr}"
    task = json.loads(_run(bundle, "show", "1", "--json", env=env).stdout)["task"]
    assert task["timezone"] == "Europe/Berlin"
    assert task["due_at"] == "2031-04-04T07:00:00Z"  # 09:00 CEST (it was 08:00Z in CET)


def test_plan_files_are_validated_against_the_schemas(bundle: Path, tmp_path: Path) -> None:
    """jsonschema and its meta-schemas (jsonschema_specifications' data) are in the bundle."""
    good = {"schema_version": 1, "revision": 1, "origin": "assistant", "title": "Offsite",
            "objective": "held before 2026-12-20", "steps": [
                {"id": "dates", "title": "Pick dates", "target": "user"},
                {"id": "shortlist", "title": "Shortlist", "depends_on": ["dates"],
                 "target": "assistant.write", "inputs": {"instructions": "three venues"}},
                {"id": "invite", "title": "Invite", "depends_on": ["shortlist"],
                 "target": "message.post", "inputs": {"to": "team", "text": "Offsite!"}}]}
    env = _env(tmp_path)
    done = _run(bundle, "plan", "validate", str(_write(tmp_path / "ok.json", good)), env=env)
    assert done.returncode == 0, done.stderr
    bad = json.loads(json.dumps(good))
    bad["steps"][0]["target"] = "shell"
    bad["steps"][1]["inputs"] = {"instructions": 5}
    bad["steps"][2]["depends_on"] = ["ghost"]
    done = _run(bundle, "plan", "validate", str(_write(tmp_path / "bad.json", bad)), env=env)
    assert done.returncode == 1
    codes = {line.split(":")[1].strip() for line in done.stderr.splitlines()
             if line.startswith("error: ")}
    assert codes == {"unknown_target", "missing_dependency", "bad_inputs"}, done.stderr


def test_the_offline_assistant_plans_and_tasks_export_as_icalendar(bundle: Path,
                                                                  tmp_path: Path) -> None:
    """app.llm.offline.provider is imported by name; icalendar writes the export."""
    env = _env(tmp_path)
    assert _run(bundle, "add", "Renew passport", "--due", "in 3 days", env=env).returncode == 0
    done = _run(bundle, "agent", "run", "--until-idle", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    shown = json.loads(_run(bundle, "show", "1", "--json", env=env).stdout)
    assert shown["plan"] is not None, shown
    out = tmp_path / "tasks.ics"
    assert _run(bundle, "export", "--format", "ics", str(out), env=env).returncode == 0
    assert out.read_text(encoding="utf-8").startswith("BEGIN:VCALENDAR")


# --- the calendar: the worker process and CalDAV -------------------------------------------------

def _big_calendar(path: Path, minimum_chars: int) -> int:
    """An iCalendar file of at least ``minimum_chars``, every event in the next four weeks
    (inside the sync's window); returns the number of events."""
    first = datetime.now(ZoneInfo("Europe/Berlin")).date() + timedelta(days=1)
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//stepwise tests//EN"]
    count = 0
    while sum(len(line) + 2 for line in lines) < minimum_chars + 10_000:
        day = first + timedelta(days=count % 28)
        hour = 8 + count % 9
        lines += ["BEGIN:VEVENT", f"UID:bundle-{count}@stepwise.test",
                  "DTSTAMP:20260101T000000Z",
                  f"DTSTART;TZID=Europe/Berlin:{day:%Y%m%d}T{hour:02d}0000",
                  f"DTEND;TZID=Europe/Berlin:{day:%Y%m%d}T{hour + 1:02d}0000",
                  f"SUMMARY:Meeting {count} with a longer title to make the file big",
                  "DESCRIPTION:" + "agenda " * 12, "END:VEVENT"]
        count += 1
    lines.append("END:VCALENDAR")
    path.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
    return count


def test_a_big_calendar_is_read_in_the_worker_process(bundle: Path, tmp_path: Path) -> None:
    """Over the threshold, sync expands in a spawned process: the bundle started again,
    which works only if the entry point calls multiprocessing.freeze_support()."""
    from app.calendar.worker import PROCESS_THRESHOLD

    calendar = tmp_path / "big.ics"
    events = _big_calendar(calendar, PROCESS_THRESHOLD)
    env = _env(tmp_path)
    done = _run(bundle, "calendar", "add", "ics", str(calendar), env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    done = _run(bundle, "calendar", "sync", "--force", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == f"big: {events} events"
    listed = json.loads(_run(bundle, "calendar", "list", "--json", env=env).stdout)
    assert [(s["name"], s["events"], s["last_error"]) for s in listed] == [("big", events, None)]


def test_a_caldav_calendar_syncs_through_the_bundle(bundle: Path, tmp_path: Path) -> None:
    """caldav with niquests/urllib3-future and lxml, against a real Radicale server."""
    from tests.app.calendar.radicale_server import Radicale, put_calendar

    first = datetime.now(ZoneInfo("Asia/Shanghai")).date() + timedelta(days=1)
    event = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\n"
             "UID:standup@stepwise.test\r\nDTSTAMP:20260101T000000Z\r\n"
             f"DTSTART:{first:%Y%m%d}T010000Z\r\nDTEND:{first:%Y%m%d}T013000Z\r\n"
             "SUMMARY:Standup 站会\r\nRRULE:FREQ=DAILY;COUNT=3\r\nEND:VEVENT\r\n"
             "END:VCALENDAR\r\n")
    with Radicale(tmp_path / "radicale", users={"ann": "secret"}) as server:
        put_calendar(server.url, "ann", "secret", "work", "Work", [event])
        env = _env(tmp_path, DAV_PASSWORD="secret")
        done = _run(bundle, "calendar", "add", "caldav", server.url, "--user", "ann",
                    "--password-env", "DAV_PASSWORD", env=env)
        assert done.returncode == 0, done.stdout + done.stderr + server.output()
        assert "Work" in done.stdout
        done = _run(bundle, "calendar", "events", "--from", f"{first:%Y-%m-%d}", "--to",
                    f"{first + timedelta(days=4):%Y-%m-%d}", env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Standup 站会") == 3, done.stdout


# --- the start-up check for Qt's system libraries -----------------------------------------------

def test_missing_qt_libraries_are_named_before_qt_is_loaded(bundle: Path,
                                                            tmp_path: Path) -> None:
    """With an ldconfig that knows no library (bind-mounted in a private mount namespace),
    the window path stops with the list of packages instead of Qt aborting."""
    unshare = shutil.which("unshare")
    if os.geteuid() != 0 or unshare is None:
        pytest.skip("needs root and unshare to hide the system's libraries")
    fake = tmp_path / "ldconfig"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    no_tools = tmp_path / "no-tools"  # and no gcc or ld on PATH to find them either
    script = (f"mount --bind {fake} /sbin/ldconfig || exit 99\n"
              f"PATH={no_tools} exec {bundle / 'stepwise'}\n")
    done = subprocess.run([unshare, "--mount", "--propagation", "private", "sh", "-c", script],
                          env=_env(tmp_path), capture_output=True, text=True,
                          timeout=RUN_TIMEOUT_S)
    if done.returncode == 99:
        pytest.skip(f"cannot bind-mount here: {done.stderr.strip()}")
    assert done.returncode == 3, done.stdout + done.stderr
    assert "needs system libraries that are missing" in done.stderr
    assert "sudo apt-get install" in done.stderr and "libxcb-cursor0" in done.stderr


# --- what is in the bundle ---------------------------------------------------------------------

def _png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def _bundle_modules(bundle: Path) -> set[str]:
    readers = pytest.importorskip("PyInstaller.archive.readers")
    archive = readers.CArchiveReader(str(bundle / "stepwise"))
    return set(archive.open_embedded_archive("PYZ.pyz").toc)


def test_the_bundle_holds_what_the_app_needs_and_not_more(
        bundle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    internal = bundle / "_internal"
    qt = internal / "PySide6" / "Qt"
    bindings = {p.name.split(".")[0] for p in (internal / "PySide6").glob("Qt*.abi3.so")}
    assert bindings == KEPT_QT_MODULES
    libraries = {p.name for p in (qt / "lib").iterdir()}
    for unwanted in ("Qml", "Quick", "WebEngine", "Pdf", "Multimedia", "Charts", "3D",
                     "Wayland"):
        assert not [name for name in libraries if f"Qt6{unwanted}" in name], libraries
    plugins = {p.parent.name + "/" + p.name for p in (qt / "plugins").glob("*/*")}
    assert {"platforms/libqxcb.so", "platforms/libqoffscreen.so",
            "imageformats/libqsvg.so"} <= plugins
    assert not [p for p in plugins if p.startswith(("platforms/libqwayland", "platforms/libqeglfs",
                                                    "platformthemes/libqgtk3"))], plugins
    assert {p.name for p in (qt / "translations").iterdir()} == {"qtbase_zh_CN.qm"}
    resources = internal / "resources"
    assert (resources / "translations" / "stepwise_zh_CN.qm").is_file()
    assert (resources / "icons" / "stepwise.svg").is_file()
    assert len(list((resources / "prompts").glob("*/*.txt"))) >= 12
    assert (internal / "jsonschema_specifications" / "schemas").is_dir()
    assert (internal / "tzdata" / "zoneinfo" / "Europe" / "Berlin").is_file()
    modules = _bundle_modules(bundle)
    assert {"app.llm.offline.provider", "dateparser.data.date_translation_data.zh",
            "keyring.backends.SecretService", "caldav", "resources"} <= modules
    for unwanted in ("pytest", "_pytest", "mypy", "tkinter", "numpy", "radicale", "ruff",
                     "PyInstaller", "pygments"):
        assert unwanted not in modules

    desktop = (bundle / "share" / "applications" / "stepwise.desktop").read_text()
    assert "\nExec=stepwise\n" in desktop and "\nIcon=stepwise\n" in desktop
    icons = bundle / "share" / "icons" / "hicolor"
    for size in ICON_SIZES:
        assert _png_size(icons / f"{size}x{size}" / "apps" / "stepwise.png") == (size, size)
    assert (icons / "scalable" / "apps" / "stepwise.svg").is_file()
    assert os.access(bundle / "install.sh", os.X_OK)

    on_disk = subprocess.run(["du", "-s", "-B1", str(bundle)], capture_output=True, text=True,
                             check=True).stdout.split()[0]
    with capsys.disabled():  # a measurement, not asserted (the target is < 150 MB)
        print(f"\n[bundle] {int(on_disk) / 2**20:.1f} MiB on disk: {bundle}")


def test_install_script_installs_and_uninstalls(bundle: Path, tmp_path: Path) -> None:
    prefix = tmp_path / "prefix"
    env = _env(tmp_path)
    done = subprocess.run(["sh", str(bundle / "install.sh"), "--prefix", str(prefix)], env=env,
                          capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "warning" not in done.stdout
    desktop = (prefix / "share" / "applications" / "stepwise.desktop").read_text()
    assert f"Exec={prefix}/lib/stepwise/stepwise" in desktop
    assert (prefix / "share" / "icons" / "hicolor" / "48x48" / "apps" / "stepwise.png").is_file()
    version = subprocess.run([str(prefix / "bin" / "stepwise"), "--version"], env=env,
                             capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    assert version.stdout.startswith("stepwise ")
    assert not (tmp_path / "config" / "stepwise").exists()  # the self-test left no settings
    done = subprocess.run(["sh", str(bundle / "install.sh"), "--uninstall", "--prefix",
                           str(prefix)], env=env, capture_output=True, text=True,
                          timeout=RUN_TIMEOUT_S)
    assert done.returncode == 0, done.stderr
    assert not (prefix / "lib" / "stepwise").exists()
    assert not (prefix / "bin" / "stepwise").exists()
    assert not (prefix / "share" / "applications" / "stepwise.desktop").exists()
