"""Helpers for the settings dialog's tests against a fake model server on loopback: the
dialog opened, a provider chosen, and a port that refuses connections."""

from __future__ import annotations

import socket
from collections.abc import Iterator

from pytestqt.qtbot import QtBot

from tests.fakeserver import FakeModelServer
from ui.settings.dialog import SettingsDialog
from ui.shared.context import WindowContext


def model_server() -> Iterator[FakeModelServer]:
    """A fake model server on loopback, running while the test does."""
    with FakeModelServer() as running:
        yield running


def refused_address() -> Iterator[str]:
    """The address of a port held but not listening: connections are refused, and no other
    test's server can take it meanwhile."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        yield f"http://127.0.0.1:{held.getsockname()[1]}/v1"


def open_dialog(ctx: WindowContext, qtbot: QtBot) -> SettingsDialog:
    """The settings dialog, shown."""
    dialog = SettingsDialog(ctx)
    qtbot.add_widget(dialog)
    dialog.show()
    return dialog


def choose(dialog: SettingsDialog, kind: str, url: str) -> None:
    """Pick the provider ``kind`` and type ``url`` as its address."""
    dialog.provider.setCurrentIndex(dialog.provider.findData(kind))
    dialog.base_url.setText(url)
