"""XML from servers parsed without a document type: no entity is declared, so none is
expanded (a "billion laughs" bomb) and none is read from a file or the network (XXE).

WebDAV answers never carry a DOCTYPE, so one is refused outright, before anything it
declares is read. The result is an ``xml.etree.ElementTree.Element`` with tags in the
``{namespace}name`` form.
"""

from __future__ import annotations

from typing import Any, NoReturn
from xml.etree.ElementTree import Element, TreeBuilder
from xml.parsers import expat


class NotXml(ValueError):
    """The text is not well-formed XML, or it declares a document type."""


def parse(data: bytes | str) -> Element:
    """The root element of ``data``.

    Raises:
        NotXml: broken XML, or XML with a DOCTYPE (and so maybe entities).
    """
    builder = TreeBuilder()
    parser = expat.ParserCreate(namespace_separator="}")
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.EntityDeclHandler = _refuse_entity
    parser.ExternalEntityRefHandler = _refuse_entity
    parser.StartElementHandler = lambda tag, attrs: builder.start(
        _name(tag), {_name(k): v for k, v in attrs.items()})
    parser.EndElementHandler = lambda tag: builder.end(_name(tag))
    parser.CharacterDataHandler = builder.data
    parser.buffer_text = True
    try:
        parser.Parse(data, True)
        return builder.close()
    except expat.ExpatError as exc:
        raise NotXml(f"broken XML at line {exc.lineno}") from None
    except AssertionError:  # TreeBuilder.close() on a document without an element
        raise NotXml("not XML: there is no element in it") from None


def _name(tag: str) -> str:
    """``DAV:}href`` (expat's form) as ``{DAV:}href``."""
    return "{" + tag if "}" in tag else tag


def _refuse_doctype(*_args: Any) -> NoReturn:
    raise NotXml("XML with a document type (DTD), which a CalDAV answer never has; it "
                 "may declare entities, so it was not read")


def _refuse_entity(*_args: Any) -> NoReturn:
    raise NotXml("XML that declares or refers to an entity; it was not read")
