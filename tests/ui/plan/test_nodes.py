"""What each node of the plan graph shows (ui.plan.nodes): the title (the id when it has
none), the target's name with the due time, a folded group's count of steps inside, and
the status in words."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtWidgets import QApplication

from app.plan.graph import Graph
from app.plan.spec import PlanStep
from ui.plan.nodes import NodeTexts
from ui.words import labels
from ui.words.dates import short_when

DUE = datetime(2026, 12, 24, 10, 0, tzinfo=UTC)
STEPS = [PlanStep(id="g", title="Venue", target=None),
         PlanStep(id="a", title="Shortlist", parent="g", status="completed"),
         PlanStep(id="b", title="Book", parent="g", depends_on=["a"]),
         PlanStep(id="c", title="", target="assistant.write", due=DUE,
                  inputs={"instructions": "an invitation"})]


def test_a_step_shows_its_target_and_due_time(qapp: QApplication) -> None:
    texts = NodeTexts(Graph(STEPS))
    shown = texts.data(STEPS[3])
    assert shown.title == "c"  # no title: the id
    assert shown.subtitle == f"assistant writes a draft · due {short_when(DUE)}"
    assert (shown.status, shown.status_text) == ("pending", labels.step_status("pending"))
    assert shown.hidden_steps == 0
    done = texts.data(STEPS[1])
    assert done.subtitle == "you" and done.status_text == labels.step_status("completed")


def test_a_group_counts_the_steps_inside(qapp: QApplication) -> None:
    shown = NodeTexts(Graph(STEPS)).data(STEPS[0])
    assert (shown.title, shown.subtitle, shown.hidden_steps) == ("Venue", "2 steps inside", 2)
    assert shown.status == Graph(STEPS).status_of("g")
