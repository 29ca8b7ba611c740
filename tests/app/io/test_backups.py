"""Daily backups, pruning, and restore with a safety copy."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.io import backups
from app.tasks.store import NewTask, add_task
from models import Task
from tests.conftest import Result

Cli = Callable[..., Result]


def test_a_daily_backup_is_made_once_a_day_and_old_ones_pruned(db: Path) -> None:
    add_task(NewTask(title="keep me"))
    day = datetime(2026, 11, 30, 12, tzinfo=UTC)
    first = backups.daily(now=day)
    assert first is not None and first.exists()
    assert backups.daily(now=day) is None  # already made today
    for offset in range(1, 10):
        assert backups.daily(now=day + timedelta(days=offset)) is not None
    kept = sorted(p.name for p in backups.listing())
    assert len(kept) == backups.KEEP
    assert kept[0] == "stepwise-2026-12-03.db" and kept[-1] == "stepwise-2026-12-09.db"


def test_restore_brings_back_the_data_and_keeps_a_safety_copy(cli: Cli) -> None:
    cli("add", "before the mistake")
    assert cli("backup").code == 0
    name = backups.listing()[0].name
    cli("add", "added later")
    result = cli("backup", "restore", name)
    assert result.code == 0 and "kept as" in result.out
    titles = [t.title for t in Task.select()]
    assert titles == ["before the mistake"]
    assert any("before-restore" in p.name for p in backups.listing())


def test_a_bad_backup_is_refused_and_nothing_changes(cli: Cli, data_dir: Path) -> None:
    cli("add", "precious")
    (data_dir / "backups").mkdir(parents=True, exist_ok=True)
    (data_dir / "backups" / "stepwise-broken.db").write_text("not a database")
    result = cli("backup", "restore", "stepwise-broken.db")
    assert result.code == 2 and "not a readable database" in result.err
    assert "precious" in cli("list").out
    missing = cli("backup", "restore", "nope.db")
    assert missing.code == 1 and "there is no backup" in missing.err


def test_daily_damaged_kept(db: Path) -> None:
    from models import StoreError, close_database
    from tests.app.io.test_storage_faults import damage

    for n in range(200):
        add_task(NewTask(title=f"task {n}"))
    day = datetime(2026, 11, 30, 12, tzinfo=UTC)
    for offset in range(backups.KEEP):
        assert backups.daily(now=day + timedelta(days=offset)) is not None
    kept = {p.name: p.read_bytes() for p in backups.listing()}
    close_database()
    damage(db)
    with pytest.raises(StoreError) as refused:
        backups.daily(now=day + timedelta(days=backups.KEEP))
    assert refused.value.kind == "damaged" and "stepwise-2026-11-30.db" in str(refused.value)
    assert {p.name: p.read_bytes() for p in backups.listing()} == kept
