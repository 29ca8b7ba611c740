"""The generator of the lean path's SQL (``app.lean.schema``): in step with the store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.lean import schema as lean_schema
from app.tasks.store import LIST_COLUMNS
from models import SCHEMA_VERSION


def test_the_generated_sql_matches_the_models_and_the_store() -> None:
    from app.lean import schema as lean_schema

    assert lean_schema.TARGET.read_text(encoding="utf-8") == lean_schema.render(), \
        "app/lean/sql.py is out of date: run `python -m app.lean.schema`"


def test_the_values_name_this_schema_and_the_lists_columns() -> None:
    values = lean_schema.values()
    assert values["SCHEMA_VERSION"] == SCHEMA_VERSION
    assert values["LIST_COLUMNS"] == LIST_COLUMNS
    assert set(values["INSTANTS"]) == {"task", "plan", "step"}
    assert "due_at" in values["INSTANTS"]["task"] and "tags" in values["JSON_COLUMNS"]["task"]


def test_every_generated_query_is_sql_the_store_accepts(db: Path) -> None:
    conn = sqlite3.connect(db)
    queries = [value for value in lean_schema.values().values()
               if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str)
               and value[0].upper().startswith("SELECT")]
    for text, params in queries:
        conn.execute(text, params).fetchall()  # raises on SQL the store lacks
    conn.close()
    assert len(queries) >= 8


def test_main_check_says_whether_the_file_is_current(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    target = tmp_path / "lean_sql.py"
    monkeypatch.setattr(lean_schema, "TARGET", target)
    monkeypatch.setattr("sys.argv", ["lean_schema"])
    assert lean_schema.main() == 0 and target.read_text(encoding="utf-8") == lean_schema.render()
    monkeypatch.setattr("sys.argv", ["lean_schema", "--check"])
    assert lean_schema.main() == 0
    target.write_text("stale\n", encoding="utf-8")
    assert lean_schema.main() == 1 and target.read_text(encoding="utf-8") == "stale\n"
