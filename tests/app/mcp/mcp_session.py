"""A real MCP client session against ``stepwise mcp`` (the SDK's stdio client), for the
tests and for ``scripts/mcp-transcript``: each call is recorded with its JSON reply."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.types import Implementation

ROOT = Path(__file__).resolve().parents[3]
CLIENT = "Test Agent"


@dataclass
class Reply:
    is_error: bool
    data: Any

    @property
    def code(self) -> str | None:
        return self.data["error"]["code"] if self.is_error else None


@dataclass
class Session:
    client: ClientSession
    transcript: list[tuple[str, dict[str, Any], Reply]] = field(default_factory=list)

    async def call(self, tool: str, **arguments: Any) -> Reply:
        result = await self.client.call_tool(tool, arguments)
        data = result.structured_content
        if data is None:  # the SDK's own refusals (none expected): text only
            data = {"error": {"code": None, "message": result.content[0].text}}  # type: ignore[union-attr]
        reply = Reply(bool(result.is_error), data)
        self.transcript.append((tool, arguments, reply))
        return reply

    async def resource(self, uri: str) -> Any:
        read = await self.client.read_resource(uri)
        return json.loads(read.contents[0].text)  # type: ignore[union-attr]


def server_parameters(db: Path, env: dict[str, str]) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable,
                                 args=["-m", "app", "--db", str(db), "mcp"],
                                 env=env, cwd=str(ROOT))


@asynccontextmanager
async def session(db: Path, env: dict[str, str], name: str = CLIENT
                  ) -> AsyncIterator[Session]:
    """A started, initialized session of a client called ``name``."""
    with open(os.devnull, "w") as quiet:
        async with stdio_client(server_parameters(db, env), errlog=quiet) as (read, write):
            async with ClientSession(read, write, read_timeout_seconds=60,
                                     client_info=Implementation(name=name, version="1")
                                     ) as client:
                await client.initialize()
                yield Session(client)


def run(db: Path, env: dict[str, str], scenario: Callable[[Session], Awaitable[None]],
        name: str = CLIENT) -> Session:
    """Run ``scenario`` in one session; returns the session with its transcript."""
    kept: list[Session] = []

    async def main() -> None:
        async with session(db, env, name) as s:
            kept.append(s)
            await scenario(s)

    asyncio.run(main())
    return kept[0]


def fingerprint(db: Path) -> list[str]:
    """Every row of the database, as SQL: equal before and after means nothing changed."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as connection:
        return list(connection.iterdump())


def transcript_text(s: Session, width: int = 400) -> str:
    """The session as request and reply lines (long replies cut)."""
    lines = []
    for tool, arguments, reply in s.transcript:
        lines.append(f"→ {tool} {json.dumps(arguments, ensure_ascii=False)}")
        text = json.dumps(reply.data, ensure_ascii=False)
        lines.append(f"← {'error ' if reply.is_error else ''}"
                     f"{text if len(text) <= width else text[:width] + ' …'}")
    return "\n".join(lines)
