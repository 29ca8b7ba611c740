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


def test_no_module_is_over_400_lines_without_a_reason_at_its_top() -> None:
    """A long module says why in its docstring ("Over 400 lines because …")."""
    long = []
    for package in ("app", "ui", "models"):
        for module in sorted((ROOT / package).rglob("*.py")):
            text = module.read_text("utf-8")
            doc = ast.get_docstring(ast.parse(text)) or ""
            if text.count("\n") > 400 and "Over 400 lines because" not in doc:
                long.append(module.relative_to(ROOT).as_posix())
    assert long == []


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
