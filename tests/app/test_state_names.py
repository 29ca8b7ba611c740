"""No code in app/ or ui/ names a task, plan or step state with a bare string: each comes from
``app.states``' enums, so a state's name is declared once (issue 10)."""

from __future__ import annotations

import ast
from pathlib import Path

from app.states import PlanStatus, StepStatus, TaskStatus

ROOT = Path(__file__).resolve().parents[2]
STATES = {m.value for e in (TaskStatus, PlanStatus, StepStatus) for m in e}
SKIP = {"app/states.py", "app/lean/sql.py"}  # the tables themselves; generated code
STATUS_CALLS = {"set_status", "_move_plan", "_move_step", "_move_task"}
# ``X.status`` of these belongs to another machine, not one of app.states: an outbox
# message's (pending → approved → sent, or rejected) and a doer's outcome (doers.Done).
OTHER_MACHINES = {"OutboxMessage", "message", "done"}


def _is_status(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute):
        if isinstance(node.value, ast.Name) and node.value.id in OTHER_MACHINES:
            return False
        return node.attr == "status" or node.attr.endswith("_status")
    if isinstance(node, ast.Name):
        return node.id == "status" or node.id.endswith("_status")
    return False


def _literals(node: ast.AST) -> list[ast.Constant]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in STATES:
        return [node]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [c for e in node.elts for c in _literals(e)]
    return []


def found(path: Path) -> list[tuple[int, str]]:
    """Each ``(line, state)`` where a state is compared with a status, given as one
    (``set_status(task, "done")``, ``status="pending"``) or assigned to one."""
    hits: list[ast.Constant] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_status(s) for s in sides):
                for s in sides:
                    hits += _literals(s)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in STATUS_CALLS:
                for a in node.args[1:]:
                    hits += _literals(a)
            if name in ("in_", "not_in") and isinstance(func, ast.Attribute) \
                    and _is_status(func.value):
                for a in node.args:
                    hits += _literals(a)
            for kw in node.keywords:
                if kw.arg and (kw.arg == "status" or kw.arg.endswith("_status")):
                    hits += _literals(kw.value)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_is_status(t) for t in targets) and node.value is not None:
                hits += _literals(node.value)
    return sorted({(h.lineno, str(h.value)) for h in hits})


def test_states_are_named_from_their_enums() -> None:
    bare = []
    for package in ("app", "ui"):
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel not in SKIP:
                bare += [f"{rel}:{line}: {value!r}" for line, value in found(path)]
    assert bare == []


def test_the_check_sees_a_bare_name(tmp_path: Path) -> None:
    sample = tmp_path / "x.py"
    sample.write_text("if plan.status == 'paused':\n    pass\n"
                      "set_status(task, 'done', why='ticked off')\n"
                      "if message.status == 'pending':\n    pass\n")
    assert found(sample) == [(1, "paused"), (3, "done")]
