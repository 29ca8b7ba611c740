"""``stepwise export | import | backup | settings`` (``app.cli.store``): the store as a whole."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from tests.app.cli.test_cli_tasks import offsite, write
from tests.conftest import Result

Cli = Callable[..., Result]


def test_settings_are_typed(cli: Cli) -> None:
    assert cli("settings", "assistant.max_steps", "12").out.strip() == "assistant.max_steps = 12"
    wrong = cli("settings", "assistant.max_steps", "lots")
    assert wrong.code == 2 and "takes a int" in wrong.err  # a refused value: exit 2 (issue 10)
    assert cli("settings", "no.such").code == 1


def test_max_steps_setting_limits_generated_plans(cli: Cli, tmp_path: Path) -> None:
    cli("add", "x")
    cli("settings", "assistant.max_steps", "3")
    path = write(tmp_path / "p.json", offsite())
    result = cli("plan", "validate", str(path))
    assert result.code == 1 and "too_many_steps" in result.err


def test_defect_18_a_refusal_quoting_user_text_is_escaped(cli: Cli) -> None:
    result = cli("settings", "\x1b]0;owned\x07", "1")
    assert result.code == 1 and "\x1b" not in result.err and "\x07" not in result.err


def test_export_then_import_replace_brings_the_tasks_back(cli: Cli, tmp_path: Path) -> None:
    cli("add", "Keep me")
    cli("plan", "import", "1", str(write(tmp_path / "p.json", offsite())))
    dump = tmp_path / "all.json"
    assert cli("export", str(dump)).out.strip() == f"wrote {dump} (1 tasks)"
    cli("add", "Added later")
    result = cli("import", str(dump), "--replace")
    assert result.code == 0 and "imported 1 tasks" in result.out
    titles = [task["title"] for task in json.loads(cli("list", "--json").out)]
    assert titles == ["Keep me"]


def test_import_of_a_missing_file_is_a_bad_file(cli: Cli, tmp_path: Path) -> None:
    cli("add", "Stays")
    result = cli("import", str(tmp_path / "nowhere.json"), "--replace")
    assert result.code == 2 and "Traceback" not in result.err
    assert [t["title"] for t in json.loads(cli("list", "--json").out)] == ["Stays"]


def test_backup_list_restore_and_a_missing_name(cli: Cli) -> None:
    cli("add", "Before")
    assert cli("backup", "list").out.startswith("no backups yet in ")
    made = cli("backup")
    assert made.code == 0 and made.out.startswith("backed up to ")
    name = cli("backup", "list").out.split()[0]
    cli("add", "After")
    restored = cli("backup", "restore", name)
    assert restored.code == 0 and f"restored {name}" in restored.out
    assert [t["title"] for t in json.loads(cli("list", "--json").out)] == ["Before"]
    assert cli("backup", "restore").code == 1


def test_settings_without_a_key_lists_every_setting_with_its_description(cli: Cli) -> None:
    listing = cli("settings").out
    assert "assistant.max_steps = " in listing and "    # " in listing


def test_a_setting_value_is_json_or_else_text(cli: Cli) -> None:
    assert cli("settings", "assistant.model", "qwen").out.strip() == 'assistant.model = "qwen"'
    assert cli("settings", "assistant.model", '"7"').out.strip() == 'assistant.model = "7"'


def test_a_setting_nested_too_deeply_is_refused_not_a_crash(cli: Cli) -> None:
    result = cli("settings", "assistant.max_steps", "[" * 100_000)
    assert result.code in (1, 2) and "Traceback" not in result.err
    assert cli("settings", "assistant.max_steps").code == 0
