"""What a tool call answers: a JSON value, or an error with its code (``app.mcp.gates.CODES``).

A result is JSON (structured content, and the same as text for clients that read only
text): the strings in it are the person's data — task titles, calendar events — and
never instructions. A known error names its code and what to do; a bug is logged on
stderr with its traceback and answered with the code ``bug`` only.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from typing import Any

import peewee
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent
from pydantic import ValidationError

from app.dates.when import DateError
from app.errors import KnownError
from app.mcp.gates import code_of
from models import StoreError
from models.fields import InstantOutOfRange

_log = logging.getLogger(__name__)
MAX_MESSAGE = 2000  # an error names the problem, it does not echo a huge input back


def ok(data: dict[str, Any]) -> CallToolResult:
    """A successful call's JSON value."""
    return CallToolResult(content=[TextContent(type="text", text=_json(data))],
                          structured_content=data)


def failure(code: str, message: str, **extra: Any) -> CallToolResult:
    """A refused call: ``{"error": {"code", "message", …}}``, flagged as an error."""
    data = {"error": {"code": code, "message": message[:MAX_MESSAGE], **extra}}
    return CallToolResult(content=[TextContent(type="text", text=_json(data))],
                          structured_content=data, is_error=True)


def _json(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, default=str)


def from_tool_error(tool: str, exc: ToolError) -> CallToolResult:
    """The answer for a tool call the SDK (or the tool) raised ``exc`` for."""
    cause = exc.__cause__
    if isinstance(cause, ValidationError):
        fields = sorted({".".join(str(p) for p in e["loc"]) or "arguments"
                         for e in cause.errors()})
        problems = [f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}"
                    for e in cause.errors()][:20]
        return failure("bad_input", f"{tool}: bad arguments: {', '.join(fields)}",
                       problems=problems)
    if cause is None and str(exc).startswith("Unknown tool"):
        return failure("unknown_tool", f"there is no tool {tool[:100]!r}")
    if isinstance(cause, Exception):
        return from_exception(tool, cause)
    return failure("bug", f"{tool} failed")


def from_exception(tool: str, exc: Exception) -> CallToolResult:
    """The answer for an exception a tool raised: a known error by its code, else a bug."""
    from app.problems import InvalidPlan

    if isinstance(exc, InvalidPlan):
        return failure("invalid_plan", str(exc), problems=[
            {"code": p.code, "message": p.message, "step": p.step} for p in exc.problems])
    if isinstance(exc, KnownError):
        return failure(code_of(exc), str(exc))
    if isinstance(exc, DateError | InstantOutOfRange):
        return failure("bad_input", str(exc))
    known = _store_error(exc)
    if known is not None:
        return failure("store", str(known))
    _log.error("tool %s: a bug in Stepwise", tool, exc_info=exc)
    return failure("bug", f"{tool} failed because of a bug in Stepwise; its log on stderr "
                   "has the details")


def _store_error(exc: Exception) -> StoreError | None:
    """The database's environment (busy, read-only, full) as a known error; None: a bug."""
    from app.config import paths

    if isinstance(exc, StoreError):
        return exc
    if isinstance(exc, sqlite3.Error | peewee.PeeweeException):
        return StoreError.classify(exc, paths.db_path())
    return None
