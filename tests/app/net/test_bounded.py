"""``app.net.bounded`` against scripted servers on loopback (raw sockets, so they can send
what no proper server would): deadlines, byte caps, sign-in, redirects."""

from __future__ import annotations

import gzip
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress

import httpx2
import pytest

from app.net.bounded import (
    Client,
    NoConnection,
    NotHttp,
    RedirectRefused,
    Reply,
    TooBig,
    TooSlow,
    UnsupportedScheme,
    proxy_for,
)

pytestmark = pytest.mark.timeout(60)

Script = Callable[[socket.socket, bytes], None]


@contextmanager
def serving(script: Script) -> Iterator[tuple[str, list[bytes]]]:
    """A loopback server that runs ``script`` on each connection's first request; yields
    its URL and the requests' heads as they came."""
    listener = socket.create_server(("127.0.0.1", 0))
    heads: list[bytes] = []
    stop = threading.Event()

    def one(conn: socket.socket) -> None:
        with conn, suppress(OSError):
            while not stop.is_set():
                head = _head(conn)
                if not head:
                    return
                heads.append(head)
                script(conn, head)

    def accept() -> None:
        with suppress(OSError):
            while not stop.is_set():
                conn, _ = listener.accept()
                threading.Thread(target=one, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/", heads
    finally:
        stop.set()
        listener.close()


def _head(conn: socket.socket) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data:
        more = conn.recv(65536)
        if not more:
            return b""
        data += more
    head, _, rest = data.partition(b"\r\n\r\n")
    length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                   if line.lower().startswith(b"content-length:")), 0)
    while len(rest) < length:
        rest += conn.recv(65536)
    return head


def answer(status: str, body: bytes = b"", *headers: str) -> Script:
    def script(conn: socket.socket, _head: bytes) -> None:
        conn.sendall(f"HTTP/1.1 {status}\r\nContent-Length: {len(body)}\r\n".encode()
                     + b"".join(h.encode() + b"\r\n" for h in headers) + b"\r\n" + body)
    return script


def dribble(first: bytes, then: bytes) -> Script:
    def script(conn: socket.socket, _head: bytes) -> None:
        conn.sendall(first)
        for byte in then:
            time.sleep(0.2)
            conn.sendall(bytes([byte]))
    return script


def test_a_plain_answer_comes_whole() -> None:
    with serving(answer("200 OK", b"hello", "ETag: \"e1\"")) as (url, heads):
        client = Client(url, "", "", 5)
        reply = client.request(url + "x.ics", "PUT", "BEGIN:VCALENDAR", {"If-Match": "*"})
        client.close()
    assert (reply.status, reply.text, reply.headers["ETag"]) == (200, "hello", '"e1"')
    assert heads[0].startswith(b"PUT /x.ics HTTP/1.1") and b"If-Match: *" in heads[0]


def test_a_dribbled_header_ends_at_the_deadline() -> None:
    with serving(dribble(b"HTTP/1.1 200 OK\r\n", b"X-Slow: " + b"z" * 100)) as (url, _):
        client = Client(url, "", "", 1)
        started = time.monotonic()
        with pytest.raises(TooSlow, match=r"127\.0\.0\.1:\d+ did not answer within 1 s"):
            client.request(url)
        assert time.monotonic() - started < 2
        client.close()


def test_a_dribbled_body_ends_at_the_deadline() -> None:
    script = dribble(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n", b"x" * 100)
    with serving(script) as (url, _):
        client = Client(url, "", "", 1)
        started = time.monotonic()
        with pytest.raises(TooSlow, match=r"did not finish its answer within 1 s \(\d bytes"):
            client.request(url)
        assert time.monotonic() - started < 2
        client.close()


def test_an_endless_body_stops_at_the_cap() -> None:
    def endless(conn: socket.socket, _head: bytes) -> None:
        conn.sendall(b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n")
        while True:
            conn.sendall(b"x" * 65536)

    with serving(endless) as (url, _):
        client = Client(url, "", "", 10)
        with pytest.raises(TooBig, match="more than 1 MB in one answer"):
            client.request(url, max_bytes=2**20)
        client.close()


def test_a_compressed_body_counts_as_it_unpacks() -> None:
    bomb = gzip.compress(b"\0" * 8 * 2**20)
    with serving(answer("200 OK", bomb, "Content-Encoding: gzip")) as (url, _):
        client = Client(url, "", "", 10)
        assert len(bomb) < 2**20
        with pytest.raises(TooBig):
            client.request(url, max_bytes=2**20)
        client.close()


def test_a_server_that_never_reads_bounds_the_upload() -> None:
    listener = socket.create_server(("127.0.0.1", 0))  # accepts, never reads
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/"
    client = Client(url, "", "", 1)
    started = time.monotonic()
    with pytest.raises(TooSlow):
        client.request(url, "PUT", b"x" * 64 * 2**20)
    assert time.monotonic() - started < 2
    client.close()
    listener.close()


def test_garbage_is_not_http() -> None:
    def garbage(conn: socket.socket, _head: bytes) -> None:
        conn.sendall(b"SSH-2.0-OpenSSH_9.6\r\n\x00\xff\r\n\r\n")
        conn.close()

    with serving(garbage) as (url, _):
        client = Client(url, "", "", 5)
        with pytest.raises(NotHttp, match="not HTTP"):
            client.request(url)
        client.close()


def test_no_server_is_no_connection() -> None:
    with socket.create_server(("127.0.0.1", 0)) as spare:
        url = f"http://127.0.0.1:{spare.getsockname()[1]}/"
    client = Client(url, "", "", 5)
    with pytest.raises(NoConnection, match="could not connect to 127.0.0.1"):
        client.request(url)
    client.close()


def _signing_in(scheme: str) -> Script:
    def script(conn: socket.socket, head: bytes) -> None:
        if b"Authorization: " + scheme.encode() in head:
            answer("200 OK", b"in")(conn, head)
        else:
            answer("401 Unauthorized", b"", f'WWW-Authenticate: {scheme} realm="r", '
                   'nonce="abc", qop="auth"')(conn, head)
    return script


@pytest.mark.parametrize("scheme", ["Basic", "Digest"])
def test_a_challenge_is_answered_and_the_scheme_kept(scheme: str) -> None:
    with serving(_signing_in(scheme)) as (url, heads):
        client = Client(url, "ann", "pw", 5)
        assert client.request(url).text == "in"
        assert client.request(url).text == "in"
        client.close()
    assert b"Authorization" not in heads[0]
    assert heads[-1].count(b"Authorization: " + scheme.encode()) == 1
    if scheme == "Digest":
        assert b'username="ann"' in heads[-1] and b"pw" not in heads[-1]


def test_a_bearer_challenge_is_refused_by_name() -> None:
    with serving(answer("401 Unauthorized", b"", 'WWW-Authenticate: Bearer realm="x"')) as (
            url, _):
        client = Client(url, "ann", "pw", 5)
        with pytest.raises(UnsupportedScheme, match="asks for Bearer sign-in"):
            client.request(url)
        client.close()


def test_without_a_user_a_401_is_the_answer() -> None:
    with serving(answer("401 Unauthorized", b"", 'WWW-Authenticate: Basic realm="x"')) as (
            url, _):
        client = Client(url, "", "", 5)
        assert client.request(url).status == 401
        client.close()


def test_a_redirect_on_the_same_server_is_followed() -> None:
    def moved(conn: socket.socket, head: bytes) -> None:
        if head.startswith(b"PROPFIND /old/"):
            answer("301 Moved", b"", "Location: /new/")(conn, head)
        else:
            answer("207 Multi-Status", b"<x/>")(conn, head)

    with serving(moved) as (url, heads):
        client = Client(url, "", "", 5)
        reply = client.request(url + "old/", "PROPFIND", "<a/>", {"Depth": "0"})
        client.close()
    assert (reply.status, reply.url) == (207, url + "new/")
    assert heads[1].startswith(b"PROPFIND /new/")


def test_a_redirect_to_another_server_is_refused() -> None:
    with serving(answer("302 Found", b"", "Location: http://evil.example/steal")) as (url, _):
        client = Client(url, "ann", "pw", 5)
        with pytest.raises(RedirectRefused, match=r"another server \(evil\.example\)"):
            client.request(url)
        client.close()


def test_redirect_body_stays() -> None:
    """A PUT of a task redirected (307, which keeps the body) to another real server:
    refused before anything reaches it."""
    with serving(answer("200 OK", b"")) as (other, reached), \
            serving(answer("307 Temporary Redirect", b"", f"Location: {other}steal")) as (
                url, _):
        client = Client(url, "ann", "pw", 5)
        with pytest.raises(RedirectRefused, match="another server"):
            client.request(url + "task.ics", "PUT", "SUMMARY:Salary review")
        client.close()
    assert reached == []


def _redirect(url: str, location: str) -> str | None:
    client = Client(url, "", "", 5)
    try:
        return client._redirect(Reply(307, httpx2.Headers({"Location": location}), b"", url),
                                url)
    finally:
        client.close()


def test_https_to_http_is_refused_and_http_to_https_followed() -> None:
    with pytest.raises(RedirectRefused, match="from https to http"):
        _redirect("https://dav.example/a/", "http://dav.example/a/")
    assert _redirect("http://dav.example/a/", "https://dav.example/a/") == \
        "https://dav.example/a/"
    with pytest.raises(RedirectRefused):
        _redirect("https://dav.example/a/", "https://dav.example:8443/a/")
    assert _redirect("https://dav.example/a/", "b/") == "https://dav.example/a/b/"


def test_the_environments_proxy_carries_the_request(monkeypatch: pytest.MonkeyPatch) -> None:
    with serving(answer("200 OK", b"via proxy")) as (proxy, heads):
        monkeypatch.setenv("http_proxy", proxy)
        monkeypatch.setenv("no_proxy", "")
        client = Client("http://dav.example/", "", "", 5)
        assert client.request("http://dav.example/x.ics").text == "via proxy"
        client.close()
    assert heads[0].startswith(b"GET http://dav.example/x.ics HTTP/1.1")


def test_no_proxy_and_socks_proxies_are_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("https_proxy", "http://proxy.example:3128")
    monkeypatch.setenv("no_proxy", "intranet.example")
    assert proxy_for("https://dav.example/a/") == "http://proxy.example:3128"
    assert proxy_for("https://intranet.example/a/") is None
    monkeypatch.setenv("https_proxy", "socks5://proxy.example:1080")
    assert proxy_for("https://dav.example/a/") is None
