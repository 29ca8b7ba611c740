"""Property tests over generated file.write paths (issue 12, the FILES class).

Any path a model or an imported plan can hold — unicode of any plane, lone surrogates,
NUL and control characters, names past 255 bytes, ``..``, absolute and drive paths,
either separator, names Windows reserves, links planted in the task's folder, a task
folder that is itself a link — is either written inside the task's folder (and reads
back) or refused with a known error and a message. Nothing outside the folder changes,
and no exception leaves the assistant loop. ``HYPOTHESIS_PROFILE=slow`` runs 2,000
examples each; ``--hypothesis-show-statistics`` prints how many were tried.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.config import paths
from app.errors import KnownError
from app.io.task_folder import write_result
from app.tasks import folders

SPECIAL = ["..", ".", "", "link", "link.txt", "CON", "nul.txt", "文" * 85, "文" * 86,
           "a" * 255, "a" * 256, "~", " ", "x.", "\x00", "\x1b[2J", "\ud800", "C:", "..."]
# Plain names (letters and digits of any script, dashes) often, so that many paths
# are written; anything at all, the awkward names and the long ones as often.
plain = st.text(st.characters(categories=["L", "N"], include_characters="-_"),
                min_size=1, max_size=30)
segment = st.one_of(
    plain, plain, plain,
    st.text(max_size=40),
    st.sampled_from(SPECIAL),
    st.text(alphabet="文😀éa.", min_size=60, max_size=140),
)
paths_drawn = st.builds(
    lambda lead, parts, sep: lead + sep.join(parts),
    st.sampled_from(["", "", "", "", "", "", "/", "\\", "C:\\", "c:", "//server/share/",
                     "./", "../"]),
    st.lists(segment, max_size=5),
    st.sampled_from(["/", "\\", "//"]),
)
_ids = itertools.count(1)


def _snapshot(root: Path) -> dict[str, bytes | str]:
    """Every entry below ``root`` (links not followed): files by content, others by kind."""
    seen: dict[str, bytes | str] = {}
    for folder, dirs, files in os.walk(root):
        for name in [*dirs, *files]:
            entry = Path(folder, name)
            kind = "link" if entry.is_symlink() else "dir" if entry.is_dir() else None
            seen[str(entry.relative_to(root))] = kind or entry.read_bytes()
    return seen


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    data, outside = tmp_path / "data", tmp_path / "outside"
    outside.mkdir()
    (outside / "target.txt").write_text("untouched", encoding="utf-8")
    monkeypatch.setenv("STEPWISE_DATA_DIR", str(data))
    paths.configure()
    return data, outside


def _task_folder(outside: Path, folder_is_link: bool) -> str:
    """A fresh task UID whose folder holds a link out (or is one)."""
    task_id = f"task-{next(_ids)}"
    folder = folders.path(task_id)
    folder.parent.mkdir(parents=True, exist_ok=True)
    if folder_is_link:
        folder.symlink_to(outside, target_is_directory=True)
        return task_id
    folder.mkdir()
    (folder / "link").symlink_to(outside, target_is_directory=True)
    (folder / "link.txt").symlink_to(outside / "target.txt")
    return task_id


@pytest.mark.timeout(120)
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(relative=paths_drawn, content=st.text(max_size=200),
       folder_is_link=st.integers(0, 4).map(lambda n: n == 0))
def test_fuzz_file_write_paths_land_inside_or_are_refused(
        world: tuple[Path, Path], relative: str, content: str, folder_is_link: bool) -> None:
    _, outside = world
    before = _snapshot(outside)
    task_id = _task_folder(outside, folder_is_link)
    try:
        target = write_result(task_id, relative, content)
    except KnownError as exc:
        assert str(exc).strip()
    else:
        assert not folder_is_link
        folder = folders.path(task_id).resolve()
        assert Path(os.path.realpath(target)).is_relative_to(folder)
        assert not target.is_symlink()
        assert target.read_bytes() == content.encode("utf-8", errors="replace")
    assert _snapshot(outside) == before


@contextmanager
def _fresh_store(root: Path) -> Iterator[None]:
    """A data dir and database of its own for one example (examples must not share tasks)."""
    from models import close_database, open_database

    folder = Path(tempfile.mkdtemp(dir=root))
    paths.configure(data_dir=str(folder))
    open_database(folder / "stepwise.db")
    try:
        yield
    finally:
        close_database()
        paths.configure()


@pytest.mark.timeout(300)
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
          max_examples=max(10, settings().max_examples // 3))
@given(relative=paths_drawn)
def test_fuzz_file_write_paths_never_break_the_assistant_loop(data_dir: Path,
                                                              relative: str) -> None:
    with _fresh_store(data_dir.parent):
        _run_one_file_write(relative)


def _run_one_file_write(relative: str) -> None:
    from app.agent.loop import Assistant
    from app.config import settings as stepwise_settings
    from app.tasks.store import NewTask, add_task
    from models import Task
    from tests.app.agent.fakes import ScriptedProvider
    from tests.app.agent.test_security import FIXED_NOW, REVIEW_PLAN, _plan_reply, _step

    stepwise_settings.put("assistant.review_budget", 0)  # a failed step waits for the user
    task = add_task(NewTask(title="Save the notes"))
    provider = ScriptedProvider(script=[REVIEW_PLAN, _plan_reply(
        _step("f", "file.write", {"path": relative, "content": "x"}))] * 2)
    assistant = Assistant(provider, auto_accept=True, clock=lambda: FIXED_NOW)

    asyncio.run(assistant.run_until_idle(limit=20))  # no exception comes out

    fresh = Task.get_by_id(task.id)
    assert fresh.status == "done" or fresh.problem, (relative, fresh.status)
    if fresh.status == "done":
        assert any(folders.folder(task.id).rglob("*"))
