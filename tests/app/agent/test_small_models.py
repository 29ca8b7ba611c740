"""The assistant with small local models (issue 16): sense checks, the offline planner
standing in after the re-ask budget, a run that ends, partial text kept, plain problems."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.agent import prompts, sense
from app.agent.asking import OFFLINE_INSTEAD
from app.agent.loop import Assistant, Outcome
from app.agent.replies import ReplyError, parse_reply
from app.llm.base import ProviderError
from app.plan import store as plans
from app.tasks.store import NewTask, add_task
from app.words.plain import local_time, plain_reply_error
from models import ModelCall, Task, WorkLog
from tests.app.agent.fakes import ScriptedProvider

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)  # Monday 30 Nov, 10:00 in Shanghai


def review(*actions: dict[str, Any], tags: tuple[str, ...] = ("home",)) -> str:
    return json.dumps({"think": "ok", "tags": list(tags), "actions": list(actions)})


def plan(*titles: str) -> str:
    steps = [{"id": f"s{i}", "title": t, "depends_on": [], "target": "user", "inputs": {}}
             for i, t in enumerate(titles, 1)]
    return json.dumps({"schema_version": 1, "title": "p", "steps": steps})


def run(provider: ScriptedProvider, limit: int = 40, **kwargs: Any) -> list[Outcome]:
    assistant = Assistant(provider, auto_accept=False, clock=lambda: NOW)
    return asyncio.run(assistant.run_until_idle(limit=limit, **kwargs))


def server(script: list[Any]) -> ScriptedProvider:
    """A scripted model that counts as a real server (the offline planner stands in for it)."""
    return ScriptedProvider(script=script, name="openai", model="small-model")


def calls_of(task_id: int) -> list[ModelCall]:
    return list(ModelCall.select().where(ModelCall.task == task_id).order_by(ModelCall.id))


# --- sense checks -------------------------------------------------------------------------

def test_sense_a_tag_copied_from_the_prompt_is_refused(db: Path) -> None:
    task = add_task(NewTask(title="Water the plants"))
    copied = prompts.examples("zh")["review"]["tags"][0]  # the worked example's tag
    provider = ScriptedProvider(script=[review({"name": "plan"}, tags=(copied,)),
                                        review({"name": "plan"}, tags=("tag",))])
    run(provider, limit=1)
    errors = [c.error or "" for c in calls_of(task.id)]
    assert f"copies the prompt's example ({copied!r})" in errors[0]
    assert "placeholders" in errors[1]
    assert "does not make sense" in (Task.get_by_id(task.id).problem or "")


def test_sense_a_plan_whose_step_is_the_prompts_example_is_refused(db: Path) -> None:
    task = add_task(NewTask(title="组织团队团建"))
    first = plan(prompts.examples("zh")["plan"]["steps"][0]["title"], "订场地")
    provider = ScriptedProvider(script=[review({"name": "plan"}), first, first])
    run(provider, limit=2)
    assert plans.latest_plan(task.id) is None
    assert "copies the prompt's example" in (calls_of(task.id)[-1].error or "")


def test_sense_repeated_steps_are_refused() -> None:
    assert sense.repeated_steps(["Call Ann", "Book room", "call  ann"]) is not None
    assert sense.repeated_steps(["Call Ann", "Book room"]) is None


def test_sense_a_time_contradicting_the_tasks_words_is_refused(db: Path) -> None:
    task = add_task(NewTask(title="Call the dentist at 3pm tomorrow"))
    dec_30 = {"name": "confirm", "due": "2026-12-30T15:00:00+08:00"}
    provider = ScriptedProvider(script=[review(dec_30, {"name": "plan"})] * 2)
    run(provider, limit=1)
    error = calls_of(task.id)[0].error or ""
    assert "contradicts the task's own words" in error and "15:00" in error


def test_sense_a_time_centuries_ago_or_past_is_refused() -> None:
    assert sense.implausible_time("at", datetime(1057, 10, 29, tzinfo=UTC), NOW) is not None
    assert sense.implausible_time("at", NOW - timedelta(days=3), NOW) is not None
    assert sense.implausible_time("at", NOW + timedelta(days=3), NOW) is None


def test_sense_a_sensible_review_passes(db: Path) -> None:
    task = add_task(NewTask(title="Call the dentist at 3pm tomorrow"))
    right = {"name": "confirm", "due": "2026-12-01T15:00:00+08:00"}
    provider = ScriptedProvider(script=[review(right, {"name": "plan"}, tags=("health",))])
    run(provider, limit=1)
    assert [c.outcome for c in calls_of(task.id)] == ["ok"]
    assert Task.get_by_id(task.id).problem is None


# --- the offline planner stands in after the re-ask budget --------------------------------

def test_offline_plan_offered_after_the_reask_budget_marked_as_such(db: Path) -> None:
    task = add_task(NewTask(title="Renew passport"))
    provider = server([review({"name": "plan"}), "not json", "still not json"])
    run(provider, limit=2)
    latest = plans.latest_plan(task.id)
    assert latest is not None and latest.source == f"{OFFLINE_INSTEAD} small-model"
    said = [w.message for w in WorkLog.select().where(WorkLog.task == task.id)]
    assert any("offline planner's plan is offered instead" in m for m in said)
    outcomes = [c.outcome for c in calls_of(task.id)]
    # then the model is asked to word the offline steps; this one cannot (the last call)
    assert outcomes == ["ok", "unusable", "unusable", "ok: instead", "unusable"]


def test_a_scripted_or_offline_provider_gets_no_stand_in(db: Path) -> None:
    task = add_task(NewTask(title="Renew passport"))
    run(ScriptedProvider(script=[review({"name": "plan"}), "x", "y"]), limit=2)
    assert plans.latest_plan(task.id) is None
    assert "could not be used" in (Task.get_by_id(task.id).problem or "")


# --- a loop that ends ------------------------------------------------------------------------

def test_until_idle_a_failed_task_waits_for_a_later_run_even_when_its_wait_passed(
        db: Path) -> None:
    add_task(NewTask(title="Plan the offsite"))
    clock = [NOW]

    def slow_failure(_context: Any) -> str:
        clock[0] += timedelta(minutes=10)  # a slow model outlasts the 1-minute retry wait
        raise ProviderError("timeout", "slow")

    provider = server([slow_failure] * 10)
    assistant = Assistant(provider, auto_accept=False, clock=lambda: clock[0])
    outcomes = asyncio.run(assistant.run_until_idle())
    assert [o.summary for o in outcomes] == ["failed"]
    assert len(provider.calls) == 1


def test_until_idle_stop_ends_the_run_between_stages(db: Path) -> None:
    for title in ("One", "Two", "Three"):
        add_task(NewTask(title=title))
    provider = ScriptedProvider()
    outcomes = run(provider, stop=lambda: len(provider.calls) >= 2)
    assert len(outcomes) == 2


def test_each_model_stage_runs_once_per_task_per_run(db: Path) -> None:
    add_task(NewTask(title="Renew passport"))
    outcomes = run(ScriptedProvider())
    stages = [(o.task_id, o.stage) for o in outcomes]
    assert len(stages) == len(set(stages))


# --- bounded calls, plain problems ------------------------------------------------------------

def test_a_timed_out_calls_partial_text_is_journaled(db: Path) -> None:
    task = add_task(NewTask(title="Renew passport"))
    error = ProviderError("timeout", "The model at 127.0.0.1:8080 did not answer in 300 s",
                          partial='{"think": "first I')
    run(server([error]), limit=1)
    call = calls_of(task.id)[0]
    assert call.outcome == "error: timeout" and call.reply == '{"think": "first I'


def test_the_retry_time_is_local_with_its_offset(db: Path) -> None:
    task = add_task(NewTask(title="Renew passport"))
    run(server([ProviderError("connect", "down")]), limit=1)
    problem = Task.get_by_id(task.id).problem or ""
    assert "trying again after 10:01 +08:00" in problem and "Z)" not in problem


def test_reasks_quote_the_offending_fragment_not_the_reply(db: Path) -> None:
    add_task(NewTask(title="Renew passport"))
    bad = review({"name": "plan", "extra_field": "x" * 5000})
    provider = ScriptedProvider(script=[bad, bad])
    run(provider, limit=1)
    reask = provider.calls[1].messages[-1].content
    assert len(reask) < 1200 and "x" * 400 not in reask
    assert "The part at fault" in reask


@pytest.mark.parametrize(("raw", "plain"), [
    ("score: Extra inputs are not permitted", "score: is not a field this reply has"),
    ("passed: Field required", "passed: is missing"),
    ("actions.0: Input tag 'send' found using 'name' does not match any of the expected tags: "
     "'confirm', 'plan'", "actions.0: names an unknown action send")])
def test_plain_reply_errors(raw: str, plain: str) -> None:
    assert plain_reply_error(raw) == plain


def test_local_time_names_the_day_when_not_today() -> None:
    assert local_time(NOW + timedelta(minutes=5), NOW) == "10:05 +08:00"
    assert local_time(NOW + timedelta(days=2), NOW) == "Wed 2 Dec 10:00 +08:00"


def test_a_reply_with_two_outcomes_is_refused() -> None:
    with pytest.raises(ReplyError, match="choose one of"):
        parse_reply("review", review({"name": "plan"}, {"name": "execute", "step": {
            "title": "x", "target": "user"}}))
