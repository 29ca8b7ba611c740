"""The rows a benchmark reports and the one table they are printed as (Markdown)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

COLUMNS = ("benchmark", "measured", "target", "ok?")


@dataclass(frozen=True)
class Result:
    """One row: what was measured, the figure, the target and whether it was met.

    ``ok`` is None for figures without a target (shown for comparison only).
    """

    benchmark: str
    measured: str
    target: str = ""
    ok: bool | None = None


@dataclass
class Findings:
    """What one benchmark module reports: its rows and notes printed under the table."""

    results: list[Result] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def duration(seconds: float) -> str:
    """``0.42 ms``, ``37.1 ms`` or ``1.24 s``: three significant figures, a readable unit."""
    if seconds >= 1.0:
        return f"{seconds:.2f} s"
    ms = seconds * 1000.0
    if ms >= 100:
        return f"{ms:.0f} ms"
    if ms >= 10:
        return f"{ms:.1f} ms"
    return f"{ms:.2f} ms"


def verdict(ok: bool | None) -> str:
    return "" if ok is None else ("yes" if ok else "NO")


def table(results: Sequence[Result]) -> str:
    """A Markdown table with padded columns, readable as plain text too."""
    rows = [COLUMNS] + [(r.benchmark, r.measured, r.target, verdict(r.ok)) for r in results]
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([line(rows[0]), rule, *(line(row) for row in rows[1:])]) + "\n"


def document(header: Sequence[str], results: Sequence[Result], notes: Sequence[str]) -> str:
    """The whole report: header lines, the table, then notes as a list."""
    parts = ["\n".join(header) + "\n", table(results)]
    if notes:
        parts.append("Notes:\n\n" + "\n".join(f"- {note}" for note in notes) + "\n")
    return "\n".join(parts)
