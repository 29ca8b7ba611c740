"""A test double of llama.cpp's JSON-schema-to-grammar converter: the same limits, in words.

``problems(schema)`` lists every place the converter (llama_cpp/llama_grammar.py, 0.3)
would fail on or silently loosen: an untyped node (``{}``: any JSON at all), a bare
object (no properties and no typed additional properties), an array without a typed
``items`` (``items: {}`` is a KeyError there), an enum or const beside a type list (the
type list wins and the enum is dropped), a pattern not anchored with ^ and $, a $ref it
cannot resolve, and a type it does not know.
"""

from __future__ import annotations

from typing import Any

PRIMITIVES = frozenset({"string", "number", "integer", "boolean", "null", "object", "array"})


def problems(schema: dict[str, Any]) -> list[str]:
    """Every reason ``schema`` would not become a strict grammar (empty: it would)."""
    found: list[str] = []
    _visit(schema, schema, "$", found)
    return found


def _visit(node: Any, root: dict[str, Any], where: str, found: list[str]) -> None:
    if not isinstance(node, dict) or not node or set(node) <= {"title", "description",
                                                              "default"}:
        found.append(f"{where}: untyped (any JSON value)")
        return
    if "$ref" in node:
        _ref(node["$ref"], root, where, found)
        return
    alternatives = node.get("anyOf") or node.get("oneOf")
    if alternatives is not None:
        for i, alt in enumerate(alternatives):
            _visit(alt, root, f"{where}|{i}", found)
        return
    kind = node.get("type")
    if isinstance(kind, list):
        if "enum" in node or "const" in node:
            found.append(f"{where}: enum/const beside a type list is dropped")
        for name in kind:
            _primitive(name, where, found)
        return
    if "const" in node or "enum" in node:
        return
    _typed(node, kind, root, where, found)


def _typed(node: dict[str, Any], kind: Any, root: dict[str, Any], where: str,
           found: list[str]) -> None:
    if kind in (None, "object") and ("properties" in node or _typed_extra(node)):
        for name, prop in node.get("properties", {}).items():
            _visit(prop, root, f"{where}.{name}", found)
        extra = node.get("additionalProperties")
        if isinstance(extra, dict):
            _visit(extra, root, f"{where}.*", found)
        return
    if kind in (None, "array") and ("items" in node or "prefixItems" in node):
        items = node.get("items") or node.get("prefixItems")
        if not items:
            found.append(f"{where}: items is empty (the converter fails)")
            return
        for i, item in enumerate(items if isinstance(items, list) else [items]):
            _visit(item, root, f"{where}[{i}]", found)
        return
    if kind == "object":
        found.append(f"{where}: an object without properties (any JSON object)")
    elif kind == "array":
        found.append(f"{where}: an array without items")
    elif kind == "string" and "pattern" in node:
        pattern = node["pattern"]
        if not (pattern.startswith("^") and pattern.endswith("$")):
            found.append(f"{where}: pattern {pattern!r} is not anchored with ^ and $")
    elif kind is None:
        found.append(f"{where}: no type")
    else:
        _primitive(kind, where, found)


def _typed_extra(node: dict[str, Any]) -> bool:
    extra = node.get("additionalProperties")
    return "additionalProperties" in node and extra is not True and extra != {}


def _ref(ref: str, root: dict[str, Any], where: str, found: list[str]) -> None:
    target: Any = root
    if not ref.startswith("#/"):
        found.append(f"{where}: remote $ref {ref}")
        return
    for part in ref[2:].split("/"):
        target = target.get(part) if isinstance(target, dict) else None
    if target is None:
        found.append(f"{where}: $ref {ref} does not resolve")
    elif where.count("->") < 8:  # refs may recurse; the converter handles that, we stop
        _visit(target, root, f"{where}->{ref}", found)


def _primitive(name: Any, where: str, found: list[str]) -> None:
    if name not in PRIMITIVES:
        found.append(f"{where}: unknown type {name!r}")
    elif name in ("object", "array"):
        found.append(f"{where}: a bare {name} in a type list (any JSON {name})")
