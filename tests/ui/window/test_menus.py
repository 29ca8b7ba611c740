"""The main window's menus and commands (ui.window.main): five menus in order, every
command listed for the palette with its keys, and an undo that says what it undid."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from tests.ui.window.test_window_main import open_window
from ui.shared.context import WindowContext


def test_five_menus_hold_every_command_once(ctx: WindowContext, qtbot: QtBot) -> None:
    window = open_window(ctx, qtbot)
    assert [m.title() for m in window.menus.values()] == [
        "&File", "&Edit", "&View", "&Plan", "&Assistant"]
    in_menus = [a for m in window.menus.values() for a in m.actions() if not a.isSeparator()]
    assert sorted(map(id, in_menus)) == sorted(map(id, window.commands))
    keys = {a.text(): a.shortcut().toString() for a in window.commands}
    assert keys["Run the assistant"] == "F5" and keys["Command palette"] == "Ctrl+K"
    assert keys["Approve the plan"] == "Ctrl+Shift+A" and keys["Go to the plan"] == "Ctrl+G"


def test_an_undo_says_what_it_undid(ctx: WindowContext, qtbot: QtBot) -> None:
    window = open_window(ctx, qtbot)
    with qtbot.wait_signal(ctx.status.info, timeout=2000) as told:
        window.menu_commands.undo_actions.applied.emit(0, "Add step in “Offsite”", True)
    assert told.args == ["Undone: Add step in “Offsite”"]
    with qtbot.wait_signal(ctx.status.info, timeout=2000) as told:
        window.menu_commands.undo_actions.applied.emit(0, "Add step", False)
    assert told.args == ["Redone: Add step"]


def test_pausing_the_assistant_is_a_checkable_command(ctx: WindowContext, qtbot: QtBot) -> None:
    window = open_window(ctx, qtbot)
    pause = window.menu_commands.pause_action
    assert pause.isCheckable() and not pause.isChecked()
    assert pause in window.menus["assistant"].actions()
