"""Reading a typed task (``app.tasks.quickadd.read_typed``) and planning it offline, in-process.

The quick-add preview reads the line on every keystroke, so the reader must stay far
below a frame: each of the corpus' typed tasks (tests/app/agent/offline_corpus.jsonl,
half Chinese) is read 20 times after a warm-up; the row is the median of all reads,
with the 95th percentile in a note. The second row is the offline planner's review
(reading, splitting, dating and building the plan) of the same lines. Targets: reading
under 2 ms median; the review under 5 ms median.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bench.measure import median, percentile, time_calls
from bench.report import Findings, Result, duration

REPEAT = 20
CORPUS = Path(__file__).resolve().parents[1] / "tests/app/agent/offline_corpus.jsonl"
NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
CONTACTS = ["Alice", "Sam", "李老师", "张经理", "王总", "老婆", "小王", "妈妈"]


def _lines() -> list[str]:
    rows = CORPUS.read_text(encoding="utf-8").splitlines()
    return [json.loads(row)["text"] for row in rows if row.strip()]


def _review_context(text: str) -> dict[str, Any]:
    from app.tasks.quickadd import read_typed
    from app.words.plain import language_of

    typed = read_typed(text, NOW)
    task = {"id": 1, "title": typed.title, "detail": typed.detail, "status": "new",
            "priority": 3, "tags": [], "start_at": None, "expires_at": None,
            "due_at": typed.due.isoformat() if typed.due else None,
            "recurrence": typed.recurrence}
    return {"purpose": "review", "now": NOW.isoformat(), "language": language_of(text),
            "task": task, "max_steps": 10, "contacts": CONTACTS, "busy": []}


def run(work: Path) -> Findings:
    """Time the reader and the offline review on every line of the corpus."""
    from app.llm.offline.provider import review
    from app.tasks.quickadd import read_typed

    lines = _lines()
    reads = [t for text in lines for t in time_calls(lambda s=text: read_typed(s, NOW), REPEAT)]
    contexts = [_review_context(text) for text in lines]
    reviews = [t for ctx in contexts for t in time_calls(lambda c=ctx: review(c), REPEAT)]
    findings = Findings()
    findings.results.append(Result(
        f"`read_typed` on {len(lines)} typed tasks (median of {len(reads)} reads)",
        duration(median(reads)), "median < 2 ms", median(reads) < 0.002))
    findings.results.append(Result(
        f"offline review of the same tasks (median of {len(reviews)})",
        duration(median(reviews)), "median < 5 ms", median(reviews) < 0.005))
    findings.notes.append(
        f"typed-task reading: 95th percentile {duration(percentile(reads, 0.95))}, "
        f"slowest {duration(max(reads))}; no read calls dateparser")
    return findings
