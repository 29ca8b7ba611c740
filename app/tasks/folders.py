"""A task's result folder, named by the task's UID so no other task ever sees it.

SQLite hands a freed id out again, and a restored backup or an import numbers its tasks
anew, so a folder named by id would pass one task's files to another. A folder is
``<data dir>/tasks/<uid>/`` instead: a UID is never given to a second task. After a
delete commits, the folder moves to ``<data dir>/tasks-deleted/<uid>/`` (the ``tasks``
folder holds the live tasks only); a restore from the trash brings it back under the
UID the task comes back with. A move that fails leaves the files where they are (the
task stands either way).

Folders of Stepwise before 0.9 were named by id: the first time a folder is looked up in
a data dir, each ``tasks/<id>/`` moves to the UID of the task that has that id now (the
delete of earlier versions moved a deleted task's folder away, so the owner is right
unless the database was replaced since), and one no task has moves to
``tasks-deleted/left-by-id-<id>/``. A marker file says this was done, once.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from app.config import paths
from models import Task, database
from models.tables import new_uid

DELETED = "tasks-deleted"  # beside "tasks": the folders of deleted tasks, by task UID
_BY_UID = ".by-uid"  # in "tasks": the folders were renamed from ids to UIDs


def root() -> Path:
    return paths.data_dir() / "tasks"


def folder(task_id: int) -> Path:
    """The folder the task's result files live in (not created here).

    Raises:
        KeyError: no task has that id.
    """
    return path(uid_of(task_id))


def path(uid: str) -> Path:
    """The folder of the task with ``uid`` (not created here)."""
    _by_uid()
    return root() / name_of(uid)


def uid_of(task_id: int) -> str:
    """The task's UID, the name of its folder; a task without one (a row written by
    hand) is given one.

    Raises:
        KeyError: no task has that id.
    """
    row = Task.select(Task.uid).where(Task.id == int(task_id)).first()
    if row is None:
        raise KeyError(task_id)
    if row.uid:
        return str(row.uid)
    with database.atomic():
        Task.update(uid=new_uid()).where(Task.id == task_id, Task.uid.is_null()).execute()
    return str(Task.get_by_id(task_id).uid)


def name_of(uid: str) -> str:
    """A UID as a folder name every file system takes."""
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in uid)[:100] or "task"


def set_aside(uid: str) -> Path | None:
    """Move the folder of a deleted task to ``tasks-deleted/<uid>`` (another name when
    that one is taken); where it went, or None when there was none or it could not move
    (a link is left alone)."""
    _by_uid()
    return _move_aside(root() / name_of(uid), name_of(uid))


def bring_back(was: str, uid: str) -> Path | None:
    """Move ``tasks-deleted/<was>`` back as the folder of the task with ``uid`` (the
    same UID, or a new one when another task took it meanwhile), never over one already
    there; the folder, or None when nothing was set aside under that name."""
    source = paths.data_dir() / DELETED / name_of(was)
    target = root() / name_of(uid)
    if _is_link(source) or not source.is_dir() or target.exists():
        return None
    return _moved(source, target)



def _by_uid() -> None:
    """Rename the id-named folders of earlier versions, once per data dir."""
    tasks = root()
    if _is_link(tasks) or not tasks.is_dir() or (tasks / _BY_UID).exists():
        return  # a link is refused where files are written, never followed
    owners = {}
    numbered = [p for p in tasks.iterdir() if p.name.isdigit() and not _is_link(p)]
    if numbered:
        ids = [int(p.name) for p in numbered]
        owners = {int(row.id): row.uid for row in
                  Task.select(Task.id, Task.uid).where(Task.id.in_(ids))}
    for old in numbered:
        uid = owners.get(int(old.name))
        if uid:
            target = tasks / name_of(str(uid))
            if not target.exists():
                _moved(old, target)
                continue
        _move_aside(old, f"left-by-id-{old.name}")
    try:
        (tasks / _BY_UID).write_text("task folders are named by task UID\n", encoding="utf-8")
    except OSError:
        pass  # read-only: looked up again next time, nothing lost


def _move_aside(source: Path, name: str) -> Path | None:
    if _is_link(source) or not source.is_dir():
        return None
    target = paths.data_dir() / DELETED / name
    while target.exists():
        target = target.with_name(f"{name}-{secrets.token_hex(3)}")
    return _moved(source, target)


def _moved(source: Path, target: Path) -> Path | None:
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(source, target)
    except OSError:
        return None
    return target


def _is_link(where: Path) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(where).st_mode)
    except OSError:
        return False
