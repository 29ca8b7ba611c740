"""The repository stands alone: its README and docs explain it without outside files."""

from __future__ import annotations

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
