"""A scripted HTTP server on loopback for calendar tests: an .ics feed or a broken CalDAV.

``ScriptedServer`` answers every request by its current ``mode``:

- ``ics``: the calendar in ``body`` with an ETag and Last-Modified; a request whose
  If-None-Match matches gets 304 Not Modified;
- ``401``, ``500``: that status;
- ``hang``: no answer until the server stops (the client's timeout must fire);
- ``broken-xml``: a 207 Multi-Status whose XML is cut off (a broken CalDAV server);
- ``html``: a web page instead of a calendar.

It records each request's method, path and headers, and stops cleanly (releasing any
hanging handler) as a context manager.
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType

LAST_MODIFIED = "Tue, 01 Dec 2026 08:00:00 GMT"
BROKEN_XML = (b'<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:">'
              b"<d:response><d:href>/ann/work/</d:href><d:propstat><d:pr")


@dataclass(frozen=True)
class Seen:
    method: str
    path: str
    headers: dict[str, str]
    status: int


class ScriptedServer:
    """A threaded HTTP server on 127.0.0.1 and a free port."""

    def __init__(self, body: str = "", mode: str = "ics") -> None:
        self.body = body
        self.mode = mode
        self.seen: list[Seen] = []
        self.release = threading.Event()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True,
                                       kwargs={"poll_interval": 0.05})
        self.thread.start()

    @property
    def etag(self) -> str:
        return '"' + hashlib.sha1(self.body.encode()).hexdigest()[:16] + '"'

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(10)

    def __enter__(self) -> ScriptedServer:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()


def _handler_for(script: ScriptedServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base's name
            pass

        def _answer(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            if length:
                self.rfile.read(length)
            mode = script.mode
            if mode == "hang":
                script.seen.append(Seen(self.command, self.path, dict(self.headers), 0))
                script.release.wait(30)
                self.close_connection = True
                return
            status, headers, body = _reply(script, mode, self.headers.get("If-None-Match"))
            script.seen.append(Seen(self.command, self.path, dict(self.headers), status))
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_PROPFIND = do_REPORT = do_OPTIONS = _answer

    return Handler


def _reply(script: ScriptedServer, mode: str, if_none_match: str | None
           ) -> tuple[int, dict[str, str], bytes]:
    if mode == "ics":
        if if_none_match == script.etag:
            return 304, {"ETag": script.etag}, b""
        return 200, {"Content-Type": "text/calendar; charset=utf-8", "ETag": script.etag,
                     "Last-Modified": LAST_MODIFIED}, script.body.encode()
    if mode == "401":
        return 401, {"WWW-Authenticate": 'Basic realm="calendar"'}, b"unauthorized"
    if mode == "500":
        return 500, {"Content-Type": "text/plain"}, b"internal error"
    if mode == "broken-xml":
        return 207, {"Content-Type": "application/xml; charset=utf-8"}, BROKEN_XML
    if mode == "html":
        return 200, {"Content-Type": "text/html"}, b"<html><body>Sign in</body></html>"
    raise AssertionError(f"unknown mode {mode}")
