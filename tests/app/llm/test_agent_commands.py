"""stepwise agent run / test / prompt with a model server (issue 16): bounds, progress, the
closing note, the provider kind checked, the model test and the prompt with its sizes."""

from __future__ import annotations

import json
import socket
from collections.abc import Callable
from typing import Any

import pytest

from tests.app.llm.test_http import run
from tests.conftest import Result
from tests.fakeserver import FakeModelServer, reply

Cli = Callable[..., Result]
REVIEW = json.dumps({"think": "simple", "tags": ["health"], "actions": [
    {"name": "execute", "step": {"title": "Call the dentist", "target": "user"}}]})
PLAN = json.dumps({"schema_version": 1, "title": "Offsite", "steps": [
    {"id": "a", "title": "Ask the team for dates", "depends_on": [], "target": "user"},
    {"id": "b", "title": "Book the venue", "depends_on": ["a"], "target": "user"}]})
CHECK = json.dumps({"think": "done", "passed": True, "reason": "it was done"})


def agent(cli: Cli, server: FakeModelServer, *args: str) -> Result:
    return cli("agent", *args, "--provider", "openai", "--base-url", server.openai_url,
               "--model", "fake-small")


def test_agent_run_with_ollama_against_a_llama_cpp_server_says_which_to_choose(
        cli: Cli, openai_only: str) -> None:
    cli("add", "Buy milk")
    result = cli("agent", "run", "--provider", "ollama", "--base-url", openai_only,
                 "--model", "m")
    assert result.code == 1 and "choose the openai provider" in result.err
    assert "check the model name" not in result.err


def test_agent_run_prints_progress_and_a_closing_note(cli: Cli, server: FakeModelServer
                                                       ) -> None:
    cli("add", "Call the dentist")
    server.script(reply(REVIEW))
    result = agent(cli, server, "run", "--once")
    assert result.code == 0, result.err
    assert "#1 Call the dentist: review …" in result.err
    assert "model calls per task:" in result.err
    assert "#1 Call the dentist: 1 call(s)" in result.err and "prompt tokens ≈ review" in result.err


def test_agent_run_stream_is_framed_by_task_and_stage(cli: Cli, server: FakeModelServer
                                                      ) -> None:
    cli("add", "Call the dentist")
    server.script(reply(REVIEW))
    result = agent(cli, server, "run", "--once", "--stream")
    assert "── #1 Call the dentist: review …\n\n[review for #1]\n{" in result.err


def test_agent_run_max_calls_stops_the_run(cli: Cli, server: FakeModelServer) -> None:
    cli("add", "Call the dentist")
    cli("add", "Call the bank")
    server.script(reply(REVIEW), reply(REVIEW))
    result = agent(cli, server, "run", "--until-idle", "--max-calls", "1")
    assert "stopped after 1 model calls (--max-calls)" in result.err
    assert len(server.chat_requests) == 1


def test_agent_run_deadline_reaches_the_call(cli: Cli, server: FakeModelServer) -> None:
    from tests.fakeserver import drip

    cli("add", "Call the dentist")
    server.script(drip(tokens=200, per_s=20))
    result = agent(cli, server, "run", "--once", "--deadline", "1")
    assert "did not answer in 1 s" in result.out


@pytest.mark.parametrize("bad", ["--deadline=abc", "--max-time=0", "--max-calls=-1"])
def test_agent_run_bad_bounds_are_usage_errors(cli: Cli, bad: str) -> None:
    assert cli("agent", "run", bad).code == 2


def test_agent_test_reports_form_speed_and_validity(cli: Cli, server: FakeModelServer) -> None:
    server.script(reply(REVIEW), reply(PLAN), reply(CHECK))
    result = agent(cli, server, "test")
    assert result.code == 0, result.out + result.err
    assert "structured output: response_format json_schema" in result.out
    for stage in ("review", "plan", "check"):
        assert f"{stage}: valid — " in result.out
    assert "tokens/s" in result.out


def test_agent_test_says_which_stage_does_not_validate(cli: Cli, server: FakeModelServer
                                                       ) -> None:
    server.script(reply("I am a small model"), reply(PLAN), reply(CHECK))
    result = agent(cli, server, "test")
    assert result.code == 1 and "review: NOT valid" in result.out


@pytest.mark.parametrize("stage", ["review", "plan", "check", "failure_review", "write"])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_agent_prompt_prints_the_stage_with_token_counts_under_budget(
        cli: Cli, stage: str, language: str) -> None:
    result = cli("agent", "prompt", stage, "--language", language)
    assert result.code == 0, result.out  # exit 1 would mean over the 2,000-token budget
    assert "--- system (≈ " in result.out and "--- user (≈ " in result.out
    assert f"--- {stage}: ≈ " in result.out and "tokens without the schema" in result.out


def test_agent_prompt_for_a_missing_task_is_refused(cli: Cli) -> None:
    result = cli("agent", "prompt", "review", "--task", "99")
    assert result.code == 1 and "no task 99" in result.err


def test_check_model_returns_the_result_the_cli_and_the_dialog_show(
        db: Any, server: FakeModelServer, capsys: pytest.CaptureFixture[str]) -> None:
    from app.agent.model_check import check_model, report_lines
    from app.llm import ProviderConfig

    server.script(reply("I am a small model"), reply(PLAN), reply(CHECK))
    heard: list[str] = []
    config = ProviderConfig(kind="openai", base_url=server.openai_url, model="fake-small")
    result = run(check_model(config, "en", heard.append))
    assert capsys.readouterr().out == ""  # nothing printed: the caller says it
    assert heard == ["review", "plan", "check"] and not result.ok
    assert result.model == "fake-small" and result.kind == "openai"
    assert result.form == "response_format json_schema (the schema is enforced)"
    assert [r.stage for r in result.stages] == ["review", "plan", "check"]
    assert result.stages[0].problem and result.stages[1].problem is None
    assert all(r.tokens_per_s > 0 for r in result.stages[1:])
    lines = report_lines(result)
    assert lines[1].startswith("review: NOT valid") and lines[2].startswith("plan: valid — ")


def test_agent_test_against_a_server_that_is_down_says_so_once(cli: Cli) -> None:
    with socket.socket() as held:  # bound, not listening: refused, and no one else's port
        held.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{held.getsockname()[1]}/v1"
        result = cli("agent", "test", "--provider", "openai", "--base-url", url, "--model", "m")
    assert result.code == 1 and result.err.count("Could not connect to http://127.0.0.1:") == 1
    assert "NOT valid" not in result.out and "Traceback" not in result.err
