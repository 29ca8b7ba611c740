"""``stepwise import --from todotxt``: the format's own examples (its README's, topydo's
test list) read as https://github.com/todotxt/todo.txt says."""

from __future__ import annotations

import json
from datetime import date
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
                                           "Clean the garage due:2026-13-40",
                                           "Eskimo pies")] == [1, 2, 3, 4, 3]
    assert tasks["Schedule Goodwill pickup"]["tags"] == ["GarageSale", "phone"]
    assert tasks["Call Mom"]["due_at"] == "2026-12-05T10:00:00Z"  # a date: its 18:00 stand-in
    plants = tasks["Water plants"]
    assert plants["start_at"] == "2026-12-02T01:00:00Z"  # t: a date, its 09:00 stand-in
    assert plants["recurrence"] == "FREQ=DAILY;INTERVAL=3" and plants["detail"] == "todo.txt id: 42"
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


def test_the_formats_own_examples_read_as_its_rules_say(cli: Any, db: Path) -> None:
    from models import Task

    out, tasks = imported(cli, DATA / "todo-spec.txt")
    assert "read 18 entries" in out and "added 18 tasks" in out and "skipped 0" in out
    assert [tasks[t]["priority"] for t in (
        "Really gotta call Mom (A)", "(b) Get back to the boss", "(B)->Submit TPS report",
        "X 2012-01-01 Make resolutions", "x Find ticket prices")] == [3, 3, 3, 3, 1]
    assert tasks["Really gotta call Mom (A)"]["tags"] == ["phone", "someday"]
    assert tasks["Call Mom 2011-03-02"]["priority"] == 1  # no creation date: a word
    assert tasks["Email SoAndSo at soandso@example.com"]["tags"] == []
    assert tasks["Learn how to add 2+2"]["tags"] == []
    assert tasks["xylophone lesson"]["status"] == "new"
    review = Task.get_by_id(tasks["Review Tim's pull request"]["id"])
    assert review.status == "done" and review.tags == ["TodoTxtTouch", "github"]
    assert (f"{review.created_at:%Y-%m-%d}", f"{review.updated_at:%Y-%m-%d}") == (
        "2011-03-01", "2011-03-02")  # kept: not the import's day
    document = Task.get_by_id(tasks["Document +TodoTxt task format"]["id"])
    assert document.title == "Document +TodoTxt task format"  # mid-sentence: a word too
    assert document.tags == ["TodoTxt"] and f"{document.created_at:%Y}" == "2011"


def test_topydos_list_keeps_words_signs_and_pairs(cli: Any) -> None:
    out, tasks = imported(cli, DATA / "topydo.txt")
    assert "added 5 tasks" in out
    assert "kept in details: 3 fields (todo.txt id, todo.txt key, todo.txt p)" in out
    foo = tasks["Foo @Context2 Not@Context +Project1 Not+Project"]
    assert foo["tags"] == ["Context2", "Project1"]
    assert tasks["Drink beer @ home"]["tags"] == []
    assert tasks["13 + 29 = 42"]["priority"] == 3
    baz = tasks["Baz"]
    assert baz["detail"] == "todo.txt key: value\ntodo.txt id: 1"


def test_a_colon_word_is_a_pair_only_with_both_sides_and_a_known_value(cli: Any,
                                                                       tmp_path: Path) -> None:
    path = tmp_path / "todo.txt"
    path.write_text("Bug: Id/line nr\nSupport DUE:date or f:date?\nMeet at 10:30\n"
                    "Renew passport due:someday\nCall tag:a tag:b due:2026-12-05 due:2026-12-09\n"
                    "Read https://example.com/a\n", encoding="utf-8")
    out, tasks = imported(cli, path)
    assert "added 6 tasks" in out and "line 4: due:someday is not a date" in out
    assert {"Bug: Id/line nr", "Support DUE:date or f:date?", "Meet at 10:30",
            "Renew passport due:someday", "Read https://example.com/a"} <= set(tasks)
    call = tasks["Call"]
    assert call["due_at"] == "2026-12-05T10:00:00Z"  # the first due:, 18:00 in Shanghai
    assert call["detail"] == "todo.txt tag: a\ntodo.txt tag: b\ntodo.txt due: 2026-12-09"


def test_a_done_line_may_keep_its_priority_before_its_dates(cli: Any, db: Path,
                                                            tmp_path: Path) -> None:
    from models import Task

    path = tmp_path / "todo.txt"
    path.write_text("x (A) 2010-05-02 2010-04-01 Kept priority\nx 2010-05-03 (B) Later\n",
                    encoding="utf-8")
    _out, tasks = imported(cli, path)
    kept = Task.get_by_id(tasks["Kept priority"]["id"])
    assert (kept.status, kept.priority, f"{kept.updated_at:%Y-%m-%d}") == ("done", 1,
                                                                           "2010-05-02")
    assert tasks["(B) Later"]["priority"] == 3  # a priority after the date is a word


def test_due_and_threshold_stay_dates(cli: Any, db: Path) -> None:
    from app.tasks.store import when
    from models import Task

    _out, tasks = imported(cli, DATA / "todo.txt")
    call = Task.get_by_id(tasks["Call Mom"]["id"])
    assert call.all_day == ["due"] and when(call, "due") == date(2026, 12, 5)
    plants = Task.get_by_id(tasks["Water plants"]["id"])
    assert plants.all_day == ["start", "due"]
    assert (when(plants, "start"), when(plants, "due")) == (date(2026, 12, 2),
                                                            date(2026, 12, 3))


def test_a_recurring_date_rolls_to_a_date(cli: Any, db: Path) -> None:
    """Rolling forward (app.plan.recurrence) moves the stand-in; the task stays all day."""
    from app.plan.recurrence import roll_times
    from app.tasks.store import when
    from models import Task, atomic

    _out, tasks = imported(cli, DATA / "todo.txt")
    with atomic():
        rent = Task.get_by_id(tasks["Pay rent"]["id"])
        assert roll_times(rent) is not None
        rent.save()
    rent = Task.get_by_id(rent.id)
    assert rent.all_day == ["due"] and when(rent, "due") == date(2027, 1, 1)


def test_a_date_past_the_years_kept_is_skipped(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "todo.txt"
    path.write_text("Far off due:9999-12-31\nNear due:2026-12-31\n", encoding="utf-8")
    out, tasks = imported(cli, path)
    assert list(tasks) == ["Near"]
    assert "'Far off': its due time 9999-12-31 is outside the years Stepwise keeps" in out
