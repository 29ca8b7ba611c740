"""The ``stepwise`` command line: every core operation, headless.

Only argparse is imported up front; each command imports what it needs, so
``stepwise list`` starts fast. Known errors print one helpful line and exit 1
(refused), 2 (bad input file or usage) or 3 (the database's environment); a bug
prints its traceback and exits 70.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from app.cli_args import dumps as _dumps
from app.cli_args import open_store as _open

EXIT_STORE = 3
EXIT_BUG = 70


def build_parser() -> argparse.ArgumentParser:
    from app import __version__
    from app.cli_args import row_id

    p = argparse.ArgumentParser(
        prog="stepwise", description="A planner whose assistant plans. With no command, "
        "opens the window.")
    p.add_argument("--version", action="version", version=f"stepwise {__version__}")
    p.add_argument("--self-test", action="store_true",
                   help="check this installation (database, prompts, icons, translations, "
                   "window) without touching your data")
    p.add_argument("--db", metavar="PATH", help="the database file (or STEPWISE_DB)")
    p.add_argument("--data-dir", metavar="DIR", help="where Stepwise keeps its files "
                   "(or STEPWISE_DATA_DIR)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    add = sub.add_parser("add", help="add a task; prints its id")
    add.add_argument("title")
    add.add_argument("--detail", default="")
    add.add_argument("--priority", type=int, default=3, choices=(1, 2, 3, 4),
                     help="1 highest … 4 lowest (default 3)")
    add.add_argument("--start", metavar="WHEN", help="not before (ISO 8601 or a phrase)")
    add.add_argument("--due", metavar="WHEN")
    add.add_argument("--expires", metavar="WHEN", help="too late after")
    add.add_argument("--tag", action="append", default=[], metavar="T")
    add.add_argument("--recur", metavar="RRULE",
                     help="e.g. FREQ=WEEKLY;BYDAY=FR, or words: 'every friday', '每周五'")
    from app.add_cli import add_next_arguments

    add_next_arguments(sub)

    ls = sub.add_parser("list", help="list open tasks")
    ls.add_argument("--all", action="store_true", help="closed tasks too")
    ls.add_argument("--json", action="store_true")

    show = sub.add_parser("show", help="a task with its plan, steps and revisions")
    show.add_argument("id", type=row_id)
    show.add_argument("--json", action="store_true")

    plan = sub.add_parser("plan", help="validate, import, export and run plans")
    psub = plan.add_subparsers(dest="plan_command", metavar="ACTION", required=True)
    pv = psub.add_parser("validate", help="check a PlanSpec file (exit 1 lists problems)")
    pv.add_argument("file", type=Path)
    pi = psub.add_parser("import", help="save a PlanSpec file as the task's next revision")
    pi.add_argument("id", type=row_id)
    pi.add_argument("file", type=Path)
    pe = psub.add_parser("export", help="print the task's plan")
    pe.add_argument("id", type=row_id)
    pe.add_argument("--format", choices=("planspec", "todos"), default="planspec")
    for action in ("approve", "pause", "resume", "abort"):
        psub.add_parser(action, help=f"{action} the task's active plan").add_argument(
            "id", type=row_id)

    step = sub.add_parser("step", help="move a step: start, done, fail, skip, retry; or "
                          "estimate it: step estimate TASK STEP 45m")
    step.add_argument("action", choices=("start", "done", "fail", "skip", "retry", "estimate"))
    step.add_argument("id", type=row_id, help="the task id")
    step.add_argument("step", help="the step id")
    step.add_argument("--result", help="with done: what came of it")
    step.add_argument("--error", help="with fail: why it failed")
    step.add_argument("value", nargs="?", help="with estimate: how long (45m, 1h30, none)")

    ex = sub.add_parser("export", help="write the whole database (or tasks as iCalendar)")
    ex.add_argument("file", type=Path)
    ex.add_argument("--format", choices=("json", "ics"), default="json")
    im = sub.add_parser("import", help="load a database export")
    im.add_argument("file", type=Path)
    im.add_argument("--replace", action="store_true", help="replace the tasks already there")
    from app.importers.command import add_option

    add_option(im)

    agent = sub.add_parser("agent", help="run the assistant, read its log, retry a task")
    asub = agent.add_subparsers(dest="agent_command", metavar="ACTION", required=True)
    run = asub.add_parser("run", help="review, plan and do what is due now")
    mode = run.add_mutually_exclusive_group()
    mode.add_argument("--once", action="store_true", help="advance one task by one stage")
    mode.add_argument("--until-idle", action="store_true", help="run until nothing is due "
                      "(the default)")
    run.add_argument("--provider", choices=("offline", "openai", "ollama"), default="offline")
    run.add_argument("--base-url", help="e.g. http://127.0.0.1:11434 or https://api.openai.com/v1")
    run.add_argument("--model", default="")
    run.add_argument("--api-key-env", metavar="VAR", help="the environment variable that "
                     "holds the API key (the key itself never goes on the command line)")
    run.add_argument("--auto-accept", action="store_true", help="run plans without approval")
    run.add_argument("--stream", action="store_true", help="print the model's text as it comes")
    from app.agent_cli import add_run_bounds

    add_run_bounds(run)
    alog = asub.add_parser("log", help="a task's work log and model calls")
    alog.add_argument("id", type=row_id)
    alog.add_argument("--json", action="store_true")
    aretry = asub.add_parser("retry", help="clear a task's problem so the assistant tries again")
    aretry.add_argument("id", type=row_id)
    from app.agent_check import add_commands

    add_commands(asub)

    out = sub.add_parser("outbox", help="messages waiting for your approval")
    out.add_argument("action", nargs="?", choices=("list", "approve", "reject"), default="list")
    out.add_argument("number", nargs="?", type=row_id)
    con = sub.add_parser("contacts", help="the people steps may message")
    con.add_argument("action", nargs="?", choices=("list", "add"), default="list")
    con.add_argument("name", nargs="?")
    con.add_argument("address", nargs="?")

    from app import calendar_cli

    calendar_cli.add_arguments(sub)
    from app.schedule import cli as schedule_cli

    schedule_cli.add_arguments(sub)
    from app import edit_cli

    edit_cli.add_arguments(sub)
    from app import sync_cli

    sync_cli.add_arguments(sub)

    bk = sub.add_parser("backup", help="back up the database now, list backups, restore one")
    bk.add_argument("action", nargs="?", choices=("now", "list", "restore"), default="now")
    bk.add_argument("name", nargs="?", help="with restore: the backup's file name")

    st = sub.add_parser("settings", help="show or change a setting")
    st.add_argument("key", nargs="?")
    st.add_argument("value", nargs="?", help="a JSON value (true, 12, \"text\")")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    _tolerant_output()
    lean = _lean(sys.argv[1:] if argv is None else argv)  # list and show, without Peewee
    if lean is not None:
        return lean
    parser = build_parser()
    from app.edit_cli import glue_tag_values

    args = parser.parse_args(glue_tag_values(sys.argv[1:] if argv is None else argv))
    bad = _undecodable_argument(args)
    if bad is not None:
        parser.error(f"{bad} is not valid text in this system's encoding (UTF-8); "
                     "retype it")
    from app import paths

    paths.configure(args.data_dir, args.db)
    if args.self_test:
        from ui.selftest import run_self_test

        return run_self_test()
    if args.command is None:
        from ui.syscheck import explain, missing_libraries

        missing = missing_libraries()
        if missing:
            print(f"stepwise: {explain(missing)}", file=sys.stderr)
            return EXIT_STORE
        from ui.app import run_window

        return run_window()
    handler = COMMANDS[args.command]
    try:
        return handler(args)
    except BrokenPipeError:  # `stepwise list | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:  # noqa: BLE001 - sorted into known errors and bugs below
        return _report(exc)


def _lean(argv: Sequence[str]) -> int | None:
    """The exit status of the lean path (app.lean), or None when the full path runs."""
    from app.lean import run_lean

    try:
        return run_lean(argv)
    except Exception as exc:  # noqa: BLE001 - as main: known errors and bugs
        return _report(exc)


def _tolerant_output() -> None:
    """Whatever the terminal's or pipe's encoding, printing never fails on a character."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def _undecodable_argument(args: argparse.Namespace) -> str | None:
    """The first text argument holding bytes the locale could not decode (surrogates)."""
    from app.text import surrogate_at

    for name, value in vars(args).items():
        if surrogate_at(value) is not None:
            return f"argument {name}"
    return None


def _say(text: object) -> None:
    """One line for people on stderr, user text in it escaped."""
    from app.text import shown

    print(f"stepwise: {shown(str(text))}", file=sys.stderr)


def _report(exc: Exception) -> int:
    from app.dates import DateError
    from app.errors import KnownError
    from app.problems import InvalidPlan
    from app.text import shown
    from models import StoreError
    from models.fields import InstantOutOfRange

    if isinstance(exc, InvalidPlan):
        for problem in exc.problems:
            print(f"error: {shown(str(problem))}", file=sys.stderr)
        return 1
    if isinstance(exc, KnownError):
        _say(exc)
        return exc.exit_code
    if isinstance(exc, DateError):
        _say(exc)
        return 2
    if isinstance(exc, InstantOutOfRange):  # a time stored before the range was enforced
        _say(f"{exc}; correct it with stepwise edit ID --due WHEN")
        return 1
    if isinstance(exc, StoreError):
        _say(exc)
        return EXIT_STORE
    known = _store_error(exc)
    if known is not None:
        _say(known)
        return EXIT_STORE
    import traceback

    traceback.print_exception(exc)
    print("stepwise: this is a bug in Stepwise; please report it with the text above.",
          file=sys.stderr)
    return EXIT_BUG


def _store_error(exc: Exception) -> Exception | None:
    import sqlite3

    import peewee

    from app import paths
    from models import StoreError

    if isinstance(exc, sqlite3.Error | peewee.PeeweeException):
        return StoreError.classify(exc, paths.db_path())
    return None


# --- commands ----------------------------------------------------------------------

def cmd_add(args: argparse.Namespace) -> int:
    from app.add_cli import new_task_from
    from app.tasks import add_task

    new = new_task_from(args)  # the quick-add grammar: #tag, !1, @Name, every friday, dates
    _open()
    task = add_task(new)
    print(task.id)
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    from app.tasks import LIST_COLUMNS, list_rows

    _open()
    rows = list_rows(include_closed=args.all)
    if args.json:
        from app.views import task_json

        print(_dumps([task_json(task) for task in _tasks_for(rows)]))
        return 0
    from app.text import cleaned
    from app.views import format_list

    sys.stdout.write(format_list((cleaned(row) for row in rows), LIST_COLUMNS))
    return 0


def _tasks_for(rows: Any) -> list[Any]:
    from models import Task

    ids = [row[0] for row in rows]
    by_id = {t.id: t for t in Task.select().where(Task.id.in_(ids))} if ids else {}
    return [by_id[i] for i in ids]


def cmd_show(args: argparse.Namespace) -> int:
    from app import views

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
        from app import planspec

        planspec.parse(_plan_file(args.file), max_steps=_max_steps_setting())
        print(f"valid: {shown(str(args.file))}")
        return 0
    _open()
    from app import plans

    if action == "import":
        plan = plans.save_plan(args.id, _plan_file(args.file))
        hint = (f"; approve it with `stepwise plan approve {args.id}`"
                if plan.status == "pending" else "")
        print(f"task {args.id}: plan revision {plan.revision} saved ({plan.status}){hint}")
        return 0
    if action == "export":
        from app import planspec

        spec = plans.spec_of(plans.latest_plan_or_fail(args.id))
        if args.format == "todos":
            print(_dumps(planspec.to_todos(spec)))
        else:
            sys.stdout.write(planspec.encode(spec))
        return 0
    plan = plans.plan_action(args.id, action)
    print(f"task {args.id}: plan revision {plan.revision} is {plan.status}")
    return 0


def planspec_max_bytes() -> int:
    return 32 * 1024 * 1024


def _max_steps_setting() -> int:
    """The assistant's step limit, from the database when one exists (validate needs none)."""
    from app import paths, planspec

    if not paths.db_path().exists():
        return planspec.DEFAULT_MAX_STEPS
    from app import settings

    _open()
    return int(settings.get("assistant.max_steps"))


def cmd_step(args: argparse.Namespace) -> int:
    from app import plans

    if args.action == "estimate":
        from app.schedule.cli import cmd_estimate

        return cmd_estimate(args)
    _open()
    step = plans.step_action(args.id, args.step, args.action, result=args.result,
                             error=args.error)
    print(f"task {args.id}: step {args.step!r} is {step.status}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    _open()
    if args.format == "ics":
        from app.files import write_atomic
        from app.ics_export import export_ics

        write_atomic(args.file, export_ics().decode("utf-8"))
        print(f"wrote {args.file}")
        return 0
    from app.transfer import export_file

    count = export_file(args.file)
    print(f"wrote {args.file} ({count} tasks)")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from app.transfer import import_file

    _open()
    if args.source is not None:
        from app.importers.command import run

        print("\n".join(run(args.source, args.file)))
        return 0
    count = import_file(args.file, replace=args.replace)
    print(f"imported {count} tasks from {args.file}")
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    from app import backups
    from app.errors import KnownError

    _open()
    if args.action == "list":
        for path in backups.listing():
            print(path.name)
        if not backups.listing():
            print(f"no backups yet in {backups.folder()}")
        return 0
    if args.action == "restore":
        if not args.name:
            raise KnownError("say which backup: stepwise backup restore NAME (see backup list)")
        safety = backups.restore(args.name)
        print(f"restored {args.name}; the database as it was is kept as {safety.name}")
        return 0
    print(f"backed up to {backups.backup_now()}")
    return 0


def cmd_settings(args: argparse.Namespace) -> int:
    import json

    from app import settings

    _open()
    if args.key is None:
        for key, decl in settings.SETTINGS.items():
            print(f"{key} = {json.dumps(settings.get(key))}    # {decl.description}")
        return 0
    if args.value is not None:
        settings.put(args.key, _setting_value(args.value))
    print(f"{args.key} = {json.dumps(settings.get(args.key))}")
    return 0


def _setting_value(text: str) -> Any:
    """A setting's value from the command line: JSON, or else the text itself."""
    import json

    from app.settings import SettingError

    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text
    except RecursionError:
        raise SettingError("that value nests too deeply; give a number, true/false or "
                           "\"text\"") from None


def cmd_agent(args: argparse.Namespace) -> int:
    _open()
    if args.agent_command == "log":
        from app.text import cleaned
        from app.views import agent_log, format_agent_log

        data = agent_log(args.id)
        print(_dumps(data) if args.json else format_agent_log(cleaned(data)),
              end="" if not args.json else "\n")
        return 0
    if args.agent_command == "retry":
        from app.tasks import clear_problem

        clear_problem(args.id)
        print(f"task {args.id}: the assistant will try again")
        return 0
    import asyncio

    if args.agent_command in ("test", "prompt"):
        from app.agent_check import run_test, show_prompt

        return asyncio.run(run_test(args)) if args.agent_command == "test" else show_prompt(args)
    return asyncio.run(_agent_run(args))


async def _agent_run(args: argparse.Namespace) -> int:
    from app.agent_cli import closing_note, run_agent

    outcomes, meter = await run_agent(args)
    if meter.calls:
        print("\n".join(["model calls per task:", *closing_note(outcomes, meter)]),
              file=sys.stderr)
    return _agent_summary(outcomes)


def _agent_summary(outcomes: Sequence[Any]) -> int:
    """Print each outcome; exit 1 when there was work and every stage of it failed."""
    from app.text import shown

    for outcome in outcomes:
        print(shown(outcome.line()))
    if not outcomes:
        print("nothing is due now")
        return 0
    failed = sum(1 for outcome in outcomes if outcome.summary == "failed")
    if failed == len(outcomes):
        print(f"stepwise: every stage failed ({failed}); see the problems above",
              file=sys.stderr)
        return 1
    return 0


def cmd_outbox(args: argparse.Namespace) -> int:
    from app import outbox
    from app.errors import KnownError
    from app.text import shown

    _open()
    if args.action == "list":
        entries = outbox.entries()
        for e in entries:
            print(f"{e.id:>4}  {e.status:<9} task {e.task_id} step {shown(str(e.step_id))}  "
                  f"to {shown(e.to)} <{shown(e.address)}>\n      {shown(e.text)}")
        if not entries:
            print("the outbox is empty")
        return 0
    if args.number is None:
        raise KnownError(f"say which message: stepwise outbox {args.action} N")
    entry = outbox.decide(args.number, approve=args.action == "approve")
    print(f"message {entry.id} to {shown(entry.to)}: {entry.status}")
    if entry.note:
        print(shown(entry.note))
    if entry.status == "approved":
        print("no mail client took it; send it yourself: "
              + outbox.mailto_link(entry.address, "", entry.text))
    return 0


def cmd_contacts(args: argparse.Namespace) -> int:
    from app import outbox
    from app.errors import KnownError
    from app.text import shown
    from models import Contact

    _open()
    if args.action == "add":
        if not args.name or not args.address:
            raise KnownError("stepwise contacts add NAME ADDRESS")
        contact = outbox.add_contact(args.name, args.address)
        print(f"added {shown(contact.name)} <{shown(contact.address)}>")
        return 0
    for contact in Contact.select().order_by(Contact.name):
        print(f"{shown(contact.name)} <{shown(contact.address)}>")
    return 0


def _calendar_commands() -> dict[str, Callable[[argparse.Namespace], int]]:
    from app.calendar_cli import COMMANDS as CALENDAR_COMMANDS
    from app.schedule.cli import COMMANDS as SCHEDULE_COMMANDS
    from app.sync_cli import COMMANDS as SYNC_COMMANDS

    return {**CALENDAR_COMMANDS, **SCHEDULE_COMMANDS, **SYNC_COMMANDS}


def _next_command(args: argparse.Namespace) -> int:
    from app.add_cli import cmd_next

    _open()
    return cmd_next(args)


def _edit_command(args: argparse.Namespace) -> int:
    from app.edit_cli import cmd_edit

    return cmd_edit(args)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    **_calendar_commands(),
    "add": cmd_add, "list": cmd_list, "show": cmd_show, "plan": cmd_plan, "step": cmd_step,
    "export": cmd_export, "import": cmd_import, "settings": cmd_settings, "agent": cmd_agent,
    "outbox": cmd_outbox, "contacts": cmd_contacts, "backup": cmd_backup,
    "edit": _edit_command, "next": _next_command,
}
