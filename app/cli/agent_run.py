"""``stepwise agent run`` with a real model: its bounds, its progress and its closing note.

The run's provider comes from the flags (as before), with the time limit, temperature and
token cap from the settings unless ``--deadline`` says otherwise; before any task is sent
the server's kind is checked against the chosen provider. Progress goes to stderr as it
happens (``#3 Team offsite: review …``), ``--stream`` frames the model's text by task and
stage, and the closing note gives per task the calls, the time, the outcome and the prompt
size per stage. ``agent test`` and ``agent prompt`` live in :mod:`app.cli.agent_check`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from app.agent.metered import Metered
from app.config import settings
from app.config.provider_kinds import ProviderKind
from app.errors import KnownError
from app.events import Changes, Kind, events
from app.llm.base import Provider, ProviderConfig


def add_run_bounds(run: argparse.ArgumentParser) -> None:
    """The bounds of ``agent run``: per call, for the whole run, in calls."""
    run.add_argument("--deadline", type=_seconds, metavar="S",
                     help="seconds one model call may take (default: Settings → Model → "
                          "Time limit, assistant.deadline_s)")
    run.add_argument("--max-time", type=_seconds, metavar="S",
                     help="end the run after this many seconds (a call in flight is stopped)")
    run.add_argument("--max-calls", type=_count, metavar="N",
                     help="start no stage once this many model calls were made")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give seconds as a number, not {text!r}") from None
    if not 1 <= value <= 86_400:
        raise argparse.ArgumentTypeError(f"give between 1 and 86400 seconds, not {text}")
    return value


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"give a whole number of calls, 1 or more, not {text!r}")
    return int(text)


def config_from(args: argparse.Namespace, key: str | None) -> ProviderConfig:
    """The provider config of the flags, with the model settings (and ``--deadline``)."""
    from app.llm.store_forms import StoreForms

    if args.provider != ProviderKind.OFFLINE and not (args.base_url and args.model):
        raise KnownError(f"--provider {args.provider} needs --base-url and --model")
    deadline = args.deadline or float(settings.get("assistant.deadline_s"))
    return ProviderConfig(kind=args.provider, base_url=args.base_url or "", model=args.model,
                          api_key=key, deadline_s=deadline,
                          read_timeout_s=min(deadline, ProviderConfig.read_timeout_s),
                          max_tokens=settings.get("assistant.max_tokens"),
                          temperature=settings.get("assistant.temperature"), forms=StoreForms())


def api_key(args: argparse.Namespace) -> str | None:
    """The key from the environment variable ``--api-key-env`` names (None: no key)."""
    if not args.api_key_env:
        return None
    key = os.environ.get(args.api_key_env)
    if not key:
        raise KnownError(f"the environment variable {args.api_key_env} is empty or unset")
    return key


class Bounds:
    """The run's --max-time and --max-calls, read between stages and before each call."""

    def __init__(self, max_time: float | None, max_calls: int | None, meter: Metered) -> None:
        self.started = time.monotonic()
        self.max_time, self.max_calls, self.meter = max_time, max_calls, meter

    def time_left(self) -> float | None:
        if self.max_time is None:
            return None
        return self.max_time - (time.monotonic() - self.started)

    def reached(self) -> bool:
        left = self.time_left()
        return (left is not None and left <= 0) or (
            self.max_calls is not None and self.meter.calls >= self.max_calls)


def progress(out: TextIO, streaming: bool) -> Callable[[Changes], None]:
    """The listener that prints ``#3 Team offsite: review …`` as each stage starts."""
    from app.text import shown
    from models import Task

    def on_change(changes: Changes) -> None:
        for change in changes.of(Kind.ASSISTANT_STARTED):
            task = Task.get_or_none(Task.id == change.task_id)
            title = task.title if task is not None else "?"
            frame = "\n── " if streaming else ""
            out.write(frame + shown(f"#{change.task_id} {title}: {change.detail} …") + "\n")
            out.flush()

    return on_change


def stream_frame(out: TextIO) -> Callable[[int | None, str, str], None]:
    """Before each streamed call: a header naming its purpose (a stage may call twice)."""
    def on_call(task_id: int | None, title: str, purpose: str) -> None:
        out.write(f"\n[{purpose} for #{task_id}]\n")
        out.flush()

    return on_call


async def run_agent(args: argparse.Namespace) -> tuple[list[Any], Metered]:
    """Run the assistant as the flags say; returns the outcomes and the meter."""
    from app.agent.loop import Assistant
    from app.llm import close_clients, make_provider

    key = api_key(args)
    config = config_from(args, key)
    provider: Provider = make_provider(config)
    meter = Metered(provider, on_call=stream_frame(sys.stderr) if args.stream else None)
    bounds = Bounds(args.max_time, args.max_calls, meter)
    meter.time_left = bounds.time_left
    unsubscribe = events.subscribe(progress(sys.stderr, args.stream))
    assistant = Assistant(meter, auto_accept=True if args.auto_accept else None,
                          on_chunk=_echo if args.stream else None, secret=key)
    try:
        if config.kind != ProviderKind.OFFLINE:  # no HTTP stack for the offline planner
            from app.llm.probe import check_kind

            await check_kind(config)
        outcomes = ([o for o in [await assistant.run_once()] if o] if args.once
                    else await assistant.run_until_idle(stop=bounds.reached))
    finally:
        unsubscribe()
        await meter.aclose()
        await close_clients()
    if bounds.reached():
        sys.stderr.write(_bound_note(bounds) + "\n")
    return outcomes, meter


def _echo(chunk: str) -> None:
    sys.stderr.write(chunk)
    sys.stderr.flush()


def _bound_note(bounds: Bounds) -> str:
    if bounds.max_calls is not None and bounds.meter.calls >= bounds.max_calls:
        return f"stepwise: stopped after {bounds.meter.calls} model calls (--max-calls)"
    return f"stepwise: stopped at the run's time limit of {bounds.max_time:g} s (--max-time)"


def closing_note(outcomes: Sequence[Any], meter: Metered) -> list[str]:
    """Per task: its calls, their time, its last outcome, and the prompt size per stage."""
    last: dict[int, Any] = {o.task_id: o for o in outcomes}
    lines = []
    uses = meter.by_task()
    for task_id, outcome in last.items():
        mine = uses.get(task_id, {})
        calls = sum(u.calls for u in mine.values())
        seconds = sum(u.seconds for u in mine.values())
        sizes = ", ".join(f"{p} {u.prompt_tokens:,}" for p, u in mine.items())
        result = outcome.problem or outcome.summary
        tokens = f"; prompt tokens ≈ {sizes}" if sizes else ""
        lines.append(f"#{task_id} {outcome.title}: {calls} call(s), {seconds:.1f} s — "
                     f"{outcome.stage}: {result}{tokens}")
    return lines
