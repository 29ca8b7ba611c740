"""Messages a plan wants to send: queued for the user's approval, then handed to a transport.

A message goes ``pending → approved → sent``, or ``pending → rejected``. Nothing leaves
without approval. The first transport hands a ``mailto:`` link to the system mail client.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

from peewee import JOIN

from app.agent.step_words import said
from app.errors import KnownError, NotFound, Refused
from app.events import Change, Kind, events
from models import Contact, OutboxMessage, Step, Task, atomic
from models.tables import utc_now

Transport = Callable[[str, str, str], bool]  # (address, subject, body) → handed over?


@dataclass(frozen=True)
class Entry:
    id: int
    task_id: int
    step_id: str | None
    to: str
    address: str
    text: str
    status: str
    subject: str = ""
    note: str = ""  # what else happened (e.g. the step had already finished)


def mailto_link(address: str, subject: str, body: str) -> str:
    return f"mailto:{quote(address)}?subject={quote(subject)}&body={quote(body)}"


OPEN_TIMEOUT_S = 15.0  # an opener still running by then has the link (it waits on the app)
OPENERS = (("xdg-open",), ("gio", "open", "--"))  # on Linux, in this order; they tell failure


def mail_client(address: str, subject: str, body: str) -> bool:
    """Open the system mail client with the message filled in (the user presses Send);
    False when no mail client took it.

    On Linux the link goes to ``xdg-open`` (else ``gio open``) and its exit status is
    read: Python's ``webbrowser`` starts them in the background and says True even when
    no mail client is set up ("gio: … Operation not supported"), so a message was
    marked sent that never left. Elsewhere ``webbrowser`` opens it as before.
    """
    import os
    import shutil
    import sys
    import webbrowser

    link = mailto_link(address, subject, body)
    env = dict(os.environ)
    if getattr(sys, "frozen", False):
        # In the bundle, LD_LIBRARY_PATH points at our own libraries: the mail client must
        # get the user's (PyInstaller keeps it in LD_LIBRARY_PATH_ORIG).
        env.pop("LD_LIBRARY_PATH", None)
        if "LD_LIBRARY_PATH_ORIG" in env:
            env["LD_LIBRARY_PATH"] = env["LD_LIBRARY_PATH_ORIG"]
    opener = next(([found, *rest] for name, *rest in OPENERS
                   if (found := shutil.which(name))), None) if sys.platform == "linux" else None
    if opener is not None:
        return _opened([*opener, link], env)
    if getattr(sys, "frozen", False):
        return _with_env(env, lambda: webbrowser.open(link))
    return webbrowser.open(link)


def _opened(argv: list[str], env: dict[str, str]) -> bool:
    import subprocess

    try:
        done = subprocess.run(argv, env=env, timeout=OPEN_TIMEOUT_S, capture_output=True,
                              check=False)
    except subprocess.TimeoutExpired:
        return True  # the opener waits on the mail app it started: it has the message
    except OSError:
        return False
    return done.returncode == 0


def _with_env(env: dict[str, str], run: Callable[[], bool]) -> bool:
    """``run()`` with the process environment set to ``env`` (``webbrowser`` reads it)."""
    import os

    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        return run()
    finally:
        os.environ.clear()
        os.environ.update(saved)


def add_contact(name: str, address: str) -> Contact:
    """Add a person steps may message.

    Raises:
        Refused: no name, no e-mail address, or a contact of that name already exists.
    """
    if not name.strip() or "@" not in address:
        raise Refused("a contact needs a name and an e-mail address")
    with atomic():
        if find_contact(name) is not None:
            raise Refused(f"{name.strip()} is already a contact; `stepwise contacts` lists them")
        return Contact.create(name=name.strip(), address=address.strip())


def find_contact(name: str) -> Contact | None:
    return Contact.get_or_none(Contact.name == name.strip()) or next(
        (c for c in Contact.select() if c.name.lower() == name.strip().lower()), None)


def entries(status: str | None = None) -> list[Entry]:
    query = (OutboxMessage.select(OutboxMessage, Contact, Step, Task.id, Task.title)
             .join(Contact).switch(OutboxMessage).join(Step, JOIN.LEFT_OUTER)
             .switch(OutboxMessage).join(Task)
             .order_by(OutboxMessage.id))
    if status:
        query = query.where(OutboxMessage.status == status)
    return [Entry(m.id, m.task_id, m.step.step_id if m.step is not None else None, m.contact.name,
                  m.contact.address, m.text, m.status, m.subject or m.task.title)
            for m in query]


def decide(message_id: int, approve: bool, transport: Transport | None = None) -> Entry:
    """Approve (and hand over) or reject a pending message; its step moves with it.

    ``transport`` defaults to the system mail client. When it cannot take the message,
    the message stays approved (not sent) and its step keeps waiting. When the step was
    already finished (by hand, or its plan stopped), the decision stands and ``note`` says so.
    """
    with atomic():
        message = OutboxMessage.get_or_none(OutboxMessage.id == message_id)
        if message is None:
            raise NotFound(f"there is no message {message_id} in the outbox")
        if message.status != "pending":
            raise Refused(f"message {message_id} is already {message.status}")
        message.status = "approved" if approve else "rejected"
        message.decided_at = utc_now()
        message.save()
    step_id = message.step.step_id if message.step is not None else None
    note = ""
    if approve:
        send = transport or mail_client
        handed = send(message.contact.address, message.subject or message.task.title,
                      message.text)
        if handed:
            with atomic():
                message.status, message.sent_at = "sent", utc_now()
                message.save()
            if step_id:
                note = _move_message_step(message, step_id, "done", result=said(
                    message.task, "sent", name=message.contact.name))
    elif step_id:
        note = _move_message_step(message, step_id, "fail", error="you rejected the message")
    events.emit(Change(Kind.OUTBOX_DECIDED, message.task_id, str(message_id)))
    entry = next(e for e in entries() if e.id == message_id)
    return Entry(**{**entry.__dict__, "note": note})


def _move_message_step(message: OutboxMessage, step_id: str, action: str, *,
                       result: str | None = None, error: str | None = None) -> str:
    """Move the message's step along; the decision stands if the step already moved on."""
    from app.plan import store as plans

    try:
        plans.step_action(message.task_id, step_id, action, actor="user", result=result,
                          error=error)
    except KnownError as exc:  # finished by hand, or its plan stopped: nothing left to move
        return f"step {step_id!r} was already finished or stopped ({exc}); it was left as it is"
    return ""
