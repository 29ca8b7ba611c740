"""Free working time as a sorted list of spans that placements carve away.

Times are whole seconds since the epoch, so the placer's inner loops compare integers.
A span is found with ``bisect`` on the span ends; taking a piece splits one span into
at most two.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta, tzinfo

from app.calendar.freebusy import Interval, free_slots
from app.schedule.model import Hours

Span = tuple[int, int]


def seconds(when: datetime) -> int:
    return int(when.timestamp())


def instant(value: int) -> datetime:
    return datetime.fromtimestamp(value, UTC)


def working_free(start: datetime, end: datetime, busy: Sequence[Interval], hours: Hours,
                 zone: tzinfo) -> list[Span]:
    """Free time in [start, end) inside working hours on working days, around ``busy``."""
    slots = free_slots(start, end, list(busy), work=(hours.start, hours.end), zone=zone,
                       min_minutes=1)
    return [(seconds(s.start), seconds(s.end)) for s in slots
            if s.start.astimezone(zone).weekday() in hours.days]


class FreeTime:
    """Disjoint free spans in time order, with the pieces already taken removed."""

    def __init__(self, spans: Iterable[Span]) -> None:
        ordered = sorted(s for s in spans if s[1] > s[0])
        self.starts = [s for s, _ in ordered]
        self.ends = [e for _, e in ordered]

    def _from(self, earliest: int) -> int:
        return bisect_right(self.ends, earliest)

    def first_fit(self, earliest: int, need: int, deadline: int) -> Span | None:
        """The first piece of ``need`` seconds from ``earliest`` on, ending by ``deadline``."""
        for j in range(self._from(earliest), len(self.starts)):
            begin = max(self.starts[j], earliest)
            if begin + need > deadline:
                return None
            if self.ends[j] - begin >= need:
                return begin, begin + need
        return None

    def chunks(self, earliest: int, need: int, deadline: int, shortest: int) -> list[Span]:
        """Pieces of at least ``shortest`` seconds adding up to ``need``, or [] when they
        cannot: each piece leaves either nothing or at least ``shortest`` still to place."""
        pieces: list[Span] = []
        left = need
        for j in range(self._from(earliest), len(self.starts)):
            begin = max(self.starts[j], earliest)
            room = min(self.ends[j], deadline) - begin
            if begin >= deadline:
                break
            take = min(room, left)
            if 0 < left - take < shortest:
                take = left - shortest
            if take >= shortest:
                pieces.append((begin, begin + take))
                left -= take
                if not left:
                    return pieces
        return []

    def usable(self, earliest: int, deadline: int, shortest: int) -> tuple[int, int]:
        """(longest single piece, sum of pieces of ``shortest`` or more) in the window."""
        longest = total = 0
        for j in range(self._from(earliest), len(self.starts)):
            begin = max(self.starts[j], earliest)
            if begin >= deadline:
                break
            room = min(self.ends[j], deadline) - begin
            longest = max(longest, room)
            total += room if room >= shortest else 0
        return longest, total

    def take(self, span: Span) -> None:
        """Remove ``span`` (which lies inside one free span) from the free time."""
        begin, finish = span
        j = self._from(begin)
        if j >= len(self.starts) or self.starts[j] > begin or self.ends[j] < finish:
            raise ValueError(f"{span} is not free")  # a bug in the placer, not bad input
        low, high = self.starts[j], self.ends[j]
        del self.starts[j], self.ends[j]
        for piece in ((finish, high), (low, begin)):
            if piece[1] > piece[0]:
                self.starts.insert(j, piece[0])
                self.ends.insert(j, piece[1])


def step_seconds(minutes: int) -> int:
    return int(timedelta(minutes=minutes).total_seconds())
