"""``app.net.safexml``: namespaced elements as ElementTree's, and no DTD ever read."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.net.safexml import NotXml, parse


def test_tags_and_attributes_carry_their_namespace() -> None:
    root = parse(b'<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" '
                 b'xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response><c:comp c:name="VTODO">'
                 b"caf\xc3\xa9 &amp; co</c:comp></d:response><plain/></d:multistatus>")
    comp = root.find("{DAV:}response/{urn:ietf:params:xml:ns:caldav}comp")
    assert root.tag == "{DAV:}multistatus" and comp is not None
    assert comp.text == "café & co"
    assert comp.get("{urn:ietf:params:xml:ns:caldav}name") == "VTODO"
    assert root[1].tag == "plain"


def test_an_entity_bomb_is_refused_before_it_grows() -> None:
    laughs = "".join(f'<!ENTITY l{n} "{f"&l{n - 1};" * 10}">' for n in range(1, 30))
    bomb = f'<!DOCTYPE x [<!ENTITY l0 "lol">{laughs}]><x>&l29;</x>'
    with pytest.raises(NotXml, match="document type"):
        parse(bomb)


def test_an_external_entity_is_never_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.write_text("TOP-SECRET")
    with pytest.raises(NotXml) as raised:
        parse(f'<!DOCTYPE x [<!ENTITY e SYSTEM "file://{secret}">]><x>&e;</x>')
    assert "TOP-SECRET" not in str(raised.value)


@pytest.mark.parametrize("text", ["", "garbage", "<a><b></a>", "<x>&undefined;</x>",
                                  '{"json": true}'])
def test_what_is_not_xml_says_so(text: str) -> None:
    with pytest.raises(NotXml, match="not|broken"):
        parse(text)
