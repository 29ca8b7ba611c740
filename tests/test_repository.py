"""The repository stands alone: its README and docs explain it without outside files."""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEXT_SUFFIXES = {".md", ".py", ".toml", ".txt", ".cfg", ".spec", ".sh", ""}


def _tracked_text_files() -> list[Path]:
    """The repository's own files (tracked, or new and not ignored)."""
    names = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                           cwd=ROOT, capture_output=True, text=True, check=True).stdout
    paths = [ROOT / name for name in names.splitlines()]
    return [p for p in paths if p.is_file() and p.suffix in TEXT_SUFFIXES
            and p.stat().st_size < 2_000_000]


def test_nothing_points_outside_the_repository() -> None:
    outside = re.compile(r"\.\./shared\b|/work/shared\b")
    hits = [p.relative_to(ROOT).as_posix() for p in _tracked_text_files()
            if outside.search(p.read_text("utf-8", errors="replace"))
            and p.name != "test_repository.py"]
    assert hits == []


def test_the_readme_links_the_architecture_notes() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "docs/architecture.md" in readme
    assert (ROOT / "docs" / "architecture.md").is_file()


# Modules that hold no logic, so no test module of their own: only error classes, or data
# generated from the models (its own test checks it is current).
NO_LOGIC = {"app/errors.py", "app/calendar/errors.py", "app/lean/sql.py"}


def test_every_module_with_logic_has_a_same_named_test_module() -> None:
    """app/x.py → tests/…/test_x.py; where two packages share a module name the test is
    named with its package too (test_sync_dav.py, test_calendar_dav.py)."""
    tests = [p.name for p in (ROOT / "tests").rglob("test_*.py")]
    assert len(tests) == len(set(tests)), "two test modules share a name"
    missing = []
    for package in ("app", "ui", "models"):
        for module in sorted((ROOT / package).rglob("*.py")):
            relative = module.relative_to(ROOT).as_posix()
            if module.name in ("__init__.py", "__main__.py") or relative in NO_LOGIC:
                continue
            names = {f"test_{module.name}", f"test_{module.parent.name}_{module.name}"}
            if not names & set(tests):
                missing.append(relative)
    assert missing == []


# The folders show the architecture (docs/architecture.md): app/ keeps beside its packages
# only the modules every package shares and that import none of them; ui/ keeps none.
SHARED_CORE = {"__init__", "__main__", "errors", "events", "problems", "states", "text", "files",
               "processes"}


def test_modules_live_in_the_package_of_their_concern() -> None:
    flat = {package: {p.stem for p in (ROOT / package).glob("*.py")} for package in ("app", "ui")}
    assert flat["app"] - SHARED_CORE == set()
    assert flat["ui"] == {"__init__"}
    packages = [p.parent for p in (ROOT / "app").rglob("*.py")] + [
        p.parent for p in (ROOT / "ui").rglob("*.py")]
    assert [d.relative_to(ROOT).as_posix() for d in set(packages)
            if not (d / "__init__.py").is_file()] == []


def _imports(module: Path) -> tuple[set[str], set[str]]:
    """The modules ``module`` imports for typing only, and those it imports to run."""
    tree = ast.parse(module.read_text("utf-8"))
    typed: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typed |= {n.module for n in ast.walk(node)
                      if isinstance(n, ast.ImportFrom) and n.module}
    running = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    return typed, running - typed


def test_helpers_get_what_they_work_on() -> None:
    """A module holds one concern, whatever its length (docs/architecture.md): a part is
    handed what it works on, so no module names, even for typing only, a module that
    imports it (a helper reaching back into its host)."""
    modules = {".".join(m.relative_to(ROOT).with_suffix("").parts): m
               for package in ("app", "ui", "models") for m in (ROOT / package).rglob("*.py")}
    imports = {name: _imports(path) for name, path in modules.items()}
    back = sorted(f"{name} -> {host}" for name, (typed, _) in imports.items()
                  for host in typed if name in imports.get(host, (set(), set()))[1])
    assert back == []


def _names_in(module: Path) -> set[str]:
    tree = ast.parse(module.read_text("utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.ImportFrom | ast.Import):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return names


def _resolves(dotted: str) -> bool:
    """``app.plan.store.save_plan``: a module file and, after it, a name it defines."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:cut])
        module = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
        if module.is_file():
            rest = parts[cut:]
            return not rest or rest[0] in _names_in(module)
    return False


def test_docs_name_code_that_exists() -> None:
    """Every module, function and file the docs name in backticks is still there."""
    files = {p.name for p in ROOT.rglob("*.py") if ".venv" not in p.parts}
    stale = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = doc.read_text("utf-8")
        for dotted in set(re.findall(r"`((?:app|ui|models)(?:\.\w+)+)", text)):
            if not _resolves(dotted):
                stale.append(f"{doc.name}: {dotted}")
        for name in set(re.findall(r"`(?:[\w/]+/)?(\w+\.py)`", text)):
            if name not in files:
                stale.append(f"{doc.name}: {name}")
    assert stale == []
