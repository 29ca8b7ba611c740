"""The assistant loop (DESIGN.md section 7): pick → review → plan → do → check → retry.

A model only proposes; this code checks every proposal against the plan contract and
the state machines and applies it whole, in one transaction, or not at all. Each run
advances the most urgent task by one stage and says what it did.

The loop and its stages live here; the rest of app.agent holds the parts they use:
``asking`` (the model calls), ``prompt_context`` (what the model is told), ``review``,
``generated_plan`` and ``failure_review`` (checking and applying replies), ``retries``
(budget, retry later, changed meanwhile) and ``outcome`` (what a stage reports).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from peewee import DoesNotExist

from app.agent import decisions, doers, picking, prompts, retries, sense
from app.agent.asking import ModelCalls, nonempty_text
from app.agent.failure_review import ReviewedFailure, apply_failure_review, checked_review
from app.agent.generated_plan import flag_busy, sensible_plan
from app.agent.outcome import CHANGED, ENDS_RUN, MODEL_STAGES, Outcome, StageFailed
from app.agent.prompt_context import calendar, model_context, prompt_context
from app.agent.prompt_context import request as request_for
from app.agent.replies import CheckReply
from app.agent.retries import clear_retry
from app.agent.review import apply_review, sensible_review
from app.agent.typed_task import adopt_recurrence
from app.config import settings
from app.errors import NotFound, Refused
from app.events import Change, Kind, events
from app.llm.base import ChunkSink, Message, Provider
from app.llm.offline.write import echoes
from app.plan import store as plans
from app.plan.graph import Graph
from app.plan.spec import PlanSpec, PlanStep
from app.reminders import store as reminders
from app.states import ACTIVE_PLAN, IllegalTransition, PlanStatus, StepStatus, TaskStatus
from app.tasks.problems import Problem
from app.tasks.store import log, set_problem, set_status
from models import Task, atomic
from models.prepared import by_id

__all__ = ["Assistant", "Clock", "Outcome", "StageFailed"]

Clock = Callable[[], datetime]


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Assistant(ModelCalls):
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
        self._asked: set[int] = set()  # tasks the person asked a plan for (Generate)

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
        chosen = picking.first_candidate(now, self.accepting())
        if chosen is None:
            return None
        return await self._run_announced(chosen.task, chosen.stage, now)

    async def run_until_idle(self, limit: int = 100_000,
                             stop: Callable[[], bool] | None = None,
                             on_outcome: Callable[[Outcome], None] | None = None
                             ) -> list[Outcome]:
        """Run until every task with work due has had its stage this run (or ``limit``
        stages, or ``stop()`` says so between stages). ``on_outcome`` hears each stage's
        outcome as it comes (the window's log grows during a long run, not at its end).

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
                if on_outcome is not None:
                    on_outcome(outcome)
                if outcome.summary in ENDS_RUN:
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
        task = by_id(Task, task_id)
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
        if the plan changed meanwhile, the save is refused and nothing is lost. A plan
        the person asked for is saved even when it is one step (the review would have
        kept such a task simple).
        """
        self._asked.add(task_id)
        try:
            return await self._run_announced(Task.get_by_id(task_id), "plan", self.clock())
        finally:
            self._asked.discard(task_id)

    async def _run_announced(self, task: Task, stage: str, now: datetime) -> Outcome:
        events.emit(Change(Kind.ASSISTANT_STARTED, task.id, stage))
        try:
            return await self._run_stage(task, stage, now)
        finally:
            reminders.schedule_if_present(task.id)  # each stage may move the task's times
            events.emit(Change(Kind.ASSISTANT_FINISHED, task.id, stage))

    async def _run_stage(self, task: Task, stage: str, now: datetime) -> Outcome:
        handler = {
            "expire": self._expire, "review": self._review, "plan": self._plan,
            "approve": self._approve, "do": self._do, "quick_check": self._quick_check,
            "failure_review": self._failure_review,
        }[stage]
        if stage in ("review", "plan", "do", "failure_review") and retries.over_budget(task, now):
            return self._outcome(task, stage, "skipped", task.problem)
        try:
            summary = await handler(task, now)
        except StageFailed as exc:
            return self._outcome(task, stage, "failed", retries.retry_later(task, str(exc), now))
        except (IllegalTransition, Refused, NotFound, DoesNotExist) as exc:
            return self._outcome(task, stage, CHANGED,
                                 retries.changed_meanwhile(task, stage, exc))
        return self._outcome(task, stage, summary)

    def _outcome(self, task: Task, stage: str, summary: str, problem: str | None = None
                 ) -> Outcome:
        return Outcome(task.id, task.title, stage, summary, problem)

    def request(self, task: Task, purpose: str) -> tuple[list[Message], dict[str, Any]]:
        """The messages and context a call of ``purpose`` (review, plan, check, …) would
        send for ``task`` now: for ``stepwise agent prompt`` and ``agent test``."""
        return request_for(self.clock, task, purpose)

    # --- stages --------------------------------------------------------------------------

    async def _expire(self, task: Task, now: datetime) -> str:
        with atomic():
            plan = plans.latest_plan(task.id)
            if plan is not None and plan.status in ACTIVE_PLAN:
                plans.abort_in_transaction(plan)
            set_status(task, TaskStatus.EXPIRED, why="its expiry time passed", actor="assistant")
        return "expired"

    async def _review(self, task: Task, now: datetime) -> str:
        task = adopt_recurrence(task, now)
        messages = prompts.build("review", prompt_context(self.clock, task))
        context = model_context(self.clock, task, "review")
        decision = await self._ask(task, "review", messages, context,
                                   lambda text: sensible_review(text, task, now))
        return apply_review(task, decision, self._source(task), now)

    async def _plan(self, task: Task, now: datetime) -> str:
        ctx = prompt_context(self.clock, task)
        messages = prompts.build("plan", ctx, max_steps=str(settings.get("assistant.max_steps")))
        data = await self._ask(task, "plan", messages, model_context(self.clock, task, "plan"),
                               lambda text: sensible_plan(text, task))
        if decisions.is_simple_plan(data) and task.id not in self._asked \
                and plans.latest_plan(task.id) is None:
            with atomic():
                decisions.record(task.id, "review", decisions.SIMPLE,
                                 decisions.simple_reason(data))
                clear_retry(Task.get_by_id(task.id))
            return "a simple task: no plan needed"
        with atomic():
            plan = plans.save_plan(task.id, data, author="assistant", source=self._source(task))
            clear_retry(Task.get_by_id(task.id))
            clashes = flag_busy(task, data, calendar(self.clock, task).busy)
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
            if task.recurrence and plan is not None and plan.status == PlanStatus.COMPLETED:
                plans.roll_forward(task, plan, defer=False)  # its occurrence has passed
                plan = plans.latest_plan(task.id)
            task.next_check_at = None
            if task.recurrence and plan is not None and plan.status == PlanStatus.IN_PROGRESS:
                set_status(task, TaskStatus.IN_PROGRESS, why="next occurrence", actor="assistant")
                summary = "next occurrence started"
            else:
                set_status(task, TaskStatus.NEW, why="time to look again", actor="assistant")
                summary = "due for a fresh review"
            clear_retry(task)
            task.save()
        return summary

    async def _do(self, task: Task, now: datetime) -> str:
        plan = plans.active_plan(task.id)
        spec = plans.spec_of(plan)
        step = picking.runnable_step(plan, spec)
        if step is None:
            return "nothing ready"
        if step.status == StepStatus.PENDING:
            plans.step_action(task.id, step.id, "start", actor="assistant")
        pk = doers.step_pk(plan.id, step.id)
        done = await self._run_capability(task, step, spec, pk, now)
        return self._finish_step(task, step, done)

    async def _run_capability(self, task: Task, step: PlanStep, spec: PlanSpec, pk: int,
                              now: datetime) -> doers.Done:
        if step.target == doers.MODEL_DOES:
            return await self._write(task, step, spec, pk)
        doer = doers.DOERS.get(step.target or "")
        if doer is None:
            return doers.Done("failed", error=f"no capability {step.target!r}")
        return doer(task, step, spec, pk, now)

    async def _write(self, task: Task, step: PlanStep, spec: PlanSpec, pk: int) -> doers.Done:
        ctx = prompt_context(self.clock, task)
        before = Graph(spec.steps).all_before(step.id)  # what the draft may draw on
        found = {s.id: s.result for s in spec.steps if s.result and s.id in before}
        results = "\n".join(f"{sid}: {result}" for sid, result in found.items())
        instructions = str(step.inputs.get("instructions", ""))
        messages = prompts.build(
            "write", ctx, step_title=prompts.fence("step", step.title),
            instructions=prompts.fence("instructions", instructions),
            results=prompts.fence("results", results) if results else prompts.NONE[ctx.language])
        context = model_context(self.clock, task, "write", step=step.to_json(), results=found,
                                sender=settings.get("user.name"))
        draft = await self._ask(task, "write", messages, context, nonempty_text, pk)
        draft = doers.clip(draft)
        if echoes(draft, instructions or step.title):  # the request said back is no draft
            return doers.Done("failed", result=draft,
                              error="the draft repeats the request instead of writing it")
        if not step.done_when:
            return doers.Done("completed", result=draft)
        checked = {**step.to_json(), "result": draft}
        check_messages = prompts.build(
            "check", ctx, step_title=prompts.fence("step", step.title),
            done_when=prompts.fence("criterion", step.done_when),
            result=prompts.fence("result", draft))
        verdict: CheckReply = await self._ask(
            task, "check", check_messages, model_context(self.clock, task, "check", step=checked),
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
                clear_retry(Task.get_by_id(task.id))
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
                set_problem(fresh, Problem.of("step_failed_for_good", step=step.id,
                                              attempts=attempts, error=error))
        return f"step {step.id} failed after {attempts} attempts: {error}"

    async def _failure_review(self, task: Task, now: datetime) -> str:
        plan = plans.active_plan(task.id)
        spec = plans.spec_of(plan)
        step = picking.failed_assistant_step(spec)
        assert step is not None
        errors = decisions.step_errors(task.id, step.id)
        ctx = prompt_context(self.clock, task)
        messages = prompts.build(
            "failure_review", ctx, step_title=prompts.fence("step", step.title),
            target=str(step.target), attempts=str(plans.current_attempts(task.id, step.id) + 1),
            errors=prompts.fence("errors", "\n".join(errors) or (step.error or "")))
        context = model_context(self.clock, task, "failure_review", step=step.to_json())
        reviewed: ReviewedFailure = await self._ask(
            task, "failure_review", messages, context,
            lambda text: checked_review(text, spec, step))
        return apply_failure_review(task, spec, step, reviewed, self.provider.model)
