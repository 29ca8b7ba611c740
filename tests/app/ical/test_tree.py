"""app.ical.tree: a list of VTODOs read as tasks with their step trees, whoever wrote it."""

from __future__ import annotations

from icalendar import Todo

from app.ical.tree import read_tree


def todo(uid: str, title: str, parent: str | None = None) -> Todo:
    item = Todo()
    item.add("uid", uid)
    item.add("summary", title)
    if parent is not None:
        item.add("related-to", parent, parameters={"RELTYPE": "PARENT"})
    return item


def test_roots_are_tasks_and_everything_under_them_their_steps_in_file_order() -> None:
    read = read_tree([todo("t", "Offsite"), todo("b", "Book", "t"), todo("a", "Ask", "t"),
                      todo("x", "Ask Alice", "a"), todo("milk", "Buy milk")])
    assert [r.task.title for r in read.tasks] == ["Offsite", "Buy milk"]
    offsite = read.tasks[0]
    assert [s.uid for s in offsite.steps] == ["b", "a", "x"]  # any depth, as in the file
    assert read.skipped == [] and read.tasks[1].steps == []


def test_a_duplicate_uid_and_a_parent_loop_are_skipped_and_said() -> None:
    read = read_tree([todo("t", "Offsite"), todo("t", "Offsite again"),
                      todo("p", "One", "q"), todo("q", "Two", "p")])
    assert [r.task.title for r in read.tasks] == ["Offsite"]
    assert any("loop" in why for why in read.skipped)
    assert len(read.skipped) >= 2  # the second "t", and the loop's members


def test_a_parent_that_is_not_in_the_list_makes_a_task() -> None:
    read = read_tree([todo("s", "Orphan step", "missing")])
    assert [r.task.title for r in read.tasks] == ["Orphan step"]
