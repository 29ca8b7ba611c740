"""app.llm.bodies: a server's body read within its bound, refused or cut past it; the human
part of an error body, and when the server says to try again."""

from __future__ import annotations

import asyncio

import httpx2
import pytest

from app.llm.bodies import error_text, read_body, retry_after_s


class TooLarge(Exception):
    """What the caller's ``too_large`` builds."""


def body(content: bytes, encoding: str | None = None) -> httpx2.Response:
    headers = {"content-type": f"text/plain; charset={encoding}"} if encoding else {}
    return httpx2.Response(200, content=content, headers=headers)


def test_a_body_within_its_bound_is_read_whole() -> None:
    assert asyncio.run(read_body(body(b"hello"), TooLarge, limit=5)) == "hello"


def test_a_body_past_its_bound_is_refused() -> None:
    with pytest.raises(TooLarge):
        asyncio.run(read_body(body(b"x" * 6), TooLarge, limit=5))


def test_an_error_body_past_its_bound_is_cut() -> None:
    assert asyncio.run(read_body(body(b"abcdefgh"), TooLarge, limit=3, cut=True)) == "abc"


def test_bytes_that_are_not_text_are_replaced_not_refused() -> None:
    assert asyncio.run(read_body(body(b"ok\xff"), TooLarge)) == "ok\ufffd"
    assert asyncio.run(read_body(body("é".encode("latin-1"), "latin-1"), TooLarge)) == "é"


def test_retry_after_reads_seconds_or_an_http_date() -> None:
    assert retry_after_s("2.5") == 2.5 and retry_after_s("-3") == 0.0
    assert retry_after_s(None) is None and retry_after_s("soon") is None
    assert retry_after_s("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # long past


@pytest.mark.parametrize("body, said", [('{"error": {"message": "bad  model"}}', "bad model"),
                                        ('{"detail": "Not Found"}', "Not Found"),
                                        ("plain\ntext", "plain text")])
def test_error_text_takes_the_human_part_of_each_shape(body: str, said: str) -> None:
    assert error_text(body) == said


def test_error_text_is_short() -> None:
    assert len(error_text("x" * 5000)) == 301
