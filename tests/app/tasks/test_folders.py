"""``app.tasks.folders``: a task's result folder is named by its UID, never inherited by
the next task that gets its id (a freed id, a restored backup, another database in the
same data dir), set aside with a delete and brought back with a restore."""

from __future__ import annotations

from pathlib import Path

from app.io import task_folder as task_files
from app.tasks import folders, trash
from app.tasks import store as tasks
from models import Task, open_database


def test_named_by_uid(data_dir: Path, db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Salary review"))
    assert folders.folder(task.id) == data_dir / "tasks" / str(task.uid)
    assert not folders.folder(task.id).exists()


def test_freed_id_no_files(data_dir: Path, db: Path) -> None:
    first = tasks.add_task(tasks.NewTask(title="Salary review"))
    task_files.write_result(folders.uid_of(first.id), "notes/salary.md", "private")
    trash.trash_task(first.id)
    second = tasks.add_task(tasks.NewTask(title="Buy milk"))
    assert second.id == first.id  # SQLite hands the freed id out again
    assert not (folders.folder(second.id) / "notes" / "salary.md").exists()
    tasks.delete_task(second.id)
    back = trash.restore_task(first.id)
    assert (folders.folder(back.task_id) / "notes" / "salary.md").read_text() == "private"


def test_other_database_no_files(data_dir: Path, db: Path) -> None:
    first = tasks.add_task(tasks.NewTask(title="Salary review"))
    task_files.write_result(folders.uid_of(first.id), "salary.md", "private")
    open_database(data_dir / "other.db")  # a restored backup, an import --replace
    other = tasks.add_task(tasks.NewTask(title="Buy milk"))
    assert other.id == first.id
    assert not folders.folder(other.id).exists()


def test_restore_new_uid(data_dir: Path, db: Path) -> None:
    first = tasks.add_task(tasks.NewTask(title="Salary review"))
    uid = str(first.uid)
    task_files.write_result(uid, "salary.md", "private")
    trash.trash_task(first.id)
    assert (data_dir / folders.DELETED / uid / "salary.md").exists()
    Task.create(title="A copy from the phone", uid=uid)  # took the UID meanwhile
    back = trash.restore_task(first.id)
    fresh = folders.uid_of(back.task_id)
    assert fresh != uid
    assert (folders.folder(back.task_id) / "salary.md").read_text() == "private"


def test_missing_uid_given(data_dir: Path, db: Path) -> None:
    task = tasks.add_task(tasks.NewTask(title="Hand-made row"))
    Task.update(uid=None).where(Task.id == task.id).execute()
    uid = folders.uid_of(task.id)
    assert uid and Task.get_by_id(task.id).uid == uid == folders.uid_of(task.id)


def test_id_folders_renamed(data_dir: Path, db: Path) -> None:
    kept = tasks.add_task(tasks.NewTask(title="Kept"))
    for name, text in ((str(kept.id), "mine"), ("99", "nobody's")):
        (data_dir / "tasks" / name).mkdir(parents=True)
        (data_dir / "tasks" / name / "a.md").write_text(text)
    assert (folders.folder(kept.id) / "a.md").read_text() == "mine"
    assert (data_dir / folders.DELETED / "left-by-id-99" / "a.md").read_text() == "nobody's"
    assert sorted(p.name for p in (data_dir / "tasks").iterdir()) == [".by-uid", str(kept.uid)]
    (data_dir / "tasks" / "5").mkdir()  # once renamed, an id-named folder is nobody's
    fifth = [tasks.add_task(tasks.NewTask(title=f"t{n}")) for n in range(4)][-1]
    assert fifth.id == 5 and not folders.folder(fifth.id).exists()
