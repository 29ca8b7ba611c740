"""``app.sync.merge``: the three-way merge per property and the conflict's sentence."""

from __future__ import annotations

from datetime import UTC, datetime

from app.sync.merge import Conflict, shown, three_way

EARLY = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
LATE = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
BASE = {"title": "Offsite", "priority": 2, "tags": ("work",)}


def test_a_change_only_the_server_made_is_taken() -> None:
    out = three_way(BASE, dict(BASE), {**BASE, "title": "Team offsite"}, EARLY, LATE)
    assert out.take == {"title": "Team offsite"} and out.lost == []


def test_a_change_only_this_side_made_is_kept_without_a_conflict() -> None:
    out = three_way(BASE, {**BASE, "priority": 1}, dict(BASE), LATE, EARLY)
    assert out.take == {} and out.lost == []


def test_the_same_change_on_both_sides_is_no_conflict() -> None:
    both = {**BASE, "title": "Same"}
    out = three_way(BASE, dict(both), dict(both), EARLY, LATE)
    assert out.take == {} and out.lost == []


def test_both_changed_the_newer_server_wins_and_ours_is_kept_as_a_conflict() -> None:
    out = three_way(BASE, {**BASE, "title": "Mine"}, {**BASE, "title": "Theirs"}, EARLY, LATE)
    assert out.take == {"title": "Theirs"}
    assert out.lost == [Conflict("title", "Mine", "Theirs", "theirs", None, EARLY, LATE)]


def test_both_changed_the_newer_local_edit_stays_and_theirs_is_kept() -> None:
    out = three_way(BASE, {**BASE, "title": "Mine"}, {**BASE, "title": "Theirs"}, LATE, EARLY,
                    step="uid-s1")
    assert out.take == {}
    assert out.lost == [Conflict("title", "Mine", "Theirs", "mine", "uid-s1", LATE, EARLY)]


def test_without_a_base_the_local_values_are_the_base() -> None:
    out = three_way(None, dict(BASE), {**BASE, "priority": 3}, None, None)
    assert out.take == {"priority": 3} and out.lost == []


def test_a_conflict_line_names_both_versions_and_the_kept_one() -> None:
    assert Conflict("title", "A", "B", "mine").line == \
        "title: kept 'A', the other device's 'B' lost"
    assert Conflict("title", "A", "B", "theirs").line == \
        "title: kept the other device's 'B', this device's 'A' lost"
    refused = Conflict("title", "A", "", "mine", reason="a task needs a title")
    assert refused.line == ("title: the other device's '' was refused (a task needs a "
                            "title); this device's 'A' kept")


def test_timed_adds_the_times_and_keeps_the_rest() -> None:
    timed = Conflict("due", 1, 2, "mine").timed(EARLY, LATE)
    assert (timed.prop, timed.ours_at, timed.theirs_at) == ("due", EARLY, LATE)


def test_shown_writes_lists_in_brackets_and_times_in_utc() -> None:
    assert shown(("a", "b")) == "['a', 'b']"
    assert shown(LATE) == "2026-12-01 10:00 UTC"
    assert shown(None) == "None"


def test_tags_both_changed_merge_as_a_union() -> None:
    base = {"tags": ("home", "work")}
    out = three_way(base, {"tags": ("home", "urgent", "work")}, {"tags": ("errand", "home")},
                    LATE, EARLY)
    # ours added urgent, theirs added errand and removed work: both kept, no conflict
    assert out.take == {"tags": ("errand", "home", "urgent")} and out.lost == []


def test_tags_changed_only_here_are_not_taken() -> None:
    base = {"tags": ("home",)}
    out = three_way(base, {"tags": ("home", "urgent")}, dict(base), EARLY, LATE)
    assert out.take == {} and out.lost == []
