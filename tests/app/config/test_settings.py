"""Settings declare their valid values once; put refuses the rest, get survives old values."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as settings_profile
from hypothesis import strategies as st

from app.config import settings
from app.config.settings import SETTINGS, SettingError, UnknownSetting
from models import Setting, atomic
from tests.conftest import Result

Cli = Callable[..., Result]


@pytest.mark.parametrize(("key", "value"), [
    ("reminders.lead_minutes", "100000000000000"),
    ("assistant.max_steps", "-5"),
    ("assistant.step_attempts", "0"),
    ("calendar.work_start", '"25:99"'),
    ("calendar.work_start", "25:99"),
    ("ui.theme", "purple"),
    ("assistant.provider", '"gpt"'),
    ("user.location", "[" * 100_000),
    ("user.location", "x" * 5000),
    ("user.location", '"\\ud800"'),
    ("assistant.max_steps", "1e400"),
    ("assistant.max_steps", "NaN"),
    ("calendar.work_start", '"09:00\\n"'),
])
def test_defect_11_out_of_range_settings_are_refused_with_exit_2(cli: Cli, key: str,
                                                                 value: str) -> None:
    before = cli("settings", key).out
    result = cli("settings", key, value)
    assert result.code == 2, result
    assert result.err.startswith("stepwise: ") and "Traceback" not in result.err
    assert cli("settings", key).out == before  # nothing stored


def test_defect_11_a_refusal_names_the_valid_values(cli: Cli) -> None:
    assert "runs from 1 to 100" in cli("settings", "assistant.max_steps", "-5").err
    theme = cli("settings", "ui.theme", "purple").err
    assert "system" in theme and "light" in theme and "dark" in theme
    assert "HH:MM" in cli("settings", "calendar.work_start", "25:99").err


def test_defect_11_work_end_must_follow_work_start(cli: Cli) -> None:
    assert cli("settings", "calendar.work_end", '"08:00"').code == 2
    assert cli("settings", "calendar.work_start", '"18:30"').code == 2
    assert cli("settings", "calendar.work_end", '"20:00"').code == 0
    assert cli("settings", "calendar.work_start", '"18:30"').code == 0


def test_defect_11_valid_values_are_kept(cli: Cli) -> None:
    assert cli("settings", "reminders.lead_minutes", "60").out.strip() == \
        "reminders.lead_minutes = 60"
    assert cli("settings", "ui.theme", "dark").out.strip() == 'ui.theme = "dark"'
    assert cli("settings", "calendar.work_start", "08:30").code == 0


def test_an_unknown_setting_is_refused(cli: Cli) -> None:
    result = cli("settings", "no.such", "1")
    assert result.code == 1 and "unknown setting" in result.err


def test_defect_11_a_bad_value_in_an_old_database_falls_back_to_the_default(
        db: Path, caplog: pytest.LogCaptureFixture) -> None:
    with atomic():
        Setting.insert(key="reminders.lead_minutes", value=10**14).on_conflict_replace().execute()
        Setting.insert(key="ui.theme", value="purple").on_conflict_replace().execute()
    settings._warned.clear()
    with caplog.at_level(logging.WARNING, logger="app.config.settings"):
        assert settings.get("reminders.lead_minutes") == 15
        assert settings.get("reminders.lead_minutes") == 15
        assert settings.get("ui.theme") == "system"
    warnings = [r for r in caplog.records if "reminders.lead_minutes" in r.getMessage()]
    assert len(warnings) == 1  # said once, not on every read


def test_defect_11_add_works_after_a_huge_lead_time_was_stored(cli: Cli, db: Path) -> None:
    with atomic():
        Setting.insert(key="reminders.lead_minutes", value=10**14).on_conflict_replace().execute()
    result = cli("add", "x", "--due", "2030-01-01T10:00:00Z")
    assert result.code == 0, result


def test_every_declaration_is_valid_for_its_own_default() -> None:
    for decl in SETTINGS.values():
        assert decl.problem(decl.default) is None, decl.key
        assert decl.label, decl.key


def test_provider_choices_match_the_provider_registry() -> None:
    from app.llm import PROVIDERS

    assert {value for value, _ in SETTINGS["assistant.provider"].choices} == set(PROVIDERS)


def test_put_refuses_in_python_too(db: Path) -> None:
    with pytest.raises(SettingError):
        settings.put("assistant.max_steps", True)
    with pytest.raises(UnknownSetting):
        settings.put("nope", 1)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=10)


@pytest.mark.timeout(60)
@settings_profile(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(sorted(SETTINGS)), value=json_values)
def test_any_value_is_stored_and_read_back_or_refused(db: Path, key: str, value: Any) -> None:
    before = settings.get(key)
    try:
        settings.put(key, value)
    except SettingError as exc:
        assert str(exc).startswith(key)
        assert settings.get(key) == before
        return
    assert settings.get(key) == value and SETTINGS[key].problem(value) is None
