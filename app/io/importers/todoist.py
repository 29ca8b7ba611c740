"""Todoist CSV backups (one project a file): TYPE, CONTENT, DESCRIPTION, PRIORITY,
INDENT, DATE, DATE_LANG, TIMEZONE.

A ``task`` row at INDENT 1 is a task; the rows indented under it are the steps of its
plan (INDENT 2 a top-level step, 3 its child …). A ``note`` row is a comment on the row
above and joins its detail; a ``section`` names the tasks below it, which get it as a
tag, as do their ``@labels``. PRIORITY is Todoist's p1 (highest) … p4 (its default,
no priority): p1–p3 are Stepwise's 1–3 and p4 is 3, Stepwise's default. DATE is read
in its DATE_LANG and TIMEZONE; a recurring date ("every friday") keeps only its next
occurrence, as the summary says.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from typing import Any

from app.errors import BadFile
from app.io.importers.incoming import Batch, Incoming, decode_text
from app.io.importers.todoist_dates import read_date
from app.plan.spec import SCHEMA_VERSION
from app.tasks.store import NewTask

WHAT = "a Todoist CSV backup"
REQUIRED = ("TYPE", "CONTENT")
PRIORITY = {"1": 1, "2": 2, "3": 3, "4": 3}
MAX_INDENT = 5  # a task and four levels of steps


@dataclass
class _Open:
    """The task being read, with its step rows so far."""

    row: dict[str, str]
    tags: list[str]
    detail: list[str] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    chain: list[str] = field(default_factory=list)  # step ids by level, for parents


def read(raw: bytes, name: str) -> Batch:
    """Every task row of the backup, with the rows indented under it as steps."""
    rows = _rows(decode_text(raw, name, WHAT), name)
    batch = Batch(read=len(rows))
    section: str | None = None
    current: _Open | None = None
    for number, row in enumerate(rows, start=2):  # line 1 is the header
        kind = row.get("TYPE", "").strip()
        if kind == "section":
            section = _clean(row.get("CONTENT", "")) or None
        elif kind == "note" and current is not None:
            _note(current, row)
        elif kind == "task":
            current = _task_row(row, number, section, current, batch)
        elif kind == "note":
            batch.skipped.append(f"line {number}: a note before any task")
        else:
            batch.skipped.append(f"line {number}: a {kind!r} row (not a task, section or "
                                 "note)")
    _close(current, batch)
    return batch


def _rows(text: str, name: str) -> list[dict[str, str]]:
    try:
        reader = csv.DictReader(io.StringIO(text), strict=True)
        header = [h.strip().upper() for h in reader.fieldnames or []]
        if not all(column in header for column in REQUIRED):
            raise BadFile(f"{name} is not {WHAT}: its first line should name the columns "
                          "TYPE and CONTENT (and DESCRIPTION, PRIORITY, INDENT, DATE …)")
        reader.fieldnames = header
        rows = [{k: (v or "") for k, v in row.items() if isinstance(k, str)} for row in reader]
    except csv.Error as exc:
        raise BadFile(f"{name} is not {WHAT}: {exc}") from None
    return [row for row in rows if any(value.strip() for value in row.values())]


def _task_row(row: dict[str, str], number: int, section: str | None, current: _Open | None,
              batch: Batch) -> _Open | None:
    indent = _indent(row.get("INDENT", ""))
    if indent == 1 or current is None:
        _close(current, batch)
        if indent != 1:
            batch.skipped.append(f"line {number}: indented with no task above it "
                                 "(imported as a task)")
        title, labels = _labels(row.get("CONTENT", ""))
        return _Open(row={**row, "CONTENT": title}, tags=[*([section] if section else []),
                                                           *labels])
    if indent > MAX_INDENT or indent > len(current.chain) + 2:
        batch.skipped.append(f"line {number}: {row.get('CONTENT', '')!r} is indented "
                             f"{indent} levels under a task that has {len(current.chain) + 1}")
        return current
    _step(current, row, indent, number, batch)
    return current


def _step(current: _Open, row: dict[str, str], indent: int, number: int,
          batch: Batch) -> None:
    level = indent - 1  # INDENT 2 is a top-level step
    del current.chain[level - 1:]
    title, _ = _labels(row.get("CONTENT", ""))
    step_id = f"s{len(current.steps) + 1}"
    due = read_date(row, number, batch)
    current.steps.append({
        "id": step_id, "title": title or step_id, "objective": row.get("DESCRIPTION", ""),
        "parent": current.chain[-1] if current.chain else None,
        "due": None if due is None else due.when.strftime("%Y-%m-%dT%H:%M:%SZ"),
    })
    current.chain.append(step_id)


def _note(current: _Open, row: dict[str, str]) -> None:
    text = row.get("CONTENT", "").strip()
    if not text:
        return
    if current.steps:
        step = current.steps[-1]
        step["objective"] = "\n".join(filter(None, [step["objective"], text]))
    else:
        current.detail.append(text)


def _close(current: _Open | None, batch: Batch) -> None:
    if current is None:
        return
    row = current.row
    due = read_date(row, 0, batch)
    detail = "\n".join(filter(None, [row.get("DESCRIPTION", "").strip(), *current.detail]))
    new = NewTask(title=row.get("CONTENT", "") or "(no title)", detail=detail,
                  priority=PRIORITY.get(row.get("PRIORITY", "").strip(), 3),
                  due_at=None if due is None else due.when,
                  recurrence=None if due is None else due.rrule,
                  timezone=None if due is None else due.zone,
                  tags=tuple(dict.fromkeys(current.tags)), creator="import")
    plan = None
    groups = {step["parent"] for step in current.steps}
    for step in current.steps:
        if step["id"] in groups:
            step["target"] = None  # a step with sub-steps is a group (DESIGN §5)
    if current.steps:
        plan = {"schema_version": SCHEMA_VERSION, "revision": 1, "origin": "user",
                "title": new.title, "objective": "", "steps": current.steps}
    batch.tasks.append(Incoming(new=new, plan=plan))


def _indent(text: str) -> int:
    return int(text) if text.strip().isdigit() and int(text) > 0 else 1


def _labels(content: str) -> tuple[str, list[str]]:
    """The title without its ``@labels``, and the labels."""
    labels = re.findall(r"(?<!\S)@([^\s@]+)", content)
    title = re.sub(r"(?<!\S)@[^\s@]+", "", content)
    return _clean(title), labels


def _clean(text: str) -> str:
    return " ".join(text.split())
