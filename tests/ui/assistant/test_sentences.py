"""What the assistant did, in sentences (ui.assistant.sentences): one sentence for each
state a task and its plan can be in once a stage has finished, made from facts read in a
worker."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.plan import store as plans
from app.tasks.store import NewTask, add_task
from tests.ui.async_helpers import planned_task, two_step_plan
from ui.assistant.sentences import Facts, describe, read_facts, sentence


@pytest.mark.parametrize(("facts", "problem", "said"), [
    (Facts("", "", "", 0, 0), "", "A task that no longer exists"),
    (Facts("Offsite", "open", "pending", 2, 0), "the model server is down",
     "“Offsite” needs you: the model server is down"),
    (Facts("Offsite", "done", "completed", 2, 2), "", "Finished “Offsite”"),
    (Facts("Offsite", "open", "pending", 1, 0), "",
     "Planned 1 step for “Offsite” — waiting for your approval"),
    (Facts("Offsite", "open", "pending", 4, 0), "",
     "Planned 4 steps for “Offsite” — waiting for your approval"),
    (Facts("Offsite", "in_progress", "in_progress", 4, 1), "",
     "Working on “Offsite”: 1 of 4 steps done"),
    (Facts("Offsite", "in_progress", "paused", 4, 3), "",
     "Working on “Offsite”: 3 of 4 steps done"),
    (Facts("Offsite", "waiting", "", 0, 0), "", "“Offsite” waits until it can start"),
    (Facts("Offsite", "open", "", 0, 0), "", "Looked at “Offsite”"),
])
def test_each_state_has_its_sentence(facts: Facts, problem: str, said: str) -> None:
    assert sentence(facts, problem) == said


def test_a_title_with_a_placeholder_is_kept_as_typed_regression() -> None:
    assert sentence(Facts("Pay 50%2 tax", "open", "pending", 3, 0), "") == (
        "Planned 3 steps for “Pay 50%2 tax” — waiting for your approval")


def test_the_facts_are_read_from_the_task_and_its_latest_plan(db: Path) -> None:
    assert read_facts(999) == Facts("", "", "", 0, 0)
    bare = add_task(NewTask(title="Call the bank")).id
    assert read_facts(bare) == Facts("Call the bank", "new", "", 0, 0)
    task_id = planned_task(two_step_plan(), approve=True)
    plans.step_action(task_id, "dates", "done")
    facts = read_facts(task_id)
    assert (facts.title, facts.plan_status, facts.steps, facts.done) == (
        "Organise the team offsite", "in_progress", 2, 1)


def test_describe_reads_in_a_worker_and_says_the_sentence(db: Path) -> None:
    import asyncio

    task_id = planned_task(two_step_plan(), approve=False)
    said = asyncio.run(describe(task_id, ""))
    assert said == ("Planned 2 steps for “Organise the team offsite” — waiting for your "
                    "approval")
