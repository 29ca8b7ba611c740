"""``stepwise edit``: a task's own fields changed from the command line."""

from __future__ import annotations

import json
from typing import Any

from app.cli.edit import glue_tag_values
from tests.conftest import Result


def shown(cli: Any, task_id: str = "1") -> dict[str, Any]:
    data = json.loads(cli("show", task_id, "--json").out)
    return data.get("task", data)


def test_edit_changes_title_priority_detail_and_due(cli: Any) -> None:
    cli("add", "Renew passport", "--tag", "admin")
    result: Result = cli("edit", "1", "--title", "  Renew passport (urgent) ", "--priority", "1",
                         "--detail", "photos first, 照片", "--due", "2026-12-20T10:00:00Z")
    assert result.code == 0, result.err
    assert result.out.strip() == "task 1: changed detail, due_at, priority, title"
    task = shown(cli)
    assert task["title"] == "Renew passport (urgent)" and task["priority"] == 1
    assert task["detail"] == "photos first, 照片" and task["due_at"] == "2026-12-20T10:00:00Z"


def test_edit_adds_and_removes_tags_written_as_plus_and_minus(cli: Any) -> None:
    cli("add", "Renew passport", "--tag", "admin", "--tag", "old")
    result = cli("edit", "1", "--tag", "+travel", "--tag", "-old", "--tag", "+admin")
    assert result.code == 0, result.err
    assert shown(cli)["tags"] == ["admin", "travel"]


def test_edit_due_none_removes_the_due_time(cli: Any) -> None:
    cli("add", "Renew passport", "--due", "2026-12-20T10:00:00Z")
    assert cli("edit", "1", "--due", "none").code == 0
    assert shown(cli)["due_at"] is None


def test_edit_with_nothing_different_saves_nothing(cli: Any) -> None:
    cli("add", "Renew passport", "--priority", "2")
    before = json.loads(cli("agent", "log", "1", "--json").out)
    result = cli("edit", "1", "--priority", "2", "--title", "Renew passport")
    assert result.code == 0 and result.out.strip() == "task 1: nothing changed"
    assert json.loads(cli("agent", "log", "1", "--json").out) == before


def test_edit_refusals_change_nothing(cli: Any) -> None:
    cli("add", "Renew passport", "--tag", "admin")
    before = shown(cli)
    missing_tag = cli("edit", "1", "--title", "New", "--tag", "-nope")
    assert missing_tag.code == 1 and "no tag 'nope'" in missing_tag.err
    empty = cli("edit", "1", "--title", "   ")
    assert empty.code == 1 and "title" in empty.err
    assert cli("edit", "1", "--tag", "+").code == 1
    assert shown(cli) == before


def test_edit_of_a_missing_task_or_bad_input_is_a_known_error(cli: Any) -> None:
    cli("add", "Renew passport")
    assert cli("edit", "9", "--title", "x").code == 1
    assert cli("edit", "1", "--priority", "7").code == 2
    assert cli("edit", "1", "--due", "the twelfth of never").code == 2
    assert cli("edit", "0", "--title", "x").code == 2


def test_a_tag_flag_without_its_value_is_a_usage_error_not_a_tag(cli: Any) -> None:
    cli("add", "Renew passport", "--tag", "admin")
    assert cli("edit", "1", "--tag", "--title", "x").code == 2
    assert shown(cli)["tags"] == ["admin"]


def test_a_tag_removal_is_glued_to_its_flag_only_in_edit() -> None:
    assert glue_tag_values(["edit", "1", "--tag", "-old", "--tag", "+new"]) == \
        ["edit", "1", "--tag=-old", "--tag", "+new"]
    assert glue_tag_values(["edit", "1", "--tag", "--title", "x"]) == \
        ["edit", "1", "--tag", "--title", "x"]
    assert glue_tag_values(["add", "x", "--tag", "-old"]) == ["add", "x", "--tag", "-old"]
    assert glue_tag_values(["edit", "1", "--tag"]) == ["edit", "1", "--tag"]
