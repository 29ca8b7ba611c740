"""``app.io.importers.taskwarrior_groups``: dependencies named in the detail, and a
recurring template due at its next open instance."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from app.io.importers.taskwarrior_groups import current, depends_fields, instances


def entry(uuid: str, description: str, **more: Any) -> dict[str, Any]:
    return {"uuid": uuid, "description": description, "status": "pending", **more}


def test_each_dependency_is_named_by_its_description_or_its_uuid() -> None:
    paint = entry("a", "Buy paint")
    fence = entry("b", "Paint fence", depends="a,zzz")
    assert depends_fields(fence, {"a": paint, "b": fence}) == [
        ("Taskwarrior depends", "Buy paint"), ("Taskwarrior depends", "zzz")]
    assert depends_fields(paint, {"a": paint}) == []


def test_instances_are_found_by_their_parent() -> None:
    template = entry("t", "Rent", status="recurring")
    one, two = entry("1", "Rent", parent="t"), entry("2", "Rent", parent="t")
    assert instances([template, one, entry("x", "Other"), two]) == {"t": [one, two]}


def test_a_template_is_due_at_its_first_open_instance() -> None:
    template = entry("t", "Rent", status="recurring", due="20261001T000000Z")
    children = [entry("1", "Rent", parent="t", status="completed", due="20261001T000000Z"),
                entry("3", "Rent", parent="t", due="20261201T000000Z"),
                entry("2", "Rent", parent="t", due="20261101T000000Z",
                      wait="20261025T000000Z")]
    assert current(template, children, "FREQ=MONTHLY") == (
        datetime(2026, 11, 1, tzinfo=UTC), datetime(2026, 10, 25, tzinfo=UTC))


def test_with_every_instance_done_it_is_due_at_the_occurrence_after_the_last() -> None:
    template = entry("t", "Rent", status="recurring", due="20261001T000000Z",
                     wait="20260928T000000Z")
    children = [entry("1", "Rent", parent="t", status="completed", due="20261001T000000Z"),
                entry("2", "Rent", parent="t", status="deleted", due="20261101T000000Z")]
    assert current(template, children, "FREQ=MONTHLY") == (
        datetime(2026, 12, 1, tzinfo=UTC), datetime(2026, 11, 28, tzinfo=UTC))
    assert current(template, [], "FREQ=MONTHLY") == (
        datetime(2026, 10, 1, tzinfo=UTC), datetime(2026, 9, 28, tzinfo=UTC))


def test_without_its_instances_the_mask_says_which_occurrence_is_open() -> None:
    template = entry("t", "Rent", status="recurring", due="20261001T000000Z", mask="++X-")
    assert current(template, [], "FREQ=MONTHLY") == (datetime(2027, 1, 1, tzinfo=UTC), None)
    template["mask"] = "++"
    assert current(template, [], "FREQ=MONTHLY") == (datetime(2026, 12, 1, tzinfo=UTC), None)
