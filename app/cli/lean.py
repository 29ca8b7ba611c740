"""The lean path of ``stepwise list`` and ``stepwise show``: the same bytes, fewer imports.

``app.cli.start.main`` asks ``run_lean`` first, before importing the parser. When the command
line is one this path reads exactly (``[--db P] [--data-dir D] list [--all] [--json]`` or
``… show ID [--json]``, nothing abbreviated or unknown) and the database is ready as it is
(``app.lean.reads.connect``), it answers with the standard ``sqlite3`` module and the
shared formatting (``app.tasks.formatting``), never importing Peewee, dateparser, httpx2 or
pydantic. Anything else — a usage error, a missing task, a file to migrate, create or
refuse, an unusual row, a SQLite error — returns None, and the full path runs the
command as before (and so prints the same message and exits with the same code).
"""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

MAX_ID = 2**63 - 1  # as app.cli.args.row_id
_GLOBAL = ("--db", "--data-dir")


class Request(NamedTuple):
    """A listing the lean path can answer: the command, its options and its database.

    A NamedTuple, not a dataclass: ``dataclasses`` alone costs this path ~5 ms of imports.
    """

    command: str
    as_json: bool = False
    include_closed: bool = False
    task_id: int = 0
    db: str | None = None
    data_dir: str | None = None


def read_request(argv: Sequence[str]) -> Request | None:
    """The lean request ``argv`` makes, or None when the full parser must read it."""
    if any(_has_surrogate(arg) for arg in argv):
        return None  # the full path names the undecodable argument
    chosen: dict[str, str] = {}
    at = 0
    while at < len(argv) and argv[at].split("=", 1)[0] in _GLOBAL:
        name, is_joined, value = argv[at].partition("=")
        if not is_joined:
            if at + 1 >= len(argv) or argv[at + 1].startswith("-"):
                return None
            at, value = at + 1, argv[at + 1]
        chosen[name] = value
        at += 1
    if at >= len(argv):
        return None
    return _command(argv[at], argv[at + 1:], chosen.get("--db"), chosen.get("--data-dir"))


def _command(name: str, rest: Sequence[str], db: str | None, data_dir: str | None
             ) -> Request | None:
    flags = {arg for arg in rest if arg.startswith("-")}
    words = [arg for arg in rest if not arg.startswith("-")]
    if name == "list" and not words and flags <= {"--all", "--json"}:
        return Request("list", "--json" in flags, "--all" in flags, db=db, data_dir=data_dir)
    if name == "show" and len(words) == 1 and flags <= {"--json"}:
        task_id = _row_id(words[0])
        if task_id is not None:
            return Request("show", "--json" in flags, task_id=task_id, db=db,
                           data_dir=data_dir)
    return None


def _row_id(text: str) -> int | None:
    if not (text.isascii() and text.isdigit()):
        return None  # "+5", " 5", "٥": app.cli.args.row_id decides
    value = int(text)
    return value if 1 <= value <= MAX_ID else None


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= char <= "\udfff" for char in text)


def run_lean(argv: Sequence[str]) -> int | None:
    """Answer ``argv`` on the lean path and return the exit status, or None to leave it
    to the full path (nothing has been printed then)."""
    request = read_request(argv)
    if request is None:
        return None
    from app.config import paths

    paths.configure(request.data_dir, request.db)
    try:
        text = answer(request, paths.db_path())
    except sqlite3.Error:
        return None  # the full path opens the file its own way and names the problem
    if text is None:
        return None
    return _write(text)


def answer(request: Request, path: Any) -> str | Iterator[bytes] | None:
    """What the full path would print for ``request`` on the database at ``path`` (bytes:
    UTF-8 pieces for stdout's own buffer), or None when only the full path may answer."""
    from contextlib import closing

    from app.lean import reads as lean_reads

    conn = lean_reads.connect(path)
    if conn is None:
        return None
    with closing(conn):
        try:
            if request.command == "list":
                return _list_text(conn, request)
            return _show_text(conn, request)
        except lean_reads.Unusual:
            return None


def _list_text(conn: sqlite3.Connection, request: Request) -> str | Iterator[bytes]:
    from app.lean import reads as lean_reads

    if request.as_json:
        from app.lean.listing import list_bytes, list_json
        from app.lean.rows_json import dumps_listing, utf8_stdout

        if utf8_stdout():
            data = list_bytes(conn, request.include_closed)
            if data is not None:
                return data
        return dumps_listing(list_json(conn, request.include_closed)) + "\n"
    from app.tasks.formatting import format_list
    from app.text import cleaned

    rows = lean_reads.list_rows(conn, request.include_closed)
    text = format_list(rows, lean_reads.sql.LIST_COLUMNS)
    if _only_safe_text(text, len(rows)):
        return text
    return format_list((cleaned(row) for row in rows), lean_reads.sql.LIST_COLUMNS)


def _only_safe_text(table: str, count: int) -> bool:
    """Whether ``table`` (of ``count`` rows) printed no character that ``cleaned`` would
    escape, so it is already what the full path prints from cleaned rows.

    Every string of a row that the table shows appears in it as it is, and the one it
    does not show (the problem) counts only by being empty or not, which escaping keeps.
    A shown newline would add a line, hence the count.
    """
    from app.text import shown

    lines = table.split("\n")
    if len(lines) != (count + 1 if count else 1) + 1:
        return False
    joined = "".join(lines)
    return shown(joined) == joined


def _show_text(conn: sqlite3.Connection, request: Request) -> str | None:
    from app.lean import reads as lean_reads

    data = lean_reads.task_detail(conn, request.task_id)
    if data is None:
        return None  # the full path says there is no such task
    if request.as_json:
        return _dumps(data) + "\n"
    from app.tasks.formatting import format_detail
    from app.text import cleaned

    return format_detail(cleaned(data))


def _dumps(data: Any) -> str:
    from app.text import dumps  # the one JSON style of the command line

    return dumps(data)


def _write(text: str | Iterator[bytes]) -> int:
    try:
        if isinstance(text, str):
            sys.stdout.write(text)
        else:
            _write_bytes(text)
        sys.stdout.flush()
    except BrokenPipeError:  # `stepwise list | head`, as app.cli.main.full
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _write_bytes(pieces: Iterator[bytes]) -> None:
    """UTF-8 ``pieces`` straight to stdout's buffer (a stream without one gets the text)."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(b"".join(pieces).decode("utf-8"))
        return
    sys.stdout.flush()
    buffer.writelines(pieces)
