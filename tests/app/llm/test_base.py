"""app.llm.base: the key redacted in every form a server may echo, also when a stream
splits it; the token cap of each stage; the provider error's fields."""

from __future__ import annotations

import pytest

from app.llm.base import (
    DEFAULT_STAGE_TOKENS,
    FAILURES,
    Failure,
    ProviderConfig,
    ProviderError,
    RedactingSink,
    Stage,
    redact,
    secret_forms,
    token_cap,
)
from tests.app.llm.test_http import KEY


def test_api_key_redaction_covers_trimmed_and_encoded_forms() -> None:
    import base64
    from urllib.parse import quote

    key = " sk-abc/DEF+123== \n"
    text = (f"a {key.strip()} b {base64.b64encode(key.strip().encode()).decode()} "
            f"c {quote(key.strip(), safe='')} d")
    cleaned = redact(text, key)
    assert "sk-abc" not in cleaned and cleaned.count("[redacted]") == 3
    assert redact("nothing to hide", None) == "nothing to hide"
    assert redact("nothing to hide", "  ") == "nothing to hide"


@pytest.mark.parametrize("size", [1, 2, 3, 5, 7, 64])
def test_api_key_split_across_streamed_chunks_never_reaches_the_screen(size: int) -> None:
    shown: list[str] = []
    sink = RedactingSink(shown.append, KEY)
    text = f"before {KEY} middle {KEY}{KEY} after"
    for start in range(0, len(text), size):
        sink(text[start:start + size])
    sink.flush()
    assert "".join(shown) == "before [redacted] middle [redacted][redacted] after"
    assert all(KEY[:12] not in piece for piece in shown)


def test_secret_forms_are_longest_first_and_none_for_a_blank_key() -> None:
    forms = secret_forms("sk-1")
    assert forms[0] == max(forms, key=len) and "sk-1" in forms
    assert secret_forms(None) == secret_forms(" ") == []


def test_a_sink_without_a_secret_passes_text_on_at_once() -> None:
    shown: list[str] = []
    RedactingSink(shown.append, None)("abc")
    assert shown == ["abc"]


@pytest.mark.parametrize("purpose, configured, cap", [
    ("review", None, Stage.REVIEW.tokens), ("plan", 500, 500), ("write", 9000, 1500),
    ("unknown", None, DEFAULT_STAGE_TOKENS), ("", None, None), ("", 300, 300)])
def test_token_cap_is_the_stage_cap_never_above_the_setting(purpose: str,
                                                            configured: int | None,
                                                            cap: int | None) -> None:
    config = ProviderConfig(max_tokens=configured)
    assert token_cap(config, {"purpose": purpose}) == cap


def test_stages() -> None:
    """Each stage once: its purpose, its cap, whether it replies with a schema."""
    assert [str(s) for s in Stage] == ["review", "plan", "check", "failure_review", "write"]
    assert all(s.tokens > 0 for s in Stage) and Stage.PLAN.tokens > Stage.CHECK.tokens
    assert [s for s in Stage if not s.structured] == [Stage.WRITE]
    assert Stage.of("plan") is Stage.PLAN and Stage.of("probe") is None


def test_a_provider_error_carries_how_it_failed() -> None:
    error = ProviderError("http", "busy", status=503, retryable=True, retry_after_s=2.0,
                          partial="half")
    assert (error.kind, error.status, error.retryable, error.retry_after_s, error.partial,
            str(error)) == ("http", 503, True, 2.0, "half", "busy")


def test_every_way_a_call_fails_is_declared_with_what_it_means() -> None:
    assert set(FAILURES) == set(Failure) and all(FAILURES.values())
    assert ProviderError(Failure.CUT, "broke").kind is Failure.CUT
    with pytest.raises(ValueError):
        ProviderError("exploded", "not a declared way to fail")  # type: ignore[arg-type]
