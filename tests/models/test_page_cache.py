"""Every connection of the store keeps a small page cache (issue 15: each worker thread
holds its own connection for the life of the window, which must stay under 150 MB)."""

from __future__ import annotations

import threading
from pathlib import Path

from models.db import database


def _cache_size() -> int:
    return int(database.execute_sql("PRAGMA cache_size").fetchone()[0])


def test_each_connection_keeps_half_a_megabyte_of_page_cache(db: Path) -> None:
    sizes = [_cache_size()]
    worker = threading.Thread(target=lambda: sizes.append(_cache_size()))
    worker.start()
    worker.join()
    assert sizes == [-512, -512]  # KiB, on the GUI thread and on a worker's own connection
