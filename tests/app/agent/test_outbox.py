"""The outbox (``app.agent.outbox``): contacts, messages approved or rejected, a transport."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.agent import outbox
from app.errors import NotFound, Refused
from app.tasks.store import NewTask, add_task
from models import OutboxMessage, atomic


class FakeTransport:
    """A mail client that records what it was handed, or refuses it."""

    def __init__(self, takes: bool = True) -> None:
        self.takes = takes
        self.handed: list[tuple[str, str, str]] = []

    def __call__(self, address: str, subject: str, body: str) -> bool:
        self.handed.append((address, subject, body))
        return self.takes


def queued(text: str = "See you at 3") -> int:
    task = add_task(NewTask(title="Invite Ann"))
    contact = outbox.find_contact("Ann") or outbox.add_contact("Ann", "ann@example.com")
    with atomic():
        return int(OutboxMessage.create(task=task.id, contact=contact, text=text).id)


def test_a_mailto_link_quotes_everything() -> None:
    assert outbox.mailto_link("a b@x.org", "Hi & bye", "line 1\nline 2") == \
        "mailto:a%20b%40x.org?subject=Hi%20%26%20bye&body=line%201%0Aline%202"


@pytest.mark.parametrize(("name", "address"), [("", "a@b.c"), ("  ", "a@b.c"), ("Ann", "ann")])
def test_a_contact_needs_a_name_and_an_address(db: Path, name: str, address: str) -> None:
    with pytest.raises(Refused, match="needs a name and an e-mail address"):
        outbox.add_contact(name, address)


def test_contacts_are_found_by_name_in_any_case_and_kept_once(db: Path) -> None:
    outbox.add_contact(" Ann ", " ann@example.com ")
    found = outbox.find_contact("ANN")
    assert found is not None and (found.name, found.address) == ("Ann", "ann@example.com")
    assert outbox.find_contact("Bob") is None
    with pytest.raises(Refused, match="already a contact"):
        outbox.add_contact("ann", "other@example.com")


def test_an_approved_message_is_handed_over_and_sent(db: Path) -> None:
    message = queued()
    transport = FakeTransport()
    entry = outbox.decide(message, True, transport)
    assert transport.handed == [("ann@example.com", "Invite Ann", "See you at 3")]
    assert entry.status == "sent" and entry.to == "Ann" and entry.note == ""
    assert [e.id for e in outbox.entries("sent")] == [message] and outbox.entries("pending") == []


def test_a_message_the_transport_cannot_take_stays_approved(db: Path) -> None:
    message = queued()
    assert outbox.decide(message, True, FakeTransport(takes=False)).status == "approved"


def test_a_rejected_message_is_never_handed_over(db: Path) -> None:
    message = queued()
    transport = FakeTransport()
    assert outbox.decide(message, False, transport).status == "rejected"
    assert transport.handed == []


def test_a_decision_is_made_once_and_only_on_a_message_that_exists(db: Path) -> None:
    message = queued()
    outbox.decide(message, False, FakeTransport())
    with pytest.raises(Refused, match="already rejected"):
        outbox.decide(message, True, FakeTransport())
    with pytest.raises(NotFound, match="no message 999"):
        outbox.decide(999, True, FakeTransport())


@pytest.mark.parametrize(("code", "status"), [(0, "sent"), (4, "approved")])
def test_opener_exit_read(db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                          code: int, status: str) -> None:
    """xdg-open's exit status decides: 4 (no handler for mailto) is not sent."""
    import sys

    seen = tmp_path / "seen"
    opener = tmp_path / "bin" / "xdg-open"
    opener.parent.mkdir()
    opener.write_text(f'#!/bin/sh\nprintf "%s" "$1" > {seen}\nexit {code}\n', encoding="utf-8")
    opener.chmod(0o755)
    monkeypatch.setenv("PATH", f"{opener.parent}:/usr/bin:/bin")
    monkeypatch.setattr(sys, "platform", "linux")
    assert outbox.decide(queued("Hi Ann"), True).status == status
    assert seen.read_text(encoding="utf-8").startswith("mailto:ann%40example.com?subject=")


def test_real_gio_without_mail_app(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """GLib's own `gio open` on a machine with no mail client set up: not sent."""
    import shutil

    gio = shutil.which("gio")
    if gio is None or shutil.which("xdg-open") is not None:
        pytest.skip("needs gio and no xdg-open (the opener used first)")
    done = __import__("subprocess").run([gio, "mime", "x-scheme-handler/mailto"],
                                        capture_output=True, text=True, check=False)
    if "No default applications" not in done.stdout + done.stderr:
        pytest.skip("a mail client is set up here")
    monkeypatch.setenv("HOME", str(db.parent))  # no user's handler settings
    assert outbox.decide(queued(), True).status == "approved"
