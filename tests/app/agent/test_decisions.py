"""app.agent.decisions: decisions stored as columns and counted by them, a step's errors
found by its rows."""

from __future__ import annotations

from pathlib import Path

from app.agent import decisions
from app.plan import store as plans
from app.tasks.store import NewTask, add_task
from models import Step, WorkLog, atomic


def test_decisions_are_counted_by_stage_decision_and_step(db: Path) -> None:
    task = add_task(NewTask(title="Renew passport")).id
    other = add_task(NewTask(title="Other")).id
    with atomic():
        decisions.record(task, "review", "plan", "plan it")
        decisions.record(task, "review", "next_check", "later")
        decisions.record(task, "split", "split", "s1 in two", plan_step="s1")
        decisions.record(other, "review", "plan", "not this task")
    assert decisions.count(task, "review") == 2
    assert decisions.count(task, "review", "plan") == 1
    assert decisions.count(task, "split", plan_step="s1") == 1
    assert decisions.count(task, "split", plan_step="s2") == 0


def test_a_decision_is_not_counted_from_its_words(db: Path) -> None:
    task = add_task(NewTask(title="T")).id
    with atomic():
        decisions.record(task, "review", "cancel", "review plan plan plan" * 1000)
    assert decisions.count(task, "review", "plan") == 0
    assert len(WorkLog.get(WorkLog.stage == "review").message) == 2000  # kept short


def test_step_errors_are_the_latest_retry_and_do_lines_of_that_step(db: Path) -> None:
    task = add_task(NewTask(title="T")).id
    steps = [{"id": "s1", "title": "One", "depends_on": [], "target": "user"},
             {"id": "s2", "title": "Two", "depends_on": [], "target": "user"}]
    plan = plans.save_plan(task, {"schema_version": 2, "title": "p", "steps": steps})
    s1, s2 = (Step.get((Step.plan == plan) & (Step.step_id == i)) for i in ("s1", "s2"))
    with atomic():
        for n in range(7):
            WorkLog.create(task=task, step=s1, kind="retry", message=f"try {n}")
        WorkLog.create(task=task, step=s1, kind="note", message="not an error")
        WorkLog.create(task=task, step=s2, kind="do", message="other step")
    assert decisions.step_errors(task, "s1") == [f"try {n}" for n in range(2, 7)]
    assert decisions.step_errors(task, "s3") == []
