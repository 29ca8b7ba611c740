"""A property of sync against a real Radicale: for any set of items a second client
writes (tasks, subtasks under its own items or under Stepwise's, items Stepwise cannot
take) and any sequence of syncs, edits and deletions on both sides, nothing that client
wrote is deleted from the server unless the person deleted it (or its task) here."""

from __future__ import annotations

import itertools
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.sync import accounts, loop
from app.tasks import store as tasks
from app.tasks import trash
from models import Task, close_database, open_database
from tests.app.calendar.radicale_server import Radicale
from tests.app.sync.dav_servers import Phone

pytestmark = pytest.mark.timeout(1800)
_lists = itertools.count(1)

# What a phone item may carry besides its UID and title: nothing odd, or what Stepwise
# refuses (due before start, FREQ=MINUTELY, a rule that never occurs, year 9999).
ODD = ["", "DTSTART:20261210T100000Z\r\nDUE:20261201T100000Z\r\n",
       "DTSTART:20261210T100000Z\r\nRRULE:FREQ=MINUTELY\r\n",
       "DTSTART:20261210T100000Z\r\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30\r\n",
       "DUE:99991231T100000Z\r\n"]
item = st.tuples(st.sampled_from(ODD), st.one_of(st.none(), st.integers(0, 9)),
                 st.booleans())  # (extra, parent: an earlier phone item's index, under ours)
action = st.sampled_from(["sync", "sync", "delete-here", "edit-here", "edit-phone",
                          "add-here"])


def _todo(uid: str, title: str, extra: str, parent: str | None) -> str:
    related = f"RELATED-TO;RELTYPE=PARENT:{parent}\r\n" if parent else ""
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Phone//EN\r\nBEGIN:VTODO\r\n"
            f"UID:{uid}\r\nDTSTAMP:20261201T090000Z\r\nSUMMARY:{title}\r\n{extra}{related}"
            "END:VTODO\r\nEND:VCALENDAR\r\n")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Radicale:
    with Radicale(tmp_path_factory.mktemp("radicale-property")) as running:
        yield running


@settings(max_examples=max(8, settings.default.max_examples // 4))
@given(items=st.lists(item, min_size=1, max_size=8),
       actions=st.lists(action, min_size=1, max_size=6))
def test_nothing_the_other_client_wrote_is_deleted_unless_deleted_here(
        server: Radicale, items: list[tuple[str, int | None, bool]],
        actions: list[str]) -> None:
    url = f"{server.url}ann/property{next(_lists)}/"
    folder = Path(tempfile.mkdtemp(prefix="stepwise-property-"))
    open_database(folder / "stepwise.db")
    phone = None
    try:
        ours = tasks.add_task(tasks.NewTask(title="Ours"))
        account = accounts.add_account(url, "ann", None)[0]
        loop.run(account.id, timeout=10)
        phone = Phone(url)
        written: dict[str, str | None] = {}  # the phone's UIDs → the UID of their parent
        for n, (extra, parent, under_ours) in enumerate(items):
            uid = f"p{n}"
            up = str(ours.uid) if under_ours else (
                f"p{parent}" if parent is not None and parent < n else None)
            phone.add(_todo(uid, f"Phone {n}", extra, up))
            written[uid] = up
        deleted_here: set[str] = set()
        for step, what in enumerate(actions):
            here = list(Task.select())
            if what == "sync":
                loop.run(account.id, timeout=10)
            elif what == "delete-here" and here:
                victim = here[step % len(here)]
                deleted_here.add(str(victim.uid))
                trash.trash_task(victim.id)
            elif what == "edit-here" and here:
                tasks.update_task(here[step % len(here)].id, detail=f"edit {step}")
            elif what == "add-here":
                tasks.add_task(tasks.NewTask(title=f"Here {step}"))
            elif what == "edit-phone":
                found = phone.todos()
                mine = sorted(u for u in found if u in written)
                if mine:
                    obj = found[mine[step % len(mine)]]
                    obj.icalendar_component.pop("description", None)
                    obj.icalendar_component.add("description", f"phone edit {step}")
                    obj.save()
        loop.run(account.id, timeout=10)
        loop.run(account.id, timeout=10)
        on_server = set(phone.todos())

        def deleted_with(uid: str | None) -> bool:
            seen = set()
            while uid is not None and uid not in seen:
                if uid in deleted_here:
                    return True
                seen.add(uid)
                uid = written.get(uid)
            return False

        lost = {uid for uid in written if uid not in on_server and not deleted_with(uid)}
        assert not lost, f"{sorted(lost)} were deleted from the server"
    finally:
        if phone is not None:
            phone.client.close()
        close_database()
