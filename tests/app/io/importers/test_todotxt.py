"""``stepwise import --from todotxt``: the format's own examples, read with pytodotxt."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent / "data"


def imported(cli: Any, path: Path) -> tuple[str, dict[str, dict[str, Any]]]:
    result = cli("import", "--from", "todotxt", str(path))
    assert result.code == 0, result.err
    tasks = json.loads(cli("list", "--all", "--json").out)
    return result.out, {t["title"]: t for t in tasks}


def test_todo_txt_priorities_tags_dates_recurrence_and_done(cli: Any) -> None:
    out, tasks = imported(cli, DATA / "todo.txt")
    assert "read 11 entries" in out and "added 10 tasks" in out and "skipped 3" in out
    assert "line 11: due:2026-13-40 is not a date" in out
    assert "line 12: no words besides tags and dates" in out
    assert "line 9: rec: without due:" in out
    assert [tasks[t]["priority"] for t in ("Thank Mom for the meatballs",
                                           "Schedule Goodwill pickup", "Pay rent",
                                           "Clean the garage", "Eskimo pies")] == [1, 2, 3, 4, 3]
    assert tasks["Schedule Goodwill pickup"]["tags"] == ["GarageSale", "phone"]
    assert tasks["Call Mom"]["due_at"] == "2026-12-05T10:00:00Z"  # 18:00 in Asia/Shanghai
    plants = tasks["Water plants"]
    assert plants["start_at"] == "2026-12-02T01:00:00Z"  # t: is 09:00 local
    assert plants["recurrence"] == "FREQ=DAILY;INTERVAL=3" and plants["detail"] == "id:42"
    assert tasks["Pay rent"]["recurrence"] == "FREQ=MONTHLY;INTERVAL=1"
    done = tasks["Review quarterly report"]
    assert (done["status"], done["priority"]) == ("done", 2)  # pri: keeps it


@pytest.mark.parametrize("content", [b"", b"   \n\n", b"\xff\xfe\x00t\x00", b"a\x00b\n"])
def test_empty_or_binary_files_are_refused(cli: Any, tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "todo.txt"
    path.write_bytes(content)
    result = cli("import", "--from", "todotxt", str(path))
    assert result.code == 2 and "Traceback" not in result.err
    assert json.loads(cli("list", "--all", "--json").out) == []


def test_a_title_too_long_is_skipped_and_the_rest_imported(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "todo.txt"
    path.write_text("(A) short one\n" + "long " * 200 + "\n", encoding="utf-8")
    out, tasks = imported(cli, path)
    assert list(tasks) == ["short one"] and "characters; keep it under 500" in out
