"""app.calendar.zones: calendar time zone ids resolved to tzinfo, unknown ones as local
time with one warning each, warnings bounded."""

from __future__ import annotations

import warnings
from datetime import UTC
from zoneinfo import ZoneInfo

import pytest

from app.calendar.zones import MAX_WARNINGS, ZoneResolver, zone_key, zone_named

LOCAL = ZoneInfo("Asia/Shanghai")


@pytest.mark.parametrize("key, found", [("Europe/Paris", "Europe/Paris"), ("", "UTC"),
                                        ("Mars/Olympus", "UTC"), ("Asia", "UTC")])
def test_zone_named_falls_back_to_utc(key: str, found: str) -> None:
    assert zone_key(zone_named(key)) == found


def test_zone_key_of_utc_an_iana_zone_and_none() -> None:
    assert zone_key(UTC) == "UTC" and zone_key(LOCAL) == "Asia/Shanghai"
    assert zone_key(None) is None


def test_iana_and_windows_names_resolve() -> None:
    resolver = ZoneResolver(LOCAL)
    assert zone_key(resolver.zone("Europe/Berlin")) == "Europe/Berlin"
    windows = resolver.zone("W. Europe Standard Time")
    assert windows is not LOCAL and resolver.warnings == []


def test_an_unknown_id_is_local_time_with_one_warning() -> None:
    resolver = ZoneResolver(LOCAL)
    assert resolver.zone("Nowhere/Land", "event 'Lunch'") is LOCAL
    assert resolver.zone("Nowhere/Land") is LOCAL  # cached: no second warning
    assert resolver.unknown == {"Nowhere/Land"}
    assert resolver.warnings == ["unknown time zone 'Nowhere/Land' (event 'Lunch'): its times "
                                 "are read as local time (Asia/Shanghai)"]


def test_floating_times_use_the_calendar_zone_when_given() -> None:
    assert ZoneResolver(LOCAL).floating is LOCAL
    assert ZoneResolver(LOCAL, UTC).floating is UTC


def test_warnings_are_bounded_and_kept_once() -> None:
    resolver = ZoneResolver(LOCAL)
    for n in range(MAX_WARNINGS + 10):
        resolver.warn(f"w{n}")
        resolver.warn(f"w{n}")
    assert len(resolver.warnings) == MAX_WARNINGS + 1
    assert resolver.warnings[-1] == "… and more warnings"


def test_library_warnings_are_kept() -> None:
    resolver = ZoneResolver(LOCAL)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.warn("odd zone", UserWarning, stacklevel=1)
    resolver.keep(caught)
    assert resolver.warnings == ["odd zone"]
