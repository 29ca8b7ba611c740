"""The assistant loop (DESIGN.md section 7): pick → review → plan → do → check → retry.

A model only proposes; this code checks every proposal against the plan contract and
the state machines and applies it whole, in one transaction, or not at all. Each run
advances the most urgent task by one stage and says what it did.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from peewee import DoesNotExist

from app import plans, settings, task_problems
from app.agent import decisions, doers, journal, picking, prompts, sense
from app.agent.replies import (
    CheckReply,
    Execute,
    FailureReviewReply,
    ReplyError,
    ReviewReply,
    parse_object,
    parse_reply,
    schema_for,
    valid_unicode,
)
from app.agent.typed_task import adopt_recurrence
from app.calendar.freebusy import CalendarContext, context_for, flag_conflicts
from app.errors import KnownError, NotFound, Refused
from app.events import Change, events
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
from app.outbox import find_contact
from app.plain import language_of, local_facts, plain_reply_error
from app.planspec import PlanSpec, PlanStep
from app.planspec import parse as parse_plan
from app.problems import InvalidPlan
from app.states import IllegalTransition
from app.tasks import log, set_problem, set_status
from models import CalendarSource, Contact, Task, WorkLog, atomic
from models.fields import format_utc

Clock = Callable[[], datetime]
_log = logging.getLogger(__name__)
RETRY_BASE = timedelta(minutes=1)
RETRY_CAP = timedelta(days=1)
ERROR_QUOTE_CHARS = 500  # of a reply's error, in a problem text or a re-ask
REASK_FRAGMENT_CHARS = 300  # of the part of a reply at fault, quoted in the re-ask


@dataclass(frozen=True)
class Outcome:
    """What one run did to one task."""

    task_id: int
    title: str
    stage: str
    summary: str
    problem: str | None = None

    def line(self) -> str:
        text = f"#{self.task_id} {self.title}: {self.stage}: {self.summary}"
        return text + (f" — problem: {self.problem}" if self.problem else "")


CHANGED = "skipped: it changed while the assistant worked on it"
# Outcomes after which a task waits for a later run; the stages that call the model.
_ENDS_RUN = frozenset({CHANGED, "failed", "skipped"})
MODEL_STAGES = frozenset({"review", "plan", "failure_review"})
OFFLINE_INSTEAD = "offline planner, instead of"  # a plan's source when it stood in
SERVER_KINDS = frozenset({"openai", "ollama"})  # the providers the offline planner stands in for


class StageFailed(Exception):
    """A stage that could not finish (server down, reply unusable); the task is told why."""


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Assistant:
    """Runs the loop with one provider. ``on_chunk`` receives streamed text for the window."""

    def __init__(self, provider: Provider, *, clock: Clock = _utc_now,
                 auto_accept: bool | None = None, on_chunk: ChunkSink | None = None,
                 secret: str | None = None) -> None:
        self.provider = provider
        self.clock = clock
        self.auto_accept = auto_accept
        self.on_chunk = on_chunk
        self.secret = secret
        self._instead: set[int] = set()  # tasks whose stage the offline planner answered

    # --- the loop ----------------------------------------------------------------------

    def accepting(self) -> bool:
        if self.auto_accept is not None:
            return self.auto_accept
        return bool(settings.get("assistant.auto_accept"))

    async def run_once(self) -> Outcome | None:
        """Advance the most urgent task with work due by one stage (None: nothing to do)."""
        if settings.get("assistant.paused"):
            return None
        now = self.clock()
        found = picking.candidates(now, self.accepting())
        if not found:
            return None
        chosen = found[0]
        return await self._run_announced(chosen.task, chosen.stage, now)

    async def run_until_idle(self, limit: int = 100_000,
                             stop: Callable[[], bool] | None = None) -> list[Outcome]:
        """Run until every task with work due has had its stage this run (or ``limit``
        stages, or ``stop()`` says so between stages).

        Works in rounds: the tasks with work due are ranked once, then each is advanced
        in that order (its stage read afresh, since earlier stages may have changed it);
        a new round starts until a round finds nothing to do. A task whose stage failed,
        was skipped or changed meanwhile is done for this run (its retry wait is for a
        later run), and a model stage runs at most once per task per run, so a slow model
        cannot keep the run busy past its own retry waits.
        """
        outcomes: list[Outcome] = []
        ended: set[int] = set()  # tasks done for this run
        ran: set[tuple[int, str]] = set()  # (task, model stage) already run
        while not self._halted(outcomes, limit, stop):
            ranked = [c for c in picking.candidates(self.clock(), self.accepting())
                      if c.task.id not in ended]
            progressed = False
            for chosen in ranked:
                if self._halted(outcomes, limit, stop):
                    break
                outcome = await self._advance(chosen.task.id, ran)
                if outcome is None:
                    continue
                progressed = True
                outcomes.append(outcome)
                if outcome.summary in _ENDS_RUN:
                    ended.add(outcome.task_id)
                await asyncio.sleep(0)  # let the window paint between stages
            if not progressed:
                break
        return outcomes

    def _halted(self, outcomes: list[Outcome], limit: int,
                stop: Callable[[], bool] | None) -> bool:
        return (len(outcomes) >= limit or bool(settings.get("assistant.paused"))
                or (stop is not None and stop()))

    async def _advance(self, task_id: int, ran: set[tuple[int, str]]) -> Outcome | None:
        """Run the task's next stage, unless it has none or had that model stage already."""
        task = Task.get_or_none(Task.id == task_id)
        if task is None:
            return None
        stage = picking.next_stage(task, self.clock(), self.accepting())
        if stage is None or (task.id, stage) in ran:
            return None
        if stage in MODEL_STAGES:
            ran.add((task.id, stage))
        return await self._run_announced(task, stage, self.clock())

    async def replan(self, task_id: int) -> Outcome:
        """Write a new plan for a task now (the window's Generate / Regenerate).

        The new revision supersedes the active plan, which the stale-edit rule protects:
        if the plan changed meanwhile, the save is refused and nothing is lost.
        """
        return await self._run_announced(Task.get_by_id(task_id), "plan", self.clock())

    async def _run_announced(self, task: Task, stage: str, now: datetime) -> Outcome:
        events.emit(Change("assistant_started", task.id, stage))
        try:
            return await self._run_stage(task, stage, now)
        finally:
            events.emit(Change("assistant_finished", task.id, stage))

    async def _run_stage(self, task: Task, stage: str, now: datetime) -> Outcome:
        handler = {
            "expire": self._expire, "review": self._review, "plan": self._plan,
            "approve": self._approve, "do": self._do, "quick_check": self._quick_check,
            "failure_review": self._failure_review,
        }[stage]
        if stage in ("review", "plan", "do", "failure_review") and self._over_budget(task, now):
            return self._outcome(task, stage, "skipped", task.problem)
        try:
            summary = await handler(task, now)
        except StageFailed as exc:
            return self._outcome(task, stage, "failed", self._retry_later(task, str(exc), now))
        except (IllegalTransition, Refused, NotFound, DoesNotExist) as exc:
            return self._changed_meanwhile(task, stage, exc)
        return self._outcome(task, stage, summary)

    def _changed_meanwhile(self, task: Task, stage: str, exc: Exception) -> Outcome:
        """Someone else (the CLI, the window, another run) changed the task under this stage.

        The stage's own transaction was rolled back; the task is left to them and the run
        goes on with the next task.
        """
        _log.info("skipped #%s at %s: it changed meanwhile: %s", task.id, stage, exc)
        with atomic():
            if Task.get_or_none(Task.id == task.id) is not None:
                log(task.id, "skipped", f"{stage} skipped: the task changed while the assistant "
                    f"worked on it ({exc})", actor="assistant")
        return self._outcome(task, stage, CHANGED, task_problems.told(
            "changed_meanwhile", self._problem_language(task), reason=str(exc)))

    def _outcome(self, task: Task, stage: str, summary: str, problem: str | None = None
                 ) -> Outcome:
        return Outcome(task.id, task.title, stage, summary, problem)

    def _over_budget(self, task: Task, now: datetime) -> bool:
        limit = settings.get("assistant.calls_per_task_day")
        if journal.calls_today(task.id, now) < limit:
            return False
        with atomic():
            task = Task.get_by_id(task.id)
            set_problem(task, task_problems.told("budget", self._problem_language(task),
                                                 limit=limit))
            tomorrow = (now + timedelta(days=1)).replace(hour=0, minute=0, second=0)
            task.next_check_at = tomorrow
            task.save()
        return True

    def _retry_later(self, task: Task, reason: str, now: datetime) -> str:
        """Tell the task what went wrong and when it is tried again (task-level retry)."""
        with atomic():
            task = Task.get_by_id(task.id)
            task.retry_count += 1
            limit = settings.get("assistant.task_retries")
            if task.retry_count <= limit:
                wait = min(RETRY_BASE * 2 ** (task.retry_count - 1), RETRY_CAP)
                task.next_check_at = now + wait
                problem = task_problems.told("retry_later", self._problem_language(task), now,
                                             reason=reason, when=task.next_check_at)
            else:
                task.next_check_at = None
                problem = task_problems.told("gave_up", self._problem_language(task), now,
                                             reason=reason, limit=limit, task=task.id)
            set_problem(task, problem)
            log(task.id, "retry", problem, actor="assistant")
        events.emit(Change("task_problem", task.id, problem))
        return problem

    @staticmethod
    def _problem_language(task: Task) -> str:
        return task_problems.language_for(task.title, task.detail)

    def _recovered(self, task: Task) -> None:
        clear_retry(task)

    # --- model calls ---------------------------------------------------------------------

    def _calendar(self, task: Task) -> CalendarContext:
        """Busy and free time from now to the task's due time (or a week), from the cache."""
        return context_for(self.clock(), task.due_at)

    def _context(self, task: Task, purpose: str, **extra: Any) -> dict[str, Any]:
        now = self.clock().astimezone()
        return {
            "purpose": purpose, "now": now.isoformat(), "language": self._language(task),
            "task": task_facts(task), "max_steps": settings.get("assistant.max_steps"),
            "contacts": [c.name for c in Contact.select(Contact.name)],
            "busy": self._calendar(task).busy, **extra,
        }

    def _language(self, task: Task) -> str:
        chosen = settings.get("assistant.language")
        if chosen in prompts.LANGUAGES:
            return str(chosen)
        return language_of(f"{task.title}\n{task.detail}")

    def request(self, task: Task, purpose: str) -> tuple[list[Message], dict[str, Any]]:
        """The messages and context a call of ``purpose`` (review, plan, check, …) would
        send for ``task`` now: for ``stepwise agent prompt`` and ``agent test``."""
        extra = {"max_steps": str(settings.get("assistant.max_steps"))} if purpose == "plan" \
            else {}
        return (prompts.build(purpose, self._prompt_context(task), **extra),
                self._context(task, purpose))

    def _prompt_context(self, task: Task) -> prompts.Context:
        recent = (WorkLog.select().where(WorkLog.task == task.id)
                  .order_by(WorkLog.id.desc()).limit(8))
        # the calendar only when one is set up (else it lists every hour as free); every
        # time local with its offset, as the owner reads them
        calendar = self._calendar(task).text if CalendarSource.select().exists() else ""
        return prompts.Context(
            now=self.clock().astimezone(), language=self._language(task),
            task=local_facts(task_facts(task)),
            worklog=[f"{w.at.astimezone():%Y-%m-%d %H:%M%z} {w.kind}: {w.message}"
                     for w in reversed(recent)],
            advice=task.advice, location=settings.get("user.location") or None,
            calendar=calendar, contacts=[c.name for c in Contact.select(Contact.name)])

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
                journal.set_outcome(call_id, "unusable", error)
                if attempt == 2:
                    return await self._offline_instead(task, purpose, messages, context,
                                                       parse, error)
                # the error and the offending fragment only: a small model's whole reply
                # would crowd out the task (one re-ask reached 25.8k characters)
                messages = [*messages, Message("user", reask(exc, text))]
                continue
            journal.set_outcome(call_id, "ok")
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
            offline = make_provider(ProviderConfig(kind="offline"))
            reply = await offline.complete(messages, context=context)
            value = parse(reply.text)
        except (ProviderError, ReplyError):
            raise failure from None
        journal.record(task_id=task.id, step_pk=None, provider=offline.name, model=offline.model,
                       purpose=purpose, messages=messages, reply=reply, outcome="ok: instead")
        self._instead.add(task.id)
        with atomic():
            log(task.id, purpose, f"the model's replies could not be used ({error}); the "
                f"offline planner's {purpose} is offered instead", actor="assistant")
        return value

    def _source(self, task: Task) -> str:
        """Who wrote what the stage saves: the model, or the offline planner in its stead."""
        if task.id in self._instead:
            self._instead.discard(task.id)
            return f"{OFFLINE_INSTEAD} {self.provider.model}"
        return self.provider.model

    async def _call(self, task: Task, purpose: str, messages: list[Message],
                    context: dict[str, Any], step_pk: int | None) -> tuple[str, int]:
        kind = "plan" if purpose == "plan" else purpose
        schema = schema_for(kind) if kind in ("review", "plan", "check", "failure_review") else None
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
            journal.record(**common, reply=None, outcome=f"error: {exc.kind}", error=str(exc),
                           latency_ms=elapsed, partial=exc.partial)
            raise StageFailed(f"the model server failed: {redact(str(exc), self.secret)}"
                              ) from None
        except asyncio.CancelledError:
            journal.record(**common, reply=None, outcome="cancelled")
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
        call_id = journal.record(**common, reply=reply, outcome="received")
        if len(reply.text) > MAX_REPLY_CHARS:
            error = (f"the model's reply was {len(reply.text):,} characters; the limit is "
                     f"{MAX_REPLY_CHARS:,}")
            journal.set_outcome(call_id, "too_large", error)
            raise StageFailed(error)
        return reply.text, call_id

    # --- stages --------------------------------------------------------------------------

    async def _expire(self, task: Task, now: datetime) -> str:
        with atomic():
            plan = plans.latest_plan(task.id)
            if plan is not None and plan.status in ("pending", "in_progress", "paused"):
                plans.abort_in_transaction(plan)
            set_status(task, "expired", why="its expiry time passed", actor="assistant")
        return "expired"

    async def _review(self, task: Task, now: datetime) -> str:
        task = adopt_recurrence(task, now)
        messages = prompts.build("review", self._prompt_context(task))
        decision = await self._ask(task, "review", messages, self._context(task, "review"),
                                   lambda text: sensible_review(text, task, now))
        return apply_review(task, decision, self._source(task), now)

    async def _plan(self, task: Task, now: datetime) -> str:
        ctx = self._prompt_context(task)
        messages = prompts.build("plan", ctx, max_steps=str(settings.get("assistant.max_steps")))
        data = await self._ask(task, "plan", messages, self._context(task, "plan"),
                               lambda text: sensible_plan(text, task))
        with atomic():
            plan = plans.save_plan(task.id, data, author="assistant", source=self._source(task))
            self._recovered(Task.get_by_id(task.id))
            clashes = flag_busy(task, data, self._calendar(task).busy)
        summary = f"planned {len(data['steps'])} steps (revision {plan.revision}, {plan.status})"
        return summary + (f"; {clashes}" if clashes else "")

    async def _approve(self, task: Task, now: datetime) -> str:
        plan = plans.plan_action(task.id, "approve")
        log(task.id, "plan", "approved by auto-accept", actor="assistant")
        return f"approved revision {plan.revision} (auto-accept)"

    async def _quick_check(self, task: Task, now: datetime) -> str:
        """A waiting task's time has come: a rolled recurring task runs its plan again;
        anything else is reviewed afresh."""
        with atomic():
            task = Task.get_by_id(task.id)
            plan = plans.latest_plan(task.id)
            if task.recurrence and plan is not None and plan.status == "completed":
                plans.roll_forward(task, plan, defer=False)  # its occurrence has passed
                plan = plans.latest_plan(task.id)
            task.next_check_at = None
            if task.recurrence and plan is not None and plan.status == "in_progress":
                set_status(task, "in_progress", why="next occurrence", actor="assistant")
                summary = "next occurrence started"
            else:
                set_status(task, "new", why="time to look again", actor="assistant")
                summary = "due for a fresh review"
            self._recovered(task)
            task.save()
        return summary

    async def _do(self, task: Task, now: datetime) -> str:
        plan = plans.active_plan(task.id)
        spec = plans.spec_of(plan)
        step = picking.runnable_step(plan, spec)
        if step is None:
            return "nothing ready"
        if step.status == "pending":
            plans.step_action(task.id, step.id, "start", actor="assistant")
        pk = doers.step_pk(plan.id, step.id)
        done = await self._run_capability(task, step, spec, pk, now)
        return self._finish_step(task, step, done)

    async def _run_capability(self, task: Task, step: PlanStep, spec: PlanSpec, pk: int,
                              now: datetime) -> doers.Done:
        if step.target == "assistant.write":
            return await self._write(task, step, spec, pk)
        if step.target == "file.write":
            return doers.do_file_write(task, step, spec)
        if step.target == "message.post":
            return doers.do_message(task, step, pk, spec)
        if step.target == "reminder.set":
            return doers.do_reminder(task, step, pk, now)
        if step.target == "calendar.read":
            return doers.do_calendar(step)
        return doers.Done("failed", error=f"no capability {step.target!r}")

    async def _write(self, task: Task, step: PlanStep, spec: PlanSpec, pk: int) -> doers.Done:
        ctx = self._prompt_context(task)
        results = "\n".join(f"{s.id}: {s.result}" for s in spec.steps if s.result)
        messages = prompts.build(
            "write", ctx, step_title=prompts.fence("step", step.title),
            instructions=prompts.fence("instructions", step.inputs.get("instructions", "")),
            results=prompts.fence("results", results) if results else prompts.NONE[ctx.language])
        context = self._context(task, "write", step=step.to_json(),
                                results={s.id: s.result for s in spec.steps if s.result})
        draft = await self._ask(task, "write", messages, context, _nonempty_text, pk)
        draft = doers.clip(draft)
        if not step.done_when:
            return doers.Done("completed", result=draft)
        checked = {**step.to_json(), "result": draft}
        check_messages = prompts.build(
            "check", ctx, step_title=prompts.fence("step", step.title),
            done_when=prompts.fence("criterion", step.done_when),
            result=prompts.fence("result", draft))
        verdict: CheckReply = await self._ask(
            task, "check", check_messages, self._context(task, "check", step=checked),
            lambda text: sense.sensible_check(text, json.dumps(checked, ensure_ascii=False)), pk)
        if verdict.passed:
            return doers.Done("completed", result=draft)
        return doers.Done("failed", result=draft, error=f"check failed: {verdict.reason}")

    def _finish_step(self, task: Task, step: PlanStep, done: doers.Done) -> str:
        if done.status == "waiting":
            return f"step {step.id}: {done.result}"
        if done.status == "completed":
            with atomic():
                plans.step_action(task.id, step.id, "done", result=done.result, actor="assistant")
                self._recovered(Task.get_by_id(task.id))
            return f"step {step.id} done"
        return self._step_failed(task, step, done.error or "failed", retry=not done.final)

    def _step_failed(self, task: Task, step: PlanStep, error: str, *, retry: bool = True
                     ) -> str:
        attempts = plans.current_attempts(task.id, step.id) + 1
        if retry and attempts < settings.get("assistant.step_attempts"):
            plans.fail_and_retry(task.id, step.id, error)
            return f"step {step.id} failed (attempt {attempts}), will retry: {error}"
        with atomic():
            plans.step_action(task.id, step.id, "fail", error=error, actor="assistant")
            fresh = Task.get_by_id(task.id)
            if picking.reviews_done(task.id) < settings.get("assistant.review_budget"):
                set_problem(fresh, None)  # the failure review comes first
            else:
                set_problem(fresh, task_problems.told(
                    "step_failed_for_good", self._problem_language(fresh), step=step.id,
                    attempts=attempts, error=error))
        return f"step {step.id} failed after {attempts} attempts: {error}"

    async def _failure_review(self, task: Task, now: datetime) -> str:
        plan = plans.active_plan(task.id)
        spec = plans.spec_of(plan)
        step = picking.failed_assistant_step(spec)
        assert step is not None
        errors = decisions.step_errors(task.id, step.id)
        ctx = self._prompt_context(task)
        messages = prompts.build(
            "failure_review", ctx, step_title=prompts.fence("step", step.title),
            target=str(step.target), attempts=str(plans.current_attempts(task.id, step.id) + 1),
            errors=prompts.fence("errors", "\n".join(errors) or (step.error or "")))
        context = self._context(task, "failure_review", step=step.to_json())
        reply: FailureReviewReply = await self._ask(
            task, "failure_review", messages, context,
            lambda text: checked_review(text, spec, step))
        return apply_failure_review(task, spec, step, reply, self.provider.model)


# --- pure parts: parsing and applying replies ----------------------------------------------

def task_facts(task: Task) -> dict[str, Any]:
    """The task as the prompt and the offline planner see it (times in UTC)."""
    def when(value: datetime | None) -> str | None:
        return None if value is None else format_utc(value)

    return {"id": task.id, "title": task.title, "detail": task.detail, "status": task.status,
            "priority": task.priority, "tags": list(task.tags), "start_at": when(task.start_at),
            "due_at": when(task.due_at), "expires_at": when(task.expires_at),
            "recurrence": task.recurrence}


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


def _nonempty_text(text: str) -> str:
    from app.agent.relaxed_json import strip_wrapping

    cleaned = strip_wrapping(text).strip()
    if not cleaned:
        raise ReplyError("the reply was empty")
    return cleaned


@dataclass(frozen=True)
class ReviewDecision:
    reply: ReviewReply
    times: dict[str, datetime]
    plan: dict[str, Any] | None


def review_decision(text: str, task: Task, now: datetime) -> ReviewDecision:
    """A review reply checked against the task: times in order, any plan valid."""
    reply = parse_reply("review", text)
    assert isinstance(reply, ReviewReply)
    times: dict[str, datetime] = {}
    for action in reply.actions:
        if action.name == "confirm":
            for key in ("start", "due", "expires"):
                value = getattr(action, key)
                if value is not None and getattr(task, f"{key}_at") is None:
                    times[key] = value
    merged = {k: times.get(k) or getattr(task, f"{k}_at") for k in ("start", "due", "expires")}
    known = [(k, v) for k, v in merged.items() if v is not None]
    for (a, ta), (b, tb) in zip(known, known[1:], strict=False):
        if ta > tb:
            raise ReplyError(f"the {a} time {ta.isoformat()} is after the {b} time "
                             f"{tb.isoformat()}")
    outcome = reply.outcome()
    plan = None
    if outcome is not None and outcome.name == "next_check" and outcome.at <= now:
        raise ReplyError("next_check must be in the future")
    if isinstance(outcome, Execute):
        plan = _one_step_plan(task, outcome)
    elif outcome is not None and outcome.name == "plan" and outcome.plan is not None:
        plan = generated_plan_data(outcome.plan, task.id)
    return ReviewDecision(reply, times, plan)


def sensible_review(text: str, task: Task, now: datetime) -> ReviewDecision:
    """A review decision that also passes the sense checks (``app.agent.sense``)."""
    decision = review_decision(text, task, now)
    own = json.dumps(task_facts(task), ensure_ascii=False)
    sense.check_review(parse_object(text), decision.reply, task.title, own, now)
    if decision.plan is not None:
        sense.check_plan(decision.plan, own)
    return decision


def sensible_plan(text: str, task: Task) -> dict[str, Any]:
    """A generated plan that also passes the sense checks (``app.agent.sense``)."""
    data = generated_plan(text, task.id)
    sense.check_plan(data, json.dumps(task_facts(task), ensure_ascii=False))
    return data


def _one_step_plan(task: Task, action: Execute) -> dict[str, Any]:
    step: dict[str, Any] = {
        "id": "do", "title": action.step.title, "depends_on": [], "parent": None,
        "target": action.step.target, "inputs": action.step.inputs,
        "done_when": action.step.done_when, "worker": "assistant"}
    return generated_plan_data({"schema_version": 1, "title": task.title, "objective":
                                task.title, "steps": [step]}, task.id)


def generated_plan(text: str, task_id: int) -> dict[str, Any]:
    return generated_plan_data(parse_object(text), task_id)


def generated_plan_data(data: dict[str, Any], task_id: int) -> dict[str, Any]:
    """A model's plan as it will be stored: origin forced to assistant, revision current,
    and validated — so a reply cannot dodge the generated-plan rules."""
    latest = plans.latest_plan(task_id)
    data = {**data, "origin": "assistant", "revision": latest.revision if latest else 1}
    data.setdefault("schema_version", 1)
    try:
        parse_plan(data, max_steps=settings.get("assistant.max_steps"))
    except InvalidPlan as exc:
        raise ReplyError("the plan is invalid: " + "; ".join(map(str, exc.problems))) from None
    return data


def flag_busy(task: Task, plan: dict[str, Any], busy: list[tuple[str, str]]) -> str:
    """Log the steps due in busy calendar time (caller's transaction); '' when none."""
    conflicts = flag_conflicts(plan["steps"], busy)
    if not conflicts:
        return ""
    text = "due in busy time: " + ", ".join(
        f"{c.step_id} at {format_utc(c.due)}" for c in conflicts)
    log(task.id, "calendar", text, actor="assistant")
    return text


def apply_review(task: Task, decision: ReviewDecision, source: str, now: datetime) -> str:
    """Apply a checked review whole, in one transaction."""
    reply = decision.reply
    outcome = reply.outcome()
    with atomic():
        task = Task.get_by_id(task.id)
        task.tags = sorted(set(task.tags) | set(reply.tags[:3]))
        for key, value in decision.times.items():
            setattr(task, f"{key}_at", value)
        task.save()
        decisions.record(task.id, "review", outcome.name if outcome else "confirm",
                         reply.think[:500] or "reviewed")
        if outcome is None:
            set_status(task, "reviewed", why="times confirmed", actor="assistant")
            summary = "reviewed; a plan comes next"
        elif outcome.name == "next_check":
            task.next_check_at = outcome.at
            set_status(task, "waiting", why=outcome.reason or "no time can be fixed yet",
                       actor="assistant")
            summary = f"waiting until {format_utc(outcome.at)}"
        elif outcome.name == "cancel":
            task.result = outcome.reason
            set_status(task, "cancelled", why=outcome.reason, actor="assistant")
            summary = f"cancelled: {outcome.reason}"
        elif outcome.name == "fail":
            set_status(task, "failed", why=outcome.reason, actor="assistant")
            set_problem(task, task_problems.told(
                "cannot_do", task_problems.language_for(task.title, task.detail),
                reason=outcome.reason))
            summary = f"failed: {outcome.reason}"
        elif decision.plan is not None:
            set_status(task, "reviewed", why="reviewed", actor="assistant")
            plan = plans.save_plan(task.id, decision.plan, author="assistant", source=source)
            task = Task.get_by_id(task.id)
            summary = (f"{outcome.name}: {len(decision.plan['steps'])} step(s), revision "
                       f"{plan.revision} {plan.status}")
            clashes = flag_busy(task, decision.plan, context_for(now, task.due_at).busy)
            summary += f"; {clashes}" if clashes else ""
        else:
            set_status(task, "reviewed", why="a plan comes next", actor="assistant")
            summary = "reviewed; a plan comes next"
        if outcome is None or outcome.name != "fail":
            clear_retry(task, keep_next_check=outcome is not None)
        task.save()
    return summary


def clear_retry(task: Task, keep_next_check: bool = False) -> None:
    """A stage worked: forget an earlier retry and its problem (caller's transaction)."""
    if task.retry_count or task.problem:
        task.retry_count = 0
        if not keep_next_check:
            task.next_check_at = None
        set_problem(task, None)


def checked_review(text: str, spec: PlanSpec, step: PlanStep) -> FailureReviewReply:
    reply = parse_reply("failure_review", text)
    sense.check_verdict(parse_object(text), json.dumps(step.to_json(), ensure_ascii=False))
    assert isinstance(reply, FailureReviewReply)
    if reply.decision == "change_worker" and reply.worker not in ("me", "assistant"):
        if reply.worker is None or find_contact(reply.worker) is None:
            raise ReplyError(f"{reply.worker!r} is not 'me' or one of your contacts")
    if reply.decision == "split":
        from app.graph import Graph

        if len(Graph(spec.steps).ancestors(step.id)) + 1 >= 4:
            raise ReplyError("the step is already at level 4 and cannot be split further")
        ids = {s.id for s in reply.steps}
        for sub in reply.steps:
            if set(sub.depends_on) - ids:
                raise ReplyError(f"sub-step {sub.id!r} depends on steps outside the split")
        data, generated = split_plan(spec, step, reply)
        try:
            parse_plan(data, max_steps=settings.get("assistant.max_steps"), generated=generated)
        except InvalidPlan as exc:
            raise ReplyError("the split is invalid: " + "; ".join(map(str, exc.problems))
                             ) from None
    return reply


def split_plan(spec: PlanSpec, step: PlanStep, reply: FailureReviewReply
               ) -> tuple[dict[str, Any], set[str]]:
    """The plan with the failed step turned into a group of the proposed sub-steps."""
    data = spec.to_json()
    data["origin"] = "assistant"
    target = next(s for s in data["steps"] if s["id"] == step.id)
    target.update(status="pending", error=None, result=None, target=None, inputs={})
    generated = {step.id}
    for sub in reply.steps:
        sid = f"{step.id}.{sub.id}"
        generated.add(sid)
        data["steps"].append({
            "id": sid, "title": sub.title,
            "depends_on": [f"{step.id}.{d}" for d in sub.depends_on], "parent": step.id,
            "target": sub.target, "inputs": sub.inputs, "done_when": sub.done_when,
            "worker": "assistant"})
    return data, generated


def apply_failure_review(task: Task, spec: PlanSpec, step: PlanStep, reply: FailureReviewReply,
                         source: str) -> str:
    """Change the worker, split the step, or store advice and retry — one transaction."""
    with atomic():
        decisions.record(task.id, "failure_review", reply.decision, f"step {step.id!r}: "
                         f"{reply.decision} — {reply.think[:300]}", plan_step=step.id)
        if reply.decision == "advice":
            fresh = Task.get_by_id(task.id)
            fresh.advice = ((fresh.advice + "\n") if fresh.advice else "") + reply.advice
            fresh.advice = fresh.advice[-2000:]
            fresh.save()
            plans.step_action(task.id, step.id, "retry", actor="assistant")
            return f"advice stored; step {step.id} retried"
        if reply.decision == "change_worker":
            data = spec.to_json()
            data["origin"] = "assistant"
            target = next(s for s in data["steps"] if s["id"] == step.id)
            target.update(status="pending", error=None, result=None, target="user", inputs={},
                          worker=reply.worker or "me")
            generated = {step.id}
            summary = f"step {step.id} handed to {reply.worker}"
        else:
            splits = decisions.count(task.id, "failure_review", "split")
            if splits > settings.get("assistant.split_budget"):
                raise StageFailed("the split budget for this task is used up")
            data, generated = split_plan(spec, step, reply)
            summary = f"step {step.id} split into {len(reply.steps)} steps"
        try:
            plans.save_plan(task.id, data, author="assistant", source=source, generated=generated)
        except (InvalidPlan, KnownError) as exc:
            raise StageFailed(f"the assistant's change was refused: {exc}") from None
    return summary
