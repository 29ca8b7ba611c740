"""What the assistant writes and sends, judged as a careful person would, on a corpus of
everyday tasks (half Chinese, ``words_corpus.jsonl``): each line a task as typed, with
its due where the time's role decides it (a deadline, the day before an event, none for
a window or a question), words some draft must say ("says") and words none may
("never"). Every line is also held to what any message must be: a subject, a greeting,
the task's language, no UTC stamp, no event title, no template blank, no request said
back, no claimed attachment. The clock is Monday 2026-11-30 10:00 in Shanghai; a
calendar step finds two free times, a step of the person's is marked "done"."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app.llm.offline.provider import review, write
from app.llm.offline.write import BLANK, meets
from app.plan.graph import Graph
from app.tasks.quickadd import read_typed
from app.words.plain import language_of
from tests.app.agent.test_offline_corpus import NOW

CONTACTS = ["Alice", "Bob", "Priya", "李老师", "王总", "妈妈", "小王", "老婆", "张经理"]
CORPUS = Path(__file__).with_name("words_corpus.jsonl")
FREE = "Free times (Asia/Shanghai):\n- Mon 7 Dec 09:00–12:00\n- Tue 8 Dec 14:00–18:00"
GREETING = re.compile(r"^(?:Hi [^,\n]+,|Hello,|\S{1,8}您好：|\S{1,8}：|\S{1,8}，你好！|您好：)$",
                      re.M)
UTC = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d)?Z")


def entries() -> list[dict[str, Any]]:
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def planned(text: str) -> tuple[Any, list[dict[str, Any]], dict[str, Any]]:
    typed = read_typed(text, NOW)
    task = {"id": 1, "title": typed.title, "detail": typed.detail, "status": "new",
            "priority": 3, "tags": [], "start_at": None, "expires_at": None,
            "due_at": typed.due.isoformat() if typed.due else None,
            "recurrence": typed.recurrence}
    ctx = {"purpose": "review", "now": NOW.isoformat(), "language": language_of(typed.title),
           "task": task, "max_steps": 10, "contacts": CONTACTS, "busy": [], "sender": "Sam"}
    outcome = next(a for a in review(ctx)["actions"] if a["name"] != "confirm")
    steps = outcome["plan"]["steps"] if outcome["name"] == "plan" else []
    return typed, steps, ctx


def drafts(steps: list[dict[str, Any]], ctx: dict[str, Any]) -> dict[str, str]:
    """Each assistant.write step's draft, in plan order, from what the steps before it found."""
    results: dict[str, str] = {}
    for step in steps:
        if step["target"] == "calendar.read":
            results[step["id"]] = FREE
        elif step["target"] == "user":
            results[step["id"]] = "done"
        elif step["target"] == "assistant.write":
            before = Graph([SimpleNamespace(**s) for s in steps]).all_before(step["id"])
            results[step["id"]] = write({**ctx, "purpose": "write", "step": step, "results": {
                k: v for k, v in results.items() if k in before}})
    return {s["id"]: results[s["id"]] for s in steps if s["target"] == "assistant.write"}


def test_corpus_size() -> None:
    rows = entries()
    chinese = [r for r in rows if language_of(r["text"]) == "zh"]
    assert len(rows) >= 120 and len(chinese) >= len(rows) * 0.45
    assert len({r["text"] for r in rows}) == len(rows)


@pytest.mark.parametrize("entry", entries(), ids=lambda e: e["text"][:40])
def test_written_and_sent(entry: dict[str, Any]) -> None:
    typed, steps, ctx = planned(entry["text"])
    if "due" in entry:
        due = typed.due.astimezone(NOW.tzinfo).strftime("%Y-%m-%d %H:%M") if typed.due else None
        assert due == entry["due"], entry["text"]
    written = drafts(steps, ctx)
    zh = ctx["language"] == "zh"
    for step in steps:
        if step["target"] == "assistant.write":
            ok, why = meets(written[step["id"]], step["done_when"],
                            step["inputs"].get("instructions", ""))
            assert ok, (entry["text"], why, written[step["id"]])
    sent = [written[s["inputs"]["from_step"]] for s in steps if s["target"] == "message.post"
            and s["inputs"].get("from_step") in written]
    for text in sent:
        _a_message(text, zh)
    everything = "\n".join([*written.values(), *(f"{s['title']}\n{s['objective']}"
                                                 for s in steps)])
    for words in entry.get("says", []):
        assert words in "\n".join(written.values()), (entry["text"], words, written)
    for words in entry.get("never", []):  # what a draft must not say (the request's words)
        assert words not in "\n".join(written.values()), (entry["text"], words, written)
    assert not any(b in everything for b in BLANK.values())
    titles = [s["title"] for s in steps]
    assert len(titles) == len(set(titles)), titles


def _a_message(text: str, zh: bool) -> None:
    head, _, body = text.partition("\n\n")
    if head.startswith(("Subject: ", "主题：")):
        assert head.split("：" if zh else ": ", 1)[1].strip(), text
    else:
        body = text  # a letter handed over as it is
    assert GREETING.search(body), text
    assert not UTC.search(text) and "\\n" not in text and "(ask)" not in text, text
    assert "Regarding:" not in text and "Key points:" not in text, text
    for claim in ("attached", "find below", "请查收附件", "见附件"):
        assert claim not in text.lower(), text
    if zh:
        assert not re.search(r"\b(?:Hi|Thanks|Subject|Best)\b", text), text
