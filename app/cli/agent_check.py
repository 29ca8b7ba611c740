"""``stepwise agent test`` and ``stepwise agent prompt STAGE``: know a model before trusting it.

``agent test`` makes one short call per stage against the configured model (or the one
the flags name) and reports the server's kind, the structured output it takes, the
speed in tokens a second, and whether each stage's reply validates. ``agent prompt``
prints what a stage would send, with its size in tokens per message and for the schema.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from app.agent.model_check import check_model, report_lines, sample_task
from app.agent.tokens import PROMPT_BUDGET, estimate, prompt_tokens
from app.config.provider_kinds import ProviderKind
from app.errors import KnownError
from app.llm.base import ProviderConfig, Stage

PROMPT_STAGES = tuple(str(stage) for stage in Stage)


def add_commands(asub: Any) -> None:
    """``agent test`` and ``agent prompt`` under the ``agent`` command's actions."""
    test = asub.add_parser("test", help="one short call per stage: what the model can do")
    test.add_argument("--provider", choices=tuple(ProviderKind))
    test.add_argument("--base-url")
    test.add_argument("--model")
    test.add_argument("--api-key-env", metavar="VAR")
    test.add_argument("--language", choices=("en", "zh"), default="en")
    prompt = asub.add_parser("prompt", help="print a stage's prompt with its token counts")
    prompt.add_argument("stage", choices=PROMPT_STAGES)
    prompt.add_argument("--task", type=int, metavar="ID", help="a task of yours (default: a "
                                                               "sample task)")
    prompt.add_argument("--language", choices=("en", "zh"), default="en")


def _task(args: argparse.Namespace) -> Any:
    from models import Task

    if args.task is None:
        return sample_task(args.language, args.stage)
    task = Task.get_or_none(Task.id == args.task)
    if task is None:
        raise KnownError(f"there is no task {args.task}")
    return task


def show_prompt(args: argparse.Namespace) -> int:
    """Print the stage's prompt and its sizes; exit 1 when it passes the token budget."""
    from app.agent.loop import Assistant
    from app.agent.replies import REPLIES, schema_for
    from app.llm import make_provider

    assistant = Assistant(make_provider(ProviderConfig()))
    messages, _context = assistant.request(_task(args), args.stage)
    kind = args.stage if args.stage in (*REPLIES, "plan") else None
    schema = estimate(json.dumps(schema_for(kind))) if kind else 0
    total = prompt_tokens(messages)
    for message in messages:
        print(f"--- {message.role} (≈ {estimate(message.content):,} tokens) ---")
        print(message.content)
    print(f"--- {args.stage}: ≈ {total:,} tokens without the schema (budget {PROMPT_BUDGET:,})"
          + (f", schema ≈ {schema:,}" if schema else ""))
    return 0 if total <= PROMPT_BUDGET else 1


def _config(args: argparse.Namespace) -> tuple[ProviderConfig, str | None]:
    import dataclasses

    from app.agent.setup import configured
    from app.cli.agent_run import api_key

    config, key = configured()
    if args.api_key_env:
        key = api_key(args)
    changes = {name: value for name, value in (("kind", args.provider),
               ("base_url", args.base_url), ("model", args.model)) if value}
    return dataclasses.replace(config, **changes, api_key=key), key


async def run_test(args: argparse.Namespace) -> int:
    """The model test, printed; exit 1 when a stage's reply does not validate."""
    config, _key = _config(args)
    print(f"model: {config.model or config.kind} ({config.kind}"
          + (f" at {config.base_url})" if config.base_url else ")"), flush=True)
    result = await check_model(config, args.language)
    for line in report_lines(result):
        print(line)
    return 0 if result.ok else 1
