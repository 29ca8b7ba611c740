"""``app.net.session``: the caldav library's DAVClient on the bounded client, against a
scripted loopback server (the real server: tests/app/calendar/test_caldav.py)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import suppress
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from app.net.bounded import Client, TooSlow
from app.net.session import Session

pytestmark = pytest.mark.timeout(60)

PROPFIND = (b'<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"><d:response>'
            b"<d:href>/cal/</d:href><d:propstat><d:prop><d:displayname>Work</d:displayname>"
            b"</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
            b"</d:multistatus>")


class Handler(BaseHTTPRequestHandler):
    dribble = False

    def log_message(self, *args: Any) -> None:
        pass

    def do_PROPFIND(self) -> None:  # noqa: N802 - the HTTP method's name
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(207)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(PROPFIND)))
        self.end_headers()
        if not self.dribble:
            self.wfile.write(PROPFIND)
            return
        with suppress(OSError):  # the client hangs up at its deadline
            for byte in PROPFIND:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(0.2)


@pytest.fixture
def server() -> Iterator[ThreadingHTTPServer]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd
    Handler.dribble = False
    httpd.shutdown()
    httpd.server_close()


def _url(server: ThreadingHTTPServer) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/cal/"


def test_the_library_reads_through_the_session(server: ThreadingHTTPServer) -> None:
    from caldav.davclient import DAVClient

    client = DAVClient(url=_url(server), enable_rfc6764=False)
    client.session.close()
    client.session = Session(Client(_url(server), "", "", 5))
    try:
        answer = client.propfind(_url(server), "<d:propfind xmlns:d='DAV:'/>", depth=0)
    finally:
        client.close()
    assert answer.status == 207 and b"Work" in answer.raw.encode()


def test_a_response_has_what_the_library_reads(server: ThreadingHTTPServer) -> None:
    session = Session(Client(_url(server), "", "", 5))
    try:
        got = session.request("PROPFIND", _url(server), data=b"<x/>", headers={"Depth": "0"},
                              auth=object(), timeout=99, proxies=None, verify=True)
    finally:
        session.close()
    assert (got.status_code, got.reason) == (207, "Multi-Status")
    assert got.headers["Content-Type"] == "application/xml" and "Work" in got.text


def test_a_dribbling_server_is_cut_at_the_deadline(server: ThreadingHTTPServer) -> None:
    Handler.dribble = True
    session = Session(Client(_url(server), "", "", 1))
    started = time.monotonic()
    with pytest.raises(TooSlow, match="did not finish its answer within 1 s"):
        session.request("PROPFIND", _url(server), data=b"<x/>")
    assert time.monotonic() - started < 2
    session.close()
