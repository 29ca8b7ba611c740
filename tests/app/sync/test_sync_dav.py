"""``app.sync.dav``: its multistatus parsing, and the task list's requests against real
Radicale and Xandikos servers on loopback (named test_sync_dav.py: app/calendar/dav.py has
tests/app/calendar/test_calendar_dav.py)."""

from __future__ import annotations

from collections.abc import Iterator
from xml.etree import ElementTree

import httpx2
import pytest

from app.calendar.dav import Account
from app.calendar.errors import BadResponse, ServerFailed
from app.sync.dav import Answer, Dav, _code, _kind, _responses

pytestmark = pytest.mark.timeout(120)

MULTISTATUS = """<?xml version="1.0"?>
<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
 <d:response><d:href>/ann/tasks/a%20b.ics</d:href>
  <d:propstat><d:prop><d:getetag>"e1"</d:getetag><c:calendar-data>BEGIN:VCALENDAR
</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
  <d:propstat><d:prop><d:displayname/></d:prop>
   <d:status>HTTP/1.1 404 Not Found</d:status></d:propstat></d:response>
 <d:response><d:href>http://h/ann/tasks/gone.ics</d:href>
  <d:status>HTTP/1.1 404 Not Found</d:status></d:response>
</d:multistatus>"""

TODO = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\n"
        "UID:{uid}\r\nSUMMARY:{title}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")


def test_code_reads_the_number_of_a_status_line() -> None:
    assert _code("HTTP/1.1 404 Not Found") == 404
    assert _code("HTTP/1.1 OK") == 0
    assert _code(None) == 0


def test_responses_give_each_path_its_status_and_the_found_properties() -> None:
    found = list(_responses(ElementTree.fromstring(MULTISTATUS)))
    assert found == [("/ann/tasks/a b.ics", 200,
                      {"getetag": '"e1"', "calendar-data": "BEGIN:VCALENDAR"}),
                     ("/ann/tasks/gone.ics", 404, {})]


def test_a_new_items_href_is_its_uid_made_safe_under_the_list() -> None:
    dav = Dav(Account("http://127.0.0.1:9/ann/tasks", "", "", 10))
    try:
        assert dav.path == "/ann/tasks/"
        assert dav.href_for("a/b c@x.y-1_2") == "/ann/tasks/a_b_c_x.y-1_2.ics"
    finally:
        dav.close()


def _answer(status: int, kind: str, text: str) -> Answer:
    return Answer(status, httpx2.Headers({"Content-Type": kind}), text, None)


def test_what_came_instead_of_a_multistatus_is_named() -> None:
    assert _kind(_answer(200, "text/html; charset=utf-8", "<p>hi</p>")) == "an HTML page"
    assert _kind(_answer(200, "", "<!DOCTYPE html><html>")) == "an HTML page"
    assert _kind(_answer(204, "", "")) == "HTTP 204 and nothing else"
    assert _kind(_answer(200, "text/plain", "ok")) == "HTTP 200 and text/plain that is not XML"


def test_a_success_without_xml_is_a_bad_response_an_error_status_a_server_failure() -> None:
    dav = Dav(Account("http://127.0.0.1:9/ann/tasks/", "", "", 10))
    try:
        bad = dav._fail("reading the task list", _answer(200, "text/html", "<html>"))
        failed = dav._fail("reading the task list", _answer(502, "text/html", ""))
    finally:
        dav.close()
    assert isinstance(bad, BadResponse) and "with an HTML page, not CalDAV" in str(bad)
    assert isinstance(failed, ServerFailed) and "answered HTTP 502" in str(failed)


@pytest.fixture
def dav(task_list: str) -> Iterator[Dav]:
    """The sync client on a fresh task list, made on the server."""
    client = Dav(Account(task_list, "ann", "", 10))
    client.make_collection()
    yield client
    client.close()


def test_a_created_item_is_listed_read_and_updated_only_with_its_etag(dav: Dav) -> None:
    href = dav.href_for("t1")
    created = dav.put(href, TODO.format(uid="t1", title="Offsite"), None)
    assert not created.conflict
    assert dav.put(href, TODO.format(uid="t1", title="Again"), None).conflict
    assert list(dav.listing().etags) == [href]
    got = dav.get(href)
    assert got is not None and "SUMMARY:Offsite" in got[1]
    assert dav.put(href, TODO.format(uid="t1", title="Stale"), '"not-the-etag"').conflict
    assert not dav.put(href, TODO.format(uid="t1", title="Renamed"), got[0]).conflict
    assert "SUMMARY:Renamed" in dav.multiget([href])[href][1]


def test_a_deleted_item_is_gone_and_deleting_it_again_is_fine(dav: Dav) -> None:
    href = dav.href_for("t2")
    dav.put(href, TODO.format(uid="t2", title="Call"), None)
    assert not dav.delete(href, None).conflict
    assert dav.get(href) is None
    assert not dav.delete(href, None).conflict
    assert dav.listing().etags == {}


def test_changes_since_a_token_name_only_what_changed(dav: Dav) -> None:
    first = dav.changes(None)  # both servers answer RFC 6578 sync-collection
    assert first is not None and first.etags == {} and first.token
    href = dav.href_for("t3")
    dav.put(href, TODO.format(uid="t3", title="Book"), None)
    later = dav.changes(first.token)
    assert later is not None and list(later.etags) == [href] and later.complete
