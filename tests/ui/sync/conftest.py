"""The window's sync tests: a Radicale server of their own and the window's sync worker."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.app.calendar.radicale_server import Radicale
from tests.ui.sync_helpers import background_worker, radicale_in
from ui.shared.context import WindowContext
from ui.sync.worker import SyncWorker


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Radicale]:
    yield from radicale_in(tmp_path / "radicale")


@pytest.fixture
def worker(ctx: WindowContext, db: Path) -> Iterator[SyncWorker]:
    yield from background_worker(ctx)
