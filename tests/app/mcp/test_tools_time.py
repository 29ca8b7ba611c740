"""The time tools (``app.mcp.tools_time``), in this process."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from app.mcp import tools_time
from app.mcp.gates import BadInput


def test_a_day_is_the_whole_day(db: Path) -> None:
    first, last = tools_time.window("2030-01-07", "2030-01-07")
    assert (first.hour, last - first) == (0, timedelta(days=1))
    first, last = tools_time.window(None, None)
    assert last - first == timedelta(days=tools_time.DEFAULT_DAYS)


def test_bad_windows(db: Path) -> None:
    with pytest.raises(BadInput, match="not after"):
        tools_time.window("2030-01-08", "2030-01-07")
    with pytest.raises(BadInput, match="at most"):
        tools_time.window("2030-01-01", "2032-01-01")


def test_free_time_and_a_dry_schedule(db: Path) -> None:
    free = tools_time.free_time("2030-01-07", "2030-01-07")  # a Monday
    assert free["busy"] == [] and len(free["free"]) == 1
    assert tools_time.events(None, None)["events"] == []
    assert tools_time.schedule(None, 7) == {"dry_run": True, "blocks": [], "unplaced": []}
