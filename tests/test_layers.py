"""Imports only point down (ui → app → models): the core never imports PySide6 or ui."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {"app": {"PySide6", "ui", "qasync"}, "models": {"PySide6", "ui", "qasync", "app"}}
# The one allowed exception: the command that opens the window imports ui lazily.
ALLOWED = {("app/cli.py", "ui")}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_the_core_never_imports_qt_or_the_shell() -> None:
    breaches = []
    for package, banned in FORBIDDEN.items():
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            for root in imported_roots(path) & banned:
                if (rel, root) not in ALLOWED:
                    breaches.append(f"{rel} imports {root}")
    assert breaches == []


def test_the_walker_sees_a_breach(tmp_path: Path) -> None:
    sample = tmp_path / "x.py"
    sample.write_text("def f():\n    from PySide6.QtCore import QObject\n")
    assert "PySide6" in imported_roots(sample)


def test_headless_commands_load_no_qt() -> None:
    code = ("import sys, app.cli, app.plans, app.transfer, app.ics_export, app.dates, "
            "app.views; print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'ui'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"
