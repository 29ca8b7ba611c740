"""A zone name that is a folder of the zone database ("Asia") is unknown, not a crash."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest


@pytest.mark.parametrize("name", ["Asia", "America", "Etc", "Not/AZone", ".", ""])
def test_calendar_zone_names_fall_back_to_utc(name: str) -> None:
    from app.calendar.zones import zone_named

    assert zone_named(name) == ZoneInfo("UTC")


@pytest.mark.parametrize("name", ["Asia", "America", "Not/AZone"])
def test_a_todoist_timezone_that_is_a_folder_uses_the_local_zone(name: str) -> None:
    from app.dates.when import local_zone
    from app.io.importers.todoist_dates import row_zone

    assert row_zone({"TIMEZONE": name}) == local_zone()
