"""``stepwise agent prompt STAGE`` and ``agent test``'s command line (``app.cli.agent_check``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


@pytest.mark.parametrize("stage", ["review", "plan", "write"])
def test_agent_prompt_prints_each_message_and_the_size_within_budget(
        cli: Callable[..., Any], stage: str) -> None:
    done = cli("agent", "prompt", stage)
    assert done.code == 0, done.err
    assert "--- system (≈ " in done.out and "--- user (≈ " in done.out
    assert f"--- {stage}: ≈ " in done.out and "tokens without the schema (budget 2,000)" in done.out


def test_agent_prompt_of_a_task_that_does_not_exist_says_so(cli: Callable[..., Any]) -> None:
    done = cli("agent", "prompt", "review", "--task", "999")
    assert done.code == 1 and "there is no task 999" in done.err


def test_agent_prompt_of_an_unknown_stage_is_a_usage_error(cli: Callable[..., Any]) -> None:
    assert cli("agent", "prompt", "dance").code == 2
