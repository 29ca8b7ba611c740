"""Property tests for PlanSpec documents (issue 12): generated, mutated and garbage plans.

A valid plan built from strategies parses, and what Stepwise writes for it reads back and
writes out byte-identical, with every due time the same instant. A mutated plan or
arbitrary JSON is either accepted (and then round-trips too) or refused with problems
that each carry a declared code; through ``stepwise plan validate`` the same holds with
exit 0, 1 or 2. Never another exception, never exit 70, never a hang.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from app.plan import spec as planspec
from app.problems import CODES, InvalidPlan
from app.states import STEP
from models.fields import EARLIEST, LATEST, parse_utc
from tests.conftest import Result

TIMEOUT = max(60, settings().max_examples // 5)
TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=20)
WORDS = st.text(st.characters(exclude_categories=["Cs", "Cc", "Z"]), min_size=1, max_size=12)
INSTANTS = st.tuples(
    st.datetimes(min_value=datetime(1900, 1, 2), max_value=datetime(9999, 12, 29)),
    st.integers(-23 * 60 - 59, 23 * 60 + 59)).map(
    lambda pair: pair[0].replace(microsecond=0, tzinfo=timezone(timedelta(minutes=pair[1]))))
INSTANT_TEXT = INSTANTS.map(lambda when: when.isoformat())
LEAF_INPUTS: dict[str, Any] = {
    "user": st.just({}),
    "assistant.write": st.fixed_dictionaries({"instructions": WORDS}),
    "message.post": st.fixed_dictionaries({"to": WORDS, "text": WORDS}),
    "reminder.set": st.fixed_dictionaries({"at": INSTANT_TEXT, "text": TEXT}),
    "calendar.read": st.fixed_dictionaries({"from": INSTANT_TEXT, "to": INSTANT_TEXT}),
    "file.write": st.fixed_dictionaries({"path": st.from_regex(r"[a-z]{1,8}\.txt", fullmatch=True),
                                         "content": TEXT}),
}


@st.composite
def valid_plans(draw: st.DrawFn) -> dict[str, Any]:
    """A plan that must validate: unique ids, parents at most 4 deep, dependencies only on
    earlier leaf steps (so no cycle), groups without a target, leaves with good inputs."""
    ids = draw(st.lists(WORDS, min_size=1, max_size=8, unique=True))
    parents: list[int | None] = []
    depth: list[int] = []
    for i in range(len(ids)):
        choices = [None] + [j for j in range(i) if depth[j] < 4]
        parent = draw(st.sampled_from(choices))
        parents.append(parent)
        depth.append(1 if parent is None else depth[parent] + 1)
    groups = {p for p in parents if p is not None}
    steps = []
    for i, sid in enumerate(ids):
        leaves = [ids[j] for j in range(i) if j not in groups]
        step: dict[str, Any] = {
            "id": sid, "title": draw(WORDS), "objective": draw(TEXT),
            "depends_on": draw(st.lists(st.sampled_from(leaves), unique=True, max_size=3))
            if leaves else [],
            "parent": None if (parent := parents[i]) is None else ids[parent],
            "done_when": draw(TEXT), "worker": draw(st.sampled_from(["me", "assistant"])),
            "due": draw(st.none() | INSTANT_TEXT),
            "status": draw(st.sampled_from(list(STEP.states))),
            "result": draw(st.none() | TEXT), "error": draw(st.none() | TEXT),
        }
        if i in groups:
            step.update(target=None, inputs={})
        else:
            target = draw(st.sampled_from(list(LEAF_INPUTS)))
            step.update(target=target, inputs=draw(LEAF_INPUTS[target]))
        steps.append(step)
    return {"schema_version": planspec.SCHEMA_VERSION, "revision": draw(st.integers(1, 10**6)),
            "origin": "user", "title": draw(TEXT), "objective": draw(TEXT), "steps": steps}


def _round_trips(data: Any) -> None:
    """Parse, write, read back, write again: the two texts are the same bytes."""
    spec = planspec.parse(data)
    text = planspec.encode(spec)
    again = planspec.encode(planspec.parse(json.loads(text)))
    assert again == text
    assert again.encode("utf-8") == text.encode("utf-8")
    for step, raw in zip(spec.steps, data["steps"], strict=True):
        if raw.get("due") is not None:
            assert step.due == parse_utc(raw["due"])
            assert EARLIEST <= step.due <= LATEST


def _accepted_or_refused(data: Any) -> str:
    """Parse a document; accepted ones must round-trip, refused ones carry declared codes."""
    try:
        planspec.parse(data)
    except InvalidPlan as exc:
        assert exc.problems and all(p.code in CODES and p.message for p in exc.problems)
        return "refused: " + ",".join(sorted({p.code for p in exc.problems}))
    if isinstance(data, dict) and isinstance(data.get("steps"), list) and all(
            isinstance(s, dict) for s in data["steps"]):
        _round_trips(data)
    return "accepted"


@pytest.mark.timeout(TIMEOUT)
@given(data=valid_plans())
def test_valid_plans_round_trip_byte_identically(data: dict[str, Any]) -> None:
    _round_trips(data)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12)
STEP_KEYS = list(planspec.STEP_KEYS)
OFFSET_MINUTES = st.sampled_from([0, 1439, -1439, 720, -720, 480]) | st.integers(-1439, 1439)
EDGE_TIMES = st.builds(
    lambda year, day, clock, offset: f"{year:04d}-{day}T{clock}{'+' if offset >= 0 else '-'}"
                                     f"{abs(offset) // 60:02d}:{abs(offset) % 60:02d}",
    st.sampled_from([0, 1, 999, 1000, 1899, 1900, 9999]) | st.integers(0, 9999),
    st.sampled_from(["01-01", "06-15", "12-30", "12-31", "13-01", "02-30"]),
    st.sampled_from(["00:00:00", "12:00:00", "23:59:59", "24:00:00"]), OFFSET_MINUTES)
BAD_TIMES = EDGE_TIMES | st.sampled_from(["0001-01-01", "2026-12-03T09:00", "", "Z", "9" * 30])


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


@st.composite
def mutated_plans(draw: st.DrawFn) -> Any:
    """A valid plan with one to three things changed: a field, a key, an id, a time."""
    data = draw(valid_plans())
    for _ in range(draw(st.integers(1, 3))):
        steps = data.get("steps")
        if not isinstance(steps, list) or not steps or not all(isinstance(s, dict)
                                                                for s in steps):
            break  # an earlier change replaced the steps themselves
        step = steps[draw(st.integers(0, len(steps) - 1))]
        kind = draw(st.sampled_from(["field", "drop", "unknown", "duplicate", "dangling",
                                     "cycle", "time", "time", "input_time", "plan_field"]))
        event(f"mutation: {kind}")
        if kind == "field":
            step[draw(st.sampled_from(STEP_KEYS))] = draw(JSON)
        elif kind == "drop":
            step.pop(draw(st.sampled_from(STEP_KEYS)), None)
        elif kind == "unknown":
            step[draw(TEXT)] = draw(JSON)
        elif kind == "duplicate":
            steps.append(dict(step))
        elif kind == "dangling":
            step["depends_on"] = [*_list(step.get("depends_on")), draw(WORDS)]
        elif kind == "cycle":
            first = steps[0]
            first["depends_on"] = [*_list(first.get("depends_on")), steps[-1].get("id")]
            steps[-1]["depends_on"] = [first.get("id")]
        elif kind == "time":
            step["due"] = draw(BAD_TIMES)
        elif kind == "input_time":
            step.update(target="reminder.set", inputs={"at": draw(BAD_TIMES), "text": "x"})
        else:
            data[draw(st.sampled_from([*planspec.PLAN_KEYS, "extra"]))] = draw(JSON)
    return data


@pytest.mark.timeout(TIMEOUT)
@given(data=mutated_plans())
def test_mutated_plans_are_refused_with_codes_or_round_trip(data: Any) -> None:
    event(_accepted_or_refused(data).split(":")[0])


@pytest.mark.timeout(TIMEOUT)
@given(data=JSON | st.fixed_dictionaries({"schema_version": st.integers(-2, 4) | JSON,
                                          "steps": JSON}))
def test_garbage_json_is_refused_with_codes(data: Any) -> None:
    event(_accepted_or_refused(data).split(":")[0])


@pytest.mark.timeout(TIMEOUT * 3)
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=valid_plans() | mutated_plans())
def test_plan_validate_cli_exits_0_or_1_never_70(cli: Callable[..., Result], tmp_path: Path,
                                                 data: Any) -> None:
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = cli("plan", "validate", str(path))
    assert result.code in (0, 1), result
    if result.code == 1:
        assert "error: " in result.err and "Traceback" not in result.err, result
    event(f"plan validate: exit {result.code}")


@pytest.mark.timeout(TIMEOUT)
@given(data=valid_plans(), due=EDGE_TIMES, where=st.sampled_from(["due", "at", "from", "to"]))
def test_times_at_the_edges_are_refused_as_out_of_range_or_round_trip(
        data: dict[str, Any], due: str, where: str) -> None:
    step = data["steps"][-1]
    if where == "due":
        step["due"] = due
    elif where == "at":
        step.update(target="reminder.set", inputs={"at": due, "text": "x"})
    else:
        other = "to" if where == "from" else "from"
        step.update(target="calendar.read", inputs={where: due, other: "2026-12-01"})
    if step["target"] is not None:
        data["steps"] = [s for s in data["steps"] if s.get("parent") != step["id"]]
    outcome = _accepted_or_refused(data)
    assert outcome == "accepted" or set(outcome[9:].split(",")) <= {
        "time_out_of_range", "invalid_field", "bad_inputs"}, (due, outcome)
    event(f"{where}: {outcome}")
