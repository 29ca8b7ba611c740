"""Real CalDAV servers for the sync tests (Radicale and Xandikos on loopback), a client
that acts like a phone (the ``caldav`` library), and a proxy that injects faults.

``FaultProxy`` forwards every request to a server; its ``faults`` list holds rules
``(method, status, needle)`` taken in order: the next request with that method whose
Depth header and body contain ``needle`` gets that status instead of going through, or
one of the hostile answers of ``Fault`` (0: the connection is cut; -1: no answer until
the proxy stops, for a client timeout; -2: the request goes through but its answer is
lost; below that, what a broken or hostile server sends).
"""

from __future__ import annotations

import http.client
import subprocess
import sys
import threading
from enum import IntEnum
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.app.calendar.radicale_server import Radicale, free_port


class Xandikos(Radicale):
    """One Xandikos process (``xandikos serve``) on a free port, no authentication."""

    def _argv(self, users: dict[str, str] | None) -> list[str]:
        exe = Path(sys.executable).with_name("xandikos")
        return [str(exe), "serve", "--defaults", "-d", str(self.folder / "data"),
                "-l", "127.0.0.1", "-p", str(self.port)]


def start(kind: str, folder: Path) -> tuple[Radicale, str]:
    """A server of ``kind`` and the URL of a task list on it (not made yet)."""
    if kind == "radicale":
        server = Radicale(folder)
        return server, server.url + "ann/tasks/"
    server = Xandikos(folder)
    return server, server.url + "user/calendars/tasks/"


class Phone:
    """Another CalDAV client (the ``caldav`` library): what a phone app does to the list."""

    def __init__(self, url: str) -> None:
        from caldav.davclient import DAVClient

        self.client = DAVClient(url=url, enable_rfc6764=False, timeout=10)
        self.calendar = self.client.calendar(url=url)

    def todos(self) -> dict[str, Any]:
        """Every VTODO on the list by UID (its icalendar component)."""
        found = {}
        for obj in self.calendar.todos(include_completed=True):
            todo = obj.icalendar_component
            found[str(todo["uid"])] = obj
        return found

    def by_title(self, title: str) -> Any:
        for obj in self.todos().values():
            if str(obj.icalendar_component.get("summary")) == title:
                return obj
        raise AssertionError(f"no VTODO {title!r} on the server")

    def edit(self, title: str, **props: Any) -> None:
        from datetime import UTC, datetime, timedelta

        obj = self.by_title(title)
        todo = obj.icalendar_component
        for name, value in props.items():
            todo.pop(name, None)
            todo.add(name, value)
        todo.pop("last-modified", None)
        todo.add("last-modified", datetime.now(UTC) + timedelta(seconds=5))
        obj.save()

    def complete(self, title: str) -> None:
        self.edit(title, status="COMPLETED", **{"percent-complete": 100})

    def add(self, text: str) -> None:
        self.calendar.save_todo(text)

    def delete(self, title: str) -> None:
        self.by_title(title).delete()


class Fault(IntEnum):
    """The faults ``FaultProxy`` answers with instead of an HTTP status."""

    CUT = 0  # the connection is cut
    HANG = -1  # no answer until the proxy stops
    LOST = -2  # the request reaches the server, its answer is lost
    GARBAGE = -10  # bytes that are not HTTP, then the connection closes
    NOT_XML = -11  # a 207 whose body is not XML
    HTML = -12  # a 200 with an HTML page (a captive portal, a web server's index)
    BOMB = -13  # a 207 with a "billion laughs" entity bomb
    XXE = -14  # a 207 whose entity reads a local file (the proxy's ``secret``)
    DRIBBLE_BODY = -15  # a 207 whose body comes a byte every DRIBBLE_S
    ENDLESS = -16  # a 207 whose body never ends
    DRIBBLE_HEADER = -17  # a status line, then a header a byte every DRIBBLE_S
    REDIRECT = -18  # a 307 to another host (``localhost`` for 127.0.0.1)
    BEARER = -19  # a 401 that asks for Bearer sign-in
    MOVED = -20  # a 307 to the same address on the same server (to be followed)
    SLOW = -21  # the request goes through, its answer waits SLOW_S before it starts


DRIBBLE_S = 0.5
SLOW_S = 1.5
MULTISTATUS_OPEN = (b'<?xml version="1.0" encoding="utf-8"?>\n'
                    b'<d:multistatus xmlns:d="DAV:">')
BOMB = (b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
        + b"".join(b'<!ENTITY lol%d "%s">' % (n, (b"&lol%d;" % (n - 1) if n > 1 else b"&lol;")
                                               * 10) for n in range(1, 10))
        + b']>\n<d:multistatus xmlns:d="DAV:"><d:response><d:href>&lol9;</d:href>'
          b"</d:response></d:multistatus>")


class FaultProxy:
    """A loopback HTTP proxy in front of ``target`` that can fail chosen requests."""

    def __init__(self, target: str) -> None:
        self.target = urlsplit(target)
        self.faults: list[tuple[str, int, str]] = []
        self.seen: list[tuple[str, str, int]] = []
        self.secret = Path("/nonexistent")  # the file an XXE answer points at
        self.release = threading.Event()
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True,
                                       kwargs={"poll_interval": 0.05})
        self.thread.start()

    def fault_for(self, method: str, seen: str) -> int | None:
        with self.lock:
            for n, (wanted, status, needle) in enumerate(self.faults):
                if wanted in (method, "*") and needle in seen:
                    del self.faults[n]
                    return status
        return None

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(10)


def _handler(proxy: FaultProxy) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def _any(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            seen = f"depth={self.headers.get('Depth')}|{body.decode('utf-8', 'replace')}"
            fault = proxy.fault_for(self.command, seen)
            if fault == -2:
                self._forward(body, reply=False)
            elif fault == Fault.SLOW:
                proxy.seen.append((self.command, self.path, fault))
                proxy.release.wait(SLOW_S)
                self._forward(body)
            elif fault is not None:
                self._fail(fault)
            else:
                self._forward(body)

        def _fail(self, status: int) -> None:
            proxy.seen.append((self.command, self.path, status))
            if status < Fault.LOST:
                self.close_connection = True
                try:
                    getattr(self, f"_{Fault(status).name.lower()}")()
                except OSError:  # the client hung up, as it should
                    pass
                return
            if status == -1:
                proxy.release.wait(30)
                return
            if status == 0:
                self.close_connection = True
                self.connection.shutdown(2)
                return
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def _forward(self, body: bytes, reply: bool = True) -> None:
            conn = http.client.HTTPConnection(proxy.target.hostname, proxy.target.port,
                                              timeout=30)
            headers = {k: v for k, v in self.headers.items() if k.lower() != "host"}
            conn.request(self.command, self.path, body=body, headers=headers)
            answer = conn.getresponse()
            data = answer.read()
            proxy.seen.append((self.command, self.path, answer.status))
            if not reply:
                conn.close()
                self._fail(0)
                return
            self.send_response(answer.status)
            for name, value in answer.getheaders():
                if name.lower() not in ("transfer-encoding", "connection", "content-length"):
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            conn.close()

        def _raw(self, data: bytes) -> None:
            self.wfile.write(data)
            self.wfile.flush()

        def _head(self, status: str, *headers: str) -> None:
            self._raw(f"HTTP/1.1 {status}\r\n".encode() + b"".join(
                h.encode() + b"\r\n" for h in headers) + b"\r\n")

        def _garbage(self) -> None:
            self._raw(b"SSH-2.0-OpenSSH_9.6\r\n\x00\xff\xfe garbage \x01\x02\r\n\r\n")

        def _whole(self, status: str, kind: str, body: bytes) -> None:
            self._head(status, f"Content-Type: {kind}", f"Content-Length: {len(body)}")
            self._raw(body)

        def _not_xml(self) -> None:
            self._whole("207 Multi-Status", "application/xml", b"{\"this\": [\"is json\"]}")

        def _html(self) -> None:
            self._whole("200 OK", "text/html", b"<!DOCTYPE html><html><body><h1>Welcome to "
                        b"the hotel Wi-Fi</h1><p>Sign in to continue.</p></body></html>")

        def _bomb(self) -> None:
            self._whole("207 Multi-Status", "application/xml", BOMB)

        def _xxe(self) -> None:
            body = (b'<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM "file://'
                    + str(proxy.secret).encode() + b'">]>\n' + MULTISTATUS_OPEN
                    + b"<d:response><d:href>/x.ics</d:href><d:propstat><d:prop><d:getetag>"
                    b"&x;</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status>"
                    b"</d:propstat></d:response></d:multistatus>")
            self._whole("207 Multi-Status", "application/xml", body)

        def _dribble_body(self) -> None:
            self._head("207 Multi-Status", "Content-Type: application/xml",
                       "Content-Length: 1000000")
            for byte in MULTISTATUS_OPEN * 100:
                if proxy.release.wait(DRIBBLE_S):
                    return
                self._raw(bytes([byte]))

        def _endless(self) -> None:
            self._head("207 Multi-Status", "Content-Type: application/xml")
            self._raw(MULTISTATUS_OPEN)
            block = b"<d:response><d:href>/ann/x.ics</d:href></d:response>" * 1000
            while not proxy.release.is_set():
                self._raw(block)

        def _dribble_header(self) -> None:
            self._raw(b"HTTP/1.1 207 Multi-Status\r\n")
            for byte in b"X-Slow: " + b"z" * 10_000:
                if proxy.release.wait(DRIBBLE_S):
                    return
                self._raw(bytes([byte]))

        def _redirect(self) -> None:
            where = f"http://localhost:{proxy.server.server_address[1]}{self.path}"
            self._head("307 Temporary Redirect", f"Location: {where}", "Content-Length: 0")

        def _moved(self) -> None:
            where = f"{proxy.url}{self.path}"
            self._head("307 Temporary Redirect", f"Location: {where}", "Content-Length: 0")

        def _bearer(self) -> None:
            self._head("401 Unauthorized", 'WWW-Authenticate: Bearer realm="tasks"',
                       "Content-Length: 0")

        do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_MKCALENDAR = _any
        do_OPTIONS = do_HEAD = do_POST = do_PROPPATCH = do_MKCOL = _any

    return Handler


def run_cli(data_dir: Path, *args: str, env: dict[str, str] | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``stepwise ARGS`` as a subprocess with its own data directory."""
    import os

    full = {**os.environ, "STEPWISE_DATA_DIR": str(data_dir), **(env or {})}
    return subprocess.run([sys.executable, "-m", "app", *args], env=full, text=True,
                          capture_output=True, timeout=timeout, check=False)


__all__ = ["Fault", "FaultProxy", "Phone", "Xandikos", "free_port", "run_cli", "start"]
