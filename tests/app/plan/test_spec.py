"""PlanSpec v1: decoding, every validation code, exact round trip, write_todos."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from app.plan import spec as planspec
from app.problems import CODES, InvalidPlan


def step(sid: str, **fields: Any) -> dict[str, Any]:
    return {"id": sid, "title": f"Step {sid}", **fields}


def plan(*steps: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"schema_version": 1, "revision": 1, "origin": "user", "title": "T",
            "objective": "O", "steps": list(steps), **fields}


def codes(data: Any, max_steps: int = 10) -> list[str]:
    with pytest.raises(InvalidPlan) as info:
        planspec.parse(data, max_steps=max_steps)
    return [p.code for p in info.value.problems]


def test_a_valid_plan_parses() -> None:
    spec = planspec.parse(plan(step("a"), step("b", depends_on=["a"])))
    assert [s.id for s in spec.steps] == ["a", "b"]
    assert spec.steps[1].depends_on == ["a"]


def test_duplicate_step_id() -> None:
    assert codes(plan(step("a"), step("a"))) == ["duplicate_step_id"]


def test_missing_dependency_and_missing_parent() -> None:
    assert codes(plan(step("a", depends_on=["ghost"]), step("b", parent="nobody"))) == [
        "missing_dependency", "missing_dependency"]


def test_cycle_names_the_steps_on_it() -> None:
    data = plan(step("a", depends_on=["c"]), step("b", depends_on=["a"]),
                step("c", depends_on=["b"]), step("d"))
    with pytest.raises(InvalidPlan) as info:
        planspec.parse(data)
    [problem] = info.value.problems
    assert problem.code == "cycle"
    assert "a → c → b → a" in problem.message


def test_self_dependency_is_a_cycle() -> None:
    assert codes(plan(step("a", depends_on=["a"]))) == ["cycle"]


def test_depending_on_your_own_group_is_a_cycle() -> None:
    data = plan(step("g", target=None), step("x", parent="g", depends_on=["g"]))
    assert codes(data) == ["cycle"]


def test_parent_loop_is_a_cycle() -> None:
    data = plan(step("a", parent="b", target=None), step("b", parent="a", target=None))
    assert "cycle" in codes(data)


def test_four_levels_pass_five_are_too_deep() -> None:
    four = plan(step("l1", target=None), step("l2", parent="l1", target=None),
                step("l3", parent="l2", target=None), step("l4", parent="l3"))
    assert len(planspec.parse(four).steps) == 4
    five = copy.deepcopy(four)
    five["steps"][3]["target"] = None
    five["steps"].append(step("l5", parent="l4"))
    with pytest.raises(InvalidPlan) as info:
        planspec.parse(five)
    [problem] = info.value.problems
    assert problem.code == "too_deep" and "l1 → l2 → l3 → l4 → l5" in problem.message


def test_too_many_steps_for_the_assistant_but_not_for_a_person() -> None:
    steps = [step(str(i)) for i in range(11)]
    assert codes(plan(*steps, origin="assistant")) == ["too_many_steps"]
    assert len(planspec.parse(plan(*steps, origin="user")).steps) == 11
    assert len(planspec.parse(plan(*steps, origin="assistant"), max_steps=11).steps) == 11


def test_no_plan_may_exceed_2000_steps() -> None:
    steps = [step(str(i)) for i in range(2001)]
    assert codes(plan(*steps)) == ["too_many_steps"]


def test_unknown_target_and_leaf_without_target() -> None:
    assert codes(plan(step("a", target="shell.exec"), step("b", target=None))) == [
        "unknown_target", "unknown_target"]


def test_bad_inputs_against_the_capability_schema() -> None:
    data = plan(
        step("a", target="assistant.write", inputs={}),
        step("b", target="message.post", inputs={"to": "Ann", "text": 5}),
        step("c", target="file.write", inputs={"path": "x.txt", "content": "hi", "x": 1}),
        step("d", target="file.write", inputs={"path": "x.txt"}),
        step("e", target="user", inputs={"anything": True}),
    )
    assert codes(data) == ["bad_inputs"] * 5


def test_good_inputs_for_every_capability() -> None:
    data = plan(
        step("w", target="assistant.write", inputs={"instructions": "draft"}),
        step("f", target="file.write", inputs={"path": "notes/a.md", "from_step": "w"}),
        step("m", target="message.post", inputs={"to": "Ann", "text": "hi"}),
        step("r", target="reminder.set", inputs={"at": "2026-12-01T09:00:00Z", "text": "go"}),
        step("c", target="calendar.read", inputs={"from": "2026-12-01", "to": "2026-12-08"}),
    )
    assert len(planspec.parse(data).steps) == 5


@pytest.mark.parametrize("version", [None, 0, 3, "1", True])
def test_bad_schema_version(version: Any) -> None:
    data = plan(step("a"))
    if version is None:
        del data["schema_version"]
    else:
        data["schema_version"] = version
    assert codes(data) == ["bad_schema_version"]


@pytest.mark.parametrize("mutate", [
    lambda d: d.update(colour="red"),
    lambda d: d["steps"][0].update(colour="red"),
    lambda d: d["steps"][0].update(title=3),
    lambda d: d["steps"][0].pop("title"),
    lambda d: d["steps"][0].update(depends_on="a"),
    lambda d: d["steps"][0].update(due="next week"),
    lambda d: d["steps"][0].update(status="finished"),
    lambda d: d.update(origin="robot"),
    lambda d: d.update(revision=0),
    lambda d: d.update(steps=[]),
    lambda d: d.update(steps={}),
    lambda d: d["steps"].append("not a step"),
    lambda d: d["steps"].append({"title": "no id"}),
])
def test_invalid_field(mutate: Any) -> None:
    data = plan(step("a"))
    mutate(data)
    assert "invalid_field" in codes(data)


def test_group_with_a_target_is_invalid() -> None:
    assert codes(plan(step("g"), step("c", parent="g"))) == ["invalid_field"]


@pytest.mark.parametrize("claim", [{"status": "completed"}, {"status": "in_progress"},
                                   {"result": "done it"}, {"error": "oops"}])
def test_claimed_progress_in_a_generated_plan(claim: dict[str, Any]) -> None:
    assert codes(plan(step("a", **claim), origin="assistant")) == ["claimed_progress"]
    assert len(planspec.parse(plan(step("a", **claim), origin="user")).steps) == 1


def test_every_problem_is_reported_at_once() -> None:
    data = plan(step("a", target="nope"), step("a"), step("b", depends_on=["zz"], colour=1),
                origin="assistant")
    data["steps"][1]["status"] = "completed"
    found = set(codes(data))
    assert {"unknown_target", "duplicate_step_id", "missing_dependency", "invalid_field",
            "claimed_progress"} <= found


def test_every_declared_code_is_exercised_by_this_file() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    missing = [code for code in CODES if f'"{code}"' not in source]
    assert missing == []


def test_exact_round_trip_of_what_stepwise_writes() -> None:
    data = plan(
        step("dates", due="2026-12-03T17:00:00+08:00", done_when="two dates agreed",
             objective="目标：两个日期"),
        step("venue", target=None),
        step("book", parent="venue", depends_on=["dates"], target="assistant.write",
             inputs={"instructions": "写一封邮件"}, output_schema={"type": "string"}),
    )
    text = planspec.encode(planspec.parse(data))
    assert '"due": "2026-12-03T09:00:00Z"' in text  # written in UTC
    again = planspec.encode(planspec.parse(json.loads(text)))
    assert again == text


def test_write_todos_export_maps_statuses() -> None:
    spec = planspec.parse(plan(step("a", status="failed"), step("b", status="skipped"),
                               step("c", status="in_progress"), step("d")))
    assert planspec.to_todos(spec) == {"todos": [
        {"content": "Step a", "status": "pending"},
        {"content": "Step b", "status": "completed"},
        {"content": "Step c", "status": "in_progress"},
        {"content": "Step d", "status": "pending"},
    ]}


def test_write_todos_import_makes_a_chain() -> None:
    spec = planspec.parse({"todos": [{"content": "Buy paint", "status": "completed"},
                                     {"content": "Paint the shed", "status": "pending"}]})
    assert [(s.title, s.status, s.depends_on) for s in spec.steps] == [
        ("Buy paint", "completed", []), ("Paint the shed", "pending", ["1"])]


def test_bad_write_todos_are_refused() -> None:
    assert "invalid_field" in codes({"todos": [{"content": "", "status": "pending"}]})
    assert "invalid_field" in codes({"todos": [{"content": "x", "status": "someday"}]})


def test_the_task_plan_seed_shape_is_upgraded() -> None:
    spec = planspec.parse({"plan": {"title": "Trip", "description": "Go", "steps": [
        {"id": "s1", "description": "Book train", "status": "done"},
        {"id": "s2", "description": "Pack", "status": "pending"}]}})
    assert (spec.title, spec.objective) == ("Trip", "Go")
    assert [(s.title, s.status) for s in spec.steps] == [("Book train", "completed"),
                                                         ("Pack", "pending")]


# --- issue 12: times out of range ----------------------------------------------------


@pytest.mark.parametrize("due", ["9999-12-31T23:59:59-12:00", "0999-06-01T00:00:00Z",
                                 "0001-01-01T00:00:00+05:00", "1899-12-31T23:59:59Z"])
def test_step_due_out_of_range_is_refused_with_its_own_code(due: str) -> None:
    with pytest.raises(InvalidPlan) as info:
        planspec.parse(plan(step("a", due=due)))
    [problem] = info.value.problems
    assert problem.code == "time_out_of_range" and problem.step == "a"
    assert "1900-01-01T00:00:00Z to 9999-12-30T23:59:59Z" in problem.message


def test_step_due_at_the_ends_of_the_range_round_trips() -> None:
    data = plan(step("a", due="1900-01-01T00:00:00Z"), step("b", due="9999-12-30T23:59:59Z"))
    text = planspec.encode(planspec.parse(data))
    assert '"due": "1900-01-01T00:00:00Z"' in text and '"due": "9999-12-30T23:59:59Z"' in text
    assert planspec.encode(planspec.parse(json.loads(text))) == text


@pytest.mark.parametrize(("target", "inputs"), [
    ("reminder.set", {"at": "0999-01-01T00:00:00Z", "text": "x"}),
    ("calendar.read", {"from": "2026-12-01", "to": "9999-12-31T23:59:59-12:00"}),
    ("calendar.read", {"from": "0500-01-01", "to": "2026-12-01"}),
])
def test_input_times_out_of_range_are_refused(target: str, inputs: dict[str, str]) -> None:
    assert codes(plan(step("a", target=target, inputs=inputs))) == ["time_out_of_range"]


def test_far_offset_due_in_validate_and_import_exits_1_not_70(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(plan(step("a", due="9999-12-31T23:59:59-12:00"))), "utf-8")
    result = cli("plan", "validate", str(path))
    assert result.code == 1 and "time_out_of_range" in result.err
    task = cli("add", "x").out.strip()
    imported = cli("plan", "import", task, str(path))
    assert imported.code == 1 and "time_out_of_range" in imported.err


def test_the_reader_collects_every_problem_and_falls_back_to_defaults() -> None:
    reader = planspec.Reader()
    data = {"title": 5, "note": None, "due": "tomorrow", "at": "2026-12-01T10:00:00+08:00"}
    assert reader.text(data, "title", "plan") == ""
    assert reader.text(data, "note", "plan", nullable=True) is None
    assert reader.text(data, "missing", "plan", required=True, default="x") == "x"
    assert reader.when(data, "due", "plan", "s1") is None
    assert reader.when(data, "at", "plan", "s1") == datetime(2026, 12, 1, 2, tzinfo=UTC)
    reader.keys(data, ("title",), "plan")
    assert [p.code for p in reader.problems] == ["invalid_field"] * 6
    assert "'missing' is required" in str(reader.problems[1])


def test_a_time_out_of_range_has_its_own_code() -> None:
    reader = planspec.Reader()
    assert reader.when({"due": "9999-12-31T23:59:59-12:00"}, "due", "step", "s1") is None
    assert [p.code for p in reader.problems] == ["time_out_of_range"]


def test_todos_upgrade_to_a_chain_of_steps_and_back() -> None:
    data = planspec.upgrade({"todos": [{"content": "Pack", "status": "completed"},
                                       {"content": "Go"}]})
    assert data["schema_version"] == planspec.SCHEMA_VERSION
    assert [s["depends_on"] for s in data["steps"]] == [[], ["1"]]
    spec = planspec.parse(data)
    assert planspec.to_todos(spec) == {"todos": [{"content": "Pack", "status": "completed"},
                                        {"content": "Go", "status": "pending"}]}
    assert planspec.from_todos({"todos": "x"})["steps"] == "todos must be a list"


def test_a_task_plan_seed_upgrades_with_its_statuses() -> None:
    data = planspec.upgrade({"plan": {"title": "T", "description": "D", "steps": [
        {"id": 1, "description": "One", "status": "done"}, {"description": "Two"}]}})
    assert (data["title"], data["objective"]) == ("T", "D")
    assert [(s["id"], s["title"], s["status"]) for s in data["steps"]] == [
        ("1", "One", "completed"), ("2", "Two", "pending")]
    assert planspec.upgrade({"schema_version": 2}) == {"schema_version": 2}
