"""Framing server-sent events and JSON lines from byte batches (app.llm.frames, issue 15)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.llm.frames import LineFrames, SSEFrames


class TooLarge(Exception):
    pass


def sse(limit: int = 1 << 20) -> SSEFrames:
    return SSEFrames(limit, TooLarge)


def fed(frames: SSEFrames | LineFrames, parts: list[bytes]) -> list[str]:
    out = [item for part in parts for item in frames.feed(part)]
    return out + frames.end() if isinstance(frames, LineFrames) else out


def split(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({min(c, len(data)) for c in cuts})
    return [data[a:b] for a, b in zip([0, *points], [*points, len(data)], strict=True)]


STREAM = ("data: {\"a\": \"先买菜\"}\r\n\r\n: a comment\n\nevent: ping\nid: 7\n\n"
          "data: line one\ndata: line two\r\rdata:no space\n\ndata: [DONE]\n\n").encode()
EVENTS = ['{"a": "先买菜"}', "line one\nline two", "no space", "[DONE]"]


def test_sse_fields_comments_and_every_line_ending() -> None:
    assert fed(sse(), [STREAM]) == EVENTS


@pytest.mark.timeout(60)
@given(st.lists(st.integers(min_value=0, max_value=len(STREAM)), max_size=12))
def test_sse_any_split_across_chunks_gives_the_same_events(cuts: list[int]) -> None:
    assert fed(sse(), split(STREAM, cuts)) == EVENTS


@pytest.mark.timeout(60)
@given(st.lists(st.integers(min_value=0, max_value=80), max_size=10))
def test_ndjson_any_split_across_chunks_gives_the_same_lines(cuts: list[int]) -> None:
    body = '{"content": "然后做饭"}\n{"done": false}\r\n\n{"done": true}'.encode()
    lines = fed(LineFrames(1 << 20, TooLarge), split(body, cuts))
    assert [line.strip() for line in lines if line.strip()] == [
        '{"content": "然后做饭"}', '{"done": false}', '{"done": true}']


def test_sse_an_event_without_its_blank_line_is_not_given() -> None:
    assert fed(sse(), [b"data: whole\n\ndata: cut off\n"]) == ["whole"]


def test_sse_an_event_past_the_limit_is_refused_while_it_streams() -> None:
    frames = sse(limit=100)
    frames.feed(b"data: " + b"x" * 60 + b"\n")
    with pytest.raises(TooLarge):
        frames.feed(b"data: " + b"x" * 50)  # its unfinished second line passes the limit


def test_ndjson_a_line_past_the_limit_is_refused_before_it_ends() -> None:
    frames = LineFrames(100, TooLarge)
    frames.feed(b"x" * 60)
    with pytest.raises(TooLarge):
        frames.feed(b"x" * 60)
