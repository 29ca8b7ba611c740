"""Imports only point down (ui → app → models): the core never imports PySide6 or ui."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {"app": {"PySide6", "ui", "qasync"}, "models": {"PySide6", "ui", "qasync", "app"}}
# The one allowed exception: the command that opens the window imports ui lazily.
ALLOWED = {("app/cli/main.py", "ui")}


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
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
    code = ("import sys, app.cli.main, app.plan.store, app.io.transfer, app.io.ics_export, "
            "app.dates.when, app.plan.views; "
            "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'ui'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


# --- no import cycles (issue 10) ------------------------------------------------------
# Every import counts, at module level or inside a function: a function-level import
# hides a cycle from Python, not from the reader. Imports under ``if TYPE_CHECKING:``
# never run (an object naming its owner's type), so they are left out.

PACKAGES = ("app", "models", "ui")


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the packages by dotted name (a package by its ``__init__``)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            hidden.update(id(inner) for inner in ast.walk(node))
    return hidden


def _from_base(name: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    parts = parts[:len(parts) - node.level + 1]
    return ".".join(parts + ([node.module] if node.module else []))


def imported_modules(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project's modules ``name`` imports anywhere in its file (``from p import m``
    names the module ``p.m`` when there is one, else ``p``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hidden = _type_checking_nodes(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = _from_base(name, path, node)
            for alias in node.names:
                inner = f"{base}.{alias.name}"
                found.update([inner] if inner in known else [base] if base in known else [])
    found.discard(name)
    return found


def package_of(name: str, known: dict[str, Path]) -> str:
    """The unit a module counts as between packages: a module of a subpackage
    (``app.agent.loop``) is its subpackage (``app.agent``); a top-level one is itself."""
    parts = name.split(".")
    if known[name].name == "__init__.py" or len(parts) <= 2:
        return name
    return ".".join(parts[:-1])


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of nodes that reach each other (Tarjan), each sorted, largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = [stack.pop()]
            while group[-1] != node:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found, key=lambda group: (-len(group), group))


def module_graph(root: Path = ROOT) -> dict[str, set[str]]:
    known = module_files(root)
    return {name: imported_modules(name, path, known) for name, path in known.items()}


def package_graph(root: Path = ROOT) -> dict[str, set[str]]:
    known = module_files(root)
    graph: dict[str, set[str]] = {}
    for name, targets in module_graph(root).items():
        unit = package_of(name, known)
        graph.setdefault(unit, set()).update(
            package_of(t, known) for t in targets if package_of(t, known) != unit)
    return graph


def _named(groups: list[list[str]], graph: dict[str, set[str]]) -> list[str]:
    return [" ↔ ".join(group) + " (" + "; ".join(
        f"{a} → {', '.join(sorted(graph[a] & set(group)))}" for a in group) + ")"
        for group in groups]


def test_no_module_imports_itself_back() -> None:
    graph = module_graph()
    assert _named(cycles(graph), graph) == []


# Still to break (each named, so a new cycle fails and a broken one must leave the list):
# none now (app.io.importers ↔ app.sync ended when the VTODO format moved below both, app/ical/).
KNOWN_PACKAGE_CYCLES: list[list[str]] = []


def test_no_package_imports_itself_back() -> None:
    graph = package_graph()
    found = cycles(graph)
    assert _named([c for c in found if c not in KNOWN_PACKAGE_CYCLES], graph) == []
    assert [c for c in KNOWN_PACKAGE_CYCLES if c not in found] == []  # fixed: remove it


def test_the_cycle_finder_sees_a_function_level_cycle(tmp_path: Path) -> None:
    (tmp_path / "app" / "sub").mkdir(parents=True)
    for folder in ("models", "ui"):
        (tmp_path / folder).mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "sub" / "__init__.py").write_text("")
    (tmp_path / "app" / "a.py").write_text("from app import b\n")
    (tmp_path / "app" / "b.py").write_text("def f():\n    from . import a\n")
    (tmp_path / "app" / "sub" / "c.py").write_text("from app.a import x\n")
    (tmp_path / "app" / "d.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from app.sub import c\n")
    assert cycles(module_graph(tmp_path)) == [["app.a", "app.b"]]
    (tmp_path / "app" / "sub" / "e.py").write_text("def g():\n    from app.sub import c\n")
    (tmp_path / "app" / "b.py").write_text("from app.sub.e import g\n")
    assert cycles(package_graph(tmp_path)) == [["app.a", "app.b", "app.sub"]]
