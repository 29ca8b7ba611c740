"""A stand-in for the niquests session of the ``caldav`` library's DAVClient, on the
bounded client (``app.net.bounded``), so the library's requests are bounded in time and
size as well.

The library's own sign-in objects, timeouts and proxies are ignored: the bounded client
signs in from the server's challenge itself and gives each request its deadline.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import httpx2

from app.net.bounded import Client


@dataclass(frozen=True)
class Response:
    """The parts of a niquests response that caldav reads."""

    status_code: int
    headers: httpx2.Headers
    content: bytes
    url: str

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", errors="replace")

    @property
    def reason(self) -> str:
        return httpx2.codes.get_reason_phrase(self.status_code)


class Session:
    """``request`` and ``close``, as caldav calls them on its session."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def request(self, method: str, url: str, data: bytes | str | None = None,
                headers: Mapping[str, str] | None = None, **_library: Any) -> Response:
        """One request of the library's.

        Raises:
            NetError: as ``Client.request`` does.
        """
        reply = self.client.request(url, method, data or b"", dict(headers or {}))
        return Response(reply.status, reply.headers, reply.body, reply.url)

    def close(self) -> None:
        self.client.close()
