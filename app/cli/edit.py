"""``stepwise edit ID [--title T] [--due WHEN] [--priority N] [--tag +T|-T] [--detail TEXT]``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from app.cli.args import row_id


def add_arguments(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare the ``edit`` command on the ``stepwise`` parser."""
    edit = sub.add_parser("edit", help="change a task's title, due time, priority, tags or "
                          "detail")
    edit.add_argument("id", type=row_id)
    edit.add_argument("--title")
    edit.add_argument("--due", metavar="WHEN", help="ISO 8601 or a phrase; 'none' removes it")
    edit.add_argument("--priority", type=int, choices=(1, 2, 3, 4),
                      help="1 highest … 4 lowest")
    edit.add_argument("--tag", action="append", default=[], metavar="+T|-T",
                      help="add (+T) or remove (-T) a tag; may be repeated")
    edit.add_argument("--detail")


def glue_tag_values(argv: Sequence[str]) -> list[str]:
    """``edit … --tag -old`` would read ``-old`` as an option; glue it to its flag
    (``--tag=-old``) so a removal can be written as the command's help shows it."""
    args = list(argv)
    if "edit" not in args:
        return args
    glued: list[str] = []
    i = 0
    while i < len(args):
        if args[i] == "--tag" and i + 1 < len(args) and args[i + 1].startswith("-") \
                and not args[i + 1].startswith("--"):  # --tag --title: a forgotten value
            glued.append(f"--tag={args[i + 1]}")
            i += 2
        else:
            glued.append(args[i])
            i += 1
    return glued


def cmd_edit(args: argparse.Namespace) -> int:
    from app.cli.args import open_store as _open
    from app.tasks.edit import CLEAR, TaskEdit, edit_task

    due, clear = None, False
    if args.due is not None and args.due.strip().lower() == CLEAR:
        clear = True
    elif args.due is not None:
        from app.dates import days
        from app.dates.when import parse_when

        understood = parse_when(args.due, "due")
        due = days.as_given(understood.when, understood.had_time)
        if due is not None:
            print(f"due: {days.plain(due)}  (from {args.due!r})", file=sys.stderr)
    edit = TaskEdit(title=args.title, detail=args.detail, priority=args.priority, due_at=due,
                    clear_due=clear, tag_ops=tuple(args.tag),
                    due_named=due is not None and understood.had_time)
    _open()
    changed = edit_task(args.id, edit)
    print(f"task {args.id}: " + (f"changed {', '.join(changed)}" if changed
                                 else "nothing changed"))
    return 0
