"""The one bounded reader of a user's file (app.files.read_capped), issue 12 defect 7.

Special files are refused before they are opened (a FIFO would block, /dev/zero would
never end), the read is bounded whatever size a file claims, and every command that
reads a user's file goes through it: a clear BadFile (exit 2), never a hang or exit 70.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from pathlib import Path

import pytest

from app.errors import BadFile
from app.files import read_capped, read_json
from tests.conftest import Result

pytestmark = pytest.mark.timeout(30)  # a blocking open or an endless read fails, not hangs


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "plan.json"
    os.mkfifo(path)
    return path


def test_special_file_bound_a_fifo_is_refused_without_blocking(fifo: Path) -> None:
    with pytest.raises(BadFile, match=r"is a FIFO \(named pipe\), not a JSON file"):
        read_json(fifo)


def test_special_file_bound_dev_zero_is_refused_not_read() -> None:
    with pytest.raises(BadFile, match="is a device, not a JSON file"):
        read_json(Path("/dev/zero"))


def test_special_file_bound_a_socket_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        with pytest.raises(BadFile, match="is a socket"):
            read_capped(path, 100, "an .ics calendar file")


def test_special_file_bound_a_file_that_claims_no_size_is_still_bounded() -> None:
    # /proc files report a size of 0 but hold text: the reader must not trust st_size.
    status = Path("/proc/self/status")
    assert status.stat().st_size == 0 and status.read_bytes()
    with pytest.raises(BadFile, match="over the limit; the limit is"):
        read_capped(status, 16, "a JSON file")
    assert read_capped(status, 1 << 20, "a JSON file").startswith(b"Name:")


def test_special_file_bound_a_file_over_the_limit_is_refused_before_reading(
        tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as handle:  # sparse: nothing on disk, nothing read
        handle.truncate(40 * 2**20)
    with pytest.raises(BadFile, match="40 MiB; the limit is 32 MiB"):
        read_capped(path, 32 * 2**20, "a JSON file")


@pytest.mark.parametrize(("name", "message"), [
    ("missing.json", "does not exist"), ("", "is a folder"), ("bad\x00name", "not a usable")])
def test_special_file_bound_other_bad_paths_say_what_is_wrong(tmp_path: Path, name: str,
                                                              message: str) -> None:
    with pytest.raises(BadFile, match=message):
        read_capped(Path(str(tmp_path / name) if name else tmp_path), 100, "a JSON file")


def test_special_file_bound_a_regular_file_reads_whole(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(b'{"a": 1}' + b" " * 3_000_000)
    assert read_json(path) == {"a": 1}


def test_special_file_bound_import_of_dev_zero_exits_2(cli: Callable[..., Result]) -> None:
    result = cli("import", "/dev/zero")
    assert result.code == 2 and "is a device" in result.err


def test_special_file_bound_plan_validate_on_a_fifo_exits_2(cli: Callable[..., Result],
                                                            fifo: Path) -> None:
    result = cli("plan", "validate", str(fifo))
    assert result.code == 2 and "FIFO" in result.err


def test_special_file_bound_calendar_add_of_a_fifo_exits_2(cli: Callable[..., Result],
                                                           fifo: Path) -> None:
    result = cli("calendar", "add", "ics", str(fifo))
    assert result.code == 2 and str(fifo) in result.err, result  # refused, not blocked
