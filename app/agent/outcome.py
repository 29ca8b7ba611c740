"""What one stage of the assistant loop did to one task, and how a stage says it could not finish.

``Outcome`` is the loop's report per stage (the CLI prints its ``line``, the window its
parts); ``StageFailed`` is raised by a stage that could not finish (server down, reply
unusable), after which the task is told why and retried later (``app.agent.retries``).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.llm.base import Stage


@dataclass(frozen=True)
class Outcome:
    """What one run did to one task."""

    task_id: int
    title: str
    stage: str
    summary: str
    problem: str | None = None

    def line(self) -> str:
        text = f"#{self.task_id} {self.title}: {self.stage}: {self.summary}"
        return text + (f" — problem: {self.problem}" if self.problem else "")


CHANGED = "skipped: it changed while the assistant worked on it"
# Outcomes after which a task waits for a later run; the stages that call the model.
ENDS_RUN = frozenset({CHANGED, "failed", "skipped"})
MODEL_STAGES = frozenset({Stage.REVIEW, Stage.PLAN, Stage.FAILURE_REVIEW})  # the loop's own


class StageFailed(Exception):
    """A stage that could not finish (server down, reply unusable); the task is told why."""
