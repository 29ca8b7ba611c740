"""app.ical.tree: a list of VTODOs read as tasks with their step trees, whoever wrote it."""

from __future__ import annotations

import tracemalloc

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


def chain(count: int) -> list[Todo]:
    """``count`` VTODOs, each under the one before."""
    return [todo(f"item-{n}", f"Item {n}", f"item-{n - 1}" if n else None)
            for n in range(count)]


def peak_bytes(todos: list[Todo]) -> int:
    tracemalloc.start()
    try:
        read_tree(todos)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_chain_too_deep_skipped() -> None:
    read = read_tree(chain(50))
    assert read.tasks == []
    assert read.skipped == ["'Item 0': its steps do not make a valid plan: too_deep: step "
                            "'item-5' is at level 5 (item-1 → item-2 → item-3 → item-4 → "
                            "item-5); at most 4 levels are allowed"]


def test_four_levels_kept() -> None:
    read = read_tree(chain(5))
    assert [len(r.steps) for r in read.tasks] == [4] and read.skipped == []


def test_chain_memory_linear() -> None:
    small, large = chain(1_000), chain(4_000)
    ratio = peak_bytes(large) / peak_bytes(small)
    assert ratio < 6, f"4× the items took {ratio:.1f}× the memory"


def test_same_titles_numbered() -> None:
    items = [todo("t", "Task")] + [todo(f"s{n}", "Same", "t") for n in range(3_000)]
    ids = [s.step.id for s in read_tree(items).tasks[0].steps]
    assert ids[:3] == ["same", "same-2", "same-3"] and len(set(ids)) == 3_000
