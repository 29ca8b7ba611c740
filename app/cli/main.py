"""The ``stepwise`` command line: every core operation, headless.

Only argparse is imported up front; each command imports what it needs, so
``stepwise list`` starts fast. Known errors print one helpful line and exit 1
(refused), 2 (bad input file or usage) or 3 (the database's environment); a bug
prints its traceback and exits 70.

This module is the parser, the dispatch and the error report; the commands live by
concern in ``app.cli.tasks``, ``app.cli.store``, ``app.cli.assistant``, ``app.cli.edit``,
``app.cli.add``, ``app.cli.calendar``, ``app.cli.sync``, ``app.cli.mcp`` and
``app.cli.schedule``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from app.cli.args import open_store as _open
from app.cli.assistant import cmd_agent, cmd_contacts, cmd_outbox
from app.cli.store import cmd_backup, cmd_export, cmd_import, cmd_settings
from app.cli.tasks import cmd_add, cmd_list, cmd_plan, cmd_show, cmd_step
from app.config.provider_kinds import ProviderKind
from app.plan.actions import PLAN_ACTIONS, STEP_ACTIONS

EXIT_STORE = 3
EXIT_BUG = 70


def build_parser() -> argparse.ArgumentParser:
    from app import __version__
    from app.cli.args import row_id

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
    nxt = sub.add_parser("next", help="the task the assistant takes next, and why")
    nxt.add_argument("--json", action="store_true")

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
    approve = psub.add_parser("approve", help="approve the task's plan (--all: every plan "
                              "waiting for approval)")
    approve.add_argument("id", type=row_id, nargs="?")
    approve.add_argument("--all", action="store_true", help="every plan waiting for approval")
    for action in PLAN_ACTIONS[1:]:  # approve, above, takes --all
        psub.add_parser(action, help=f"{action} the task's active plan").add_argument(
            "id", type=row_id)

    step = sub.add_parser("step", help="move a step: start, done, fail, skip, retry; or "
                          "estimate it: step estimate TASK STEP 45m")
    step.add_argument("action", choices=(*STEP_ACTIONS, "estimate"))
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
    from app.io.importers.command import add_option

    add_option(im)

    agent = sub.add_parser("agent", help="run the assistant, read its log, retry a task")
    asub = agent.add_subparsers(dest="agent_command", metavar="ACTION", required=True)
    run = asub.add_parser("run", help="review, plan and do what is due now")
    mode = run.add_mutually_exclusive_group()
    mode.add_argument("--once", action="store_true", help="advance one task by one stage")
    mode.add_argument("--until-idle", action="store_true", help="run until nothing is due "
                      "(the default)")
    run.add_argument("--provider", choices=tuple(ProviderKind),
                     default=ProviderKind.OFFLINE)
    run.add_argument("--base-url", help="e.g. http://127.0.0.1:11434 or https://api.openai.com/v1")
    run.add_argument("--model", default="")
    run.add_argument("--api-key-env", metavar="VAR", help="the environment variable that "
                     "holds the API key (the key itself never goes on the command line)")
    run.add_argument("--auto-accept", action="store_true", help="run plans without approval")
    run.add_argument("--stream", action="store_true", help="print the model's text as it comes")
    from app.cli.agent_run import add_run_bounds

    add_run_bounds(run)
    alog = asub.add_parser("log", help="a task's work log and model calls")
    alog.add_argument("id", type=row_id)
    alog.add_argument("--json", action="store_true")
    aretry = asub.add_parser("retry", help="clear a task's problem so the assistant tries again")
    aretry.add_argument("id", type=row_id)
    from app.cli.agent_check import add_commands

    add_commands(asub)

    out = sub.add_parser("outbox", help="messages waiting for your approval")
    out.add_argument("action", nargs="?", choices=("list", "approve", "reject"), default="list")
    out.add_argument("number", nargs="?", type=row_id)
    con = sub.add_parser("contacts", help="the people steps may message")
    con.add_argument("action", nargs="?", choices=("list", "add"), default="list")
    con.add_argument("name", nargs="?")
    con.add_argument("address", nargs="?")

    from app.cli import calendar as calendar_cli

    calendar_cli.add_arguments(sub)
    from app.cli import schedule as schedule_cli

    schedule_cli.add_arguments(sub)
    from app.cli import edit as edit_cli

    edit_cli.add_arguments(sub)
    from app.cli import sync as sync_cli

    sync_cli.add_arguments(sub)
    from app.cli import ticks as ticks_cli

    ticks_cli.add_arguments(sub)
    from app.cli import mcp as mcp_cli

    mcp_cli.add_arguments(sub)
    from app.cli import publish as publish_cli

    publish_cli.add_arguments(sub)

    bk = sub.add_parser("backup", help="back up the database now, list backups, restore one")
    bk.add_argument("action", nargs="?", choices=("now", "list", "restore"), default="now")
    bk.add_argument("name", nargs="?", help="with restore: the backup's file name")

    st = sub.add_parser("settings", help="show or change a setting")
    st.add_argument("key", nargs="?")
    st.add_argument("value", nargs="?", help="a JSON value (true, 12, \"text\")")
    return p


def full(argv: Sequence[str]) -> int:
    """``stepwise ARGV`` through the parser: every command (``list`` and ``show`` too,
    when the lean path leaves them)."""
    parser = build_parser()
    from app.cli.edit import glue_tag_values

    args = parser.parse_args(glue_tag_values(argv))
    bad = _undecodable_argument(args)
    if bad is not None:
        parser.error(f"{bad} is not valid text in this system's encoding (UTF-8); "
                     "retype it")
    from app.config import paths

    paths.configure(args.data_dir, args.db)
    if args.self_test:
        from ui.window.selftest import run_self_test

        return run_self_test()
    if args.command is None:
        from ui.window.syscheck import explain, missing_libraries

        missing = missing_libraries()
        if missing:
            print(f"stepwise: {explain(missing)}", file=sys.stderr)
            return EXIT_STORE
        from ui.window.app import run_window

        return run_window()
    handler = COMMANDS[args.command]
    try:
        return handler(args)
    except BrokenPipeError:  # `stepwise list | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:  # noqa: BLE001 - sorted into known errors and bugs below
        return report(exc)
    finally:
        _publish_stale()  # what was committed before a refusal is published too


def _publish_stale() -> None:
    """Published calendars the command's changes left stale are written before it ends
    (``app.publish.keeper``); only imported when a command opened the store."""
    keeper = sys.modules.get("app.publish.keeper")
    if keeper is None:
        return
    try:
        keeper.flush()
    except Exception as exc:  # noqa: BLE001 - the command's own outcome stands
        _say(f"the published calendar could not be written: {exc}")


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


def report(exc: Exception) -> int:
    from app.dates.when import DateError
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

    from app.config import paths
    from models import StoreError

    if isinstance(exc, sqlite3.Error | peewee.PeeweeException):
        return StoreError.classify(exc, paths.db_path())
    return None


def _calendar_commands() -> dict[str, Callable[[argparse.Namespace], int]]:
    from app.cli.calendar import COMMANDS as CALENDAR_COMMANDS
    from app.cli.mcp import COMMANDS as MCP_COMMANDS
    from app.cli.publish import COMMANDS as PUBLISH_COMMANDS
    from app.cli.schedule import COMMANDS as SCHEDULE_COMMANDS
    from app.cli.sync import COMMANDS as SYNC_COMMANDS
    from app.cli.ticks import COMMANDS as TICK_COMMANDS

    return {**CALENDAR_COMMANDS, **SCHEDULE_COMMANDS, **SYNC_COMMANDS, **TICK_COMMANDS,
            **MCP_COMMANDS, **PUBLISH_COMMANDS}


def _next_command(args: argparse.Namespace) -> int:
    from app.cli.add import cmd_next

    _open()
    return cmd_next(args)


def _edit_command(args: argparse.Namespace) -> int:
    from app.cli.edit import cmd_edit

    return cmd_edit(args)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    **_calendar_commands(),
    "add": cmd_add, "list": cmd_list, "show": cmd_show, "plan": cmd_plan, "step": cmd_step,
    "export": cmd_export, "import": cmd_import, "settings": cmd_settings, "agent": cmd_agent,
    "outbox": cmd_outbox, "contacts": cmd_contacts, "backup": cmd_backup,
    "edit": _edit_command, "next": _next_command,
}
