"""A fake model server for tests: OpenAI and Ollama shapes on loopback, replies scripted.

A real HTTP/1.1 server (keep-alive, chunked streaming) on 127.0.0.1 and a free port, run
in a background thread; use it as a context manager or through the ``server`` fixture.
Tests queue behaviours (``reply``, ``drip``, ``status``, ``hang``, ``cut``, ``drop``,
``malformed``, ``whole``, ``raw``); each chat request takes the next one, or the default reply
when the queue is empty. The server records every request and counts open connections so
tests can check retries and leaks; stopping it releases hanging handlers and closes every
socket.
"""

from __future__ import annotations

import json
import select
import socket
import sys
import threading
import time
from collections import deque
from contextlib import suppress
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MODELS = ("fake-small", "fake-large")
DEFAULT_TEXT = "Hello from the fake model."
USAGE = (11, 7)  # prompt and completion tokens every reply reports
# What a socket raises when the client has gone away; not an error of the server's.
_GONE = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)


@dataclass(frozen=True)
class Behaviour:
    """How the server answers one chat request (build one with the functions below)."""

    kind: str  # reply, status, hang, cut, drop, malformed, whole or raw
    text: str = DEFAULT_TEXT
    chunk_size: int = 4
    delay_s: float = 0.0  # before each chunk
    status: int = 200
    body: str = ""  # a status's error text; "{key}" becomes the bearer key the client sent
    headers: tuple[tuple[str, str], ...] = ()  # a status's extra headers
    after_chunks: int = 0  # cut and malformed: valid chunks sent first
    abrupt: bool = True  # cut: close the socket, or else end the body without the end marker
    writes: tuple[bytes, ...] = ()  # raw: the body's bytes, each write its own HTTP chunk


def reply(text: str = DEFAULT_TEXT, *, chunk_size: int = 4, delay_s: float = 0.0) -> Behaviour:
    """Stream ``text`` in pieces of ``chunk_size`` characters (one JSON body if not streamed)."""
    return Behaviour("reply", text=text, chunk_size=chunk_size, delay_s=delay_s)


def drip(tokens: int = 400, *, per_s: float = 20.0, token: str = "tok ") -> Behaviour:
    """A slow stream: ``tokens`` tokens at ``per_s`` a second."""
    return Behaviour("reply", text=token * tokens, chunk_size=len(token), delay_s=1.0 / per_s)


def status(code: int, body: str = "", *, retry_after: str | None = None,
           location: str | None = None) -> Behaviour:
    """Answer with an HTTP error (or redirect) status and the API's error shape."""
    headers = {"Retry-After": retry_after, "Location": location}
    return Behaviour("status", status=code, body=body or f"fake status {code}",
                     headers=tuple((name, v) for name, v in headers.items() if v is not None))


def reject_response_format() -> Behaviour:
    """A server without structured output, as vLLM or an old llama.cpp would answer."""
    return status(400, "Unrecognized request argument supplied: response_format")


def hang() -> Behaviour:
    """Read the request and never answer (until the client leaves or the server stops)."""
    return Behaviour("hang")


def cut(text: str = DEFAULT_TEXT, *, after_chunks: int = 2, chunk_size: int = 4,
        abrupt: bool = True) -> Behaviour:
    """Stream ``after_chunks`` chunks, then close the socket (or end without the end marker)."""
    return Behaviour("cut", text=text, chunk_size=chunk_size, after_chunks=after_chunks,
                     abrupt=abrupt)


def drop() -> Behaviour:
    """Close the connection without answering, as a server does with a stale keep-alive."""
    return Behaviour("drop")


def malformed(*, after_chunks: int = 0) -> Behaviour:
    """Stream ``after_chunks`` good chunks, then a line that is not JSON."""
    return Behaviour("malformed", after_chunks=after_chunks)


def whole(text: str = DEFAULT_TEXT) -> Behaviour:
    """Ignore ``stream: true`` and answer with one JSON body."""
    return Behaviour("whole", text=text)


def raw(*writes: bytes, delay_s: float = 0.0) -> Behaviour:
    """Stream exactly these bytes (``delay_s`` before each write) in the API's stream type:
    for framing tests, events split or joined anywhere."""
    return Behaviour("raw", writes=writes, delay_s=delay_s)


@dataclass(frozen=True)
class Recorded:
    """One request as the server saw it."""

    method: str
    path: str
    headers: dict[str, str]  # lower-case names
    body: Any  # the parsed JSON, the raw text if it was not JSON, or None
    at: float  # time.monotonic() when it arrived


class _OpenAI:
    """The OpenAI chat-completions wire format."""

    stream_type = "text/event-stream"

    @staticmethod
    def _event(data: dict[str, Any]) -> bytes:
        return b"data: " + json.dumps(data).encode() + b"\n\n"

    def frame(self, content: str, model: str) -> bytes:
        return self._event({"id": "chatcmpl-fake", "object": "chat.completion.chunk",
                            "created": 0, "model": model, "choices": [
                                {"index": 0, "delta": {"content": content},
                                 "finish_reason": None}]})

    def end(self, model: str, request: dict[str, Any]) -> bytes:
        out = self._event({"id": "chatcmpl-fake", "object": "chat.completion.chunk",
                           "model": model, "choices": [
                               {"index": 0, "delta": {}, "finish_reason": "stop"}]})
        if (request.get("stream_options") or {}).get("include_usage"):
            out += self._event({"id": "chatcmpl-fake", "model": model, "choices": [],
                                "usage": _openai_usage()})
        return out + b"data: [DONE]\n\n"

    def garbage(self) -> bytes:
        return b"data: {this is not json\n\n"

    def whole(self, text: str, model: str) -> dict[str, Any]:
        return {"id": "chatcmpl-fake", "object": "chat.completion", "model": model,
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                             "finish_reason": "stop"}], "usage": _openai_usage()}

    def error(self, message: str) -> dict[str, Any]:
        return {"error": {"message": message, "type": "invalid_request_error"}}


class _Ollama:
    """Ollama's native chat wire format."""

    stream_type = "application/x-ndjson"

    def frame(self, content: str, model: str) -> bytes:
        return _line({"model": model, "created_at": "2026-01-01T00:00:00Z",
                      "message": {"role": "assistant", "content": content}, "done": False})

    def end(self, model: str, request: dict[str, Any]) -> bytes:
        return _line(self.whole("", model))

    def garbage(self) -> bytes:
        return b"this is not json\n"

    def whole(self, text: str, model: str) -> dict[str, Any]:
        return {"model": model, "created_at": "2026-01-01T00:00:00Z",
                "message": {"role": "assistant", "content": text}, "done": True,
                "done_reason": "stop", "prompt_eval_count": USAGE[0], "eval_count": USAGE[1]}

    def error(self, message: str) -> dict[str, Any]:
        return {"error": message}


def _openai_usage() -> dict[str, int]:
    return {"prompt_tokens": USAGE[0], "completion_tokens": USAGE[1],
            "total_tokens": sum(USAGE)}


def _line(data: dict[str, Any]) -> bytes:
    return json.dumps(data).encode() + b"\n"


_CHAT_ROUTES: dict[str, _OpenAI | _Ollama] = {
    "/v1/chat/completions": _OpenAI(),
    "/api/chat": _Ollama(),
}


class _Stopped(Exception):
    """The server is stopping: the handler gives up its connection."""


class FakeModelServer:
    """The fake server; ``start()``/``stop()`` or ``with FakeModelServer() as server``."""

    def __init__(self, *, default: Behaviour | None = None,
                 models: tuple[str, ...] = MODELS) -> None:
        self.default = default or reply()
        self.models = models
        self.errors: list[BaseException] = []  # unexpected failures inside handlers
        self.connections_opened = 0
        self.stopping = threading.Event()
        self._changed = threading.Condition()  # guards the fields below; notified on change
        self._queue: deque[Behaviour] = deque()
        self._requests: list[Recorded] = []
        self._open: set[socket.socket] = set()
        self._httpd: _HTTPServer | None = None
        self._thread: threading.Thread | None = None

    def __enter__(self) -> FakeModelServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def start(self) -> FakeModelServer:
        self._httpd = _HTTPServer(self)
        self._thread = threading.Thread(target=self._httpd.serve_forever,
                                        kwargs={"poll_interval": 0.05},
                                        name="fake-model-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop accepting, release every handler, close every socket and join the threads."""
        httpd, thread = self._httpd, self._thread
        if httpd is None or thread is None:
            return
        self.stopping.set()
        httpd.shutdown()
        with self._changed:
            sockets = list(self._open)
        for sock in sockets:  # wakes handlers blocked reading the next keep-alive request
            with suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        httpd.server_close()  # joins the handler threads
        thread.join()
        self._httpd = self._thread = None

    @property
    def port(self) -> int:
        assert self._httpd is not None, "the server is not running"
        return int(self._httpd.server_address[1])

    @property
    def url(self) -> str:
        """The server root, as Ollama's base URL."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def openai_url(self) -> str:
        return f"{self.url}/v1"

    def script(self, *behaviours: Behaviour) -> None:
        """Queue how the next chat requests are answered, in order."""
        with self._changed:
            self._queue.extend(behaviours)

    @property
    def requests(self) -> list[Recorded]:
        with self._changed:
            return list(self._requests)

    @property
    def chat_requests(self) -> list[Recorded]:
        return [r for r in self.requests if r.path in _CHAT_ROUTES]

    @property
    def open_connections(self) -> int:
        with self._changed:
            return len(self._open)

    def wait_open_connections(self, at_most: int, timeout: float) -> bool:
        """Block until at most ``at_most`` connections are open; False if that took too long."""
        with self._changed:
            return self._changed.wait_for(lambda: len(self._open) <= at_most, timeout)

    # Called from the server's threads.

    def next_behaviour(self) -> Behaviour:
        with self._changed:
            return self._queue.popleft() if self._queue else self.default

    def record(self, request: Recorded) -> None:
        with self._changed:
            self._requests.append(request)
            self._changed.notify_all()

    def opened(self, sock: socket.socket) -> None:
        with self._changed:
            self._open.add(sock)
            self.connections_opened += 1
            self._changed.notify_all()

    def closed(self, sock: socket.socket) -> None:
        with self._changed:
            self._open.discard(sock)
            self._changed.notify_all()


class _HTTPServer(ThreadingHTTPServer):
    """A threading HTTP server that tells its FakeModelServer about every connection."""

    # server_close() joins only non-daemon handler threads, and stop() releases them all first.
    daemon_threads = False
    block_on_close = True
    request_queue_size = 256  # a hundred clients connect at once in the cancellation tests

    def __init__(self, fake: FakeModelServer) -> None:
        self.fake = fake
        super().__init__(("127.0.0.1", 0), _Handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        self.fake.opened(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        super().shutdown_request(request)  # closes the socket
        self.fake.closed(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        exc = sys.exc_info()[1]
        if exc is not None and not isinstance(exc, _GONE):
            self.fake.errors.append(exc)


class _Handler(BaseHTTPRequestHandler):
    """Answers one connection's requests (HTTP/1.1, so several in turn)."""

    protocol_version = "HTTP/1.1"
    server: _HTTPServer

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the tests read ``requests`` instead."""

    def do_GET(self) -> None:
        fake = self.server.fake
        self._record(None)
        names = fake.models
        if self.path == "/v1/models":
            self._send_json(200, {"object": "list", "data": [
                {"id": name, "object": "model", "owned_by": "fake"} for name in names]})
        elif self.path == "/api/tags":
            self._send_json(200, {"models": [{"name": name, "model": name} for name in names]})
        else:
            self._send_json(404, {"error": f"no route {self.path}"})

    def do_POST(self) -> None:
        body = self._read_body()
        self._record(body)
        api = _CHAT_ROUTES.get(self.path)
        if api is None:
            self._send_json(404, {"error": f"no route {self.path}"})
            return
        request = body if isinstance(body, dict) else {}
        try:
            self._play(api, self.server.fake.next_behaviour(), request)
        except (_Stopped, *_GONE):
            self.close_connection = True

    def _play(self, api: _OpenAI | _Ollama, behaviour: Behaviour, request: dict[str, Any]
              ) -> None:
        model = str(request.get("model", "fake-small"))
        kind = behaviour.kind
        if kind == "reply" and request.get("stream") is False:
            kind = "whole"
        if kind == "status":
            self._send_status(api, behaviour)
        elif kind == "whole":
            self._send_json(200, api.whole(behaviour.text, model))
        elif kind == "hang":
            self._hang()
        elif kind == "drop":
            self.close_connection = True
        else:
            self._stream(api, behaviour, model, request)

    def _send_status(self, api: _OpenAI | _Ollama, behaviour: Behaviour) -> None:
        key = self.headers.get("Authorization", "").removeprefix("Bearer ")
        self._send_json(behaviour.status, api.error(behaviour.body.replace("{key}", key)),
                        dict(behaviour.headers))

    def _stream(self, api: _OpenAI | _Ollama, behaviour: Behaviour, model: str,
                request: dict[str, Any]) -> None:
        self.send_response(200)
        self.send_header("Content-Type", api.stream_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        if behaviour.kind == "raw":
            self._raw(behaviour)
            return
        text, size = behaviour.text, behaviour.chunk_size
        pieces = [text[i:i + size] for i in range(0, len(text), size)]
        if behaviour.kind != "reply":
            pieces = pieces[:behaviour.after_chunks]
        for piece in pieces:
            if behaviour.delay_s and self.server.fake.stopping.wait(behaviour.delay_s):
                raise _Stopped
            self._chunk(api.frame(piece, model))
        if behaviour.kind == "cut" and behaviour.abrupt:
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return
        if behaviour.kind == "reply":
            self._chunk(api.end(model, request))
        elif behaviour.kind == "malformed":
            self._chunk(api.garbage())
        self.wfile.write(b"0\r\n\r\n")

    def _raw(self, behaviour: Behaviour) -> None:
        for data in behaviour.writes:
            if behaviour.delay_s and self.server.fake.stopping.wait(behaviour.delay_s):
                raise _Stopped
            self._chunk(data)
        self.wfile.write(b"0\r\n\r\n")

    def _chunk(self, data: bytes) -> None:
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))

    def _hang(self) -> None:
        """Answer nothing until the client leaves or the server stops."""
        while not self.server.fake.stopping.wait(0.02):
            if _client_gone(self.connection):
                break
        self.close_connection = True

    def _send_json(self, code: int, data: dict[str, Any],
                   headers: dict[str, str] | None = None) -> None:
        raw = json.dumps(data).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(raw)

    def _read_body(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return raw.decode("utf-8", "replace")

    def _record(self, body: Any) -> None:
        headers = {name.lower(): value for name, value in self.headers.items()}
        self.server.fake.record(Recorded(self.command, self.path, headers, body,
                                         time.monotonic()))


def _client_gone(sock: socket.socket) -> bool:
    """Whether the peer closed ``sock`` (it is readable yet has nothing to read)."""
    readable, _, _ = select.select([sock], [], [], 0)
    if not readable:
        return False
    try:
        return sock.recv(1, socket.MSG_PEEK) == b""
    except OSError:
        return True
