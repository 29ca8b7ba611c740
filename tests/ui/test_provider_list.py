"""The settings dialog lists exactly the declared provider kinds, each with its own
translated label (never the bare kind)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.config.provider_kinds import ProviderKind
from ui.settings.dialog import SettingsDialog
from ui.shared.context import WindowContext


def test_the_dialog_lists_exactly_the_registry(ctx: WindowContext, qtbot: QtBot) -> None:
    dialog = SettingsDialog(ctx)
    qtbot.add_widget(dialog)
    entries = [dialog.provider.itemData(i) for i in range(dialog.provider.count())]
    assert entries == [str(kind) for kind in ProviderKind]
    labels = [dialog.provider.itemText(i) for i in range(dialog.provider.count())]
    assert all(label and label not in entries for label in labels), labels
    assert list(dialog.provider_names()) == list(ProviderKind)
