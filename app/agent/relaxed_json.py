"""Recover JSON from how models actually write it, without guessing.

Handles what can be read one way only: ``<think>`` blocks, code fences, prose around
the object, unquoted keys, single-quoted strings, ``#`` and ``//`` comments, Python's
True/False/None, trailing commas and commas missing between values. Anything else
(an unbalanced quote, an ellipsis, a cut-off object) is refused, so the caller re-asks.
"""

from __future__ import annotations

import json
import re
from typing import Any

_THINK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
_FENCE = re.compile(r"```(?:json|JSON|js|javascript)?\s*\n(.*?)```", re.DOTALL)
_LITERALS = {"true": "true", "false": "false", "null": "null", "True": "true",
             "False": "false", "None": "null"}
_VALUE_END = {"str", "num", "lit", "}", "]"}
_KEY_COLON = re.compile(r"\s*:")
_SPACE = re.compile(r"\s+")
_DOUBLE_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][+-]?\d+)?")
_WORD = re.compile(r"[A-Za-z_$][\w$-]*")
_VALUE_START = {"str", "num", "lit", "{", "["}


class RelaxedJSONError(ValueError):
    """The text holds no JSON object that can be recovered without guessing."""


def strip_wrapping(text: str) -> str:
    """Drop think blocks (closed, or one left open at the end) and take a fenced block."""
    text = _THINK.sub("", text)
    lowered = text.lower()
    if "<think>" in lowered:  # an unclosed think block: what follows is all thinking
        text = text[: lowered.index("<think>")]
    elif "</think>" in lowered:  # the template opened the block: all before it is thinking
        text = text[lowered.rindex("</think>") + len("</think>"):]
    fences = _FENCE.findall(text)
    for block in fences:
        if "{" in block:
            return block
    return text


_INTERESTING = re.compile(r"[\"'{}\[\]#/\\\n]")


def extract_object(text: str) -> str:
    """The first balanced ``{…}`` in the text (strings and comments respected).

    Jumps from one interesting character to the next, so long replies cost little.
    """
    start = text.find("{")
    if start < 0:
        raise RelaxedJSONError("the reply holds no JSON object")
    depth, quote, comment, skip_next = 0, "", False, False
    for m in _INTERESTING.finditer(text, start):
        ch, i = m.group(), m.start()
        if skip_next:
            skip_next = False
            continue
        if comment:
            comment = ch != "\n"
        elif quote:
            if ch == "\\":
                skip_next = text[i + 1:i + 2] in _INTERESTING_SET
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#" or (ch == "/" and text.startswith("//", i)):
            comment = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                return text[start:i + 1]
    if quote:
        raise RelaxedJSONError("the JSON object is cut off (a quote or its braces never close)")
    raise RelaxedJSONError("the JSON object is cut off (its braces never close)")


_INTERESTING_SET = frozenset("\"'{}[]#/\\\n")


def loads(text: str) -> Any:
    """Parse a model's reply into a JSON object, strictly first, then relaxed.

    Raises:
        RelaxedJSONError: nothing recoverable; the message says what was wrong.
    """
    body = extract_object(strip_wrapping(text))
    try:
        return json.loads(body)
    except json.JSONDecodeError:
        pass
    tokens = _tokenize(body)
    strict = _join(tokens)
    try:
        return json.loads(strict)
    except json.JSONDecodeError as exc:
        raise RelaxedJSONError(f"the reply is not JSON even read loosely: {exc.msg} "
                               f"near {strict[max(0, exc.pos - 20):exc.pos + 20]!r}") from None


def _tokenize(text: str) -> list[tuple[str, str]]:
    """(kind, strict JSON text) pairs; kinds: str num lit { } [ ] : ,"""
    tokens: list[tuple[str, str]] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i = _SPACE.match(text, i).end()  # type: ignore[union-attr]
        elif ch == '"' and (m := _DOUBLE_QUOTED.match(text, i)):
            try:  # the common case, decoded in C (raw newlines allowed)
                value = json.loads(m.group(0), strict=False)
            except json.JSONDecodeError:  # an escape JSON lacks, such as \'
                value, _ = _read_string(text, i)
            tokens.append(("str", json.dumps(value, ensure_ascii=False)))
            i = m.end()
        elif ch == "#" or text.startswith("//", i):
            newline = text.find("\n", i)
            i = len(text) if newline < 0 else newline
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise RelaxedJSONError("a /* comment never closes")
            i = end + 2
        elif ch in "{}[]:,":
            tokens.append((ch, ch))
            i += 1
        elif ch in "\"'":
            value, i = _read_string(text, i)
            tokens.append(("str", json.dumps(value, ensure_ascii=False)))
        elif ch == "-" or ch.isdigit():
            m = _NUMBER.match(text, i)
            if not m:
                raise RelaxedJSONError(f"a stray {ch!r} at {i}")
            tokens.append(("num", m.group(0)))
            i = m.end()
        else:
            m = _WORD.match(text, i)
            if not m:
                raise RelaxedJSONError(f"unexpected {text[i:i + 10]!r} in the reply")
            word = m.group(0)
            i = m.end()
            if _KEY_COLON.match(text, i):
                tokens.append(("str", json.dumps(word)))  # an unquoted key
            elif word in _LITERALS:
                tokens.append(("lit", _LITERALS[word]))
            else:
                raise RelaxedJSONError(f"a bare word {word!r} where a value belongs")
    return tokens


def _read_string(text: str, i: int) -> tuple[str, int]:
    quote = text[i]
    out = []
    i += 1
    escapes = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "/": "/", "\\": "\\",
               '"': '"', "'": "'"}
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            nxt = text[i + 1]
            if nxt == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", text[i + 2:i + 6]):
                out.append(chr(int(text[i + 2:i + 6], 16)))
                i += 6
                continue
            out.append(escapes.get(nxt, nxt))
            i += 2
            continue
        if ch == quote:
            return "".join(out), i + 1
        if ch == "\n" and quote == "'":
            break
        out.append(ch)
        i += 1
    raise RelaxedJSONError("a string never closes (an unbalanced quote)")


def _join(tokens: list[tuple[str, str]]) -> str:
    """Strict JSON text: trailing commas dropped, missing commas between values added."""
    out: list[str] = []
    previous = ""
    for n, (kind, text) in enumerate(tokens):
        if kind == ",":
            following = tokens[n + 1][0] if n + 1 < len(tokens) else ""
            if following in ("}", "]", ",") or previous in ("{", "[", ","):
                continue  # trailing or doubled comma
        elif previous in _VALUE_END and kind in _VALUE_START:
            out.append(",")
        out.append(text)
        previous = kind
    return "".join(out)
