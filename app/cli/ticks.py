"""``stepwise done ID``, ``reopen ID``, ``delete ID`` and ``restore ID``: what the list's
check circle, Delete and Undo do in the window, from the command line."""

from __future__ import annotations

import argparse

from app.cli.args import open_store, row_id


def add_arguments(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare the four commands on the ``stepwise`` parser."""
    for name, text in (("done", "tick a task done (its open steps close with it; a "
                        "repeating task moves on to its next time)"),
                       ("reopen", "open a finished task again (with the steps it closed)"),
                       ("delete", "move a task to the trash (`stepwise restore ID` undoes it)"),
                       ("restore", "bring a deleted task back from the trash")):
        sub.add_parser(name, help=text).add_argument("id", type=row_id, help="the task id")


def cmd_done(args: argparse.Namespace) -> int:
    open_store()
    from app.plan import ticks
    from app.states import TaskStatus
    from app.tasks.store import get_task

    before = ticks.finish_task(args.id)
    task = get_task(args.id)
    if task.recurrence and task.status != TaskStatus.DONE:
        due = task.due_at or task.start_at
        print(f"task {args.id}: this time is done; next"
              + (f" due {due.astimezone():%a %Y-%m-%d %H:%M}" if due else " time comes"))
    else:
        again = " (it was done already)" if before == TaskStatus.DONE else ""
        print(f"task {args.id}: done{again}")
    return 0


def cmd_reopen(args: argparse.Namespace) -> int:
    open_store()
    from app.plan import ticks
    from app.tasks.store import get_task

    ticks.reopen_task(args.id)
    print(f"task {args.id}: open again ({get_task(args.id).status})")
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    open_store()
    from app.tasks import trash

    title = trash.trash_task(args.id)
    print(f"task {args.id} “{title}” is in the trash; `stepwise restore {args.id}` brings "
          "it back")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    open_store()
    from app.tasks import trash

    back = trash.restore_task(args.id)
    moved = "" if back.task_id == args.id else \
        f" as task {back.task_id} (another task has id {args.id} now)"
    print(f"task {args.id} “{back.title}” is back{moved}")
    return 0


COMMANDS = {"done": cmd_done, "reopen": cmd_reopen, "delete": cmd_delete,
            "restore": cmd_restore}
