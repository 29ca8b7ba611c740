"""When a stage did not work (``app.agent.retries``): budget, retry with backoff, recovery."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from app.agent.loop import Assistant
from app.agent.retries import RETRY_CAP, changed_meanwhile, clear_retry, retry_later
from app.config import settings
from app.llm.base import ProviderError
from models import ModelCall, WorkLog
from tests.app.agent.fakes import ScriptedProvider
from tests.app.agent.test_loop import (
    NOW,
    Clock,
    fresh,
    run,
    task,
)


def test_a_server_error_retries_the_task_later_with_backoff(db: Path) -> None:
    t = task("Plan a trip")
    clock = Clock()
    down = ProviderError("connect", "cannot reach http://127.0.0.1:9", retryable=True)
    provider = ScriptedProvider([down, down])
    run(Assistant(provider, clock=clock), until_idle=False)
    t = fresh(t)
    assert "model server failed" in t.problem and t.retry_count == 1
    assert t.next_check_at == NOW + timedelta(minutes=1)
    assert run(Assistant(provider, clock=clock)) == []  # not before the retry time
    clock.now = NOW + timedelta(minutes=1)
    run(Assistant(provider, clock=clock), until_idle=False)
    assert fresh(t).next_check_at == clock.now + timedelta(minutes=2)
    clock.now += timedelta(minutes=2)
    run(Assistant(provider, clock=clock), until_idle=False)  # the offline fallback answers
    t = fresh(t)
    assert t.problem is None and t.retry_count == 0 and t.status == "planned"
    assert ModelCall.select().where(ModelCall.outcome == "error: connect").count() == 2


def test_the_daily_call_budget_is_a_guard(db: Path) -> None:
    settings.put("assistant.calls_per_task_day", 1)
    t = task("Plan a trip")
    run(Assistant(ScriptedProvider(["garbage", "garbage"]), clock=Clock()), until_idle=False)
    clock = Clock(NOW + timedelta(minutes=5))
    outcomes = run(Assistant(ScriptedProvider(), clock=clock), until_idle=False)
    assert outcomes[0].summary == "skipped" and "budget" in fresh(t).problem


def test_retry_later_doubles_the_wait_then_gives_up(db: Path) -> None:
    settings.put("assistant.task_retries", 2)
    t = task("Plan a trip")
    retry_later(t, "server down", NOW)
    assert fresh(t).next_check_at == NOW + timedelta(minutes=1)
    retry_later(t, "server down", NOW)
    assert fresh(t).next_check_at == NOW + timedelta(minutes=2)
    problem = retry_later(t, "server down", NOW)
    assert fresh(t).next_check_at is None and fresh(t).problem == problem
    assert "server down" in problem and fresh(t).retry_count == 3


def test_the_wait_never_passes_a_day(db: Path) -> None:
    settings.put("assistant.task_retries", 20)
    t = task("Plan a trip")
    t.retry_count = 15  # 2**15 minutes is three weeks
    t.save()
    retry_later(t, "server down", NOW)
    assert fresh(t).next_check_at == NOW + RETRY_CAP


def test_clear_retry_forgets_the_retry_and_its_problem(db: Path) -> None:
    waiting, retried = task("Plan a trip"), task("Book a hotel")
    for t in (waiting, retried):
        retry_later(t, "server down", NOW)
    kept = fresh(waiting)
    clear_retry(kept, keep_next_check=True)
    assert kept.retry_count == 0 and kept.problem is None and kept.next_check_at is not None
    clear_retry(cleared := fresh(retried))
    assert cleared.retry_count == 0 and cleared.next_check_at is None


def test_changed_meanwhile_logs_it_and_leaves_the_task_alone(db: Path) -> None:
    t = task("Plan a trip")
    problem = changed_meanwhile(t, "review", RuntimeError("cancelled in the window"))
    assert "cancelled in the window" in problem and fresh(t).problem is None
    logged = WorkLog.select().where(WorkLog.kind == "skipped").get().message
    assert logged.startswith("review skipped")
