"""When a reminder should fire if the moment it was planned for has already passed.

A reminder planned for a moment that is gone ("the day before at 15:00", planned at
21:45 that day) is never a failure handed to the person (DESIGN §11): it moves to the
next sensible moment — the start of the next working day, while that still comes well
before what the reminder is about — or, when nothing sensible is left, to now (shown at
once).
"""

from __future__ import annotations

from datetime import datetime, time, timedelta, tzinfo

AHEAD = timedelta(hours=1)  # a moved reminder still comes at least this long before the due


def sensible_moment(at: datetime, now: datetime, *, closes: datetime | None,
                    work_start: time, zone: tzinfo) -> datetime:
    """``at`` while it is still ahead; otherwise the next start of working hours (in
    ``zone``) if that comes at least an hour before ``closes``; otherwise ``now``.

    Args:
        at: the planned moment (aware).
        now: the present (aware).
        closes: the due time (or expiry) the reminder leads up to, if any.
        work_start: when the person's working day starts, local time.
        zone: the person's zone.
    """
    if at > now:
        return at
    local = now.astimezone(zone)
    morning = datetime.combine(local.date(), work_start, tzinfo=zone)
    if morning <= local:
        morning = datetime.combine(local.date() + timedelta(days=1), work_start, tzinfo=zone)
    morning = morning.astimezone(now.tzinfo)
    if closes is not None and morning > closes - AHEAD:
        return now
    return morning
