"""The ``stepwise calendar …`` and ``stepwise reminders …`` commands.

``add_arguments`` adds both subcommands to the main parser and ``COMMANDS`` maps them
to their handlers (``handler(args) -> exit code``), as in ``app.cli.main``. Only argparse
is imported up front; each handler imports what it needs. Known errors are raised
for ``app.cli.main`` to report: 1 refused or failed, 2 a bad file.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from app.cli.args import row_id
from app.text import shown

DEFAULT_DAYS = 7
MAX_FREE_DAYS = 400  # a sync caches 397 days; free time beyond them says nothing


def add_arguments(sub: Any) -> None:
    """Add ``calendar`` and ``reminders`` to the main parser's subcommands."""
    _calendar_arguments(sub)
    _reminder_arguments(sub)


def _calendar_arguments(sub: Any) -> None:
    cal = sub.add_parser("calendar", help="read-only calendars: add, list, sync, events, free")
    csub = cal.add_subparsers(dest="calendar_command", metavar="ACTION", required=True)
    add = csub.add_parser("add", help="add an .ics file or URL, or a CalDAV account's calendars")
    add.add_argument("kind", choices=("ics", "caldav"))
    add.add_argument("location", help="an .ics file or URL, or the CalDAV server's URL")
    add.add_argument("--name", help="the calendar's name (default: from the source)")
    add.add_argument("--user", help="with caldav: the user name")
    add.add_argument("--password-env", metavar="VAR", help="with caldav: the environment "
                     "variable that holds the password (never the password itself)")
    add.add_argument("--insecure", action="store_true", help="with caldav: allow a plain "
                     "http:// server on another machine (the password travels unencrypted)")
    ls = csub.add_parser("list", help="the calendars, their events and last sync")
    ls.add_argument("--json", action="store_true")
    sync = csub.add_parser("sync", help="fetch every calendar again")
    sync.add_argument("--password-env", metavar="VAR", help="the CalDAV password, where no "
                      "keyring keeps it")
    sync.add_argument("--force", action="store_true", help="refetch unchanged .ics URLs too")
    for action, text in (("events", "cached events in a range"),
                         ("free", "busy and free time within working hours")):
        p = csub.add_parser(action, help=text)
        p.add_argument("--from", dest="start", metavar="WHEN", help="default: today")
        p.add_argument("--to", dest="end", metavar="WHEN",
                       help=f"default: {DEFAULT_DAYS} days after --from")
        p.add_argument("--json", action="store_true")
    rm = csub.add_parser("remove", help="forget a calendar and its cached events")
    rm.add_argument("id", type=row_id)


def _reminder_arguments(sub: Any) -> None:
    rem = sub.add_parser("reminders", help="the reminder list: list, tick, snooze, done")
    rsub = rem.add_subparsers(dest="reminders_command", metavar="ACTION", required=True)
    for action, text in (("list", "fired reminders waiting for you, and the next ones"),
                         ("tick", "fire every reminder whose time has passed")):
        rsub.add_parser(action, help=text).add_argument("--json", action="store_true")
    snooze = rsub.add_parser("snooze", help="remind again later")
    snooze.add_argument("id", type=row_id)
    snooze.add_argument("until", choices=("5m", "1h", "tomorrow"))
    rsub.add_parser("done", help="take a reminder off the list").add_argument("id", type=row_id)


def _open() -> None:
    from app.config import paths
    from models import open_database

    open_database(paths.db_path())


def _print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def _password(var: str | None) -> str | None:
    from app.errors import KnownError

    if var is None:
        return None
    value = os.environ.get(var)
    if not value:
        raise KnownError(f"the environment variable {var} is empty or unset")
    return value


# --- calendar --------------------------------------------------------------------------------

def cmd_calendar(args: argparse.Namespace) -> int:
    """``stepwise calendar ACTION``."""
    handlers: dict[str, Callable[[argparse.Namespace], int]] = {
        "add": _calendar_add, "list": _calendar_list, "sync": _calendar_sync,
        "events": _calendar_events, "free": _calendar_free, "remove": _calendar_remove,
    }
    _open()
    return handlers[args.calendar_command](args)


def _calendar_add(args: argparse.Namespace) -> int:
    from app.calendar import sources
    from app.config import urls
    from app.errors import KnownError

    if args.kind == "ics":
        added = sources.add_ics_blocking(args.location, args.name)
    else:
        _, in_user, in_password = urls.split(args.location)
        if not (args.user or in_user) or not (args.password_env or in_password):
            raise KnownError("stepwise calendar add caldav URL --user USER --password-env VAR")
        password = _password(args.password_env) if args.password_env else in_password
        assert password is not None
        if warning := urls.cleartext(args.location, password, insecure=args.insecure):
            print(f"stepwise: {warning}", file=sys.stderr)
        added = sources.add_caldav_blocking(args.location, args.user or in_user, password,
                                            args.name, insecure=args.insecure)
    for source, result in zip(added.sources, added.results, strict=True):
        print(f"calendar {source.id}: {source.name} ({result.events} events)")
        _warn(result.warnings)
    if added.password_kept == "session":
        print("stepwise: there is no keyring on this system, so the password was kept for this "
              "run only; give --password-env VAR to `stepwise calendar sync`", file=sys.stderr)
    return 0


def _calendar_list(args: argparse.Namespace) -> int:
    from app.calendar import cache

    rows = [_source_json(s, cache.event_count(s.id)) for s in cache.sources()]
    if args.json:
        _print_json(rows)
        return 0
    for row in rows:
        who = f"{row['username']} at " if row["username"] else ""
        state = "" if row["enabled"] else " (off)"
        print(shown(f"{row['id']:>3}  {row['name']}{state}  [{row['kind']}: {who}"
                    f"{row['location']}]"))
        print(f"     {row['events']} events, synced {_local(row['last_synced_at'])}")
        if row["last_error"]:
            print(shown(f"     failed at {_local(row['last_error_at'])}: {row['last_error']}"))
    if not rows:
        print("no calendars; add one with `stepwise calendar add ics FILE|URL`")
    return 0


def _source_json(source: Any, events: int) -> dict[str, Any]:
    from models.fields import format_utc

    def text(value: datetime | None) -> str | None:
        return None if value is None else format_utc(value)

    return {"id": source.id, "name": source.name, "kind": source.kind,
            "location": source.location, "username": source.username,
            "enabled": bool(source.enabled), "events": events,
            "last_synced_at": text(source.last_synced_at), "last_error": source.last_error,
            "last_error_at": text(source.last_error_at)}


def _local(text: str | None) -> str:
    if text is None:
        return "never"
    from app.dates.when import local_zone
    from models.fields import parse_utc

    return parse_utc(text).astimezone(local_zone()).strftime("%Y-%m-%d %H:%M")


def _calendar_sync(args: argparse.Namespace) -> int:
    from app.calendar.sync import sync_all_blocking

    results = sync_all_blocking(password=_password(args.password_env), force=args.force)
    for result in results:
        if result.failure is not None:
            print(f"{result.name}: failed ({result.events} cached events kept): {result.error}",
                  file=sys.stderr)
        elif result.not_modified:
            print(f"{result.name}: unchanged, {result.events} events")
        else:
            print(f"{result.name}: {result.events} events")
        _warn(result.warnings, result.name)
    if not results:
        print("no calendars; add one with `stepwise calendar add ics FILE|URL`")
    return 1 if any(r.failure is not None for r in results) else 0


def _warn(warnings: Sequence[str], where: str = "") -> None:
    prefix = f"{where}: " if where else ""
    for warning in warnings:
        print(f"stepwise: {prefix}warning: {warning}", file=sys.stderr)


def _range(args: argparse.Namespace) -> tuple[datetime, datetime]:
    """--from and --to as instants; a bare date means the whole day."""
    from app.dates.when import local_zone
    from app.errors import KnownError

    zone = local_zone()
    now = datetime.now(zone)
    start = _when(args.start, now, end=False) if args.start else \
        now.replace(hour=0, minute=0, second=0, microsecond=0)
    start = _in_range(start, "--from")
    end = _when(args.end, now, end=True) if args.end else _days_after(start, DEFAULT_DAYS)
    end = _in_range(end, "--to")
    if end <= start:
        raise KnownError(f"--to ({end:%Y-%m-%d %H:%M}) is not after --from "
                         f"({start:%Y-%m-%d %H:%M})")
    return start, end


def _when(text: str, now: datetime, *, end: bool) -> datetime:
    from app.dates.when import parse_when

    understood = parse_when(text, "due" if end else "start", now)
    if understood.had_time:
        return understood.when
    midnight = datetime.combine(understood.when.date(), datetime.min.time(), now.tzinfo)
    return _days_after(midnight, 1) if end else midnight


def _days_after(value: datetime, days: int) -> datetime:
    """``value`` plus whole days, or the last instant Stepwise keeps if that is past it."""
    from models.fields import LATEST

    try:
        return min(value + timedelta(days=days), LATEST)
    except OverflowError:
        return LATEST


def _in_range(value: datetime, option: str) -> datetime:
    """An instant cut to the times Stepwise keeps, saying so on stderr when it was cut."""
    from models.fields import EARLIEST, LATEST, format_utc

    try:
        utc = value.astimezone(UTC)
    except OverflowError:
        utc = LATEST if value.year > 5000 else EARLIEST
    if EARLIEST <= utc <= LATEST:
        return value
    kept = EARLIEST if utc < EARLIEST else LATEST
    print(f"stepwise: {option} is outside the times Stepwise keeps; using {format_utc(kept)}",
          file=sys.stderr)
    return kept


def _calendar_events(args: argparse.Namespace) -> int:
    from app.calendar.cache import events_between
    from app.dates.when import local_zone

    start, end = _range(args)
    zone = local_zone()
    found = events_between(start, end, zone)
    if args.json:
        _print_json([e.to_json() for e in found])
        return 0
    for event in found:
        print(shown(f"{_event_when(event, zone):<30} {event.summary}"
                    f"{'' if event.busy else '  (free)'}  [{event.source}]"))
    if not found:
        print(f"no events from {start:%Y-%m-%d %H:%M} to {end:%Y-%m-%d %H:%M}")
    return 0


def _event_when(event: Any, zone: Any) -> str:
    from datetime import date

    from models.fields import parse_utc

    if event.all_day:
        first = date.fromisoformat(event.start)
        last = date.fromisoformat(event.end) - timedelta(days=1)
        tail = "" if last == first else f"–{last:%a %m-%d}"
        return f"{first:%a %m-%d}{tail} all day"
    begin, finish = parse_utc(event.start).astimezone(zone), parse_utc(event.end).astimezone(zone)
    same = finish.date() == begin.date()
    return f"{begin:%a %m-%d %H:%M}–{finish:%H:%M}" if same else \
        f"{begin:%a %m-%d %H:%M}–{finish:%a %m-%d %H:%M}"


def _calendar_free(args: argparse.Namespace) -> int:
    from app.calendar import freebusy
    from app.dates.when import local_zone
    from app.errors import KnownError

    start, end = _range(args)
    if end - start > timedelta(days=MAX_FREE_DAYS):
        raise KnownError(f"free time is shown for at most {MAX_FREE_DAYS} days at once; give "
                         "a --to closer to --from")
    zone = local_zone()
    busy = freebusy.busy_intervals(start, end, zone)
    free = freebusy.free_slots(start, end, busy, zone=zone)
    if args.json:
        _print_json({
            "busy": [{"start": i.pair()[0], "end": i.pair()[1], "events": list(i.labels),
                      "more_events": i.more} for i in busy],
            "free": [{"start": i.pair()[0], "end": i.pair()[1]} for i in free]})
        return 0
    print("busy:" if busy else "busy: none")
    for interval in busy:
        print(shown(f"  {freebusy.span_text(interval, zone):<30} {interval.names()}"))
    print("free (working hours):" if free else "free (working hours): none")
    for interval in free:
        print(f"  {freebusy.span_text(interval, zone)}")
    return 0


def _calendar_remove(args: argparse.Namespace) -> int:
    from app.calendar import cache

    source = cache.get_source(args.id)
    cache.remove_source(args.id)
    print(f"removed calendar {args.id} ({source.name})")
    return 0


# --- reminders -------------------------------------------------------------------------------

def cmd_reminders(args: argparse.Namespace) -> int:
    """``stepwise reminders ACTION``."""
    from app.reminders import store as reminders

    _open()
    action = args.reminders_command
    if action == "list":
        shown = reminders.reminder_list() + reminders.upcoming()
        return _show_reminders(shown, args.json, "no reminders")
    if action == "tick":
        return _show_reminders(reminders.tick(), args.json, "nothing is due")
    if action == "snooze":
        from models.tables import utc_now

        until = reminders.snooze_until(args.until, utc_now())
        view = reminders.snooze(args.id, until)
        print(f"reminder {view.id}: again at {_local(_utc(until))}")
        return 0
    view = reminders.done(args.id)
    print(f"reminder {view.id}: done")
    return 0


def _utc(value: datetime) -> str:
    from models.fields import format_utc

    return format_utc(value)


def _show_reminders(views: Sequence[Any], as_json: bool, nothing: str) -> int:
    if as_json:
        _print_json([v.to_json() for v in views])
        return 0
    for view in views:
        when = view.snoozed_until or view.fire_at
        print(shown(f"{view.id:>4}  {view.state:<8} {_local(_utc(when))}  {view.text}"))
    if not views:
        print(nothing)
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "calendar": cmd_calendar, "reminders": cmd_reminders,
}
