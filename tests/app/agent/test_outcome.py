"""What a stage reports (``app.agent.outcome``)."""

from __future__ import annotations

from app.agent.outcome import CHANGED, ENDS_RUN, MODEL_STAGES, Outcome


def test_an_outcome_line_names_the_task_the_stage_and_any_problem() -> None:
    assert Outcome(3, "Call", "plan", "planned 2 steps").line() == "#3 Call: plan: planned 2 steps"
    told = Outcome(3, "Call", "review", "failed", "server down").line()
    assert told == "#3 Call: review: failed — problem: server down"


def test_a_task_changed_meanwhile_is_done_for_the_run() -> None:
    assert CHANGED in ENDS_RUN and "failed" in ENDS_RUN and "skipped" in ENDS_RUN
    assert MODEL_STAGES == {"review", "plan", "failure_review"}
