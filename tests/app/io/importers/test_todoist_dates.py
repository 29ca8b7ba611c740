"""``app.io.importers.todoist_dates``: Todoist's DATE column as a due time or a recurrence."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

from app.io.importers.incoming import Batch
from app.io.importers.todoist_dates import read_date

BERLIN = "Europe/Berlin"


def test_a_date_without_a_time_is_a_date() -> None:
    for text in ("2026-12-05", "Dec 5 2026"):
        due = read_date({"DATE": text, "TIMEZONE": BERLIN}, 2, Batch())
        assert due is not None and due.rrule is None, text
        assert (due.when, due.zone) == (date(2026, 12, 5), BERLIN), text


def test_a_date_with_a_time_keeps_it() -> None:
    due = read_date({"DATE": "2026-12-05 09:30", "TIMEZONE": BERLIN}, 2, Batch())
    assert due is not None and due.when == datetime(2026, 12, 5, 8, 30, tzinfo=UTC)
    assert due.zone == BERLIN


def test_every_monday_is_a_date() -> None:
    due = read_date({"DATE": "every monday", "TIMEZONE": BERLIN}, 2, Batch())
    assert due is not None and due.rrule == "FREQ=WEEKLY;BYDAY=MO"
    assert isinstance(due.when, date) and not isinstance(due.when, datetime)
    assert due.when.weekday() == 0 and due.when >= datetime.now(ZoneInfo(BERLIN)).date()


def test_every_friday_at_9am_is_a_weekly_rule_due_on_the_next_friday() -> None:
    due = read_date({"DATE": "every friday at 9am", "TIMEZONE": BERLIN}, 2, Batch())
    assert due is not None
    assert (due.rrule, due.zone) == ("FREQ=WEEKLY;BYDAY=FR", BERLIN)
    local = due.when.astimezone(ZoneInfo(BERLIN))
    assert (local.weekday(), local.hour, local.minute) == (4, 9, 0)
    assert due.when >= datetime.now(UTC)


def test_a_time_without_at_is_the_time() -> None:
    for text, rule, clock in (("every day 9am", "FREQ=DAILY", (9, 0)),
                              ("every monday 13:00", "FREQ=WEEKLY;BYDAY=MO", (13, 0)),
                              ("every other week 7:30pm", "FREQ=WEEKLY;INTERVAL=2", (19, 30))):
        due = read_date({"DATE": text, "TIMEZONE": BERLIN}, 2, Batch())
        assert due is not None and due.rrule == rule, text
        assert isinstance(due.when, datetime), text  # a time, not a date
        local = due.when.astimezone(ZoneInfo(BERLIN))
        assert (local.hour, local.minute) == clock, text
    due = read_date({"DATE": "every 2 days", "TIMEZONE": BERLIN}, 2, Batch())
    assert due is not None and not isinstance(due.when, datetime)  # "2" is no time


def test_counted_and_named_repeats_become_rules() -> None:
    for text, rule in (("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"), ("daily", "FREQ=DAILY"),
                       ("every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")):
        due = read_date({"DATE": text, "TIMEZONE": "UTC"}, 1, Batch())
        assert due is not None and due.rrule == rule, text


def test_an_empty_date_is_no_due_time_and_no_skip() -> None:
    batch = Batch()
    assert read_date({"DATE": "  "}, 2, batch) is None and batch.skipped == []


def test_unreadable_dates_are_skipped_naming_the_line() -> None:
    batch = Batch()
    assert read_date({"DATE": "every other blue moon"}, 3, batch) is None
    assert read_date({"DATE": "flibbertigibbet", "CONTENT": "Call"}, 0, batch) is None
    assert batch.skipped == [
        "line 3: the recurring date 'every other blue moon' (imported without a date)",
        "'Call': the date 'flibbertigibbet' (imported without a date)"]


def test_the_documented_recurring_phrases_become_rules() -> None:
    for text, rule in (("every other week", "FREQ=WEEKLY;INTERVAL=2"),
                       ("every month on the 1st", "FREQ=MONTHLY;BYMONTHDAY=1"),
                       ("every 15th", "FREQ=MONTHLY;BYMONTHDAY=15"),
                       ("every mon, fri at 9am", "FREQ=WEEKLY;BYDAY=MO,FR"),
                       ("every other tuesday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"),
                       ("every month @ 13:00", "FREQ=MONTHLY")):
        due = read_date({"DATE": text, "TIMEZONE": BERLIN}, 1, Batch())
        assert due is not None and due.rrule == rule and due.text is None, text


def test_starting_sets_the_first_occurrence_and_ending_the_until() -> None:
    due = read_date({"DATE": "every 3 months starting jan 15", "TIMEZONE": BERLIN}, 1, Batch())
    assert due is not None and due.rrule == "FREQ=MONTHLY;INTERVAL=3"
    assert isinstance(due.when, date) and (due.when.month, due.when.day) == (1, 15)
    assert due.when > datetime.now(UTC).date()
    due = read_date({"DATE": "every day ending dec 31 2030", "TIMEZONE": BERLIN}, 1, Batch())
    assert due is not None and due.rrule == "FREQ=DAILY;UNTIL=20301231T170000Z"


def test_every_bang_repeats_the_same_and_keeps_its_text() -> None:
    due = read_date({"DATE": "every! tuesday", "TIMEZONE": BERLIN}, 1, Batch())
    assert due is not None and due.rrule == "FREQ=WEEKLY;BYDAY=TU"
    assert due.text == "every! tuesday"


def test_a_deadline_is_a_date() -> None:
    from app.io.importers.todoist_dates import read_deadline

    assert read_deadline({"DEADLINE": "2026-12-31", "TIMEZONE": BERLIN}) == date(2026, 12, 31)
    assert read_deadline({"DEADLINE": " "}) is None
