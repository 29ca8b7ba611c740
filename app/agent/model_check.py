"""Knowing a model before trusting it: one short call per stage against the configured
model, reporting what the server takes, its speed, and whether each stage's reply would be
used. ``stepwise agent test`` (``app.cli.agent_check``) prints it; the settings dialog's "Test
model" (``ui.settings.model_test``) shows it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from app.agent.tokens import estimate
from app.llm.base import Failure, Provider, ProviderConfig, Stage
from app.states import TaskStatus

STAGES = (Stage.REVIEW, Stage.PLAN, Stage.CHECK)
# What each stage is tried on: a task in the words people type.
_SAMPLES = {"en": ("Call the dentist at 3pm tomorrow", "Organise the team offsite next month"),
            "zh": ("明天下午3点给牙医打电话", "下个月组织团队团建")}


def sample_task(language: str, stage: str) -> Any:
    """An unsaved task for ``stage`` in ``language`` (nothing is written to the store)."""
    from models import Task

    quick, bigger = _SAMPLES[language]
    title = bigger if stage == "plan" else quick
    return Task(id=0, title=title, detail="", status=TaskStatus.NEW, priority=3, tags=[],
                created_at=datetime.now(UTC))


@dataclass
class StageResult:
    """One stage's short call: how long it took, its speed, and why it would be refused."""

    stage: str
    seconds: float
    tokens_per_s: float
    problem: str | None  # None: the reply validates


@dataclass
class ModelTest:
    """What ``agent test`` and the settings dialog's "Test model" found out."""

    model: str
    kind: str
    base_url: str
    form: str | None  # the structured output the server takes, in words (None: unknown)
    stages: list[StageResult]

    @property
    def ok(self) -> bool:
        """Whether every stage's reply validates."""
        return all(r.problem is None for r in self.stages)


async def check_model(config: ProviderConfig, language: str = "en",
                     progress: Callable[[str], None] | None = None) -> ModelTest:
    """One short call per stage against ``config``'s model: the result, nothing printed.

    ``progress`` hears each stage's name before its call. Raises KnownError when the
    provider does not fit the server (the message names the one that does), and
    ProviderError when the server cannot be reached or the settings cannot be used.
    """
    from app.llm import close_clients, make_provider
    from app.llm.probe import check_kind
    from app.llm.structured import FORM_MEANINGS

    provider = make_provider(config)
    try:
        await check_kind(config)
        results = []
        for stage in STAGES:
            if progress is not None:
                progress(stage)
            results.append(await _try_stage(provider, stage, language))
    finally:
        await provider.aclose()
        await close_clients()
    forms = getattr(provider, "forms", None)
    form = FORM_MEANINGS.get(forms.form) if forms is not None else None
    return ModelTest(provider.model or config.kind, config.kind, config.base_url, form,
                     results)


async def _try_stage(provider: Provider, stage: str, language: str) -> StageResult:
    from app.agent.loop import Assistant
    from app.agent.replies import schema_for
    from app.llm import ProviderError

    task = sample_task(language, stage)
    messages, context = Assistant(provider).request(task, stage)
    started = time.monotonic()
    try:
        reply = await provider.complete(messages, schema=schema_for(stage), context=context)
    except ProviderError as exc:
        if exc.kind in (Failure.CONNECT, Failure.CONFIG):
            raise  # no stage can be tried: the message says what to fix
        return StageResult(stage, time.monotonic() - started, 0.0, str(exc))
    seconds = max(time.monotonic() - started, 1e-3)
    tokens = reply.completion_tokens or estimate(reply.text)
    return StageResult(stage, seconds, tokens / seconds, validate(stage, reply.text, task))


def validate(stage: str, text: str, task: Any) -> str | None:
    """Why a stage's reply would be refused (None: it would be used)."""
    from app.agent import sense
    from app.agent.generated_plan import generated_plan_data
    from app.agent.prompt_context import task_facts
    from app.agent.replies import ReplyError, parse_object, parse_reply

    now = datetime.now(UTC)
    own = json.dumps(task_facts(task), ensure_ascii=False)
    try:
        if stage == "plan":
            sense.check_plan(generated_plan_data(parse_object(text), 0), own)
        else:
            reply = parse_reply(stage, text)
            if stage == "review":
                sense.check_review(parse_object(text), reply, task.title, own,
                                   now - timedelta(seconds=1))
            elif stage == "check":
                sense.check_verdict(parse_object(text), own)
    except ReplyError as exc:
        return str(exc)
    return None


def short(problem: str) -> str:
    """A stage's problem without jargon, at most 300 characters."""
    from app.words.plain import plain_reply_error

    text = plain_reply_error(problem)
    return text if len(text) <= 300 else text[:300] + " …"


def report_lines(result: ModelTest) -> list[str]:
    """The result in plain words, a line per fact (the CLI prints them)."""
    lines = [f"structured output: {result.form}"] if result.form else []
    for r in result.stages:
        verdict = "valid" if r.problem is None else f"NOT valid: {short(r.problem)}"
        lines.append(f"{r.stage}: {verdict} — {r.seconds:.1f} s, ≈ {r.tokens_per_s:.0f} "
                     "tokens/s")
    return lines
