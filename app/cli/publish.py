"""``stepwise publish``: the schedule in the person's own calendar app.

``publish add ics FILE [--dues] [--steps]`` publishes the scheduled blocks (and, asked,
open tasks' dues and steps' own due times) to an iCalendar file kept current that any
calendar app can subscribe to; ``publish add caldav URL --user U --password-env VAR``
to a calendar of Stepwise's own on a CalDAV server (made at URL), which every device of
the account shows, and from which a block moved or deleted in another app comes back;
``publish list`` shows the targets and how their last publish went; ``publish now``
writes them again; ``publish remove N`` stops one (its file or calendar stays).
"""

from __future__ import annotations

import argparse
from typing import Any

from app.cli.args import open_store, row_id


def add_arguments(sub: Any) -> None:
    """Declare ``publish`` on the ``stepwise`` parser."""
    publish = sub.add_parser("publish", help="show your scheduled blocks in your calendar "
                             "app: an .ics file kept current to subscribe to")
    actions = publish.add_subparsers(dest="publish_command", metavar="ACTION", required=True)
    add = actions.add_parser("add", help="publish to a new place (ics FILE, or caldav URL)")
    add.add_argument("kind", choices=("ics", "caldav"))
    add.add_argument("location", help="the .ics file to write, or the address of a new "
                     "calendar on a CalDAV server (…/stepwise-plan/)")
    add.add_argument("--dues", action="store_true", help="open tasks' due times too")
    add.add_argument("--steps", action="store_true", help="steps' own due times too")
    add.add_argument("--user", default="", help="caldav: the account's user name")
    add.add_argument("--password-env", metavar="VAR", help="caldav: the environment "
                     "variable holding the password (kept in the keyring)")
    add.add_argument("--insecure", action="store_true", help="caldav: allow the password "
                     "over plain http to another machine")
    actions.add_parser("list", help="where the schedule is published, and how it went")
    actions.add_parser("now", help="write every published calendar again")
    remove = actions.add_parser("remove", help="stop publishing to one (its file stays)")
    remove.add_argument("number", type=row_id)


def cmd_publish(args: argparse.Namespace) -> int:
    open_store()
    from app.publish import store

    action = args.publish_command
    if action == "add":
        if args.kind == "caldav":
            from app.cli.calendar import _password

            target = store.add_caldav(args.location, args.user,
                                      _password(args.password_env) or "", dues=args.dues,
                                      steps=args.steps, insecure=args.insecure)
            print(f"publishing to {target.location} (target {target.id}): "
                  f"{_count(target)}; every calendar app of this account shows it")
        else:
            target = store.add_ics(args.location, dues=args.dues, steps=args.steps)
            print(f"publishing to {target.location} (target {target.id}): "
                  f"{_count(target)}; subscribe to this file in your calendar app")
    elif action == "list":
        _print(store.targets())
    elif action == "now":
        found = store.publish_all()
        _print(found)
        return 1 if any(t.error for t in found) else 0
    else:
        target = store.remove(args.number)
        what = "calendar" if target.kind == "caldav" else "file"
        print(f"no longer publishing to {target.location}; the {what} stays (delete it "
              "once no calendar app needs it)")
    return 0


def _print(found: list[Any]) -> None:
    for target in found:
        print(_line(target))
    if not found:
        print("the schedule is published nowhere (stepwise publish add ics FILE)")


def _count(target: Any) -> str:
    return f"{target.events} event{'' if target.events == 1 else 's'}"


def _line(target: Any) -> str:
    what = ", ".join(["blocks", *(["dues"] if target.dues else []),
                      *(["steps' dues"] if target.steps else [])])
    when = (f"{target.published_at.astimezone():%Y-%m-%d %H:%M}" if target.published_at
            else "never")
    state = f"failed: {target.error}" if target.error else f"{_count(target)}"
    return f"{target.id}  {target.location}  ({what}); last written {when}; {state}"


COMMANDS = {"publish": cmd_publish}
