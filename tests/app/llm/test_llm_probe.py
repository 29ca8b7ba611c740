"""app.llm.probe: the kind of server at a base URL and the sentence for a wrong choice.

(Named test_llm_probe: app/sync/probe.py has a probe module too.)
"""

from __future__ import annotations

import pytest

from app.llm import ProviderError
from app.llm.probe import detect_kind, mismatch
from tests.app.llm.test_http import run
from tests.fakeserver import FakeModelServer


@pytest.mark.parametrize("suffix", ["", "/", "/v1", "/api"])
def test_ollama_is_detected_whatever_path_was_typed(server: FakeModelServer, suffix: str
                                                    ) -> None:
    assert run(detect_kind(server.url + suffix)) == "ollama"


def test_nothing_answering_is_no_kind(closed_port: int) -> None:
    assert run(detect_kind(f"http://127.0.0.1:{closed_port}")) is None


def test_an_unusable_base_url_is_a_config_error() -> None:
    with pytest.raises(ProviderError):
        run(detect_kind("not a url"))


def test_mismatch_names_the_provider_to_choose() -> None:
    said = mismatch("ollama", "openai", "http://box:8080/v1") or ""
    assert said.startswith("The server at box:8080 is OpenAI-compatible")
    assert "--provider openai" in said


@pytest.mark.parametrize("chosen, found", [("openai", "openai"), ("ollama", "ollama"),
                                           ("openai", "ollama"), ("ollama", None)])
def test_no_mismatch_when_the_choice_fits_or_nothing_is_known(chosen: str,
                                                              found: str | None) -> None:
    assert mismatch(chosen, found, "http://box") is None


def test_the_provider_kind_is_detected_and_a_mismatch_named(openai_only: str,
                                                            server: FakeModelServer,
                                                            closed_port: int) -> None:
    assert run(detect_kind(openai_only)) == "openai"
    assert run(detect_kind(server.url)) == "ollama"  # Ollama answers both lists
    assert run(detect_kind(f"http://127.0.0.1:{closed_port}")) is None
    said = mismatch("ollama", "openai", openai_only) or ""
    assert "is OpenAI-compatible" in said and "choose the openai provider" in said
    assert mismatch("openai", "ollama", server.url) is None  # Ollama serves /v1 too
