"""``app.tasks.folders``: a deleted task's result folder set aside, never inherited by the
next task that gets its id, and brought back with a restore."""

from __future__ import annotations

from pathlib import Path

from app.config import paths
from app.io import task_folder as task_files
from app.tasks import folders


def test_a_deleted_tasks_files_never_pass_to_the_next_task_with_its_id(data_dir: Path,
                                                                       db: Path) -> None:
    from app.tasks import store as tasks
    from app.tasks import trash

    first = tasks.add_task(tasks.NewTask(title="Salary review"))
    task_files.write_result(first.id, "notes/salary.md", "private")
    trash.trash_task(first.id)
    second = tasks.add_task(tasks.NewTask(title="Buy milk"))
    assert second.id == first.id  # SQLite hands the freed id out again
    assert not (paths.task_dir(second.id) / "notes" / "salary.md").exists()
    tasks.delete_task(second.id)
    back = trash.restore_task(first.id)
    assert (paths.task_dir(back.task_id) / "notes" / "salary.md").read_text() == "private"


def test_a_folder_left_under_a_new_tasks_id_is_set_aside(data_dir: Path, db: Path) -> None:
    from app.tasks import store as tasks

    stray = paths.task_dir(1) / "old.txt"
    stray.parent.mkdir(parents=True)
    stray.write_text("from a crash")
    task = tasks.add_task(tasks.NewTask(title="Fresh"))
    assert task.id == 1 and not stray.exists()
    assert (data_dir / folders.DELETED / "left-by-id-1" / "old.txt").exists()
