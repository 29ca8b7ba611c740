"""Error codes of the plan contract, declared once with what each means.

Every validation problem carries one of these codes; the CLI prints them as
``error: CODE: message`` and the window shows the message beside the step.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.errors import KnownError

CODES: dict[str, str] = {
    "duplicate_step_id": "two steps share an id",
    "missing_dependency": "a step depends on (or names as parent) an id that is not in the plan",
    "cycle": "steps wait for each other in a loop",
    "too_deep": "a parent chain is deeper than 4 levels",
    "too_many_steps": "more steps than the limit",
    "unknown_target": "a step targets something that is not a registered capability",
    "bad_inputs": "a step's inputs do not match its capability's input schema",
    "bad_schema_version": "the plan's schema_version is missing or unknown",
    "invalid_field": "a field is missing, unknown or of the wrong type",
    "claimed_progress": "a generated plan claims work that was not done",
    "time_out_of_range": "a time before 1900-01-01 or after 9999-12-30 (UTC), which Stepwise "
                         "does not keep",
}


@dataclass(frozen=True)
class Problem:
    code: str
    message: str
    step: str | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"undeclared problem code {self.code!r}")

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class InvalidPlan(KnownError):
    """A plan that failed validation; ``problems`` lists every reason."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems
