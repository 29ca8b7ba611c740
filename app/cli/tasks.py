"""``stepwise add | list | show | plan | step``: the command line's task and plan commands.

Each imports what it needs when it runs, so that registering them costs nothing;
``list`` and ``show`` usually take the lean path (``app.cli.lean``) before these run.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from app.cli.args import open_store as _open
from app.text import dumps as _dumps


def cmd_add(args: argparse.Namespace) -> int:
    from app.cli.add import new_task_from
    from app.tasks.store import add_task

    new = new_task_from(args)  # the quick-add grammar: #tag, !1, @Name, every friday, dates
    _open()
    task = add_task(new)
    print(task.id)
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    from app.tasks.store import LIST_COLUMNS, list_rows

    _open()
    rows = list_rows(include_closed=args.all)
    if args.json:
        from app.lean.rows_json import dumps_listing
        from app.plan.views import task_json

        print(dumps_listing([task_json(task) for task in _tasks_for(rows)]))
        return 0
    from app.plan.views import format_list
    from app.text import cleaned

    sys.stdout.write(format_list((cleaned(row) for row in rows), LIST_COLUMNS))
    return 0


def _tasks_for(rows: Any) -> list[Any]:
    from models import Task

    ids = [row[0] for row in rows]
    by_id = {t.id: t for t in Task.select().where(Task.id.in_(ids))} if ids else {}
    return [by_id[i] for i in ids]


def cmd_show(args: argparse.Namespace) -> int:
    from app.plan import views

    _open()
    data = views.task_detail(args.id)
    if args.json:
        print(_dumps(data))
    else:
        from app.text import cleaned

        sys.stdout.write(views.format_detail(cleaned(data)))
    return 0


def _plan_file(path: Path) -> Any:
    """A PlanSpec file's data, refused (exit 2) when it is not JSON text."""
    from app.files import read_json
    from app.text import check_text

    data = read_json(path, planspec_max_bytes())
    check_text(data, path)
    return data


def cmd_plan(args: argparse.Namespace) -> int:
    from app.text import shown

    action = args.plan_command
    if action == "validate":
        from app.plan import spec as planspec

        planspec.parse(_plan_file(args.file), max_steps=_max_steps_setting())
        print(f"valid: {shown(str(args.file))}")
        return 0
    _open()
    from app.plan import store as plans
    from app.states import PlanStatus  # here, as the store: `list` and `show` load neither

    if action == "import":
        plan = plans.save_plan(args.id, _plan_file(args.file))
        hint = (f"; approve it with `stepwise plan approve {args.id}`"
                if plan.status == PlanStatus.PENDING else "")
        print(f"task {args.id}: plan revision {plan.revision} saved ({plan.status}){hint}")
        return 0
    if action == "export":
        from app.plan import spec as planspec

        spec = plans.spec_of(plans.latest_plan_or_fail(args.id))
        if args.format == "todos":
            print(_dumps(planspec.to_todos(spec)))
        else:
            sys.stdout.write(planspec.encode(spec))
        return 0
    if action == "approve" and (args.all or args.id is None):
        return _approve_all(args)
    if action == "approve" and plans.active_plan(args.id).status == PlanStatus.IN_PROGRESS:
        print(f"task {args.id}: the plan runs already (a plan of your own steps and "
              "reminders starts at once)")
        return 0
    plan = plans.plan_action(args.id, action)
    print(f"task {args.id}: plan revision {plan.revision} is {plan.status}")
    return 0


def _approve_all(args: argparse.Namespace) -> int:
    from app.errors import Refused
    from app.plan import store as plans

    if not args.all:
        raise Refused("name the task whose plan to approve, or give --all")
    if args.id is not None:
        raise Refused("give a task id or --all, not both")
    count = plans.approve_all()
    print(f"approved {count} plan{'s' if count != 1 else ''}" if count
          else "no plan waits for approval")
    return 0


def planspec_max_bytes() -> int:
    return 32 * 1024 * 1024


def _max_steps_setting() -> int:
    """The assistant's step limit, from the database when one exists (validate needs none)."""
    from app.config import paths
    from app.plan import spec as planspec

    if not paths.db_path().exists():
        return planspec.DEFAULT_MAX_STEPS
    from app.config import settings

    _open()
    return int(settings.get("assistant.max_steps"))


def cmd_step(args: argparse.Namespace) -> int:
    from app.plan import store as plans

    if args.action == "estimate":
        from app.cli.schedule import cmd_estimate

        return cmd_estimate(args)
    _open()
    step = plans.step_action(args.id, args.step, args.action, result=args.result,
                             error=args.error)
    print(f"task {args.id}: step {args.step!r} is {step.status}")
    return 0
