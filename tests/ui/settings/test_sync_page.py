"""The Sync page of Settings against a real Radicale on loopback: saving an account
puts its password in the keyring (never the store), the connection test says in plain
words whether it worked, the interval is the declared setting, removing forgets."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.config import secrets, settings
from app.sync import accounts
from models.tables import SyncAccount
from tests.app.calendar.radicale_server import Radicale, free_port
from ui.settings import fit
from ui.settings.dialog import SettingsDialog
from ui.settings.sync_page import SyncPage
from ui.shared.context import WindowContext

pytestmark = pytest.mark.timeout(90)
PASSWORD = "pw-7d1e-sync-only-here"


class MemoryKeyring:
    """A keyring backend that keeps passwords in this process (a real one's interface)."""

    priority = 5

    def __init__(self) -> None:
        self.kept: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, user: str) -> str | None:
        return self.kept.get((service, user))

    def set_password(self, service: str, user: str, password: str) -> None:
        self.kept[(service, user)] = password

    def delete_password(self, service: str, user: str) -> None:
        self.kept.pop((service, user), None)


@pytest.fixture
def keyring_memory() -> Iterator[MemoryKeyring]:
    import keyring
    from keyring.backend import KeyringBackend, get_all_keyring

    previous = keyring.get_keyring()
    get_all_keyring()  # the discovered backends are cached before ours exists

    class Backend(MemoryKeyring, KeyringBackend):
        pass

    KeyringBackend._classes.discard(Backend)  # never offered to later tests' discovery
    backend = Backend()
    keyring.set_keyring(backend)
    secrets._session.clear()
    yield backend
    keyring.set_keyring(previous)
    secrets._session.clear()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Radicale]:
    with Radicale(tmp_path / "radicale", users={"ann": PASSWORD}) as running:
        yield running


def _page(ctx: WindowContext, qtbot: QtBot) -> SyncPage:
    page = SyncPage(ctx)
    qtbot.add_widget(page)
    qtbot.wait_signal(page.loaded, timeout=10_000).wait()  # the account is read in a worker
    return page


def _fill(page: SyncPage, url: str, user: str = "ann", password: str = PASSWORD) -> None:
    page.url.setText(url)
    page.user.setText(user)
    page.password.setText(password)


def test_the_page_saves_an_account_with_its_password_in_the_keyring(
        ctx: WindowContext, qtbot: QtBot, db: Path, server: Radicale,
        keyring_memory: MemoryKeyring) -> None:
    page = _page(ctx, qtbot)
    url = server.url + "ann/tasks/"
    _fill(page, url)
    page.interval.setValue(30)
    with qtbot.wait_signal(page.account_saved, timeout=10_000) as saved:
        page.save_account()
    assert saved.args == [True]
    assert "system keyring" in page.message.text()
    account = SyncAccount.get()
    assert (account.url, account.user) == (url, "ann")
    assert keyring_memory.kept == {("stepwise", accounts.key_name(url)): PASSWORD}
    qtbot.wait_until(lambda: settings.get("sync.interval_minutes") == 30)
    qtbot.wait_until(lambda: page.remove_button.isEnabled())
    assert page.url.isReadOnly() and not page.save_button.isEnabled()
    from models import database

    database.execute_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    stored = b"".join(p.read_bytes() for p in db.parent.glob(db.name + "*"))
    assert PASSWORD.encode() not in stored


def test_without_a_keyring_the_page_says_the_password_is_for_this_session(
        ctx: WindowContext, qtbot: QtBot, server: Radicale, no_keyring: None) -> None:
    page = _page(ctx, qtbot)
    _fill(page, server.url + "ann/tasks/")
    with qtbot.wait_signal(page.account_saved, timeout=10_000) as saved:
        page.save_account()
    assert saved.args == [False]
    assert "only until Stepwise quits" in page.message.text()


def test_test_connection_succeeds_and_says_the_list_will_be_made(
        ctx: WindowContext, qtbot: QtBot, server: Radicale, no_keyring: None) -> None:
    page = _page(ctx, qtbot)
    _fill(page, server.url + "ann/tasks/")
    with qtbot.wait_signal(page.tested, timeout=20_000) as tested:
        page.test_connection()
        assert page.progress.isVisible() or not page.isVisible()
        assert not page.test_button.isEnabled()  # one test at a time
    assert tested.args[0] is True
    assert "first sync creates it" in tested.args[1]
    assert page.progress.isHidden() and page.test_button.isEnabled()
    assert not SyncAccount.select().exists()  # a test saves nothing


def test_test_connection_with_a_wrong_password_says_so_plainly(
        ctx: WindowContext, qtbot: QtBot, server: Radicale, no_keyring: None) -> None:
    page = _page(ctx, qtbot)
    _fill(page, server.url + "ann/tasks/", password="wrong")
    with qtbot.wait_signal(page.tested, timeout=20_000) as tested:
        page.test_connection()
    assert tested.args == [False, "Not connected: the server refused the user name or "
                                  "password."]
    assert "color" in page.message.styleSheet()


def test_test_connection_to_a_closed_port_says_the_server_is_not_reachable(
        ctx: WindowContext, qtbot: QtBot, no_keyring: None) -> None:
    import socket

    page = _page(ctx, qtbot)
    with socket.socket() as held:  # holds the port so no other server can take it
        held.bind(("127.0.0.1", free_port()))
        port = held.getsockname()[1]
        _fill(page, f"http://127.0.0.1:{port}/ann/tasks/")
        with qtbot.wait_signal(page.tested, timeout=30_000) as tested:
            page.test_connection()
    assert tested.args[0] is False
    assert "could not be reached" in tested.args[1]


def test_test_connection_in_chinese(ctx: WindowContext, qtbot: QtBot, server: Radicale,
                                    no_keyring: None, qapp: object) -> None:
    from PySide6.QtWidgets import QApplication

    from ui.words import i18n

    assert isinstance(qapp, QApplication)
    i18n.install(qapp, "zh_CN")
    try:
        page = _page(ctx, qtbot)
        _fill(page, server.url + "ann/tasks/", password="wrong")
        with qtbot.wait_signal(page.tested, timeout=20_000) as tested:
            page.test_connection()
    finally:
        i18n.install(qapp, "en")
    assert tested.args[0] is False
    assert "用户名或密码" in tested.args[1], tested.args[1]


def test_a_bad_address_cannot_be_saved_or_tested(ctx: WindowContext, qtbot: QtBot) -> None:
    page = _page(ctx, qtbot)
    page.url.setText("caldav.example.org/tasks")
    assert not page.save_button.isEnabled() and not page.test_button.isEnabled()
    assert page.url_problem()


def test_remove_account_forgets_it_and_its_password(
        ctx: WindowContext, qtbot: QtBot, server: Radicale,
        keyring_memory: MemoryKeyring) -> None:
    url = server.url + "ann/tasks/"
    accounts.add_account(url, "ann", PASSWORD)
    page = _page(ctx, qtbot)
    assert page.url.text() == url and page.remove_button.isEnabled()
    with qtbot.wait_signal(page.account_removed, timeout=10_000):
        page.remove_account()
    assert not SyncAccount.select().exists()
    assert keyring_memory.kept == {}
    qtbot.wait_until(lambda: page.url.text() == "" and page.save_button.isEnabled() is False)


def test_the_settings_dialog_has_a_sync_tab(ctx: WindowContext, qtbot: QtBot) -> None:
    dialog = SettingsDialog(ctx)
    qtbot.add_widget(dialog)
    names = [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())]
    assert names == ["Model", "Assistant", "Planning", "Appearance", "Sync"]
    assert fit.page_of(dialog.tabs, 4) is dialog.sync_page


def test_the_interval_is_declared_with_off_as_zero(db: Path) -> None:
    from app.errors import KnownError

    declared = settings.SETTINGS["sync.interval_minutes"]
    assert (declared.min, declared.max, declared.default) == (0, 1440, 15)
    settings.put("sync.interval_minutes", 0)
    with pytest.raises(KnownError, match="1440"):
        settings.put("sync.interval_minutes", 5000)
