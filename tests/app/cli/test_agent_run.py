"""``stepwise agent run`` (``app.cli.agent_run``): its bounds, its config, progress and
closing note."""

from __future__ import annotations

import argparse
import io
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app.agent.metered import Use
from app.cli.agent_run import (
    Bounds,
    add_run_bounds,
    api_key,
    closing_note,
    config_from,
    progress,
    stream_frame,
)
from app.errors import KnownError
from app.events import Change, Changes, Kind
from app.tasks.store import NewTask, add_task
from tests.conftest import Result

Cli = Callable[..., Result]


def parser() -> argparse.ArgumentParser:
    run = argparse.ArgumentParser(exit_on_error=False)
    add_run_bounds(run)
    return run


def test_the_bounds_take_seconds_and_a_count() -> None:
    args = parser().parse_args(["--deadline", "30", "--max-time", "1.5", "--max-calls", "4"])
    assert (args.deadline, args.max_time, args.max_calls) == (30.0, 1.5, 4)
    assert parser().parse_args([]).max_calls is None


@pytest.mark.parametrize("argv", [["--deadline", "0"], ["--deadline", "soon"],
                                  ["--max-time", "86401"], ["--max-calls", "0"],
                                  ["--max-calls", "-3"], ["--max-calls", "2.5"]])
def test_bounds_out_of_range_are_a_usage_error(argv: list[str]) -> None:
    with pytest.raises(argparse.ArgumentError):
        parser().parse_args(argv)


def test_the_run_stops_at_its_call_count_or_time_limit() -> None:
    meter: Any = SimpleNamespace(calls=0)
    unbounded = Bounds(None, None, meter)
    assert unbounded.time_left() is None and not unbounded.reached()
    by_calls = Bounds(None, 2, meter)
    meter.calls = 2
    assert by_calls.reached()
    by_time = Bounds(0.0001, None, SimpleNamespace(calls=0))  # type: ignore[arg-type]
    by_time.started -= 1
    assert by_time.reached() and (by_time.time_left() or 0) < 0


def args(**fields: Any) -> argparse.Namespace:
    return argparse.Namespace(**{"provider": "offline", "base_url": None, "model": None,
                                 "deadline": None, "api_key_env": None, **fields})


def test_the_config_of_a_remote_provider_needs_its_url_and_model(db: Path) -> None:
    with pytest.raises(KnownError, match="--provider openai needs --base-url and --model"):
        config_from(args(provider="openai", base_url="http://h/v1"), None)
    config = config_from(args(provider="openai", base_url="http://h/v1", model="m",
                              deadline=5.0), "sk")
    assert (config.model, config.api_key, config.deadline_s) == ("m", "sk", 5.0)
    assert config.read_timeout_s <= 5.0


def test_the_key_comes_from_the_variable_named(monkeypatch: pytest.MonkeyPatch) -> None:
    assert api_key(args()) is None
    monkeypatch.setenv("MY_KEY", "sk-1")
    assert api_key(args(api_key_env="MY_KEY")) == "sk-1"
    monkeypatch.setenv("MY_KEY", "")
    with pytest.raises(KnownError, match="MY_KEY is empty or unset"):
        api_key(args(api_key_env="MY_KEY"))


def test_progress_names_each_stage_as_it_starts_with_the_title_escaped(db: Path) -> None:
    task = add_task(NewTask(title="Team\x1b[2J offsite"))
    out = io.StringIO()
    listener = progress(out, streaming=False)
    listener(Changes((Change(Kind.ASSISTANT_STARTED, task.id, "review"),
                      Change(Kind.TASK_CHANGED, task.id))))
    assert out.getvalue() == f"#{task.id} Team\\e[2J offsite: review …\n"
    stream_frame(out)(task.id, "x", "plan")
    assert out.getvalue().endswith(f"\n[plan for #{task.id}]\n")


def test_defect_w3_the_streaming_frame_is_a_real_line_break(db: Path) -> None:
    task = add_task(NewTask(title="Offsite"))
    out = io.StringIO()
    progress(out, streaming=True)(Changes((Change(Kind.ASSISTANT_STARTED, task.id, "review"),)))
    assert out.getvalue() == f"\n── #{task.id} Offsite: review …\n"


def test_the_closing_note_gives_each_tasks_calls_time_and_last_outcome() -> None:
    outcome = SimpleNamespace(task_id=3, title="Offsite", stage="review", problem=None,
                              summary="times confirmed")
    meter: Any = SimpleNamespace(by_task=lambda: {3: {"review": Use(2, 1.25, 1234, 50)}})
    assert closing_note([outcome], meter) == [
        "#3 Offsite: 2 call(s), 1.2 s — review: times confirmed; prompt tokens ≈ review 1,234"]


def test_a_remote_provider_needs_its_url_and_model(cli: Cli) -> None:
    result = cli("agent", "run", "--provider", "openai")
    assert result.code == 1 and "--base-url and --model" in result.err


def test_an_unset_key_variable_is_named(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_SUCH_KEY", raising=False)
    result = cli("agent", "run", "--provider", "openai", "--base-url", "http://127.0.0.1:9/v1",
                 "--model", "m", "--api-key-env", "NO_SUCH_KEY")
    assert result.code == 1 and "NO_SUCH_KEY" in result.err
