"""Result files stay inside the task's folder, whatever the path (issue 12, defects 2 and 20).

A path no file system takes (a 600-byte name, a NUL, nothing, ".", a name Windows
reserves) is refused with a PathRefused saying why, before anything is created; a task
folder that is itself a symbolic link, or lies under one below the data dir, is refused,
not followed — also when the link appears after the checks; any OS error is a WriteFailed.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from app.files import WriteFailed
from app.io import task_folder as task_files
from app.io.task_folder import MAX_NAME_BYTES, PathRefused, resolve_inside, write_result
from app.tasks import folders

TASK = "task-7"  # a task's UID names its folder


def _everything(root: Path) -> set[str]:
    found: set[str] = set()
    for folder, dirs, files in os.walk(root):
        found.update(str(Path(folder, name).relative_to(root)) for name in [*dirs, *files])
    return found


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    return folder


def test_enametoolong_a_name_of_200_chinese_characters_is_refused(data_dir: Path) -> None:
    with pytest.raises(PathRefused, match="has a name of 600 bytes; a file or folder name may"):
        write_result(TASK, "文" * 200, "x")
    with pytest.raises(PathRefused, match="600 bytes"):
        write_result(TASK, "notes/" + "文" * 200 + "/x.md", "x")
    assert not folders.path(TASK).exists() or _everything(folders.path(TASK)) == set()


def test_enametoolong_the_longest_name_allowed_is_written(data_dir: Path) -> None:
    name = "文" * (MAX_NAME_BYTES // 3)  # 255 bytes
    target = write_result(TASK, f"{name}/{name}", "完成")
    assert target.read_text(encoding="utf-8") == "完成"
    assert _everything(folders.path(TASK)) == {name, f"{name}/{name}"}  # no temp files


@pytest.mark.parametrize(("path", "reason"), [
    pytest.param("", "needs a path", id="empty"),
    pytest.param("   ", "needs a path", id="blank"),
    pytest.param(None, "needs a path", id="none"),
    pytest.param(5, "needs a path", id="number"),
    pytest.param(".", "names the task's folder itself", id="dot"),
    pytest.param("././/", "names the task's folder itself", id="dots-and-slashes"),
    pytest.param("a\x00b", "NUL", id="nul"),
    pytest.param("\ud800.txt", "not valid Unicode", id="lone-surrogate"),
    pytest.param("a/" * 17 + "x", "folders deep", id="too-deep"),
    pytest.param("abcdefgh/" * 120 + "x", "bytes long", id="too-long"),
    pytest.param("CON", "Windows reserves", id="con"),
    pytest.param("notes/aux.txt", "Windows reserves", id="aux-with-extension"),
    pytest.param("lpt1/x", "Windows reserves", id="lpt1-folder"),
    pytest.param("note:1.txt", "Windows does not allow", id="colon"),
    pytest.param("what?.txt", "Windows does not allow", id="question-mark"),
    pytest.param("x\x1b[2J.txt", "control character", id="escape"),
    pytest.param("line\nbreak", "control character", id="newline"),
    pytest.param("trailing.", "ending in a dot or a space", id="trailing-dot"),
    pytest.param("trailing ", "ending in a dot or a space", id="trailing-space"),
    pytest.param("../x", "climbs out", id="dotdot"),
    pytest.param("/etc/x", "is absolute", id="absolute"),
])
def test_enametoolong_and_other_unusable_paths_are_refused_before_anything_is_made(
        data_dir: Path, path: Any, reason: str) -> None:
    with pytest.raises(PathRefused, match=reason):
        write_result(TASK, path, "x")
    tasks = data_dir / "tasks"
    assert not tasks.exists() or _everything(tasks) <= {TASK}


def test_symlinked_task_folder_is_refused_not_followed(data_dir: Path, outside: Path) -> None:
    folders.path(TASK).parent.mkdir(parents=True)
    folders.path(TASK).symlink_to(outside, target_is_directory=True)
    with pytest.raises(PathRefused, match="task's folder .* symbolic link"):
        write_result(TASK, "notes/x.md", "stolen")
    assert _everything(outside) == set()


def test_symlinked_tasks_folder_is_refused_not_followed(data_dir: Path, outside: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "tasks").symlink_to(outside, target_is_directory=True)
    with pytest.raises(PathRefused, match="symbolic link"):
        write_result(TASK, "x.md", "stolen")
    assert _everything(outside) == set()


@pytest.mark.skipif(not task_files._BY_FD, reason="needs dir_fd and O_NOFOLLOW")
@pytest.mark.parametrize("where", ["tasks", "task", "inner"])
def test_symlinked_task_folder_swapped_in_after_the_checks_is_not_followed(
        data_dir: Path, outside: Path, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    folder = folders.path(TASK)
    link = {"tasks": folder.parent, "task": folder, "inner": folder / "notes"}[where]
    link.parent.mkdir(parents=True, exist_ok=True)
    checked = resolve_inside

    def check_then_swap(task_id: int, relative: object) -> Path:
        target = checked(task_id, relative)
        link.symlink_to(outside, target_is_directory=True)  # a link appears after the check
        return target

    monkeypatch.setattr(task_files, "resolve_inside", check_then_swap)
    with pytest.raises(PathRefused, match="link"):
        write_result(TASK, "notes/x.md", "stolen")
    assert _everything(outside) == set()


def test_symlinked_file_inside_the_folder_is_refused(data_dir: Path, outside: Path) -> None:
    (outside / "target.txt").write_text("untouched", encoding="utf-8")
    folders.path(TASK).mkdir(parents=True)
    (folders.path(TASK) / "x.txt").symlink_to(outside / "target.txt")
    with pytest.raises(PathRefused, match="is a symbolic link"):
        write_result(TASK, "x.txt", "stolen")
    assert (outside / "target.txt").read_text(encoding="utf-8") == "untouched"


def test_a_file_where_a_folder_belongs_and_a_folder_where_the_file_belongs(
        data_dir: Path) -> None:
    write_result(TASK, "notes", "a file")
    with pytest.raises(PathRefused, match="is a file"):
        write_result(TASK, "notes/x.md", "x")
    write_result(TASK, "drafts/a.md", "x")
    with pytest.raises(PathRefused, match="a folder or a special file"):
        write_result(TASK, "drafts", "x")


def test_an_os_error_is_a_write_failed_and_leaves_no_temp_file(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_result(TASK, "kept.md", "before")

    def disk_full(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(WriteFailed, match="No space left on device"):
        write_result(TASK, "kept.md", "after")
    assert (folders.path(TASK) / "kept.md").read_text(encoding="utf-8") == "before"
    assert _everything(folders.path(TASK)) == {"kept.md"}


def test_rewriting_a_result_file_replaces_it_atomically(data_dir: Path) -> None:
    write_result(TASK, "a/b.md", "one")
    target = write_result(TASK, "a\\b.md", "two")  # either separator names the same file
    assert target.read_text(encoding="utf-8") == "two"
    assert _everything(folders.path(TASK)) == {"a", "a/b.md"}

