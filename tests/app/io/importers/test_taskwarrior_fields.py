"""``app.io.importers.taskwarrior_fields``: one ``task export`` entry's fields as Stepwise
reads them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from app.io.importers import taskwarrior_fields as tw

DEC5 = datetime(2026, 12, 5, tzinfo=UTC)


def test_when_reads_both_taskwarrior_shapes_and_nothing_else() -> None:
    assert tw.when("20261205T000000Z") == DEC5
    assert tw.when("2026-12-05T00:00:00Z") == DEC5
    assert tw.when("next friday") is None
    assert tw.when("") is None and tw.when(20261205) is None


def test_status_maps_and_a_future_wait_means_waiting() -> None:
    assert tw.status_of({"status": "completed"}) == "done"
    assert tw.status_of({"status": "deleted"}) == "cancelled"
    assert tw.status_of({"status": "recurring"}) == "new"
    assert tw.status_of({}) == "new"
    later = (datetime.now(UTC) + timedelta(days=3)).strftime("%Y%m%dT%H%M%SZ")
    assert tw.status_of({"status": "pending", "wait": later}) == "waiting"
    assert tw.status_of({"status": "pending", "wait": "20200101T000000Z"}) == "new"


def test_start_is_scheduled_else_wait() -> None:
    assert tw.start_of({"scheduled": "20261205T000000Z", "wait": "20261201T000000Z"}) == DEC5
    assert tw.start_of({"wait": "20261205T000000Z"}) == DEC5
    assert tw.start_of({}) is None


def test_tags_keep_order_add_the_project_and_drop_blanks_and_repeats() -> None:
    entry = {"tags": ["work", " ", "travel", "work"], "project": "offsite"}
    assert tw.tags_of(entry) == ("work", "travel", "offsite")
    assert tw.tags_of({"tags": ["offsite"], "project": "offsite"}) == ("offsite",)


def test_annotations_become_dated_lines() -> None:
    entry = {"annotations": [{"entry": "20261201T080000Z", "description": "asked Ann"},
                             {"description": "no date"}, {"entry": "20261202T080000Z"},
                             "not a note"]}
    assert tw.detail_of(entry) == "2026-12-01: asked Ann\nno date"
    assert tw.detail_of({"annotations": None}) == ""


def test_depends_is_read_as_a_list_or_a_comma_string() -> None:
    assert tw.depends_of({"depends": ["a", " b "]}) == ["a", "b"]
    assert tw.depends_of({"depends": "a, b,"}) == ["a", "b"]
    assert tw.depends_of({}) == []
