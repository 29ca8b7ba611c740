"""The plan graph's own toolbar: zoom in and out, fit, add and delete, fold and unfold.

Each button's slot is the plan view's; the bar names them in the language installed
(texts kept in the view's translation context, "PlanView"), draws their icons in the
palette's ink, and enables them for what is shown: a plan, and whether it is editable.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QToolBar, QWidget

from ui.plan.graph_icons import toolbar_icon

translate = QCoreApplication.translate
SEPARATED = ("add", "collapse")  # a separator before each of these
NEED_A_PLAN = ("zoom_in", "zoom_out", "fit", "collapse", "expand")


def toolbar_texts() -> dict[str, tuple[str, str]]:
    """Each button's text and tooltip, by key, in the language installed."""
    return {
        "zoom_in": (translate("PlanView", "Zoom in"),
                    translate("PlanView", "Zoom in (Ctrl+wheel, Ctrl+=)")),
        "zoom_out": (translate("PlanView", "Zoom out"),
                     translate("PlanView", "Zoom out (Ctrl+wheel, Ctrl+-)")),
        "fit": (translate("PlanView", "Fit"), translate(
            "PlanView", "Show the whole plan, or its start when it is too big to read (F)")),
        "add": (translate("PlanView", "Add step"),
                translate("PlanView", "Add a step after the selected one")),
        "delete": (translate("PlanView", "Delete"),
                   translate("PlanView", "Delete the selected step or arrow (Delete)")),
        "collapse": (translate("PlanView", "Fold all"),
                     translate("PlanView", "Fold every group of steps")),
        "expand": (translate("PlanView", "Unfold all"),
                   translate("PlanView", "Unfold every group of steps")),
    }


class GraphToolbar(QToolBar):
    """The graph's buttons, by key in ``actions_``."""

    def __init__(self, slots: Mapping[str, Callable[[], object]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.actions_: dict[str, QAction] = {}
        for key, slot in slots.items():
            if key in SEPARATED:
                self.addSeparator()
            action = self.addAction(toolbar_icon(key), "")
            action.triggered.connect(slot)
            self.actions_[key] = action
        self.set_texts()

    def set_texts(self) -> None:
        """Name the buttons again (after a change of language)."""
        for key, (text, tip) in toolbar_texts().items():
            self.actions_[key].setText(text)
            self.actions_[key].setToolTip(tip)

    def restyle(self) -> None:
        """Draw the icons again (after a change of theme)."""
        for key, action in self.actions_.items():
            action.setIcon(toolbar_icon(key))

    def enable(self, *, has_plan: bool, editable: bool) -> None:
        """Enable what applies to what is shown."""
        for key in NEED_A_PLAN:
            self.actions_[key].setEnabled(has_plan)
        self.actions_["add"].setEnabled(editable)
        self.actions_["delete"].setEnabled(editable and has_plan)
