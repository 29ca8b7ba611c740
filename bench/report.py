"""The rows a benchmark reports and the one table they are printed as (Markdown)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

COLUMNS = ("benchmark", "measured", "target", "ok?")
BOTH = ("benchmark", "quiet", "busy", "target", "ok?")  # quiet and beside a busy process


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


def paired(quiet: Sequence[Result], busy: Sequence[Result]
           ) -> list[tuple[Result, Result | None]]:
    """Each quiet row with the busy run's row of the same benchmark (by name, else by
    position when both runs gave as many rows: some names carry a figure)."""
    by_name = {r.benchmark: r for r in busy}
    same_shape = len(quiet) == len(busy)
    return [(q, by_name.get(q.benchmark) or (busy[n] if same_shape else None))
            for n, q in enumerate(quiet)]


def both_ok(quiet: bool | None, busy: bool | None) -> bool | None:
    if quiet is None and busy is None:
        return None
    return quiet is not False and busy is not False


def table(results: Sequence[Result],
          busy: Sequence[tuple[Result, Result | None]] | None = None) -> str:
    """A Markdown table with padded columns, readable as plain text too; with ``busy``
    pairs, a quiet and a busy column, "ok?" only when both meet the target."""
    rows: list[tuple[str, ...]]
    if busy is None:
        rows = [COLUMNS, *((r.benchmark, r.measured, r.target, verdict(r.ok))
                           for r in results)]
    else:
        rows = [BOTH, *((q.benchmark, q.measured, "" if b is None else b.measured, q.target,
                         verdict(both_ok(q.ok, None if b is None else b.ok)))
                        for q, b in busy)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([line(rows[0]), rule, *(line(row) for row in rows[1:])]) + "\n"


def document(header: Sequence[str], results: Sequence[Result], notes: Sequence[str],
             busy: Sequence[tuple[Result, Result | None]] | None = None) -> str:
    """The whole report: header lines, the table, then notes as a list."""
    parts = ["\n".join(header) + "\n", table(results, busy)]
    if notes:
        parts.append("Notes:\n\n" + "\n".join(f"- {note}" for note in notes) + "\n")
    return "\n".join(parts)
