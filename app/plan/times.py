"""The times inside a plan's step inputs, checked against the range Stepwise keeps.

A step's ``due`` is checked as it is read (``planspec``); the instants a capability
takes as input (``reminder.set`` at, ``calendar.read`` from and to) are checked here,
so a plan never validates with a time the store would refuse when the step runs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app.plan.capabilities import CAPABILITIES
from app.problems import Problem
from models.fields import InstantOutOfRange, parse_utc

TIME_INPUTS = {c.name: c.times for c in CAPABILITIES.values() if c.times}


def input_time_problems(steps: Iterable[Any]) -> list[Problem]:
    """A ``time_out_of_range`` problem for each input time outside the supported range.

    Args:
        steps: PlanSteps (anything with ``id``, ``target`` and ``inputs``).
    """
    problems = []
    for step in steps:
        inputs = step.inputs if isinstance(step.inputs, dict) else {}
        for key in TIME_INPUTS.get(step.target or "", ()):
            value = inputs.get(key)
            if isinstance(value, str) and _out_of_range(value):
                problems.append(Problem("time_out_of_range", f"step {step.id!r} "
                                        f"({step.target}): {key!r}: {_out_of_range(value)}",
                                        step.id))
    return problems


def _out_of_range(text: str) -> str | None:
    """Why an ISO 8601 time is out of range; None if it is in range or not a time at all
    (the capability's own schema reports text that is not a time)."""
    try:
        parse_utc(text if "T" in text else f"{text}T00:00:00Z")
    except InstantOutOfRange as exc:
        return str(exc)
    except ValueError:
        return None
    return None
