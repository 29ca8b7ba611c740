"""Property tests for the recurrence class (issue 12): generated RRULEs.

Rules are built from RFC 5545 parts and junk: every part name (and unknown ones), values
of any size and sign, weekday tokens, UNTIL dates, lists, garbage, any case and order,
repeated parts and stray separators. Each is either accepted by ``validate_rrule`` in a
normal form that validates to itself and whose next occurrence is found quickly, or
refused with InvalidRule and a message. Through the real CLI (``add --recur``) a rule is
stored in that normal form and reads back the same, or refused with exit 1/2 and a
message; finishing the last step of an accepted recurring task rolls it forward or ends
it. Never another exception, never exit 70, never a hang (each test's timeout).
Outcomes are counted with ``hypothesis.event`` (see ``--hypothesis-show-statistics``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from app.dates.rrules import FREQS, PARTS, WEEKDAYS, InvalidRule, next_after, validate_rrule
from tests.app.plan.test_recurrence import one_step_plan

Cli = Callable[..., Any]
ZONE = ZoneInfo("Asia/Shanghai")
TIMEOUT = max(60, settings().max_examples // 4)
DUE = datetime(2026, 12, 4, 9, 0)  # "--due 2026-12-04 09:00", wall time in the test zone
EACH_S = 3.0  # one rule's validation or search, at most (a hang shows long before)

NUMBERS = st.one_of(st.integers(-3, 70), st.integers(-400, 400), st.integers(-10**25, 10**25)
                    ).map(str)
DAYS = st.tuples(st.one_of(st.just(""), st.integers(-60, 60).map(str)),
                 st.sampled_from([*WEEKDAYS, "XX", "mo"])).map("".join)
UNTILS = st.one_of(
    st.dates().map(lambda d: f"{d.year:04d}{d.month:02d}{d.day:02d}"),
    st.datetimes().map(lambda d: f"{d.year:04d}{d.month:02d}{d.day:02d}T"
                       f"{d.hour:02d}{d.minute:02d}{d.second:02d}Z"),
    st.text("0123456789TZ", max_size=18),
)
GARBAGE = st.text(max_size=12)
VALUES = st.one_of(
    st.sampled_from([*FREQS, "MINUTELY", "SECONDLY", "SOMETIMES"]), NUMBERS, DAYS, UNTILS,
    st.lists(st.one_of(NUMBERS, DAYS), min_size=1, max_size=8).map(",".join), GARBAGE)
NAMES = st.one_of(st.sampled_from(list(PARTS)), st.sampled_from(["X-FOO", "FREQ ", ""]),
                  GARBAGE)
ANY_PART = st.tuples(NAMES, VALUES).map(lambda p: f"{p[0]}={p[1]}")


@st.composite
def plausible(draw: st.DrawFn) -> str:
    """A rule of well-formed parts with values mostly in range: many are accepted."""
    parts = {"FREQ": draw(st.sampled_from(FREQS))}
    optional: dict[str, st.SearchStrategy[str]] = {
        "INTERVAL": st.integers(0, 120).map(str), "COUNT": st.integers(0, 50).map(str),
        "UNTIL": UNTILS, "BYDAY": st.lists(DAYS, min_size=1, max_size=3).map(",".join),
        "BYMONTHDAY": st.lists(st.integers(-32, 32), min_size=1, max_size=3).map(
            lambda v: ",".join(map(str, v))),
        "BYMONTH": st.lists(st.integers(0, 13), min_size=1, max_size=3).map(
            lambda v: ",".join(map(str, v))),
        "BYHOUR": st.lists(st.integers(0, 24), min_size=1, max_size=4).map(
            lambda v: ",".join(map(str, v))),
        "BYMINUTE": st.lists(st.integers(0, 60), min_size=1, max_size=4).map(
            lambda v: ",".join(map(str, v))),
        "BYSETPOS": st.integers(-3, 3).map(str), "WKST": st.sampled_from(WEEKDAYS),
        "BYYEARDAY": st.integers(-367, 367).map(str), "BYWEEKNO": st.integers(-54, 54).map(str),
    }
    for name in draw(st.lists(st.sampled_from(list(optional)), max_size=4, unique=True)):
        parts[name] = draw(optional[name])
    return ";".join(f"{k}={v}" for k, v in parts.items())


RULES = st.one_of(
    plausible(),
    st.lists(ANY_PART, min_size=0, max_size=6).map(";".join),
    st.tuples(st.sampled_from(["", "RRULE:", "rrule:", " "]), plausible(),
              st.sampled_from(["", ";", ";;", " "])).map("".join).map(
        lambda r: r.lower() if len(r) % 3 == 0 else r),
    GARBAGE,
)
ANCHORS = st.datetimes(min_value=datetime(1900, 1, 2), max_value=datetime(9999, 12, 29))


def accepted_or_refused(rule: str, anchor: datetime) -> str | None:
    """The normal form, or None after checking the refusal's message."""
    started = time.monotonic()
    try:
        normal = validate_rrule(rule, anchor)
    except InvalidRule as exc:
        assert str(exc).strip() and exc.exit_code == 1
        event("refused")
        return None
    finally:
        assert time.monotonic() - started < EACH_S, rule
    event("accepted")
    return normal


@pytest.mark.timeout(TIMEOUT)
@given(rule=RULES, anchor=ANCHORS)
def test_generated_rules_are_normalised_or_refused(rule: str, anchor: datetime) -> None:
    normal = accepted_or_refused(rule, anchor)
    if normal is None:
        return
    assert validate_rrule(normal, anchor) == normal
    started = time.monotonic()
    following = next_after(normal, anchor.replace(microsecond=0), ZONE)
    assert time.monotonic() - started < EACH_S, normal
    assert following is None or following > anchor.replace(microsecond=0)
    event("a next occurrence" if following is not None else "ended (COUNT, UNTIL or 9999)")


@pytest.mark.timeout(TIMEOUT)
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rule=RULES)
def test_add_recur_stores_the_normal_form_or_refuses(cli: Cli, rule: str) -> None:
    result = cli("add", "Repeat", "--due", "2026-12-04 09:00", "--recur", rule)
    assert result.code in (0, 1, 2), result.err
    if result.code:
        assert result.err.strip() and "Traceback" not in result.err
        event("refused")
        return
    task = json.loads(cli("show", result.out.strip(), "--json").out)["task"]
    if not rule:
        assert task["recurrence"] is None  # an empty --recur means no recurrence
        return
    assert task["recurrence"] == validate_rrule(task["recurrence"], DUE)
    if "FREQ=" in rule.upper():  # an RRULE; other text is read as words ("yearly")
        assert task["recurrence"] == validate_rrule(rule, DUE)
        event("stored")
    else:
        event("stored from words")


@pytest.mark.timeout(TIMEOUT * 2)
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture],
          max_examples=max(10, settings().max_examples // 3))
@given(rule=plausible())
def test_finishing_a_recurring_task_rolls_it_forward_or_ends_it(
        cli: Cli, tmp_path: Path, rule: str) -> None:
    added = cli("add", "Repeat", "--due", "2026-12-04 09:00", "--recur", rule)
    if added.code:
        assert added.code == 1 and "Traceback" not in added.err
        event("refused")
        return
    task_id = added.out.strip()
    before = json.loads(cli("show", task_id, "--json").out)["task"]["due_at"]
    assert cli("plan", "import", task_id, str(one_step_plan(tmp_path / "p.json"))).code == 0
    assert cli("plan", "approve", task_id).code == 0
    started = time.monotonic()
    done = cli("step", "done", task_id, "send")
    assert done.code == 0 and time.monotonic() - started < EACH_S * 2, done.err
    task = json.loads(cli("show", task_id, "--json").out)["task"]
    assert task["status"] in ("waiting", "done")
    assert task["status"] == "done" or task["due_at"] > before
    event(f"rolled: {task['status']}")
