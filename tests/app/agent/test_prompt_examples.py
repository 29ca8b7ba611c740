"""The worked example reply of each stage (issue 16): complete and valid by the real parser
and schema, shown as it is in the prompt, in the prompt's language; a reply that copies it
is refused; every stage's prompt under the token budget as ``agent prompt`` counts it, and
the Chinese prompts Chinese but for the format's own words."""

from __future__ import annotations

import asyncio
import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from app.agent import prompts, sense
from app.agent.generated_plan import generated_plan_data
from app.agent.loop import Assistant
from app.agent.replies import ReplyError, parse_reply, schema_for
from app.agent.review import review_decision
from app.agent.tokens import PROMPT_BUDGET, estimate
from app.plan import store as plans
from app.tasks.store import NewTask, add_task
from models import ModelCall
from tests.app.agent.fakes import ScriptedProvider

NOW = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)  # before the examples' own days
JSON_STAGES = ("review", "plan", "check", "failure_review")
OWN = json.dumps({"title": "Renew passport", "detail": ""})


def example(language: str, stage: str) -> dict[str, Any]:
    return dict(prompts.examples(language)[stage])


def prompt(language: str, stage: str, title: str = "Renew passport") -> list[str]:
    task = add_task(NewTask(title=title))
    ctx = prompts.Context(now=NOW, language=language, task={"title": task.title})
    extra = {"max_steps": "10", "step_title": "步骤", "done_when": "标准", "result": "结果",
             "target": "user", "attempts": "2", "errors": "错误", "instructions": "要求",
             "results": prompts.NONE[language]}
    return [m.content for m in prompts.build(stage, ctx, **extra)]


@pytest.mark.parametrize("language", prompts.LANGUAGES)
@pytest.mark.parametrize("stage", JSON_STAGES)
def test_each_worked_example_is_valid_by_the_real_parser_and_schema(
        db: Path, language: str, stage: str) -> None:
    data = example(language, stage)
    text = json.dumps(data, ensure_ascii=False)
    jsonschema.validate(data, schema_for(stage))  # what a server's grammar holds it to
    if stage == "plan":
        task = add_task(NewTask(title="x"))
        assert len(generated_plan_data(data, task.id)["steps"]) == 3
    elif stage == "review":
        task = add_task(NewTask(title="x"))
        assert review_decision(text, task, NOW).reply.outcome().name == "plan"  # type: ignore[union-attr]
    else:
        parse_reply(stage, text)


@pytest.mark.parametrize("language", prompts.LANGUAGES)
@pytest.mark.parametrize("stage", JSON_STAGES)
def test_the_prompt_shows_the_example_whole_with_its_task(
        db: Path, language: str, stage: str) -> None:
    _system, user = prompt(language, stage)
    assert json.dumps(example(language, stage), ensure_ascii=False) in user
    shown = prompts.examples(language)
    assert (shown["check_step"] if stage == "check" else shown["task"]) in user
    assert "..." not in user  # no placeholder reply format left beside it


def test_the_examples_are_in_the_prompts_language() -> None:
    zh = json.dumps(prompts.examples("zh"), ensure_ascii=False)
    words = set(re.findall(r"[A-Za-z]{3,}", re.sub(r'"[a-z_.]+"', "", zh)))
    assert words <= {"true", "null"}, words  # else only field, action and capability names
    assert prompts.examples("en")["task"].isascii()


def _verdicts(stage: str, data: dict[str, Any]) -> None:
    text = json.dumps(data, ensure_ascii=False)
    if stage == "review":
        sense.check_review(data, parse_reply("review", text), "Renew passport", OWN, NOW)
    elif stage == "plan":
        sense.check_plan(data, OWN)
    else:
        sense.check_verdict(data, OWN)


@pytest.mark.parametrize("language", prompts.LANGUAGES)
@pytest.mark.parametrize("stage", JSON_STAGES)
def test_sense_a_reply_copying_the_worked_example_is_refused(language: str, stage: str) -> None:
    with pytest.raises(ReplyError, match="copies the prompt's example"):
        _verdicts(stage, example(language, stage))


def test_sense_a_plan_copying_one_example_step_in_other_case_is_refused() -> None:
    step = {**example("en", "plan")["steps"][2], "id": "s1"}
    step["title"] = "  PAINT two coats on the lamp   room walls. "
    own = {"schema_version": 2, "title": "Renew passport",
           "steps": [{"id": "s2", "title": "Fill in the form", "depends_on": [],
                      "target": "user"}, step]}
    with pytest.raises(ReplyError, match="copies the prompt's example"):
        sense.check_plan(own, OWN)


def test_sense_a_task_about_the_examples_subject_may_use_its_words() -> None:
    own = json.dumps({"title": "Lighthouse painting day"})
    reply = {"think": "", "tags": ["lighthouse", "painting"], "actions": [{"name": "plan"}]}
    sense.check_review(reply, parse_reply("review", json.dumps(reply)), "Lighthouse painting",
                       own, NOW)


def test_sense_a_copied_example_plan_is_re_asked_and_never_saved(db: Path) -> None:
    task = add_task(NewTask(title="组织团队团建"))
    copy = json.dumps(example("zh", "plan"), ensure_ascii=False)
    review = json.dumps({"think": "", "tags": ["团建"], "actions": [{"name": "plan"}]})
    provider = ScriptedProvider(script=[review, copy, copy, copy])
    asyncio.run(Assistant(provider, auto_accept=False, clock=lambda: NOW)
                .run_until_idle(limit=2))
    assert plans.latest_plan(task.id) is None
    errors = [c.error or "" for c in ModelCall.select().where(ModelCall.purpose == "plan")]
    assert errors and all("copies the prompt's example" in e for e in errors)


@pytest.mark.parametrize("language", prompts.LANGUAGES)
@pytest.mark.parametrize("stage", [*JSON_STAGES, "write"])
def test_each_stage_prompt_is_under_budget_as_agent_prompt_counts_it(
        cli: Any, language: str, stage: str) -> None:
    result = cli("agent", "prompt", stage, "--language", language)
    counted = re.search(r"≈ ([\d,]+) tokens without the schema", result.out)
    assert result.code == 0 and counted is not None, result.out + result.err
    assert int(counted.group(1).replace(",", "")) < PROMPT_BUDGET


def test_the_count_takes_digits_and_json_marks_as_the_tokenizer_does() -> None:
    assert estimate("2026") == 4  # SmolLM2 splits numbers digit by digit
    assert estimate('", "') == 2  # and JSON's marks are tokens of their own
    assert estimate("灯塔") == 4
    assert estimate("Paint the walls") == 4


# besides the format's own words (fields, actions, capabilities: sense.format_words)
_NAMES = {"Stepwise", "DATA", "JSON", "ISO", "UTC", "T", "s", "kind", "notes", "summary", "md",
          "X", "Y"}


@pytest.mark.parametrize("stage", [*JSON_STAGES, "write"])
def test_the_chinese_prompts_are_chinese_but_for_the_formats_words(db: Path, stage: str) -> None:
    text = "\n".join(prompt("zh", stage, "组织团队团建"))
    text = re.sub(r"<<<DATA.*?DATA>>>", "", text, flags=re.S)
    text = re.sub(r'"[^"\n]*"', "", text)  # field names and the example's values
    allowed = _NAMES | {part for word in sense.format_words() for part in re.split(r"[._]", word)}
    english = set(re.findall(r"[A-Za-z]+", text)) - allowed
    assert english == set(), english


def test_sense_a_check_copying_the_example_is_re_asked_and_the_next_one_used(db: Path) -> None:
    task = add_task(NewTask(title="Draft the letter to Ann"))
    step = {"title": "Write the letter", "target": "assistant.write",
            "inputs": {"instructions": "a letter to Ann"}, "done_when": "a full page"}
    execute = json.dumps({"think": "", "tags": ["letter"],
                          "actions": [{"name": "execute", "step": step}]})
    copy = json.dumps(example("en", "check"))
    provider = ScriptedProvider(script=[execute, "Dear Ann, …", copy,
                                        '{"passed": true, "reason": "it fills a page"}'])
    asyncio.run(Assistant(provider, auto_accept=True, clock=lambda: NOW).run_until_idle(limit=4))
    checks = list(ModelCall.select().where(ModelCall.purpose == "check").order_by(ModelCall.id))
    assert "copies the prompt's example" in (checks[0].error or "")
    assert len(checks) == 2 and not checks[1].error
    assert plans.spec_of(plans.latest_plan(task.id)).steps[0].status == "completed"  # type: ignore[arg-type]


@pytest.mark.parametrize("stage", ["review", "plan", "check"])  # agent test's stages
def test_agent_test_calls_a_copy_of_the_example_not_valid(db: Path, stage: str) -> None:
    from app.agent.model_check import sample_task, validate

    copy = json.dumps(example("en", stage))
    assert "copies the prompt's example" in (validate(stage, copy, sample_task("en", stage)) or "")


@pytest.mark.parametrize("title", ["S03/24/2026-17:58:59", "reminder.set", "2026-12-03 17:00"])
def test_sense_a_plan_titled_by_a_time_or_a_format_word_is_refused(title: str) -> None:
    # SmolLM2-135M's one schema-valid plan without the worked example was titled so
    data = {"schema_version": 2, "title": "Renew passport",
            "steps": [{"id": "s1", "title": title, "depends_on": [], "target": "user"}]}
    with pytest.raises(ReplyError, match="does not say what to do"):
        sense.check_plan(data, OWN)


@pytest.mark.parametrize("title", ["Fill in form B2", "交表", "Call Ann at 3pm", "Think", "Q4",
                                   "p"])
def test_sense_a_plan_titled_in_words_passes(title: str) -> None:
    data = {"schema_version": 2, "title": "Renew passport",
            "steps": [{"id": "s1", "title": title, "depends_on": [], "target": "user"}]}
    sense.check_plan(data, OWN)
