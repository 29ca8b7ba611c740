"""Bounds on what a model server can make a provider read (issue 12, defect 6), and the
key kept out of what a server echoes (defect 5), against the real loopback fake server.

A reply past MAX_REPLY_CHARS is refused with ``too_large`` while it streams (reading
stops; the connection is released), a whole JSON reply past its byte bound too, and an
error body is read only as far as its first words are shown. The redaction itself:
test_base.
"""

from __future__ import annotations

import pytest

from app.llm.base import MAX_REPLY_CHARS, secret_forms
from app.llm.bodies import MAX_BODY_BYTES
from tests.app.llm.test_http import KEY, KINDS, complete, failure, provider
from tests.fakeserver import FakeModelServer, reply, status, whole

BIG = "x" * (MAX_REPLY_CHARS + 1)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", KINDS)
def test_reply_size_cap_a_streamed_reply_past_the_cap_is_refused(server: FakeModelServer,
                                                                 kind: str) -> None:
    server.script(reply(BIG, chunk_size=64 * 1024))
    chunks: list[str] = []
    error = failure(provider(server, kind), chunks)
    assert error.kind == "too_large" and not error.retryable
    assert "MiB of text and was refused" in str(error)
    assert sum(map(len, chunks)) <= MAX_REPLY_CHARS  # what reached the screen is bounded
    assert len(server.chat_requests) == 1  # never retried


@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", KINDS)
def test_reply_size_cap_a_reply_at_the_cap_is_taken(server: FakeModelServer, kind: str) -> None:
    text = "y" * MAX_REPLY_CHARS
    server.script(reply(text, chunk_size=256 * 1024))
    assert complete(provider(server, kind)).text == text


@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", KINDS)
def test_reply_size_cap_a_whole_json_reply_past_its_bound_is_refused(server: FakeModelServer,
                                                                     kind: str) -> None:
    # Each "\u0001" is six bytes of JSON: the body passes its byte bound before the text cap.
    server.script(whole("\x01" * (MAX_BODY_BYTES // 6 + 10)))
    error = failure(provider(server, kind))
    assert error.kind == "too_large"


@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", KINDS)
def test_reply_size_cap_one_streamed_event_or_line_past_its_bound_is_refused(
        server: FakeModelServer, kind: str) -> None:
    # One SSE event (OpenAI) or one JSON line (Ollama) bigger than any reply can be:
    # refused while it is read, never held whole in memory.
    server.script(reply("\x01" * (MAX_BODY_BYTES // 6 + 10), chunk_size=MAX_BODY_BYTES))
    error = failure(provider(server, kind))
    assert error.kind == "too_large"


@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", KINDS)
def test_reply_size_cap_an_error_body_is_read_only_in_part(server: FakeModelServer,
                                                           kind: str) -> None:
    server.script(status(500, "broken " * 500_000))  # 3.5 MB of error text
    error = failure(provider(server, kind, max_retries=0))
    assert error.kind == "http" and error.status == 500
    assert len(str(error)) < 1000


@pytest.mark.parametrize("kind", KINDS)
def test_api_key_echoed_in_an_error_body_is_redacted_in_every_form(server: FakeModelServer,
                                                                   kind: str) -> None:
    forms = " / ".join(secret_forms(KEY))
    server.script(status(400, f"bad request: {forms}"))
    error = failure(provider(server, kind, api_key=KEY))
    for form in secret_forms(KEY):
        assert form not in str(error)
    assert "[redacted]" in str(error)
