"""A real Radicale CalDAV server for tests: a subprocess on 127.0.0.1 and a free port.

``Radicale(folder)`` starts it with its storage in ``folder``, without authentication,
or with plain htpasswd users (``users={"ann": "secret"}``) to test a refused password.
Starting waits until the port accepts connections (with a deadline, failing at once
with the server's output if it exits); ``stop`` always terminates it. ``put_calendar``
creates a calendar and stores events through the caldav library, as a client would.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

START_DEADLINE_S = 30.0
POLL_S = 0.05


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Radicale:
    """One Radicale process; use as a context manager or call ``stop``."""

    def __init__(self, folder: Path, users: dict[str, str] | None = None) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        folder.mkdir(parents=True, exist_ok=True)
        self.log = (folder / "radicale.log").open("wb")
        self.process = subprocess.Popen(
            self._argv(users), stdout=self.log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL)
        try:
            self._wait_for_port()
        except BaseException:
            self.stop()
            raise

    def _argv(self, users: dict[str, str] | None) -> list[str]:
        argv = [sys.executable, "-m", "radicale", "--config", "",
                "--server-hosts", f"127.0.0.1:{self.port}",
                "--storage-filesystem-folder", str(self.folder / "collections"),
                "--logging-level", "warning", "--auth-delay", "0"]  # no pause after a 401
        if users is None:
            return [*argv, "--auth-type", "none"]
        htpasswd = self.folder / "users"
        htpasswd.write_text("".join(f"{u}:{p}\n" for u, p in users.items()), encoding="utf-8")
        return [*argv, "--auth-type", "htpasswd", "--auth-htpasswd-filename", str(htpasswd),
                "--auth-htpasswd-encryption", "plain"]

    def _wait_for_port(self) -> None:
        deadline = time.monotonic() + START_DEADLINE_S
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"Radicale did not listen within {START_DEADLINE_S} s:\n"
                                       + self.output()) from None
            try:  # waits for the next poll, and notices at once when the server died
                code = self.process.wait(timeout=POLL_S)
            except subprocess.TimeoutExpired:
                continue
            raise RuntimeError(f"Radicale exited with {code}:\n{self.output()}")

    def output(self) -> str:
        self.log.flush()
        return (self.folder / "radicale.log").read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.log.close()

    def __enter__(self) -> Radicale:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()


def put_calendar(url: str, user: str, password: str, cal_id: str, name: str,
                 events: list[str]) -> str:
    """Create a calendar for ``user`` and store each iCalendar text in it; returns its URL."""
    from caldav.davclient import DAVClient

    with DAVClient(url=url, username=user, password=password, enable_rfc6764=False,
                   timeout=10) as client:
        calendar = client.get_principal().make_calendar(name=name, cal_id=cal_id)
        for text in events:
            calendar.add_event(text)
        return str(calendar.url)
