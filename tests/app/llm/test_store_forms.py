"""The store remembers a server's refusal of structured output across runs (issue 16)."""

from __future__ import annotations

from pathlib import Path

from app.agent.setup import provider_from_settings
from app.config import settings
from app.llm.store_forms import StoreForms, forget
from models import ModelServer
from tests.app.llm.test_http import SCHEMA, complete
from tests.fakeserver import FakeModelServer, reply, status


def test_a_refused_form_is_never_sent_again_by_a_later_run(db: Path, server: FakeModelServer
                                                            ) -> None:
    settings.put("assistant.provider", "openai")
    settings.put("assistant.base_url", server.openai_url)
    settings.put("assistant.model", "fake-small")
    server.script(status(500, "response_format: Input should be 'text' or 'json_object'"),
                  reply("one"), reply("two"))
    first, _ = provider_from_settings()
    assert complete(first, schema=SCHEMA).text == "one"
    later, _ = provider_from_settings()  # a new run: a new provider, the same store
    assert complete(later, schema=SCHEMA).text == "two"
    kinds = [r.body["response_format"]["type"] for r in server.chat_requests]
    assert kinds == ["json_schema", "json_object", "json_object"]
    assert [(r.model, r.structured) for r in ModelServer.select()] == [
        ("fake-small", "json_object_schema")]


def test_the_settings_reach_the_provider(db: Path) -> None:
    settings.put("assistant.provider", "openai")
    settings.put("assistant.base_url", "http://127.0.0.1:9/v1")
    settings.put("assistant.model", "m")
    settings.put("assistant.temperature", 0)
    settings.put("assistant.deadline_s", 45)
    provider, _ = provider_from_settings()
    config = provider.config  # type: ignore[attr-defined]
    assert (config.temperature, config.deadline_s) == (0, 45.0)
    assert isinstance(config.forms, StoreForms)


def test_remember_updates_and_forget_clears(db: Path) -> None:
    forms = StoreForms()
    forms.remember("http://a/v1", "m", "json_object_schema")
    forms.remember("http://a/v1", "m", "json_object")
    forms.remember("http://b/v1", "m", "none")
    assert forms.recall("http://a/v1", "m") == "json_object"
    assert forget("http://a/v1") == 1
    assert forms.recall("http://a/v1", "m") is None
    assert forms.recall("http://b/v1", "m") == "none"


def test_migration_6_adds_the_table_to_a_file_made_before_it(tmp_path: Path) -> None:
    import sqlite3
    from contextlib import closing

    from models import close_database, open_database

    path = tmp_path / "old.db"
    open_database(path)
    close_database()
    with closing(sqlite3.connect(path)) as conn:
        conn.execute('DROP TABLE "model_server"')
        conn.execute("PRAGMA user_version = 5")
        conn.commit()
    open_database(path)
    try:
        StoreForms().remember("http://a/v1", "m", "json_object")
        assert StoreForms().recall("http://a/v1", "m") == "json_object"
    finally:
        close_database()
