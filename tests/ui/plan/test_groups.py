"""The plan graph's group boxes (ui.plan.groups): only the title strip takes clicks."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot

from tests.ui.plan.test_view import make_task, open_view, plan15
from ui.plan.groups import GroupItem
from ui.shared.context import WindowContext


def test_group_boxes_take_no_clicks_inside(ctx: WindowContext, qtbot: QtBot) -> None:
    view = open_view(ctx, qtbot, make_task(plan15()))
    box = view.scene.groups["venue"]
    inside = box.scene_box().topLeft() + QPointF(6, 30)
    assert isinstance(box, GroupItem)
    assert not any(isinstance(i, GroupItem) for i in view.scene.items(inside))
