"""Parsing a 20 KB review reply with ``app.agent.replies.parse_reply``, in-process.

The reply (``agent_data.review_reply``) has a long ``think``, tags, a ``confirm`` action
and a ``plan`` action carrying a 10-step plan with long objectives. It is parsed as
strict JSON and as a relaxed reply (unquoted keys, single quotes, comments, trailing
commas, Python literals, in a ```json fence with prose and a ``<think>`` block), which
must give the same reply. Median of 50 after one warm-up. Target: under 5 ms.
A note splits each median into unwrapping and finding the object
(``strip_wrapping`` + ``extract_object``), decoding (the rest of ``relaxed_json.loads``)
and validating (``ReviewReply.model_validate``).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from bench.agent_data import relaxed_text, review_reply, strict_text
from bench.measure import median, time_calls
from bench.report import Findings, Result, duration

REPEAT = 50
TARGET_S = 0.005
TARGET_TEXT = "median < 5 ms"

def run(work: Path) -> Findings:
    """Time ``parse_reply("review", …)`` on both spellings of the same reply."""
    from app.agent.replies import parse_reply

    reply = review_reply()
    texts = {"strict JSON": strict_text(reply), "relaxed JSON": relaxed_text(reply)}
    parsed = [parse_reply("review", text) for text in texts.values()]
    if parsed[0] != parsed[1]:
        raise RuntimeError("the relaxed reply parsed differently from the strict one")
    findings = Findings()
    for style, text in texts.items():
        seconds = median(time_calls(partial(parse_reply, "review", text), REPEAT))
        size = len(text.encode()) / 1024
        findings.results.append(Result(
            f"`parse_reply` review, {size:.1f} KB {style} (median of {REPEAT})",
            duration(seconds), TARGET_TEXT, seconds < TARGET_S))
        findings.notes.append(f"parsing the {style} reply: {_split(text)}")
    return findings


def _split(text: str) -> str:
    """Where a parse's time goes, as medians of each stage on its own."""
    from app.agent.relaxed_json import extract_object, loads, strip_wrapping
    from app.agent.replies import ReviewReply

    find = median(time_calls(lambda: extract_object(strip_wrapping(text)), REPEAT))
    whole = median(time_calls(partial(loads, text), REPEAT))
    data = loads(text)
    check = median(time_calls(partial(ReviewReply.model_validate, data), REPEAT))
    return (f"unwrap and find the object {duration(find)}, decode "
            f"{duration(max(0.0, whole - find))}, validate {duration(check)}")
