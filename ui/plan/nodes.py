"""What each node of the plan graph shows (``NodeData``), made for a whole plan at once.

The status and target names come from ``ui.words.labels`` in the language installed; a plan of
2,000 steps asks for the same few names thousands of times, so each is looked up once
per plan here.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from app.plan.graph import Graph
from app.plan.spec import PlanStep
from ui.plan.items import NodeData
from ui.words import labels
from ui.words.dates import short_when

translate = QCoreApplication.translate


class NodeTexts:
    """``NodeData`` for the steps of one graph, with each label looked up once."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self._status: dict[str, str] = {}
        self._target: dict[str | None, str] = {}

    def data(self, step: PlanStep) -> NodeData:
        """What the node (or the group box) of ``step`` shows."""
        g = self.graph
        status = g.status_of(step.id)
        hidden = len(g.leaves_under(step.id)) if g.is_group(step.id) else 0
        if hidden:
            subtitle = translate("PlanScene", "%1 steps inside").replace("%1", str(hidden))
        else:
            subtitle = self._target_name(step.target)
            if step.due is not None:  # as the list writes it: "24 Dec 18:00"
                due = short_when(step.due)
                subtitle = (translate("PlanScene", "%1 · due %2")  # the scene's own strings
                            .replace("%1", subtitle).replace("%2", due))
        return NodeData(step.id, step.title or step.id, subtitle, status,
                        self._status_name(status), hidden)

    def _status_name(self, status: str) -> str:
        found = self._status.get(status)
        if found is None:
            found = self._status[status] = labels.step_status(status)
        return found

    def _target_name(self, target: str | None) -> str:
        found = self._target.get(target)
        if found is None:
            found = self._target[target] = labels.target_name(target)
        return found

