"""What each snooze choice means as a time, and a choice that is none of them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from app.errors import Refused
from app.reminders import store as reminders
from app.reminders.snooze import SNOOZE_CHOICES, snooze_until, tomorrow_morning

NOW = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)  # already 01:00 on 2 December in Shanghai
SHANGHAI = ZoneInfo("Asia/Shanghai")


def test_each_choice_is_a_time_after_now() -> None:
    times = [snooze_until(choice, NOW, SHANGHAI) for choice in SNOOZE_CHOICES]
    assert times == [NOW + timedelta(minutes=5), NOW + timedelta(hours=1),
                     datetime(2026, 12, 3, 9, 0, tzinfo=SHANGHAI)]


def test_tomorrow_is_the_next_local_day_not_the_next_utc_day() -> None:
    assert tomorrow_morning(NOW, SHANGHAI) == datetime(2026, 12, 3, 9, 0, tzinfo=SHANGHAI)
    assert tomorrow_morning(NOW, UTC) == datetime(2026, 12, 2, 9, 0, tzinfo=UTC)


def test_another_choice_is_refused_naming_the_choices() -> None:
    with pytest.raises(Refused, match="5m, 1h, tomorrow"):
        snooze_until("later", NOW)


def test_the_reminders_module_still_offers_it() -> None:
    assert reminders.snooze_until is snooze_until
