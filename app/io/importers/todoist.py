"""Todoist CSV backups (one project a file), in the columns Todoist documents: TYPE,
CONTENT, DESCRIPTION, PRIORITY, INDENT, AUTHOR, RESPONSIBLE, DATE, DATE_LANG, TIMEZONE,
DURATION, DURATION_UNIT, DEADLINE, DEADLINE_LANG.

A ``task`` row at INDENT 1 is a task; the rows indented under it are the steps of its
plan (INDENT 2 a top-level step, 3 its child …). A ``note`` row is a comment on the row
above and joins its detail (an attached file as "attachment: name (url)"); a ``section``
names the tasks below it, which get it as a tag, as do their ``@labels`` and their
steps'. PRIORITY is Todoist's p1 (highest) … p4 (its default, no priority): p1–p3 are
Stepwise's 1–3 and p4 is 3, Stepwise's default; an empty cell is p1, as Todoist's
documentation says. DATE is read in its DATE_LANG and TIMEZONE (``todoist_dates``): a
date without a time stays a date, one with a time is a moment, and the task keeps
TIMEZONE as its zone. DEADLINE (a date) is the due date when there is no DATE, else the
expiry (18:00 there). A step's DURATION is its estimate (its due a moment: a date's
18:00 stand-in, as a step holds no date). What Stepwise does not hold (RESPONSIBLE, a
task's DURATION, a "* " task that cannot be ticked, a date it cannot read) stays in the
detail, named ("Todoist RESPONSIBLE: Ana (14781400)").
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app.dates import days
from app.errors import BadFile
from app.io.importers import bounded_json
from app.io.importers.incoming import Batch, Incoming, decode_text, joined, kept_lines
from app.io.importers.todoist_dates import Due, read_date, read_deadline, row_zone, zone_key
from app.plan.spec import MAX_ESTIMATE, MIN_ESTIMATE, SCHEMA_VERSION
from app.tasks.store import NewTask

WHAT = "a Todoist CSV backup"
REQUIRED = ("TYPE", "CONTENT")
PRIORITY = {"1": 1, "2": 2, "3": 3, "4": 3, "": 1}  # empty: p1 (Todoist's CSV help)
MINUTES = {"minute": 1, "day": 24 * 60}  # DURATION_UNIT
_FILE = re.compile(r"\[\[file\s+(\{.*?\})\]\]", re.S)
MAX_INDENT = 5  # a task and four levels of steps
_WHOLE = re.compile(r"[0-9]{1,9}")  # an INDENT or DURATION: "²" or 5,000 digits is none


@dataclass
class _Open:
    """The task being read, with its step rows so far."""

    row: dict[str, str]
    tags: list[str]
    detail: list[str] = field(default_factory=list)
    kept: list[tuple[str, str]] = field(default_factory=list)  # fields named in the detail
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
        title, labels, kept = _content(row.get("CONTENT", ""))
        return _Open(row={**row, "CONTENT": title}, kept=kept,
                     tags=[*([section] if section else []), *labels])
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
    title, labels, kept = _content(row.get("CONTENT", ""))
    current.tags.extend(labels)
    step_id = f"s{len(current.steps) + 1}"
    due = read_date(row, number, batch)
    when = None if due is None else due.when
    deadline = read_deadline(row)
    if deadline is not None and when is None:
        when, deadline = deadline, None
    at = days.moment(when, "due", row_zone(row))
    minutes = _minutes(row)
    estimate = minutes if minutes is not None and MIN_ESTIMATE <= minutes <= MAX_ESTIMATE \
        else None
    kept += [("Todoist labels", " ".join(f"@{label}" for label in labels))] if labels else []
    kept += _fields(row, due, deadline, None if estimate else minutes)
    current.steps.append({
        "id": step_id, "title": title or step_id,
        "objective": joined(row.get("DESCRIPTION", ""), *kept_lines(kept, batch)),
        "parent": current.chain[-1] if current.chain else None,
        "due": None if at is None else at.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "estimate_minutes": estimate,
    })
    current.chain.append(step_id)


def _fields(row: dict[str, str], due: Due | None, deadline: days.When | None,
            minutes: int | None) -> list[tuple[str, str]]:
    """The row's values Stepwise does not hold, named as Todoist names them."""
    fields = []
    if row.get("RESPONSIBLE", "").strip():
        fields.append(("Todoist RESPONSIBLE", row["RESPONSIBLE"].strip()))
    date = " ".join(row.get("DATE", "").split())
    if date and (due is None or due.text is not None):
        fields.append(("Todoist DATE", date))  # unread, or "every!": from the day it is done
    if deadline is not None:
        fields.append(("Todoist DEADLINE", " ".join(row.get("DEADLINE", "").split())))
    if minutes is not None:
        fields.append(("Todoist DURATION", f"{minutes} minutes"))
    return fields


def _minutes(row: dict[str, str]) -> int | None:
    amount, unit = row.get("DURATION", "").strip(), row.get("DURATION_UNIT", "").strip()
    if not _WHOLE.fullmatch(amount) or int(amount) == 0:
        return None
    return int(amount) * MINUTES.get(unit.lower(), 1)


def _note(current: _Open, row: dict[str, str]) -> None:
    text = _FILE.sub(_attachment, row.get("CONTENT", "")).strip()
    if not text:
        return
    if current.steps:
        step = current.steps[-1]
        step["objective"] = "\n".join(filter(None, [step["objective"], text]))
    else:
        current.detail.append(text)


def _attachment(match: re.Match[str]) -> str:
    """A file attached to a comment, as one line: "attachment: report.pdf (https://…)"."""
    try:
        data = bounded_json.loads(match.group(1), "the attachment")
    except (json.JSONDecodeError, BadFile):  # kept as written: it is a comment's text
        return match.group(0)
    if not isinstance(data, dict):
        return match.group(0)
    name = " ".join(str(data.get("file_name") or data.get("name") or "file").split())
    url = str(data.get("file_url") or data.get("url") or "").strip()
    return f"attachment: {name}" + (f" ({url})" if url else "")


def _close(current: _Open | None, batch: Batch) -> None:
    if current is None:
        return
    row = current.row
    due = read_date(row, 0, batch)
    when = None if due is None else due.when
    when, expiry, deadline = _due_and_expiry(row, when)
    fields = [*current.kept, *_fields(row, due, deadline, _minutes(row))]
    detail = joined(row.get("DESCRIPTION", "").strip(), *current.detail,
                    *kept_lines(fields, batch))
    new = NewTask(title=row.get("CONTENT", "") or "(no title)", detail=detail,
                  priority=PRIORITY.get(row.get("PRIORITY", "").strip(), 3),
                  due_at=when, expires_at=expiry,
                  recurrence=None if due is None else due.rrule,
                  timezone=zone_key(row) if when or expiry else None,
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


def _due_and_expiry(row: dict[str, str], when: days.When | None
                    ) -> tuple[days.When | None, datetime | None, days.When | None]:
    """(due, expiry, deadline left to keep in the detail): DEADLINE is the due without a
    DATE, the expiry (a date's 18:00 there) when it comes after the DATE, else kept."""
    deadline = read_deadline(row)
    if deadline is None:
        return when, None, None
    if when is None:
        return deadline, None, None
    zone = row_zone(row)
    end, due = days.moment(deadline, "due", zone), days.moment(when, "due", zone)
    if end is not None and due is not None and end >= due:
        return when, end, None
    return when, None, deadline


def _indent(text: str) -> int:
    return int(text) if _WHOLE.fullmatch(text.strip()) and int(text) > 0 else 1


def _content(content: str) -> tuple[str, list[str], list[tuple[str, str]]]:
    """The title without its ``@labels`` nor the "* " of a task that cannot be ticked,
    the labels, and that mark as a field to keep."""
    labels = re.findall(r"(?<!\S)@([^\s@]+)", content)
    title = _clean(re.sub(r"(?<!\S)@[^\s@]+", "", content))
    if title.startswith("* "):
        return title[2:].strip(), labels, [("Todoist uncompletable", 'yes (its title began '
                                                                      'with "* ")')]
    return title, labels, []


def _clean(text: str) -> str:
    return " ".join(text.split())
