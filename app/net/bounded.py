"""HTTP requests bounded in time and size, whatever the server sends.

A request has one deadline for all of it (connecting, sending, the headers, every chunk
of the body, a sign-in round, a redirect) and a byte cap. Every socket operation waits
at most until that deadline (a network backend of httpcore2 clamps its timeouts), so a
server that dribbles its headers or its body a byte a second ends in ``TooSlow`` and one
that streams without end in ``TooBig``: never a hang, never memory that grows. Sign-in
is Basic or Digest, chosen from the server's challenge (``UnsupportedScheme`` names any
other); redirects are followed on the same server only, never from https to http
(``RedirectRefused``), so the password never goes anywhere else. An http(s) proxy the
environment names (HTTPS_PROXY, HTTP_PROXY, NO_PROXY) is used, on the same bounded
sockets.

Blocking, on httpx2: one ``Client`` serves one thread at a time.
"""

from __future__ import annotations

import re
import time
import urllib.request
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpcore2
import httpx2

from app.errors import KnownError

MAX_BYTES = 64 * 2**20  # one answer (a multiget of 100 items, a listing of 100,000 etags)
MAX_REDIRECTS = 3
REDIRECTS = frozenset({301, 302, 303, 307, 308})
WRITE_CHUNK = 64 * 1024  # a write waits for the deadline between chunks, not per buffer
PORTS = {"http": 80, "https": 443}
_SCHEME = re.compile(r"(?:^|,)\s*([A-Za-z][\w.-]*)(?=\s|,|$)")


class NetError(KnownError):
    """A request that did not bring a whole HTTP answer; the message names the host."""


class TooSlow(NetError):
    """No complete answer before the request's deadline."""


class TooBig(NetError):
    """The answer was longer than the request's byte cap."""


class NoConnection(NetError):
    """No connection, or it broke before the answer was complete."""


class NotHttp(NetError):
    """What came back is not HTTP (or redirected in circles)."""


class RedirectRefused(NetError):
    """A redirect to another server, or from https to http."""


class UnsupportedScheme(NetError):
    """The server asks for a sign-in scheme other than Basic and Digest."""


@dataclass
class Allowance:
    """What the request under way may still spend: its deadline and byte cap."""

    host: str
    seconds: float = 0.0
    max_bytes: int = MAX_BYTES
    end: float = field(default_factory=time.monotonic)
    received: int = 0
    answered: bool = False

    def start(self, seconds: float, max_bytes: int) -> None:
        self.seconds, self.max_bytes = seconds, max_bytes
        self.end = time.monotonic() + seconds
        self.received, self.answered = 0, False

    def clamp(self, timeout: float | None, late: type[Exception]) -> float:
        """``timeout`` cut to the time left; ``late`` raised when none is left."""
        left = self.end - time.monotonic()
        if left <= 0:
            raise late(f"no answer within {self.seconds:g} s")
        return left if timeout is None else min(timeout, left)

    def count(self, size: int) -> None:
        """Bytes received.

        Raises:
            TooBig: more than ``max_bytes`` in all.
        """
        self.received += size
        if self.received > self.max_bytes:
            raise self.too_big()

    def too_big(self) -> TooBig:
        return TooBig(f"{self.host} sent more than {self.max_bytes // 2**20} MB in one "
                      "answer; Stepwise stopped reading there (the server may be broken, "
                      "try again later)")

    def too_slow(self) -> TooSlow:
        if not self.answered:
            return TooSlow(f"{self.host} did not answer within {self.seconds:g} s; the "
                           "server may be down or slow, try again later")
        return TooSlow(f"{self.host} did not finish its answer within {self.seconds:g} s "
                       f"({self.received:,} bytes came); the server may be overloaded or "
                       "broken, try again later")


class _Stream(httpcore2.NetworkStream):
    """A socket whose every read and write ends by the allowance's deadline."""

    def __init__(self, inner: httpcore2.NetworkStream, allowance: Allowance) -> None:
        self._inner, self._allowance = inner, allowance

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, self._allowance.clamp(timeout, httpcore2.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        view = memoryview(buffer)
        for start in range(0, len(view), WRITE_CHUNK):
            self._inner.write(bytes(view[start:start + WRITE_CHUNK]),
                              self._allowance.clamp(timeout, httpcore2.WriteTimeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, ssl_context: Any, server_hostname: str | None = None,
                  timeout: float | None = None) -> httpcore2.NetworkStream:
        late = self._allowance.clamp(timeout, httpcore2.ConnectTimeout)
        return _Stream(self._inner.start_tls(ssl_context, server_hostname, late),
                       self._allowance)

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class _Backend(httpcore2.NetworkBackend):
    """httpcore2's blocking sockets, each wrapped in a ``_Stream``."""

    def __init__(self, allowance: Allowance) -> None:
        self._inner, self._allowance = httpcore2.SyncBackend(), allowance

    def connect_tcp(self, host: str, port: int, timeout: float | None = None,
                    local_address: str | None = None,
                    socket_options: Iterable[Any] | None = None) -> httpcore2.NetworkStream:
        late = self._allowance.clamp(timeout, httpcore2.ConnectTimeout)
        return _Stream(self._inner.connect_tcp(host, port, late, local_address, socket_options),
                       self._allowance)

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


class _Counted(httpx2.SyncByteStream):
    """A response body whose bytes count against the allowance as they arrive (also the
    bodies httpx2 reads itself, such as a 401 in the middle of a Digest sign-in)."""

    def __init__(self, inner: httpx2.SyncByteStream, allowance: Allowance) -> None:
        self._inner, self._allowance = inner, allowance

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self._inner:
            self._allowance.count(len(chunk))
            yield chunk

    def close(self) -> None:
        self._inner.close()


class _Transport(httpx2.HTTPTransport):
    """httpx2's transport on the bounded backend, through ``proxy`` if one is given."""

    def __init__(self, allowance: Allowance, proxy: str | None = None) -> None:
        super().__init__()
        self._allowance = allowance
        # HTTPTransport takes no network backend: its pool is remade with ours
        backend, tls = _Backend(allowance), httpx2.create_ssl_context()
        if proxy is None:
            self._pool = httpcore2.ConnectionPool(ssl_context=tls, network_backend=backend)
            return
        via = httpx2.Proxy(proxy)
        self._pool = httpcore2.HTTPProxy(
            proxy_url=httpcore2.URL(scheme=via.url.raw_scheme, host=via.url.raw_host,
                                    port=via.url.port, target=via.url.raw_path),
            proxy_auth=via.raw_auth, proxy_headers=via.headers.raw, ssl_context=tls,
            network_backend=backend)

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        response = super().handle_request(request)
        assert isinstance(response.stream, httpx2.SyncByteStream)
        return httpx2.Response(response.status_code, headers=response.headers,
                               stream=_Counted(response.stream, self._allowance),
                               extensions=response.extensions)


@dataclass(frozen=True)
class Reply:
    """A whole HTTP answer (the body only of a 2xx; others are not read)."""

    status: int
    headers: httpx2.Headers
    body: bytes
    url: str

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


class Client:
    """Requests to one server as one user; ``timeout`` is the deadline of each request
    (callers may raise it for a request they know is long)."""

    def __init__(self, url: str, user: str, password: str, timeout: float) -> None:
        self.host = urlsplit(url).netloc or url
        self.timeout = timeout
        self.user, self._password = user, password
        self._allowance = Allowance(self.host)
        self._auth: httpx2.Auth | None = None
        # trust_env=False: httpx2 would give the environment's proxy a transport of its own,
        # not bounded; _Transport takes it instead
        self._http = httpx2.Client(transport=_Transport(self._allowance, proxy_for(url)),
                                   trust_env=False, follow_redirects=False)

    def close(self) -> None:
        self._http.close()

    def request(self, url: str, method: str = "GET", body: str | bytes = b"",
                headers: dict[str, str] | None = None, *, max_bytes: int = MAX_BYTES) -> Reply:
        """One request, sign-in and same-server redirects included, within ``timeout``.

        Raises:
            NetError: no whole answer in time or in size, no connection, not HTTP, a
                redirect elsewhere, or a sign-in scheme other than Basic and Digest.
        """
        content = body.encode("utf-8") if isinstance(body, str) else body
        self._allowance.start(self.timeout, max_bytes)
        try:
            return self._follow(method, url, content, headers or {})
        except httpx2.TimeoutException:
            raise self._allowance.too_slow() from None
        except httpx2.ConnectError as exc:
            raise NoConnection(f"could not connect to {self.host} ({_short(exc)}); check "
                               "the address and your network") from None
        except httpx2.RemoteProtocolError:
            raise NotHttp(f"{self.host} answered with something that is not HTTP; is this "
                          "the address of the server?") from None
        except (httpx2.ReadError, httpx2.WriteError) as exc:
            if self._allowance.answered:
                raise NoConnection(f"{self.host} broke off its answer ({_short(exc)}); try "
                                   "again later") from None
            raise NoConnection(f"the connection to {self.host} broke ({_short(exc)}); try "
                               "again later") from None
        except httpx2.HTTPError as exc:
            raise NotHttp(f"{self.host} sent an answer that is not HTTP ({_short(exc)}); is "
                          "this the address of the server?") from None

    def _follow(self, method: str, url: str, body: bytes, headers: dict[str, str]) -> Reply:
        for _ in range(MAX_REDIRECTS + 1):
            reply = self._signed(method, url, body, headers)
            target = self._redirect(reply, url)
            if target is None:
                return reply
            if reply.status == 303:
                method, body = "GET", b""
            url = target
        raise NotHttp(f"{self.host} redirected more than {MAX_REDIRECTS} times; check the "
                      "address")

    def _signed(self, method: str, url: str, body: bytes, headers: dict[str, str]) -> Reply:
        reply = self._once(method, url, body, headers)
        if reply.status == 401 and self._auth is None and self.user:
            self._auth = self._auth_for(reply.headers.get_list("WWW-Authenticate"))
            if self._auth is not None:
                reply = self._once(method, url, body, headers)
        return reply

    def _once(self, method: str, url: str, body: bytes, headers: dict[str, str]) -> Reply:
        # each wait may take the whole deadline (it is clamped to what is left of it)
        request = self._http.build_request(method, url, content=body, headers=headers,
                                           timeout=httpx2.Timeout(self.timeout))
        response = self._http.send(request, auth=self._auth, stream=True)
        try:
            self._allowance.answered = True
            data = self._body(response) if 200 <= response.status_code < 300 else b""
        finally:
            response.close()
        return Reply(response.status_code, response.headers, data, str(response.url))

    def _body(self, response: httpx2.Response) -> bytes:
        """The decoded body, its size capped as it grows (a compressed body too)."""
        chunks, size = [], 0
        for chunk in response.iter_bytes():
            size += len(chunk)
            if size > self._allowance.max_bytes:
                raise self._allowance.too_big()
            chunks.append(chunk)
        return b"".join(chunks)

    def _auth_for(self, challenges: list[str]) -> httpx2.Auth | None:
        """Digest when offered, else Basic; None when the 401 names no scheme.

        Raises:
            UnsupportedScheme: the server offers neither.
        """
        schemes = [s.lower() for c in challenges for s in _SCHEME.findall(c)]
        if "digest" in schemes:
            return httpx2.DigestAuth(self.user, self._password)
        if "basic" in schemes:
            return httpx2.BasicAuth(self.user, self._password)
        if not schemes:
            return None
        named = ", ".join(sorted({s.capitalize() for s in schemes}))
        raise UnsupportedScheme(f"{self.host} asks for {named} sign-in, which Stepwise does "
                                "not do (it signs in with Basic or Digest: a user name and "
                                "a password); use an app password or another address of "
                                "the server that takes one")

    def _redirect(self, reply: Reply, url: str) -> str | None:
        """Where a redirect points, when it may be followed; None when it is no redirect.

        Raises:
            RedirectRefused: it points to another server, or from https to http.
        """
        location = reply.headers.get("Location")
        if reply.status not in REDIRECTS or not location:
            return None
        target = urljoin(url, location)
        old, new = urlsplit(url), urlsplit(target)
        if old.scheme == "https" and new.scheme != "https":
            raise RedirectRefused(f"{self.host} redirected from https to {new.scheme or '?'} "
                                  f"({_short(target)}); Stepwise does not send your account "
                                  "unencrypted: check the address")
        if not _same_server(old.scheme, old.hostname, old.port, new.scheme, new.hostname,
                            new.port):
            raise RedirectRefused(f"{self.host} redirected to another server "
                                  f"({new.netloc or '?'}); Stepwise does not follow it with "
                                  "your account: if the address moved, change it to the "
                                  "new one")
        return target


def proxy_for(url: str) -> str | None:
    """The http(s) proxy the environment names for ``url``, or None (none, NO_PROXY
    names the host, or a proxy of another kind, such as socks, which is not used)."""
    parts = urlsplit(url)
    proxy = urllib.request.getproxies().get(parts.scheme, "")
    if not proxy.lower().startswith(("http://", "https://")) or not parts.hostname:
        return None
    return None if urllib.request.proxy_bypass(parts.hostname) else proxy


def _same_server(scheme: str, host: str | None, port: int | None, new_scheme: str,
                 new_host: str | None, new_port: int | None) -> bool:
    """Same host, and the same port, or the move from http to https."""
    if new_scheme not in PORTS or not host or (new_host or "").lower() != host.lower():
        return False
    if scheme == "http" and new_scheme == "https":
        return True
    return (port or PORTS.get(scheme)) == (new_port or PORTS[new_scheme])


def _short(what: object) -> str:
    text = " ".join(str(what).split())
    return text[:160] + ("…" if len(text) > 160 else "")
