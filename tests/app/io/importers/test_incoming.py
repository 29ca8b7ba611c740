"""``app.io.importers.incoming``: a file's text decoded, naive times made local."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from app.dates.when import local_zone
from app.errors import BadFile
from app.io.importers.incoming import Batch, aware, decode_text, zone_name


def test_utf8_text_is_read_without_its_byte_order_mark() -> None:
    assert decode_text("\ufeffCall Zoë".encode(), "f.txt", "a todo.txt file") == "Call Zoë"


def test_an_empty_file_is_refused_naming_what_it_should_be() -> None:
    with pytest.raises(BadFile, match=r"^f.txt is empty; it should be a todo.txt file$"):
        decode_text(b" \n\t", "f.txt", "a todo.txt file")


def test_a_file_that_is_not_utf8_is_refused() -> None:
    with pytest.raises(BadFile, match="is not UTF-8 text, so it is not a todo.txt file"):
        decode_text(b"caf\xe9", "f.txt", "a todo.txt file")


def test_a_naive_time_is_local_and_an_aware_one_is_kept() -> None:
    naive = datetime(2026, 12, 5, 9, 0)
    assert aware(naive) == naive.replace(tzinfo=local_zone())
    utc = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)
    assert aware(utc) is utc


def test_the_zone_name_is_the_local_zones_key() -> None:
    assert zone_name() == getattr(local_zone(), "key", None)


def test_batches_do_not_share_their_lists() -> None:
    first, second = Batch(), Batch()
    first.skipped.append("line 1")
    assert second.skipped == [] and second.tasks == []


def test_kept_fields_are_named_lines_and_counted() -> None:
    from app.io.importers.incoming import kept_lines

    batch = Batch()
    assert kept_lines([("Taskwarrior estimate", "3"), ("Todoist RESPONSIBLE", "Ana")],
                      batch) == ["Taskwarrior estimate: 3", "Todoist RESPONSIBLE: Ana"]
    assert batch.kept == ["Taskwarrior estimate", "Todoist RESPONSIBLE"]


def test_a_start_after_the_due_goes_into_the_detail_and_is_said() -> None:
    from app.io.importers.incoming import start_in_order
    from app.tasks.store import NewTask

    batch = Batch()
    due = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)
    late = NewTask(title="Call", detail="note", start_at=datetime(2026, 12, 6, tzinfo=UTC),
                   due_at=due)
    fixed = start_in_order(late, batch)
    assert (fixed.start_at, fixed.due_at) == (None, due)
    assert fixed.detail.startswith("note\nstart: 2026-12-06")
    assert batch.skipped[0].startswith("'Call': the start time (2026-12-06")
    fine = NewTask(title="Call", start_at=due, due_at=due)
    assert start_in_order(fine, batch) is fine and len(batch.skipped) == 1


def test_dates_are_put_in_order_by_their_stand_ins() -> None:
    """A start date before a due date on the same day is fine (09:00 before 18:00); a
    start date after the due is left out, named as the date it was."""
    from app.io.importers.incoming import start_in_order
    from app.tasks.store import NewTask

    batch = Batch()
    day = date(2026, 12, 5)
    same = NewTask(title="Call", start_at=day, due_at=day)
    assert start_in_order(same, batch) is same
    moment = NewTask(title="Call", start_at=day, due_at=datetime(2026, 12, 5, 20, tzinfo=UTC))
    assert start_in_order(moment, batch) is moment
    late = start_in_order(NewTask(title="Call", start_at=date(2026, 12, 6), due_at=day), batch)
    assert late.start_at is None and late.detail == "start: 2026-12-06"
    assert batch.skipped == ["'Call': the start time (2026-12-06) is after the due time; "
                             "imported without its start, which stays in the detail"]
