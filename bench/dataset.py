"""The 10,000 sample tasks, written as a Stepwise export and as Taskwarrior import JSON.

The tasks are generated from a fixed seed (titles in English and Chinese, about 40 %
with a due date, priorities 1-4, about a third with tags). The Stepwise rows copy the
shape of a task made through ``app.tasks.store.add_task`` and exported by ``app.io.transfer``,
so they follow the schema as it is today. Taskwarrior gets the same titles, due
dates, priorities (1 → H, 2 → M, 3 → none, 4 → L) and tags.
"""

from __future__ import annotations

import json
import random
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

TASK_COUNT = 10_000
SEED = 2026

VERBS = ("Renew", "Book", "Call", "Draft", "Review", "Pay", "Plan", "Order", "Fix", "Send",
         "Prepare", "Clean", "Update", "Cancel", "Write", "Check")
THINGS = ("passport", "dentist appointment", "quarterly report", "team offsite",
          "insurance claim", "birthday gift", "car service", "tax return", "slides for Monday",
          "budget sheet", "flight to Berlin", "gym membership", "kitchen tap", "newsletter",
          "invoice #4411", "visa application", "project retro notes", "hotel booking")
TAILS = ("", "", "", " for Alex", " before Friday", " with the landlord", " (urgent)",
         " and file the receipt", " — ask Maria about the dates first")
CHINESE = ("交周报", "预订酒店", "给妈妈打电话", "整理发票", "准备周会材料", "续签护照",
           "买生日礼物", "预约牙医")
TAGS = ("work", "home", "errand", "finance", "health", "travel", "family")
PRIORITY_WEIGHTS = (10, 25, 50, 15)  # priorities 1..4; 3 is Stepwise's default
TASKWARRIOR_PRIORITY = {1: "H", 2: "M", 3: None, 4: "L"}


@dataclass(frozen=True)
class SampleTask:
    title: str
    priority: int
    due: datetime | None
    tags: tuple[str, ...]
    entry: datetime


def sample_tasks(count: int = TASK_COUNT, seed: int = SEED) -> list[SampleTask]:
    """``count`` varied open tasks; the same list for the same seed (times follow today)."""
    rng = random.Random(seed)
    today = datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    return [_sample(rng, today) for _ in range(count)]


def _sample(rng: random.Random, today: datetime) -> SampleTask:
    if rng.random() < 0.05:
        title = rng.choice(CHINESE)
    else:
        title = f"{rng.choice(VERBS)} {rng.choice(THINGS)}{rng.choice(TAILS)}"
    due = None
    if rng.random() < 0.4:
        due = today + timedelta(days=rng.randint(-10, 120), hours=rng.choice((9, 12, 18)))
    tags: tuple[str, ...] = ()
    if rng.random() < 0.33:
        tags = tuple(sorted(rng.sample(TAGS, rng.choice((1, 1, 2)))))
    priority = rng.choices((1, 2, 3, 4), weights=PRIORITY_WEIGHTS)[0]
    entry = today - timedelta(days=rng.randint(1, 365), seconds=rng.randint(0, 86_399))
    return SampleTask(title, priority, due, tags, entry)


# --- Stepwise -----------------------------------------------------------------------

def stepwise_template(work: Path) -> dict[str, Any]:
    """A whole export holding one task made through the API (the shape to copy)."""
    from app.io.transfer import export_data
    from app.tasks.store import NewTask, add_task
    from models import close_database, open_database

    open_database(work / "template.db")
    try:
        add_task(NewTask(title="template", priority=2, tags=("work",), timezone="UTC",
                         due_at=datetime.now(UTC) + timedelta(days=1)))
        return export_data()
    finally:
        close_database()


def stepwise_export(tasks: list[SampleTask], template: dict[str, Any]) -> dict[str, Any]:
    """The export of a database holding just ``tasks`` (ids 1…n, no log rows)."""
    shape = template["tables"]["task"][0]
    rows = []
    for number, task in enumerate(tasks, start=1):
        stamp = _iso(task.entry)
        rows.append({**shape, "id": number, "title": task.title, "priority": task.priority,
                     "tags": list(task.tags), "due_at": task.due and _iso(task.due),
                     "created_at": stamp, "updated_at": stamp,
                     "uid": str(uuid.UUID(int=number, version=4))})  # Task.uid is unique
    tables: dict[str, list[Any]] = {name: [] for name in template["tables"]}
    return {**template, "tables": {**tables, "task": rows}}


def write_stepwise_export(tasks: list[SampleTask], path: Path, work: Path) -> None:
    data = stepwise_export(tasks, stepwise_template(work))
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _iso(when: datetime) -> str:
    return when.astimezone(UTC).isoformat().replace("+00:00", "Z")


# --- Taskwarrior --------------------------------------------------------------------

def taskwarrior_rows(tasks: list[SampleTask], seed: int = SEED) -> list[dict[str, Any]]:
    """The same tasks in Taskwarrior's JSON import format (status pending)."""
    rng = random.Random(seed)
    rows = []
    for task in tasks:
        row: dict[str, Any] = {
            "uuid": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            "description": task.title, "status": "pending", "entry": _basic(task.entry),
        }
        if task.due is not None:
            row["due"] = _basic(task.due)
        if TASKWARRIOR_PRIORITY[task.priority]:
            row["priority"] = TASKWARRIOR_PRIORITY[task.priority]
        if task.tags:
            row["tags"] = list(task.tags)
        rows.append(row)
    return rows


def write_taskwarrior_json(tasks: list[SampleTask], path: Path) -> None:
    path.write_text(json.dumps(taskwarrior_rows(tasks), ensure_ascii=False), encoding="utf-8")


def _basic(when: datetime) -> str:
    """Taskwarrior's ISO 8601 basic form, ``20261215T180000Z``."""
    return when.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
