"""The ``stepwise sync …`` commands: two-way task sync with CalDAV task lists.

``sync add caldav URL --user NAME --password-env VAR`` remembers a task list (the
password goes to the keyring; where there is none it lasts this session only, so give
``--password-env`` to ``sync now`` too); ``sync now [--json]`` syncs every account
(exit 0, or 1 when conflicts need attention); ``sync list``; ``sync remove N``;
``sync trash`` lists the tasks other devices deleted and ``sync restore N`` brings one
back; ``sync conflicts [--json]`` lists the conflicts waiting for a choice and ``sync
resolve ID mine|theirs`` settles one; ``sync start-over N recreate|keep-both|forget``
answers a task list that is gone or was replaced.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from app.cli.args import row_id


def add_arguments(sub: Any) -> None:
    """Add ``sync`` to the main parser's subcommands."""
    sync = sub.add_parser("sync", help="two-way task sync with a CalDAV task list")
    ssub = sync.add_subparsers(dest="sync_command", metavar="ACTION", required=True)
    add = ssub.add_parser("add", help="sync with a CalDAV task list (its collection URL)")
    add.add_argument("kind", choices=("caldav",))
    add.add_argument("url", help="the task list's URL; it is made when it does not exist")
    add.add_argument("--user", default="", help="the user name")
    add.add_argument("--password-env", metavar="VAR", help="the environment variable that "
                     "holds the password (never the password itself)")
    add.add_argument("--insecure", action="store_true", help="allow a plain http:// server "
                     "on another machine (the password travels unencrypted)")
    now = ssub.add_parser("now", help="sync every account now")
    now.add_argument("--json", action="store_true")
    now.add_argument("--password-env", metavar="VAR", help="the password, where no keyring "
                     "keeps it")
    now.add_argument("--timeout", type=float, default=20.0, help="seconds per request")
    ssub.add_parser("list", help="the sync accounts").add_argument("--json", action="store_true")
    ssub.add_parser("remove", help="forget a sync account").add_argument("id", type=row_id)
    ssub.add_parser("trash", help="tasks deleted on another device")
    ssub.add_parser("restore", help="bring a task back from the trash").add_argument(
        "id", type=row_id)
    ssub.add_parser("conflicts", help="conflicts waiting for a choice").add_argument(
        "--json", action="store_true")
    resolve = ssub.add_parser("resolve", help="settle a conflict: keep mine or take theirs")
    resolve.add_argument("id", type=row_id, help="the conflict's id (sync conflicts)")
    resolve.add_argument("choice", choices=("mine", "theirs"))
    over = ssub.add_parser("start-over", help="answer a task list that is gone or replaced")
    over.add_argument("id", type=row_id, help="the sync account (stepwise sync list)")
    over.add_argument("choice", choices=("recreate", "keep-both", "forget"),
                      help="recreate: make the list again from this device's tasks; "
                      "keep-both: keep these tasks and take the list's items as they are; "
                      "forget: forget the account (tasks stay)")


def cmd_sync(args: argparse.Namespace) -> int:
    """``stepwise sync ACTION``."""
    from app.cli.calendar import _open

    handlers: dict[str, Callable[[argparse.Namespace], int]] = {
        "add": _add, "now": _now, "list": _list, "remove": _remove, "trash": _trash,
        "restore": _restore, "conflicts": _conflicts, "resolve": _resolve,
        "start-over": _start_over,
    }
    _open()
    return handlers[args.sync_command](args)


def _add(args: argparse.Namespace) -> int:
    from app.cli.calendar import _password
    from app.config import urls
    from app.sync import accounts

    password = _password(args.password_env)
    account, kept = accounts.add_account(args.url, args.user, password, insecure=args.insecure)
    if warning := urls.cleartext(args.url, password or urls.split(args.url)[2],
                                 insecure=args.insecure):
        print(f"stepwise: {warning}", file=sys.stderr)
    print(f"sync account {account.id}: {account.url}")
    if not kept:
        print("note: no keyring here, so the password lasts this session only; give "
              "--password-env VAR to `stepwise sync now` each time")
    return 0


def _now(args: argparse.Namespace) -> int:
    from app.cli.calendar import _password
    from app.errors import KnownError
    from app.sync import loop
    from models.tables import SyncAccount

    found = list(SyncAccount.select().order_by(SyncAccount.id))
    if not found:
        raise KnownError("no sync account yet: stepwise sync add caldav URL --user NAME "
                         "--password-env VAR")
    password = _password(args.password_env)
    results, failed = [], []
    for account in found:  # one account's failure never stops the others
        try:
            results.append((account, loop.run(account.id, password, timeout=args.timeout)))
        except KnownError as exc:
            if len(found) == 1:
                raise
            failed.append((account, exc))
    conflicts = sum(len(r.conflicts) for _, r in results)
    if args.json:
        print(json.dumps([{"account": a.id, "url": a.url, **r.as_json()} for a, r in results]
                         + [{"account": a.id, "url": a.url, "error": str(e)}
                            for a, e in failed], ensure_ascii=False, indent=2))
    else:
        for account, r in results:
            print(f"{account.url}: pushed {r.pushed}, pulled {r.pulled}, merged {r.merged}, "
                  f"conflicts {len(r.conflicts)}, new {r.created}, trashed {r.trashed}")
            for line in r.conflicts:
                print(f"  needs attention: {line}")
            unreadable = r.unreadable_line()
            for note in [*r.notes, *([unreadable] if unreadable else [])]:
                print(f"  note: {note}")
        for account, error in failed:
            print(f"{account.url}: not synced: {error}", file=sys.stderr)
        if conflicts:
            print("choose a version for each: stepwise sync conflicts, then "
                  "stepwise sync resolve ID mine|theirs")
    return 1 if conflicts or failed else 0


def _start_over(args: argparse.Namespace) -> int:
    from app.sync import identity

    identity.start_over(args.id, args.choice)
    if args.choice == "forget":
        print(f"forgot sync account {args.id}; the tasks here and on the server stay")
    else:
        print(f"sync account {args.id} starts over: the next `stepwise sync now` takes the "
              "list's items as they are and sends this device's tasks to it")
    return 0


def _list(args: argparse.Namespace) -> int:
    from app.config import urls
    from models.tables import SyncAccount, SyncItem

    rows = []
    for a in SyncAccount.select().order_by(SyncAccount.id):
        items = SyncItem.select().where(SyncItem.account == a).count()
        rows.append({"id": a.id, "url": urls.shown(a.url), "user": a.user, "items": items,
                     "last_sync_at": None if a.last_sync_at is None
                     else a.last_sync_at.isoformat(), "last_error": a.last_error})
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
    for row in rows if not args.json else []:
        state = row["last_error"] or f"last sync {row['last_sync_at'] or 'never'}"
        print(f"{row['id']}  {row['url']}  {row['user']}  {row['items']} items  {state}")
    return 0


def _remove(args: argparse.Namespace) -> int:
    from app.sync import accounts

    accounts.remove_account(args.id)
    print(f"removed sync account {args.id}; the tasks here and on the server stay")
    return 0


def _trash(args: argparse.Namespace) -> int:
    from models.tables import Trash

    for row in Trash.select().order_by(Trash.id):
        print(f"{row.id}  {row.deleted_at:%Y-%m-%d %H:%M}  {row.title}")
    return 0


def _restore(args: argparse.Namespace) -> int:
    from app.errors import NotFound
    from app.tasks import trash
    from models.tables import Trash

    row = Trash.get_or_none(Trash.id == args.id)
    if row is None:
        raise NotFound(f"nothing in the trash with id {args.id} (stepwise sync trash)")
    back = trash.restore_row(row)
    print(f"restored “{back.title}” as task {back.task_id}; the next sync puts it back on "
          "the server")
    return 0


def _conflicts(args: argparse.Namespace) -> int:
    from app.sync import conflicts

    found = conflicts.open_conflicts()
    if args.json:
        print(json.dumps([conflicts.as_json(c) for c in found], ensure_ascii=False, indent=2))
        return 0
    for one in found:
        c = one.conflict
        where = one.task_title + ("" if one.step_title is None else f" / {one.step_title}")
        print(f"{one.id}  task {one.task_id}  {where}  {c.prop}\n"
              f"    mine:   {conflicts.value_text(c.ours)}  ({conflicts.when_text(c.ours_at)})\n"
              f"    theirs: {conflicts.value_text(c.theirs)}  "
              f"({conflicts.when_text(c.theirs_at)})\n"
              f"    kept now: {c.kept}" + (f"; refused: {c.reason}" if c.reason else ""))
    if not found:
        print("no sync conflicts")
    return 0


def _resolve(args: argparse.Namespace) -> int:
    from app.errors import NotFound
    from app.sync import conflicts
    from models import WorkLog

    row = WorkLog.get_or_none(WorkLog.id == args.id, WorkLog.kind == conflicts.KIND)
    if row is None:
        raise NotFound(f"no sync conflict {args.id} (stepwise sync conflicts lists them)")
    owner = int(row.task_id)  # type: ignore[attr-defined]
    settled = conflicts.resolve_conflict(owner, args.id, args.choice)
    value = settled.ours if args.choice == "mine" else settled.theirs
    print(f"conflict {args.id}: {settled.prop} is {conflicts.value_text(value)}; "
          "the next sync sends it to the other devices")
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"sync": cmd_sync}
