"""What a snooze choice on a reminder means as a time: ``5m``, ``1h`` or ``tomorrow``."""

from __future__ import annotations

from datetime import datetime, time, timedelta, tzinfo

from app.errors import Refused

SNOOZE_CHOICES = ("5m", "1h", "tomorrow")
MORNING = time(9, 0)


def snooze_until(choice: str, now: datetime, zone: tzinfo | None = None) -> datetime:
    """The time a snooze choice means: ``5m``, ``1h`` or ``tomorrow`` (09:00 local).

    Raises:
        Refused: another choice.
    """
    if choice == "5m":
        return now + timedelta(minutes=5)
    if choice == "1h":
        return now + timedelta(hours=1)
    if choice == "tomorrow":
        return tomorrow_morning(now, zone)
    raise Refused(f"snooze for {', '.join(SNOOZE_CHOICES)}, not {choice!r}")


def tomorrow_morning(now: datetime, zone: tzinfo | None = None) -> datetime:
    """09:00 local time on the day after ``now``'s local day."""
    if zone is None:
        from app.dates.when import local_zone

        zone = local_zone()
    day = now.astimezone(zone).date() + timedelta(days=1)
    return datetime.combine(day, MORNING, zone)
