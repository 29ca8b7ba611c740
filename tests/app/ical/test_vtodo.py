"""The task ⇄ VTODO and step ⇄ VTODO mapping: round trips, other clients' shapes."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from icalendar import Calendar, Todo

from app.ical import uids
from app.ical.tree import plan_data, read_tree
from app.ical.vtodo import (
    PlanInfo,
    Reminder,
    StepItem,
    TaskItem,
    from_ical_priority,
    read_task,
    step_vtodo,
    task_vtodo,
    to_ical_priority,
)
from app.plan.spec import PlanStep

STAMP = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)


def four_levels() -> dict[str, object]:
    """A plan four levels deep with dependencies across branches."""
    steps = [
        {"id": "trip", "title": "Trip", "target": None},
        {"id": "travel", "title": "Travel", "parent": "trip", "target": None},
        {"id": "flights", "title": "Flights", "parent": "travel", "target": None},
        {"id": "compare", "title": "Compare fares", "parent": "flights",
         "done_when": "three fares, cheapest marked"},
        {"id": "book", "title": "Book the flight", "parent": "flights",
         "depends_on": ["compare"], "target": "assistant.write",
         "inputs": {"instructions": "draft the booking mail, 订票"}},
        {"id": "hotel", "title": "Hotel", "parent": "trip", "depends_on": ["travel"]},
        {"id": "pack", "title": "Pack", "depends_on": ["trip", "book"],
         "due": "2026-12-18T10:00:00Z"},
    ]
    return {"schema_version": 2, "revision": 1, "origin": "user", "title": "Offsite trip",
            "objective": "there and back", "steps": steps}


def parse(data: bytes) -> list[Todo]:
    return [t for t in Calendar.from_ical(data).walk("VTODO") if isinstance(t, Todo)]


def shape(steps: list[PlanStep]) -> dict[str, tuple[object, ...]]:
    return {s.id: (s.title, s.parent, tuple(s.depends_on), s.target, s.inputs, s.done_when,
                   s.status, s.due) for s in steps}


def test_a_four_level_plan_round_trips_every_step_parent_and_edge(db: Path) -> None:
    from app.io.ics_export import export_ics
    from app.plan import store as plans
    from app.tasks.store import NewTask, add_task

    task = add_task(NewTask(title="Offsite", priority=2, tags=("work", "团队")))
    plans.save_plan(task.id, four_levels())
    plans.approve_all()
    plans.step_action(task.id, "compare", "start")
    plans.step_action(task.id, "compare", "done", result="fares in")
    original = plans.spec_of(plans.latest_plan_or_fail(task.id))
    read = read_tree(parse(export_ics()))
    assert read.skipped == [] and len(read.tasks) == 1
    back = read.tasks[0]
    assert back.task.uid == task.uid and uuid.UUID(back.task.uid).version == 4
    assert (back.task.title, back.task.priority, back.task.tags) == ("Offsite", 2,
                                                                     ["work", "团队"])
    data = plan_data(back)
    assert data is not None and data["title"] == "Offsite trip"
    assert shape([s.step for s in back.steps]) == shape(original.steps)
    assert [s.step.result for s in back.steps if s.step.id == "compare"] == ["fares in"]


def test_step_uids_are_uuids_that_stay_the_same_across_revisions(db: Path) -> None:
    from app.plan import store as plans
    from app.sync.records import items_of
    from app.tasks.store import NewTask, add_task, get_task

    task = add_task(NewTask(title="Offsite"))
    plans.save_plan(task.id, four_levels())
    first = {s.step.id: s.uid for s in items_of(get_task(task.id))[1]}
    edited = four_levels()
    edited["steps"][0]["title"] = "The trip"  # type: ignore[index]
    plans.save_plan(task.id, edited)
    second = {s.step.id: s.uid for s in items_of(get_task(task.id))[1]}
    assert first == second and len(set(first.values())) == 7
    assert all(uuid.UUID(u).version == 5 for u in first.values())


@pytest.mark.parametrize(("priority", "written"), [(1, 1), (2, 3), (3, 5), (4, 9)])
def test_priority_in_rfc_bands_round_trips(priority: int, written: int) -> None:
    assert to_ical_priority(priority) == written  # 3, the default, is medium: not "none"
    assert from_ical_priority(written) == priority


@pytest.mark.parametrize(("ical", "ours"), [(0, 3), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3),
                                            (6, 4), (9, 4), (12, 3), (-1, 3)])
def test_other_clients_priorities_read_by_rfc_5545_bands(ical: int, ours: int) -> None:
    assert from_ical_priority(ical) == ours


def test_a_task_round_trips_its_own_fields_and_reminders() -> None:
    due = datetime(2026, 12, 20, 10, 0, tzinfo=UTC)
    item = TaskItem(uid=str(uuid.uuid4()), title="Renew passport", detail="form, 照片",
                    status="waiting", priority=1, tags=["admin"], start_at=due - timedelta(7),
                    due_at=due, expires_at=due + timedelta(1), recurrence="FREQ=YEARLY",
                    modified=STAMP, sequence=4, percent=50,
                    reminders=[Reminder(due - timedelta(hours=2), "leave now")],
                    plan=PlanInfo(3, "assistant", "Passport", "a valid passport"))
    todo = task_vtodo(item, STAMP)
    assert str(todo["priority"]) == "1" and str(todo["status"]) == "NEEDS-ACTION"
    back = read_task(parse(_wrap(todo))[0])
    assert back.percent is None  # derived from the steps, never read back
    back.percent = 50
    assert back == item


def test_dismissed_and_snoozed_reminders_are_written_as_rfc_9074_says() -> None:
    at = datetime(2026, 12, 20, 8, 0, tzinfo=UTC)
    waiting = Reminder(at, "leave now", "u-1")
    dismissed = Reminder(at + timedelta(hours=1), "call", "u-2", at + timedelta(hours=2))
    snoozed = Reminder(at + timedelta(hours=3), "pay", "u-3", None, at + timedelta(hours=5))
    item = TaskItem(uid=str(uuid.uuid4()), title="Passport", modified=STAMP,
                    reminders=[waiting, dismissed, snoozed])
    todo = task_vtodo(item, STAMP)
    text = todo.to_ical().decode()
    alarms = {str(a["uid"]): a for a in todo.walk("VALARM")}
    assert "acknowledged" not in alarms["u-1"]
    assert "ACKNOWLEDGED:20261220T100000Z" in text  # the dismissed one stays, acknowledged
    assert alarms["u-3"].decoded("acknowledged") == snoozed.fire_at  # its own time: done
    (snooze,) = [a for a in alarms.values() if a.get("related-to") is not None]
    assert "RELATED-TO;RELTYPE=SNOOZE:u-3" in snooze.to_ical().decode()
    assert snooze.decoded("trigger") == snoozed.snoozed_until and len(alarms) == 4
    assert read_task(parse(_wrap(todo))[0]).reminders == [waiting, dismissed, snoozed]


def test_a_completion_on_the_phone_wins_over_the_stored_status() -> None:
    item = TaskItem(uid=str(uuid.uuid4()), title="Call mum", status="planned")
    todo = task_vtodo(item, STAMP)
    assert read_task(todo).status == "planned"  # STATUS agrees: our exact state
    todo["status"] = "COMPLETED"
    assert read_task(todo).status == "done"


def test_a_tasks_org_style_list_becomes_a_task_with_steps() -> None:
    """Another client's VTODOs: DATE values, a relative alarm, no X-STEPWISE properties."""
    text = b"""BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:+//IDN tasks.org//android-130800//EN\r
BEGIN:VTODO\r
UID:2915869447437133585\r
SUMMARY:Move flat\r
PRIORITY:9\r
DUE;VALUE=DATE:20261215\r
CATEGORIES:home\r
CATEGORIES:big\r
BEGIN:VALARM\r
TRIGGER;RELATED=END:-PT1H\r
ACTION:DISPLAY\r
DESCRIPTION:Move flat\r
END:VALARM\r
END:VTODO\r
BEGIN:VTODO\r
UID:7441020377224305720\r
SUMMARY:Book the van\r
RELATED-TO:2915869447437133585\r
STATUS:COMPLETED\r
END:VTODO\r
BEGIN:VTODO\r
UID:1205948371039471913\r
SUMMARY:Carry boxes\r
RELATED-TO;RELTYPE=PARENT:2915869447437133585\r
RELATED-TO;RELTYPE=DEPENDS-ON:7441020377224305720\r
RELATED-TO;RELTYPE=DEPENDS-ON:no-such-uid\r
END:VTODO\r
END:VCALENDAR\r
"""
    read = read_tree(parse(text))
    (task,) = read.tasks
    assert (task.task.title, task.task.priority, task.task.tags) == ("Move flat", 4,
                                                                     ["home", "big"])
    assert task.task.due_at == date(2026, 12, 15)  # VALUE=DATE: a date, all day
    due = datetime(2026, 12, 15, 10, 0, tzinfo=UTC)  # its alarm: 18:00 in Asia/Shanghai − 1 h
    assert task.task.reminders == [Reminder(due - timedelta(hours=1), "Move flat")]
    steps = {s.step.id: s.step for s in task.steps}
    assert steps["book-the-van"].status == "completed"
    assert steps["carry-boxes"].depends_on == ["book-the-van"]
    assert steps["carry-boxes"].target == "user" and steps["carry-boxes"].parent is None
    assert len(read.skipped) == 1 and "no-such-uid" in read.skipped[0]


def test_parent_loops_and_duplicate_uids_are_named_not_dropped() -> None:
    a, b = _todo("a", "A", parent="b"), _todo("b", "B", parent="a")
    read = read_tree([a, b, _todo("c", "C"), _todo("c", "C again")])
    assert [t.task.title for t in read.tasks] == ["C"]
    assert sorted(read.skipped) == ["'A': its parents form a loop",
                                    "'B': its parents form a loop",
                                    "'C again': a second VTODO with UID c"]


# A lone carriage return has no iCalendar form: RFC 5545 text knows only line breaks.
TITLE_CHARS = st.characters(blacklist_characters="\r", blacklist_categories=["Cs"])


@st.composite
def trees(draw: st.DrawFn) -> list[PlanStep]:
    """Plans of up to 25 steps, at most 4 levels, dependencies on earlier leaves."""
    steps: list[PlanStep] = []
    depth: dict[str, int] = {}
    for n in range(draw(st.integers(1, 25))):
        sid = f"s{n}"
        parents = [s.id for s in steps if depth[s.id] < 4]
        parent = draw(st.sampled_from([None, *parents]))
        depth[sid] = 1 if parent is None else depth[parent] + 1
        earlier = [s.id for s in steps if s.id != parent]
        deps = draw(st.lists(st.sampled_from(earlier), unique=True, max_size=3)) \
            if earlier else []
        title = draw(st.text(TITLE_CHARS, min_size=1, max_size=12)).strip() or sid
        steps.append(PlanStep(id=sid, title=title, parent=parent, depends_on=deps))
    return steps


@pytest.mark.timeout(120)
@given(trees())
def test_any_tree_of_steps_round_trips_through_vtodos(steps: list[PlanStep]) -> None:
    task_uid = str(uuid.uuid4())
    uid = {s.id: uids.step_uid(task_uid, s.id) for s in steps}
    todos = [task_vtodo(TaskItem(uid=task_uid, title="T"), STAMP)]
    for s in steps:
        todos.append(step_vtodo(StepItem(
            uid=uid[s.id], parent_uid=uid[s.parent] if s.parent else task_uid, step=s,
            depends_on=[uid[d] for d in s.depends_on]), STAMP))
    read = read_tree(parse(b"".join([b"BEGIN:VCALENDAR\r\n", *(t.to_ical() for t in todos),
                                     b"END:VCALENDAR\r\n"])))
    assert read.skipped == [] and len(read.tasks) == 1
    back = {s.step.id: (s.step.title, s.step.parent, s.step.depends_on)
            for s in read.tasks[0].steps}
    assert back == {s.id: (s.title, s.parent, s.depends_on) for s in steps}


def _todo(uid: str, summary: str, parent: str | None = None) -> Todo:
    todo = Todo()
    todo.add("uid", uid)
    todo.add("summary", summary)
    if parent:
        todo.add("related-to", parent, parameters={"RELTYPE": "PARENT"})
    return todo


def _wrap(todo: Todo) -> bytes:
    return b"BEGIN:VCALENDAR\r\n" + todo.to_ical() + b"END:VCALENDAR\r\n"


def test_a_foreign_subtask_with_subtasks_becomes_a_group_without_target() -> None:
    todos = [_todo("a", "Move"), _todo("b", "Pack", parent="a"), _todo("c", "Books",
                                                                       parent="b")]
    (task,) = read_tree(todos).tasks
    data = plan_data(task)
    assert data is not None
    steps = {s["id"]: s for s in data["steps"]}
    assert (steps["pack"]["target"], steps["books"]["target"]) == (None, "user")
    assert steps["books"]["parent"] == "pack"


@pytest.mark.parametrize("text", ["C:\\New folder", "\\\\nas\\share\\notes", "a\\Nb, c; d",
                                  "两行\n第二行"])
def test_backslashes_and_line_breaks_in_text_read_back_as_written(text: str) -> None:
    """icalendar's escaping turns a backslash followed by N into a line break; ours keeps it."""
    item = TaskItem(uid=str(uuid.uuid4()), title=text, detail=f"see {text}", tags=[text])
    back = read_task(parse(_wrap(task_vtodo(item, STAMP)))[0])
    assert (back.title, back.detail, back.tags) == (text, f"see {text}", [text])
