"""Start-up of the bundle next to running from source (a measurement; nothing is asserted).

    .venv/bin/python packaging/measure_start.py [--bundle dist/stepwise/stepwise]
                                                [--source .venv/bin/stepwise] [--rounds 7]

Three figures, each the median over interleaved rounds after a warm-up run per side:

``--version``      process start to exit (the interpreter and argparse: CLI start-up).
``--self-test``    the whole self-test (database, prompts, icon, translation, and the main
                   window opened on the offscreen platform, kept 0.3 s, closed).
``window shown``   start until the main window is mapped on an X server: the window path
                   ``stepwise`` takes with no command, on a database that exists already.
                   The map is seen by a tiny X11 client of our own listening to the root
                   window's SubstructureNotify events (no polling); the first paint follows
                   it within the same event-loop pass. The process is then killed.

The window figure needs Xvfb (started here on a free display). Every run gets its own
HOME, config, runtime and data folders and keyring's fail backend, so nothing of yours
is read or written. Prints a table and the bundle/source ratios.
"""

from __future__ import annotations

import argparse
import os
import select
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAP_TIMEOUT_S = 60.0


# --- a minimal X11 client: "tell me when a top-level window is mapped" ----------------------

class MapWatcher:
    """Listens on the root window for MapNotify (X11 protocol over the display's socket)."""

    def __init__(self, display: str) -> None:
        number = display.split(":")[1].split(".")[0]
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(f"/tmp/.X11-unix/X{number}")
        self.sock.sendall(struct.pack("<BxHHHHxx", 0x6C, 11, 0, 0, 0))
        head = self._read(8)
        if head[0] != 1:
            raise RuntimeError("the X server refused the connection")
        extra = self._read(struct.unpack_from("<H", head, 6)[0] * 4)
        vendor_len = struct.unpack_from("<H", extra, 16)[0]
        formats = extra[21]
        at = 32 + (vendor_len + 3) // 4 * 4 + 8 * formats
        self.root = struct.unpack_from("<I", extra, at)[0]
        # ChangeWindowAttributes(root, event-mask = SubstructureNotify)
        self.sock.sendall(struct.pack("<BxHIII", 2, 4, self.root, 0x800, 1 << 19))

    def _read(self, size: int) -> bytes:
        data = b""
        while len(data) < size:
            chunk = self.sock.recv(size - len(data))
            if not chunk:
                raise RuntimeError("the X server closed the connection")
            data += chunk
        return data

    def wait_for_map(self, deadline: float) -> float | None:
        """The perf_counter time of the next MapNotify of a managed window, or None."""
        while True:
            left = deadline - time.perf_counter()
            if left <= 0 or not select.select([self.sock], [], [], left)[0]:
                return None
            event = self._read(32)
            if event[0] & 0x7F == 19 and not event[12]:  # MapNotify, not override-redirect
                return time.perf_counter()

    def drain(self) -> None:
        while select.select([self.sock], [], [], 0)[0]:
            self._read(32)

    def close(self) -> None:
        self.sock.close()


@contextmanager
def xvfb() -> Iterator[str]:
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1000x24",
                               "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 16)
            if not chunk:
                raise RuntimeError("Xvfb did not start")
            number += chunk
        yield f":{number.decode().strip()}"
    finally:
        os.close(read)
        server.terminate()
        server.wait(10)


# --- the runs --------------------------------------------------------------------------------

def environment(folder: Path, display: str | None) -> dict[str, str]:
    for sub in ("home", "config", "runtime", "data"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    os.chmod(folder / "runtime", 0o700)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(folder / "home"),
           "XDG_CONFIG_HOME": str(folder / "config"), "XDG_RUNTIME_DIR": str(folder / "runtime"),
           "STEPWISE_DATA_DIR": str(folder / "data"), "TZ": "UTC", "LANG": "C.UTF-8",
           "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    if display:
        env.update(DISPLAY=display, QT_QPA_PLATFORM="xcb")
    return env


def timed(argv: list[str], env: dict[str, str]) -> float:
    began = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          timeout=120)
    took = time.perf_counter() - began
    if done.returncode != 0:
        raise RuntimeError(f"{argv} exited {done.returncode}: {done.stderr.decode()[-2000:]}")
    return took


def window_shown(argv: list[str], env: dict[str, str], watcher: MapWatcher) -> float:
    watcher.drain()
    began = time.perf_counter()
    process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        mapped = watcher.wait_for_map(began + MAP_TIMEOUT_S)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)
    if mapped is None:
        raise RuntimeError(f"{argv}: no window within {MAP_TIMEOUT_S} s")
    return mapped - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "stepwise" / "stepwise")
    parser.add_argument("--source", type=Path, default=ROOT / ".venv" / "bin" / "stepwise")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--no-window", action="store_true", help="skip the Xvfb measurement")
    args = parser.parse_args()
    sides = {"source": [str(args.source)], "bundle": [str(args.bundle.resolve())]}
    results: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="stepwise-start-") as scratch:
        envs = {side: environment(Path(scratch) / side, None) for side in sides}
        for side, argv in sides.items():  # warm-up: page cache, .pyc files
            timed(argv + ["--version"], envs[side])
            timed(argv + ["--self-test"], envs[side])
        for _ in range(args.rounds):
            for side, argv in sides.items():
                results.setdefault(("--version", side), []).append(
                    timed(argv + ["--version"], envs[side]))
                results.setdefault(("--self-test", side), []).append(
                    timed(argv + ["--self-test"], envs[side]))
        if not args.no_window and shutil.which("Xvfb"):
            with xvfb() as display:
                watcher = MapWatcher(display)
                wenvs = {side: environment(Path(scratch) / f"{side}-x", display)
                         for side in sides}
                for side, argv in sides.items():  # creates the database; warms the caches
                    timed(argv + ["add", "warm-up task"], wenvs[side])
                    window_shown(argv, wenvs[side], watcher)
                for _ in range(args.rounds):
                    for side, argv in sides.items():
                        results.setdefault(("window shown", side), []).append(
                            window_shown(argv, wenvs[side], watcher))
                watcher.close()
    print(f"{'measure':<14} {'source':>9} {'bundle':>9} {'ratio':>7}   "
          f"(median of {args.rounds}, seconds)")
    for name in ("--version", "--self-test", "window shown"):
        if (name, "source") not in results:
            continue
        source = statistics.median(results[(name, "source")])
        bundle = statistics.median(results[(name, "bundle")])
        print(f"{name:<14} {source:9.3f} {bundle:9.3f} {bundle / source:7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
