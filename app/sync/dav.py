"""The WebDAV requests of task sync, on the bounded HTTP client (``app.net.bounded``).

Every call blocks: the loop (``app.sync.loop``) runs in a worker thread, never on an
event loop. Hrefs are paths (``/ann/tasks/x.ics``). Each request has a deadline (the
account's timeout, more for a request on the whole list) and a byte cap (MAX_BYTES),
whatever the server sends; multistatus XML is parsed without a DTD (``app.net.safexml``).
Whatever goes wrong comes back as a ``CalendarError`` (app.calendar.errors) naming the
server; a 412 is not an error but an answer (``Put.conflict``), and a listing that was cut
short (507) says so in ``Listing.complete`` so nothing is taken as deleted because of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar
from urllib.parse import unquote, urljoin, urlsplit
from xml.etree.ElementTree import Element

import httpx2

from app.calendar.dav import Account, classify, refused
from app.calendar.errors import AuthFailed, BadResponse, CalendarError, ServerFailed
from app.net import bounded, safexml

BATCH = 100
# The deadline of a request on the whole list, when longer than the account's timeout (the
# deadline of every other request): a write of
# the whole list 30 s + 20 s a megabyte; a full listing 30 s + 20 s a thousand items (on
# Radicale the first full sync-collection of 6,000 items takes 5 s on an idle machine, more
# than 60 s on this 2-core one at a load of 8).
WHOLE_BASE_S = 30.0
WHOLE_S_PER_BYTE = 2e-5
FULL_S_PER_ITEM = 2e-2
MAX_BYTES = bounded.MAX_BYTES  # one answer: a multiget of BATCH items, a whole listing
D, C = "DAV:", "urn:ietf:params:xml:ns:caldav"
_XML = {"Content-Type": 'application/xml; charset="utf-8"'}
_ICS = {"Content-Type": "text/calendar; charset=utf-8"}
T = TypeVar("T")

SYNC_REPORT = ('<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:">'
               "<d:sync-token>{token}</d:sync-token><d:sync-level>1</d:sync-level>"
               "<d:prop><d:getetag/></d:prop></d:sync-collection>")
KIND = ('<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:">'
        "<d:prop><d:resourcetype/></d:prop></d:propfind>")
ETAGS = ('<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:">'
         "<d:prop><d:getetag/><d:resourcetype/></d:prop></d:propfind>")
MULTIGET = ('<?xml version="1.0" encoding="utf-8"?><c:calendar-multiget xmlns:d="DAV:" '
            'xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/>'
            "</d:prop>{hrefs}</c:calendar-multiget>")
MKCALENDAR = ('<?xml version="1.0" encoding="utf-8"?><c:mkcalendar xmlns:d="DAV:" '
              'xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>'
              "<d:displayname>{name}</d:displayname><c:supported-calendar-component-set>"
              '<c:comp name="{component}"/></c:supported-calendar-component-set></d:prop>'
              "</d:set></c:mkcalendar>")
PROPPATCH = ('<?xml version="1.0" encoding="utf-8"?><d:propertyupdate xmlns:d="DAV:" '
             'xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>'
             "<d:displayname>Stepwise</d:displayname><c:supported-calendar-component-set>"
             '<c:comp name="VTODO"/></c:supported-calendar-component-set></d:prop></d:set>'
             "</d:propertyupdate>")


@dataclass
class Listing:
    """What changed on the server: etags by href, hrefs gone, the next sync token, and
    whether the listing is complete (only a complete one may report deletions)."""

    etags: dict[str, str | None] = field(default_factory=dict)
    gone: list[str] = field(default_factory=list)
    token: str | None = None
    complete: bool = True


@dataclass(frozen=True)
class Answer:
    """A server's answer: its status, headers, text, and XML (None when it sent none)."""

    status: int
    headers: httpx2.Headers
    raw: str
    tree: Element | None


class Requests:
    """The account's HTTP requests; 401 and 403 raise ``AuthFailed``, a body that should be
    XML and is not (or has a DTD) ``BadResponse``. ``timeout`` is each request's deadline."""

    def __init__(self, account: Account, url: str) -> None:
        self.account = account
        self.host = urlsplit(url).netloc or url
        self.http = bounded.Client(url, account.user, account.password, account.timeout)

    @property
    def timeout(self) -> float:
        return self.http.timeout

    @timeout.setter
    def timeout(self, seconds: float) -> None:
        self.http.timeout = seconds

    def close(self) -> None:
        self.http.close()

    def request(self, url: str, method: str = "GET", body: str = "",
                headers: dict[str, str] | None = None) -> Answer:
        reply = self.http.request(url, method, body, headers, max_bytes=MAX_BYTES)
        if reply.status in (401, 403):
            raise refused(self.account)
        return Answer(reply.status, reply.headers, reply.text, self._tree(reply, method))

    def _tree(self, reply: bounded.Reply, method: str) -> Element | None:
        """The XML of a multistatus, or of an XML answer to a PROPFIND or a REPORT; None
        for anything else (a write's answer is never parsed, so it cannot fail a write
        that was done)."""
        xml = "xml" in reply.headers.get("Content-Type", "").lower()
        wanted = reply.status == 207 or (xml and method in ("PROPFIND", "REPORT"))
        if not reply.body.strip() or not wanted:
            return None
        try:
            return safexml.parse(reply.body)
        except safexml.NotXml as exc:
            raise self._not_caldav(method, exc) from None

    def _not_caldav(self, method: str, problem: safexml.NotXml) -> BadResponse:
        return BadResponse(f"{self.host} answered a {method} request with something that is "
                           f"not CalDAV ({problem}); is this the address of a CalDAV task "
                           "list?")


@dataclass(frozen=True)
class Put:
    """A write's answer: its new etag (None when the server did not say), or a conflict."""

    etag: str | None = None
    conflict: bool = False


class Dav:
    """One sync account's collection on its server."""

    def __init__(self, account: Account) -> None:
        self.account = account
        self.url = account.url if account.url.endswith("/") else account.url + "/"
        self.path = urlsplit(self.url).path
        self.client = Requests(account, self.url)
        self.unlisted = 0  # items written since the last sync-collection answer

    def close(self) -> None:
        self.client.close()

    def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run one request, its failures turned into known errors."""
        try:
            return fn(*args)
        except CalendarError:
            raise
        except Exception as exc:  # noqa: BLE001 - sorted into known errors; the rest re-raised
            known = classify(exc, self.account)
            if known is None:
                raise
            raise known from exc

    def _request(self, href: str, method: str, body: str = "",
                 headers: dict[str, str] | None = None) -> Answer:
        return self.call(self.client.request, urljoin(self.url, href), method, body,
                         headers or {})

    @contextmanager
    def _patience(self, seconds: float) -> Iterator[None]:
        """The requests inside may take ``seconds`` when that is more than the timeout."""
        usual = self.client.timeout
        self.client.timeout = max(usual, seconds)
        try:
            yield
        finally:
            self.client.timeout = usual

    def _fail(self, what: str, response: Answer) -> CalendarError:
        """An error status as ``ServerFailed``; a success that lacks the XML it should
        carry (an HTML page, plain text, nothing) as ``BadResponse``."""
        host = urlsplit(self.url).netloc
        if response.status < 300:
            return BadResponse(f"{host} answered {what} with {_kind(response)}, not CalDAV; "
                               "is this the address of a CalDAV task list? (nothing was "
                               "deleted)")
        return ServerFailed(f"{host} answered HTTP {response.status} to {what}; the server "
                            "has a problem, try again later (nothing was deleted)")

    def kinds(self) -> set[str] | None:
        """The task list's resource types (``collection``, ``calendar``, …), or None
        when nothing is at its address."""
        # not the etag: Radicale reads every item to make a collection's etag
        found = self._request(self.path, "PROPFIND", KIND, {**_XML, "Depth": "0"})
        if found.status == 404 or self._missing(found):
            return None
        if found.status >= 400 or found.tree is None:
            raise self._fail("reading the task list", found)
        kinds: set[str] = set()
        for kind in found.tree.iter(f"{{{D}}}resourcetype"):
            kinds |= {str(child.tag).rsplit("}", 1)[-1] for child in kind}
        return kinds

    def make_collection(self, name: str = "Stepwise", component: str = "VTODO") -> None:
        """Make the task list (or, for publishing, a calendar of ``component``), and the
        user's home first when the server wants it."""
        from xml.sax.saxutils import escape

        body = MKCALENDAR.format(name=escape(name), component=component)
        made = self._request(self.path, "MKCALENDAR", body, _XML)
        if made.status == 409:  # its parent (the user's home) is not there yet
            self._request(self.path.rstrip("/").rsplit("/", 1)[0] + "/", "MKCOL")
            made = self._request(self.path, "MKCALENDAR", body, _XML)
        if made.status not in (200, 201):
            raise self._fail("creating the task list" if component == "VTODO"
                             else f"creating the calendar {name!r}", made)

    def _missing(self, answer: Answer) -> bool:
        """A 207 whose one answer is 404 (Xandikos says "not there" this way)."""
        if answer.status != 207 or answer.tree is None:
            return False
        return any(status == 404 for _, status, _ in _responses(answer.tree))

    def changes(self, token: str | None, items: int = 0) -> Listing | None:
        """RFC 6578 sync-collection since ``token``; None when the server cannot do it
        (or refuses the token): then ``listing`` is the fallback. Without a token the
        answer names every item: ``items`` (how many are expected) buys it time; with
        one, the items written since the last listing do (Radicale makes the history of
        each new item when it is first listed, before it even looks at the token)."""
        from xml.sax.saxutils import escape

        expected = self.unlisted if token else items
        try:
            with self._patience(WHOLE_BASE_S + expected * FULL_S_PER_ITEM if expected else 0):
                answer = self._request(self.path, "REPORT",
                                       SYNC_REPORT.format(token=escape(token or "")),
                                       {**_XML, "Depth": "1"})
        except AuthFailed:
            if token:  # Radicale refuses a token it no longer knows with a 403
                return None
            raise
        if answer.status in (400, 403, 404, 405, 409, 412, 501):  # 412: Xandikos, a stale token
            return None
        if answer.status != 207 or answer.tree is None:
            raise self._fail("a sync-collection REPORT", answer)
        self.unlisted = 0
        listing = Listing(token=_text(answer.tree.find(f"{{{D}}}sync-token")))
        for href, status, props in _responses(answer.tree):
            if href.rstrip("/") == self.path.rstrip("/"):
                listing.complete = listing.complete and status != 507
            elif status == 404:
                listing.gone.append(href)
            elif status == 507:
                listing.complete = False
            elif href.endswith(".ics") or props.get("getetag"):
                listing.etags[href] = props.get("getetag")
        return listing

    def listing(self, items: int = 0) -> Listing:
        """Every item's etag (PROPFIND Depth 1): the fallback without sync tokens;
        ``items`` (how many are expected) buys it time."""
        with self._patience(WHOLE_BASE_S + items * FULL_S_PER_ITEM):
            answer = self._request(self.path, "PROPFIND", ETAGS, {**_XML, "Depth": "1"})
        if answer.status == 507:
            return Listing(complete=False)
        if answer.status != 207 or answer.tree is None:
            raise self._fail("listing the task list", answer)
        listing = Listing()
        for href, status, props in _responses(answer.tree):
            if href.rstrip("/") != self.path.rstrip("/") and status < 400:
                listing.etags[href] = props.get("getetag")
        return listing

    def multiget(self, hrefs: Iterable[str]) -> dict[str, tuple[str | None, str]]:
        """The etag and iCalendar text of each href, in batches of ``BATCH``."""
        from xml.sax.saxutils import escape

        wanted = list(hrefs)
        found: dict[str, tuple[str | None, str]] = {}
        for start in range(0, len(wanted), BATCH):
            body = "".join(f"<d:href>{escape(h)}</d:href>" for h in wanted[start:start + BATCH])
            answer = self._request(self.path, "REPORT", MULTIGET.format(hrefs=body),
                                   {**_XML, "Depth": "1"})
            if answer.status != 207 or answer.tree is None:
                raise self._fail("a calendar-multiget REPORT", answer)
            for href, status, props in _responses(answer.tree):
                data = props.get("calendar-data")
                if status < 400 and data:
                    found[href] = (props.get("getetag"), data)
        return found

    def get(self, href: str) -> tuple[str | None, str] | None:
        """One item's etag and text, or None when it is not there."""
        answer = self._request(href, "GET")
        if answer.status == 404:
            return None
        if answer.status >= 400:
            raise self._fail(f"reading {href}", answer)
        return answer.headers.get("ETag"), answer.raw

    def put(self, href: str, text: str, etag: str | None) -> Put:
        """Write an item: ``If-Match`` an update, ``If-None-Match: *`` a create."""
        condition = {"If-Match": etag} if etag else {"If-None-Match": "*"}
        answer = self._request(href, "PUT", text, {**_ICS, **condition})
        if answer.status == 412:
            return Put(conflict=True)
        if answer.status not in (200, 201, 204):
            raise self._fail(f"writing {href}", answer)
        self.unlisted += 1
        return Put(etag=answer.headers.get("ETag"))

    def delete(self, href: str, etag: str | None) -> Put:
        """Delete an item (``If-Match`` its etag); one already gone is fine."""
        answer = self._request(href, "DELETE", "", {"If-Match": etag} if etag else {})
        if answer.status == 412:
            return Put(conflict=True)
        if answer.status not in (200, 204, 404):
            raise self._fail(f"deleting {href}", answer)
        return Put()

    def empty_etag(self) -> str | None:
        """The collection's own etag when one listing shows it holds no item, else None."""
        answer = self._request(self.path, "PROPFIND", ETAGS, {**_XML, "Depth": "1"})
        if answer.status != 207 or answer.tree is None:
            return None
        found = list(_responses(answer.tree))
        mine = [props.get("getetag") for href, status, props in found
                if href.rstrip("/") == self.path.rstrip("/") and status < 400]
        return mine[0] if len(found) == 1 and mine else None

    def put_all(self, text: str, etag: str, items: int) -> bool:
        """Write the whole collection (``If-Match`` its etag), ``items`` VTODOs; False
        when the server does not take it (a 4xx: Xandikos answers 405, a change in
        between 412)."""
        # Radicale stores 6,000 items in ≈ 8 s (on a busy machine several times that)
        with self._patience(WHOLE_BASE_S + len(text) * WHOLE_S_PER_BYTE):
            answer = self._request(self.path, "PUT", text, {**_ICS, "If-Match": etag})
        if answer.status in (200, 201, 204):
            self.unlisted += items
            return True
        if 400 <= answer.status < 500:
            return False
        raise self._fail("writing the whole task list", answer)

    def restore_props(self) -> int:
        """The name and the VTODO component set again (a whole write replaced them);
        returns the answer's status."""
        return int(self._request(self.path, "PROPPATCH", PROPPATCH, _XML).status)

    def href_for(self, uid: str) -> str:
        """Where a new item goes: its UID as the file name."""
        safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in uid)
        return self.path + safe + ".ics"


def _kind(answer: Answer) -> str:
    """What a success answer holds instead of a multistatus, in a few words."""
    kind = answer.headers.get("Content-Type", "").split(";")[0].strip().lower()
    start = answer.raw.lstrip()[:15].lower()
    if "html" in kind or start.startswith(("<!doctype html", "<html")):
        return "an HTML page"
    if not answer.raw.strip():
        return f"HTTP {answer.status} and nothing else"
    return f"HTTP {answer.status} and {kind or 'text'} that is not XML"


def _responses(tree: Any) -> Iterable[tuple[str, int, dict[str, str | None]]]:
    """Each multistatus response's href (a path), status, and properties found (200)."""
    for response in tree.iter(f"{{{D}}}response"):
        href = unquote(urlsplit(_text(response.find(f"{{{D}}}href")) or "").path)
        status = _code(_text(response.find(f"{{{D}}}status")))
        props: dict[str, str | None] = {}
        for propstat in response.iter(f"{{{D}}}propstat"):
            if _code(_text(propstat.find(f"{{{D}}}status"))) >= 400:
                continue
            etag = propstat.find(f".//{{{D}}}getetag")
            data = propstat.find(f".//{{{C}}}calendar-data")
            if etag is not None:
                props["getetag"] = _text(etag)
            if data is not None:
                props["calendar-data"] = _text(data)
        yield href, status or 200, props


def _text(element: Any) -> str | None:
    return None if element is None or element.text is None else str(element.text).strip()


def _code(status: str | None) -> int:
    """The number in ``HTTP/1.1 404 Not Found`` (0 when there is none)."""
    parts = (status or "").split()
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
