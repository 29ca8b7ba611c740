"""``stepwise schedule [--from WHEN] [--days N] [--dry-run] [--json]``, ``schedule clear``
and ``stepwise step estimate TASK STEP 45m``.

``add_arguments`` adds ``schedule`` to the main parser and ``COMMANDS`` maps it to its
handler, as ``app.cli.calendar`` does. A step that cannot be placed is listed on stderr
with its reason and the nearest fix, and the command exits 1 (the blocks that did fit
are still saved, or printed with ``--dry-run``). Only argparse is imported up front.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from app.errors import KnownError


class _UsageError(KnownError):
    """A command given without what it needs (exit 2, like argparse's usage errors)."""

    exit_code = 2


def add_arguments(sub: Any) -> None:
    """Add ``schedule`` to the main parser's subcommands."""
    sch = sub.add_parser("schedule", help="place the steps with estimates into free working "
                         "time, each with its reason (or: schedule clear)")
    sch.add_argument("action", nargs="?", choices=("place", "clear"), default="place",
                     help="place (the default) or clear every block")
    sch.add_argument("--from", dest="start", metavar="WHEN", help="default: now")
    sch.add_argument("--days", type=_days, default=14, metavar="N",
                     help="how many days ahead to place (default 14)")
    sch.add_argument("--dry-run", action="store_true", help="print the blocks, save nothing")
    sch.add_argument("--json", action="store_true",
                     help="a list of {task, step, start, end, why}")


def _days(text: str) -> int:
    from app.schedule.store import MAX_DAYS

    if not text.isdigit() or not 1 <= int(text) <= MAX_DAYS:
        raise argparse.ArgumentTypeError(f"a whole number of days from 1 to {MAX_DAYS}")
    return int(text)


def _open() -> None:
    """The store as every command opens it: an estimate changed here re-schedules, and a
    new schedule is published, as in the window."""
    from app.cli.args import open_store

    open_store()


def cmd_schedule(args: argparse.Namespace) -> int:
    from app.schedule import store

    _open()
    if args.action == "clear":
        print(f"{store.clear()} blocks cleared")
        return 0
    start = None
    if args.start is not None:
        from app.dates.when import parse_when

        start = parse_when(args.start, "start").when
    outcome = store.run(start=start, days=args.days, dry_run=args.dry_run)
    if args.json:
        print(json.dumps([b.as_json() for b in outcome.schedule.blocks], ensure_ascii=False,
                         indent=2))
    else:
        _print_blocks(outcome.schedule.blocks, outcome.titles)
    for miss in outcome.schedule.unplaced:
        print(f"stepwise: cannot place {_shown(miss.text())}", file=sys.stderr)
    for overload in outcome.schedule.overloads:
        print(f"stepwise: {overload.text(_zone())}", file=sys.stderr)
    _over_limit(outcome.schedule.blocks)
    return 1 if outcome.schedule.unplaced else 0


def _zone() -> Any:
    from app.dates.when import local_zone

    return local_zone()


def _over_limit(blocks: list[Any]) -> None:
    """Warn of each day holding more planned work than the daily limit (its setting)."""
    from app.config import settings
    from app.dates.when import local_zone
    from app.schedule import load

    limit = int(settings.get("calendar.day_limit_minutes"))
    totals = load.day_minutes(((b.start, b.end) for b in blocks), local_zone())
    for day, minutes in load.over_limit(totals, limit):
        print(f"stepwise: {load.warning(day, minutes, limit)}", file=sys.stderr)


def _print_blocks(blocks: list[Any], titles: dict[tuple[int, str], str]) -> None:
    from app.dates.when import local_zone
    from app.schedule.model import day_clock

    zone = local_zone()
    for b in blocks:
        pin = " (pinned)" if b.pinned else ""
        title = titles.get(b.key, b.step_id)
        print(f"{day_clock(b.start, zone)}–{b.end.astimezone(zone):%H:%M}  {_shown(title)}"
              f"  [#{b.task_id} {_shown(b.step_id)}]{pin}: {_shown(b.why)}")
    if not blocks:
        print("nothing to place: give user steps an estimate (stepwise step estimate ...)")


def _shown(text: str) -> str:
    from app.text import shown

    return shown(text)


def cmd_estimate(args: argparse.Namespace) -> int:
    """``stepwise step estimate TASK STEP 45m`` (``none`` clears the estimate)."""
    from app.schedule.estimates import minutes_text, parse_estimate, set_estimate

    if args.value is None:
        raise _UsageError("say how long: stepwise step estimate TASK STEP 45m")
    minutes = None if args.value.strip().lower() == "none" else parse_estimate(args.value)
    _open()
    set_estimate(args.id, args.step, minutes)
    shown = "cleared" if minutes is None else minutes_text(minutes)
    print(f"task {args.id}: step {_shown(args.step)!r} estimate {shown}")
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"schedule": cmd_schedule}
