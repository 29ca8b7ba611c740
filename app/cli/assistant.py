"""``stepwise agent …`` (log, retry, test, prompt, run), ``outbox`` and ``contacts``.

The run itself is :mod:`app.cli.agent_run`; ``agent test`` and ``agent prompt`` are
:mod:`app.cli.agent_check`. Messages leave only through ``outbox approve``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from app.cli.args import open_store as _open
from app.text import dumps as _dumps


def cmd_agent(args: argparse.Namespace) -> int:
    _open()
    if args.agent_command == "log":
        from app.plan.views import agent_log, format_agent_log
        from app.text import cleaned

        data = agent_log(args.id)
        print(_dumps(data) if args.json else format_agent_log(cleaned(data)),
              end="" if not args.json else "\n")
        return 0
    if args.agent_command == "retry":
        from app.tasks.store import clear_problem

        clear_problem(args.id)
        print(f"task {args.id}: the assistant will try again")
        return 0
    import asyncio

    if args.agent_command in ("test", "prompt"):
        from app.cli.agent_check import run_test, show_prompt

        return asyncio.run(run_test(args)) if args.agent_command == "test" else show_prompt(args)
    return asyncio.run(_agent_run(args))


async def _agent_run(args: argparse.Namespace) -> int:
    from app.cli.agent_run import closing_note, run_agent

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
    from app.agent import outbox
    from app.errors import KnownError
    from app.text import shown

    _open()
    if args.action == "list":
        entries = outbox.entries()
        for e in entries:
            print(f"{e.id:>4}  {e.status:<9} task {e.task_id} step {shown(str(e.step_id))}  "
                  f"to {shown(e.to)} <{shown(e.address)}>")
            print(f"      subject: {shown(e.subject)}")
            for line in e.text.splitlines():  # each line shown safely, as the message reads
                print(f"      {shown(line)}".rstrip())
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
              + outbox.mailto_link(entry.address, entry.subject, entry.text))
    return 0


def cmd_contacts(args: argparse.Namespace) -> int:
    from app.agent import outbox
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
