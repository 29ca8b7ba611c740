"""Asking the model: one call, one re-ask quoting the error when the reply is unusable,
every call journaled, and the offline planner in the model's stead when both fail.

``ModelCalls`` is the part of ``app.agent.loop.Assistant`` that talks to the provider;
``reask`` and ``brief`` are what an unusable reply is answered with.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from typing import Any

from app.agent import journal, wording
from app.agent.journal import Outcome
from app.agent.outcome import StageFailed
from app.agent.relaxed_json import strip_wrapping
from app.agent.replies import ReplyError, parse_object, valid_unicode
from app.agent.request_schema import request_schema
from app.config.provider_kinds import SERVER_KINDS, ProviderKind
from app.llm.base import (
    MAX_REPLY_CHARS,
    ChunkSink,
    Message,
    Provider,
    ProviderError,
    RedactingSink,
    Reply,
    redact,
)
from app.tasks.store import log
from app.words.plain import plain_reply_error
from models import Task, atomic

ERROR_QUOTE_CHARS = 500  # of a reply's error, in a problem text or a re-ask
REASK_FRAGMENT_CHARS = 300  # of the part of a reply at fault, quoted in the re-ask
OFFLINE_INSTEAD = "offline planner, instead of"  # a plan's source when it stood in


def reask(error: Exception, text: str = "") -> str:
    """The re-ask after an unusable reply: the error and the offending fragment, briefly,
    never the whole reply."""
    fragment = getattr(error, "fragment", None) or brief(text.strip(), REASK_FRAGMENT_CHARS)
    quoted = f" The part at fault: {brief(fragment, REASK_FRAGMENT_CHARS)}" if fragment else ""
    return (f"Your reply could not be used: {brief(str(error))}.{quoted} Reply again with "
            "exactly one JSON object in the format asked for, and nothing else.")


def brief(text: str, limit: int = ERROR_QUOTE_CHARS) -> str:
    """``text`` cut to ``limit`` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… [{len(text) - limit:,} more characters left out]"


def nonempty_text(text: str) -> str:
    """A written draft as the model gave it, unwrapped; an empty one is unusable."""
    cleaned = strip_wrapping(text).strip()
    if not cleaned:
        raise ReplyError("the reply was empty")
    return cleaned


class ModelCalls:
    """The model calls of one assistant: its provider, its key (redacted everywhere) and
    where streamed text goes; remembers the tasks the offline planner answered for."""

    provider: Provider
    secret: str | None
    on_chunk: ChunkSink | None
    _instead: set[int]

    async def _ask(self, task: Task, purpose: str, messages: list[Message],
                   context: dict[str, Any], parse: Callable[[str], Any],
                   step_pk: int | None = None) -> Any:
        """One call, one re-ask quoting the error if the reply is unusable, journaled."""
        for attempt in (1, 2):
            text, call_id = await self._call(task, purpose, messages, context, step_pk)
            try:
                value = parse(text)
            except ReplyError as exc:
                error = brief(str(exc))
                journal.set_outcome(call_id, Outcome.UNUSABLE, error)
                if attempt == 2:
                    return await self._offline_instead(task, purpose, messages, context,
                                                       parse, error)
                # the error and the offending fragment only: a small model's whole reply
                # would crowd out the task (one re-ask reached 25.8k characters)
                messages = [*messages, Message("user", reask(exc, text))]
                continue
            journal.set_outcome(call_id, Outcome.OK)
            return value
        raise AssertionError("unreachable")

    async def _offline_instead(self, task: Task, purpose: str, messages: list[Message],
                               context: dict[str, Any], parse: Callable[[str], Any],
                               error: str) -> Any:
        """After the re-ask budget, the offline planner's review or plan, marked as such
        (its source and the work log say so); for other stages, the stage fails."""
        failure = StageFailed(f"the assistant's reply could not be used: "
                              f"{plain_reply_error(error)}")
        if purpose not in ("review", "plan") or self.provider.name not in SERVER_KINDS:
            raise failure
        from app.llm import ProviderConfig, make_provider

        try:
            offline = make_provider(ProviderConfig(kind=ProviderKind.OFFLINE))
            reply = await offline.complete(messages, context=context)
            value = parse(reply.text)
        except (ProviderError, ReplyError):
            raise failure from None
        journal.record(task_id=task.id, step_pk=None, provider=offline.name, model=offline.model,
                       purpose=purpose, messages=messages, reply=reply, outcome=Outcome.INSTEAD)
        self._instead.add(task.id)
        with atomic():
            log(task.id, purpose, f"the model's replies could not be used ({error}); the "
                f"offline planner's {purpose} is offered instead", actor="assistant")
        if purpose == "plan":
            return await self._worded(task, context, reply.text, parse) or value
        return value

    @property
    def _worded_tasks(self) -> set[int]:
        """The tasks whose offline plan the model worded (made on first use)."""
        found: set[int] = self.__dict__.setdefault("_worded_ids", set())
        return found

    async def _worded(self, task: Task, context: dict[str, Any], plan_text: str,
                      parse: Callable[[str], Any]) -> Any:
        """The offline plan with the model's titles, checked as any plan (None: the model
        could not word it, and the offline plan stands as it is)."""
        plan = parse_object(plan_text)
        if len(plan["steps"]) < 2:
            return None  # one step is kept simple, not planned: nothing to word
        language = str(context.get("language", "en"))
        messages = wording.titles_messages(language, task.title, plan)
        try:
            text, call_id = await self._call(task, "plan", messages, context, None,
                                             wording.titles_schema(len(plan["steps"])))
        except StageFailed:
            return None
        try:
            plan_text, ids = wording.worded_text(plan_text, text, task.title, language)
            value = parse(plan_text)
        except ReplyError as exc:
            journal.set_outcome(call_id, Outcome.UNUSABLE, brief(str(exc)))
            return None
        journal.set_outcome(call_id, Outcome.OK)
        self._worded_tasks.add(task.id)
        with atomic():
            log(task.id, "plan", f"the model worded {len(ids)} of the offline planner's "
                f"{len(plan['steps'])} steps ({', '.join(ids)}); the rest keep its words",
                actor="assistant")
        return value

    def _source(self, task: Task) -> str:
        """Who wrote what the stage saves: the model, the offline planner in its stead, or
        the offline planner's steps in the model's words."""
        if task.id in self._instead:
            self._instead.discard(task.id)
            if task.id in self._worded_tasks:
                self._worded_tasks.discard(task.id)
                return f"{wording.WORDED_BY} {self.provider.model}"
            return f"{OFFLINE_INSTEAD} {self.provider.model}"
        return self.provider.model

    async def _call(self, task: Task, purpose: str, messages: list[Message],
                    context: dict[str, Any], step_pk: int | None,
                    schema: dict[str, Any] | None = None) -> tuple[str, int]:
        """One call, journaled as received; ``schema`` (None: the purpose's own) goes out."""
        schema = schema if schema is not None else request_schema(purpose, context)
        started = asyncio.get_running_loop().time()
        common: dict[str, Any] = {
            "task_id": task.id, "step_pk": step_pk, "provider": self.provider.name,
            "model": self.provider.model, "purpose": purpose, "messages": messages,
            "secret": self.secret}
        sink = RedactingSink(self.on_chunk, self.secret) if self.on_chunk else None
        try:
            reply = await self.provider.complete(messages, schema=schema, on_chunk=sink,
                                                 context=context)
        except ProviderError as exc:
            elapsed = (asyncio.get_running_loop().time() - started) * 1000
            journal.record(**common, reply=None, outcome=journal.failed(exc.kind), error=str(exc),
                           latency_ms=elapsed, partial=exc.partial)
            raise StageFailed(f"the model server failed: {redact(str(exc), self.secret)}"
                              ) from None
        except asyncio.CancelledError:
            journal.record(**common, reply=None, outcome=Outcome.CANCELLED)
            raise
        finally:
            if sink is not None:
                sink.flush()
        return self._received(reply, common)

    def _received(self, reply: Reply, common: dict[str, Any]) -> tuple[str, int]:
        """The reply as everything after this sees it (parsing, the task, the log, the
        screen): the key redacted once, here, and lone surrogates replaced; refused when
        larger than any reply can be."""
        reply = dataclasses.replace(reply, text=valid_unicode(redact(reply.text, self.secret)))
        call_id = journal.record(**common, reply=reply, outcome=Outcome.RECEIVED)
        if len(reply.text) > MAX_REPLY_CHARS:
            error = (f"the model's reply was {len(reply.text):,} characters; the limit is "
                     f"{MAX_REPLY_CHARS:,}")
            journal.set_outcome(call_id, Outcome.TOO_LARGE, error)
            raise StageFailed(error)
        return reply.text, call_id
