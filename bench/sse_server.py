"""A paced OpenAI-style streaming server, run as its own process by ``bench_stream``.

``python bench/sse_server.py TOKENS RATE`` listens on 127.0.0.1 and a free port, prints
the port on a line of its own, and answers every ``POST /v1/chat/completions`` with
``TOKENS`` tokens (or the request's ``max_tokens``, if smaller) as server-sent events,
one ``chat.completion.chunk`` event per token, at ``RATE`` tokens a second, then a
finish chunk, a usage chunk and ``data: [DONE]``. Token i is sent at ``i / RATE`` seconds
after the request arrived (an absolute schedule, so sleep overshoot does not add up).
It runs until it is terminated. It imports nothing from Stepwise, so its start-up and
its CPU stay out of the measuring process.
"""

from __future__ import annotations

import json
import random
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

WORDS = (" the", " plan", " step", " is", " to", " book", " a", " table", " for", " Friday",
         ",", ".", " and", " then", " call", " mum", " 先", "买", "菜", "，", "然后", "做饭",
         " we", " need", " three", " quotes", " before", " the", " deadline", "\n")


def tokens(count: int, seed: int = 1) -> list[str]:
    """``count`` word-sized tokens, the same for the same seed."""
    rng = random.Random(seed)
    return [rng.choice(WORDS) for _ in range(count)]


def _event(data: dict[str, Any]) -> bytes:
    return b"data: " + json.dumps(data, ensure_ascii=False).encode() + b"\n\n"


def _chunk(model: str, delta: dict[str, str], finish: str | None) -> bytes:
    return _event({"id": "chatcmpl-bench", "object": "chat.completion.chunk",
                   "created": 1_767_225_600, "model": model, "system_fingerprint": "fp_bench",
                   "choices": [{"index": 0, "delta": delta, "logprobs": None,
                                "finish_reason": finish}]})


class PacedServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, count: int, rate: float) -> None:
        self.count = count
        self.rate = rate
        super().__init__(("127.0.0.1", 0), _Handler)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # as model servers do: each token leaves at once
    server: PacedServer

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""

    def do_POST(self) -> None:
        arrived = time.monotonic()
        length = int(self.headers.get("Content-Length") or 0)
        request = json.loads(self.rfile.read(length) or b"{}")
        if self.path != "/v1/chat/completions":
            self.send_error(404)
            return
        model = str(request.get("model", "bench"))
        count = min(self.server.count, int(request.get("max_tokens") or self.server.count))
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self._write(_chunk(model, {"role": "assistant", "content": ""}, None))
        for i, token in enumerate(tokens(count)):
            wait = arrived + i / self.server.rate - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            self._write(_chunk(model, {"content": token}, None))
        usage = {"prompt_tokens": 12, "completion_tokens": count, "total_tokens": 12 + count}
        self._write(_chunk(model, {}, "stop")
                    + _event({"id": "chatcmpl-bench", "object": "chat.completion.chunk",
                              "model": model, "choices": [], "usage": usage})
                    + b"data: [DONE]\n\n")
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def _write(self, data: bytes) -> None:
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()


def main(argv: list[str]) -> None:
    server = PacedServer(int(argv[0]), float(argv[1]))
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main(sys.argv[1:])
