"""The task and plan commands (``app.cli.tasks``): add, list, show, plan and step, end to end."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Result

Cli = Callable[..., Result]


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def offsite(**fields: Any) -> dict[str, Any]:
    return {"schema_version": 1, "revision": 1, "origin": "assistant", "title": "Offsite",
            "objective": "held before 2026-12-20", "steps": [
                {"id": "dates", "title": "Pick dates", "target": "user"},
                {"id": "venue", "title": "Venue", "target": None},
                {"id": "shortlist", "title": "Shortlist", "parent": "venue",
                 "depends_on": ["dates"], "target": "assistant.write",
                 "inputs": {"instructions": "three venues"}},
                {"id": "book", "title": "Book", "parent": "venue", "depends_on": ["shortlist"]},
                {"id": "invite", "title": "Invite", "depends_on": ["venue"],
                 "target": "message.post", "inputs": {"to": "team", "text": "Offsite!"}},
            ], **fields}


@pytest.fixture
def task_with_plan(cli: Cli, tmp_path: Path) -> int:
    assert cli("add", "Organise offsite").out.strip() == "1"
    assert cli("plan", "import", "1", str(write(tmp_path / "p.json", offsite()))).code == 0
    return 1


def test_add_prints_only_the_id_and_what_it_understood_on_stderr(cli: Cli) -> None:
    result = cli("add", "Renew passport", "--due", "next friday", "--priority", "2",
                 "--tag", "admin", "--start", "明天")
    today = date.today()  # the tests' zone: Asia/Shanghai
    friday = today + timedelta(days=(4 - today.weekday()) % 7 or 7)
    tomorrow = today + timedelta(days=1)
    assert result.code == 0 and result.out == "1\n"
    assert f"due: Fri {friday}, all day" in result.err
    assert f"start: {tomorrow:%a} {tomorrow}" in result.err
    task = json.loads(cli("show", "1", "--json").out)["task"]
    assert task["priority"] == 2 and task["tags"] == ["admin"]
    assert task["due_at"] == f"{friday}T10:00:00Z"  # 18:00 in Shanghai, stored in UTC
    assert task["start_at"] == f"{tomorrow}T01:00:00Z"


@pytest.mark.parametrize(("args", "message"), [
    (["add", "   "], "needs a title"),
    (["add", "x", "--due", "gibberish o'clock"], "could not understand"),
    (["add", "x", "--start", "2026-12-05", "--due", "2026-12-04"], "is after the due"),
    (["add", "x", "--recur", "every blue moon"], "RRULE"),
])
def test_add_refuses_bad_input_with_a_message(cli: Cli, args: list[str], message: str) -> None:
    result = cli(*args)
    assert result.code in (1, 2) and message in result.err and result.out == ""
    assert "no open tasks" in cli("list").out


def test_list_shows_open_tasks_sorted_by_due_and_json(cli: Cli) -> None:
    cli("add", "later", "--due", "2026-12-20")
    cli("add", "sooner", "--due", "2026-12-02")
    cli("add", "undated")
    lines = cli("list").out.splitlines()
    assert [line.split()[-1] for line in lines[1:]] == ["sooner", "later", "undated"]
    data = json.loads(cli("list", "--json").out)
    assert [t["title"] for t in data] == ["sooner", "later", "undated"]
    assert set(data[0]) >= {"id", "title", "status", "due_at", "priority", "tags"}


def test_chinese_titles_round_trip_through_the_cli(cli: Cli) -> None:
    cli("add", "每周五提醒我交周报", "--due", "下周五下午三点", "--recur", "FREQ=WEEKLY;BYDAY=FR")
    listed = cli("list").out  # the title keeps the task's words, not 每周五 nor 提醒我
    assert "交周报" in listed and "提醒我" not in listed and "每周五" not in listed
    task = json.loads(cli("show", "1", "--json").out)["task"]
    assert task["recurrence"] == "FREQ=WEEKLY;BYDAY=FR" and task["timezone"] == "Asia/Shanghai"


def test_plan_lifecycle(cli: Cli, task_with_plan: int) -> None:
    shown = json.loads(cli("show", "1", "--json").out)
    assert shown["plan_status"] == "pending" and shown["task"]["status"] == "planned"
    assert shown["plan"]["origin"] == "user"  # a person imported it

    assert cli("plan", "approve", "1").code == 0
    assert cli("step", "start", "1", "venue").code == 1  # a group is never run itself

    assert cli("step", "done", "1", "dates", "--result", "Dec 10").code == 0
    assert cli("step", "done", "1", "shortlist").code == 0
    assert cli("step", "done", "1", "book").code == 0
    assert cli("step", "done", "1", "invite").code == 0
    shown = json.loads(cli("show", "1", "--json").out)
    assert shown["plan_status"] == "completed" and shown["task"]["status"] == "done"
    assert {s["id"]: s["status"] for s in shown["plan"]["steps"]}["venue"] == "completed"
    assert "no open tasks" in cli("list").out
    assert "Organise offsite" in cli("list", "--all").out


def test_person_ticks_any_order(cli: Cli, task_with_plan: int) -> None:
    assert cli("step", "done", "1", "shortlist").code == 0  # before "dates", unapproved
    shown = json.loads(cli("show", "1", "--json").out)
    assert {s["id"]: s["status"] for s in shown["plan"]["steps"]}["shortlist"] == "completed"
    assert shown["plan_status"] == "pending"  # the assistant still waits for approval
    log = cli("agent", "log", "1").out
    assert "done before 'Pick dates'" in log


def test_done_reopen_delete_restore(cli: Cli, task_with_plan: int) -> None:
    cli("plan", "approve", "1")
    assert cli("done", "1").code == 0
    shown = json.loads(cli("show", "1", "--json").out)
    assert shown["task"]["status"] == "done" and shown["plan_status"] == "completed"
    assert cli("reopen", "1").code == 0
    shown = json.loads(cli("show", "1", "--json").out)
    assert shown["task"]["status"] == "in_progress"
    assert {s["status"] for s in shown["plan"]["steps"]} == {"pending"}
    assert "trash" in cli("delete", "1").out
    assert cli("show", "1").code != 0
    assert cli("restore", "1").code == 0
    assert json.loads(cli("show", "1", "--json").out)["task"]["title"] == "Organise offsite"
    again = cli("restore", "1")
    assert again.code != 0 and "not in the trash" in again.err


def test_approve_all(cli: Cli, task_with_plan: int, tmp_path: Path) -> None:
    assert cli("add", "Second").out.strip() == "2"
    cli("plan", "import", "2", str(write(tmp_path / "q.json", offsite())))
    assert cli("plan", "approve", "--all").out.strip() == "approved 2 plans"
    assert cli("plan", "approve", "--all").out.strip() == "no plan waits for approval"
    assert cli("plan", "approve").code == 1  # neither an id nor --all


def test_a_failed_step_pauses_the_plan_and_resume_retries_it(cli: Cli, task_with_plan: int
                                                              ) -> None:
    cli("plan", "approve", "1")
    assert cli("step", "fail", "1", "dates").code == 1  # a reason is required
    assert cli("step", "fail", "1", "dates", "--error", "nobody answers").code == 0
    shown = json.loads(cli("show", "1", "--json").out)
    assert shown["plan_status"] == "paused"
    assert "nobody answers" in shown["task"]["problem"]
    assert cli("plan", "resume", "1").code == 0
    shown = json.loads(cli("show", "1", "--json").out)
    step = shown["plan"]["steps"][0]
    assert shown["plan_status"] == "in_progress" and step["status"] == "pending"
    assert shown["task"]["problem"] is None


def test_an_edit_that_fixes_the_failed_step_resumes_the_plan(cli: Cli, task_with_plan: int,
                                                             tmp_path: Path) -> None:
    cli("plan", "approve", "1")
    cli("step", "fail", "1", "dates", "--error", "no dates")
    exported = json.loads(cli("plan", "export", "1").out)
    exported["steps"][0].update(status="skipped", error=None)
    result = cli("plan", "import", "1", str(write(tmp_path / "fix.json", exported)))
    assert result.code == 0, result.err
    shown = json.loads(cli("show", "1", "--json").out)
    assert shown["plan_status"] == "in_progress" and shown["plan"]["revision"] == 2
    assert [r["status"] for r in shown["revisions"]] == ["superseded", "in_progress"]


def test_a_stale_edit_is_refused(cli: Cli, task_with_plan: int, tmp_path: Path) -> None:
    first = json.loads(cli("plan", "export", "1").out)
    second = dict(first, title="Edited once")
    assert cli("plan", "import", "1", str(write(tmp_path / "a.json", second))).code == 0
    stale = cli("plan", "import", "1", str(write(tmp_path / "b.json", dict(first, title="x"))))
    assert stale.code == 1 and "revision 2" in stale.err and "revision 1" in stale.err
    assert json.loads(cli("plan", "export", "1").out)["title"] == "Edited once"


def test_an_aborted_plan_is_never_overwritten(cli: Cli, task_with_plan: int,
                                              tmp_path: Path) -> None:
    cli("plan", "approve", "1")
    cli("step", "done", "1", "dates")
    assert cli("plan", "abort", "1").code == 0
    aborted = json.loads(cli("plan", "export", "1").out)
    assert [s["status"] for s in aborted["steps"]] == [
        "completed", "skipped", "skipped", "skipped", "skipped"]
    assert cli("plan", "approve", "1").code == 1  # no active plan any more
    fresh = dict(offsite(), revision=1)
    assert cli("plan", "import", "1", str(write(tmp_path / "n.json", fresh))).code == 0
    shown = json.loads(cli("show", "1", "--json").out)
    assert [(r["revision"], r["status"]) for r in shown["revisions"]] == [
        (1, "aborted"), (2, "pending")]


def test_illegal_step_moves_name_the_rule(cli: Cli, task_with_plan: int) -> None:
    cli("plan", "approve", "1")
    cli("step", "done", "1", "dates")
    result = cli("step", "start", "1", "dates")
    assert result.code == 1 and "cannot go from completed" in result.err
    retry = cli("step", "retry", "1", "dates")
    assert retry.code == 1 and "only a failed step is retried" in retry.err
    assert cli("step", "start", "1", "nope").code == 1
    assert cli("step", "start", "99", "dates").code == 1


def test_plan_validate_lists_every_problem(cli: Cli, tmp_path: Path) -> None:
    bad = offsite()
    bad["steps"][0]["target"] = "shell"
    bad["steps"][4]["depends_on"] = ["ghost"]
    result = cli("plan", "validate", str(write(tmp_path / "bad.json", bad)))
    assert result.code == 1
    lines = result.err.splitlines()
    assert any(line.startswith("error: unknown_target: ") for line in lines)
    assert any(line.startswith("error: missing_dependency: ") for line in lines)
    assert cli("plan", "validate", str(write(tmp_path / "ok.json", offsite()))).code == 0


@pytest.mark.parametrize(("content", "message"), [
    (None, "does not exist"), ("", "is empty"), ("{\"steps\": [", "not valid JSON")])
def test_plan_files_that_are_not_json_exit_2(cli: Cli, tmp_path: Path, content: str | None,
                                             message: str) -> None:
    path = tmp_path / "plan.json"
    if content is not None:
        path.write_text(content)
    result = cli("plan", "validate", str(path))
    assert result.code == 2 and message in result.err


def test_export_as_write_todos(cli: Cli, task_with_plan: int) -> None:
    todos = json.loads(cli("plan", "export", "1", "--format", "todos").out)
    assert todos["todos"][0] == {"content": "Pick dates", "status": "pending"}
    assert len(todos["todos"]) == 5




def test_defect_12_a_plan_file_with_a_lone_surrogate_is_refused(cli: Cli, tmp_path: Path
                                                                ) -> None:
    cli("add", "x")
    path = tmp_path / "p.json"
    path.write_text('{"schema_version": 1, "steps": [{"id": "a", "title": "\\ud800"}]}',
                    encoding="utf-8")
    for args in (["plan", "validate", str(path)], ["plan", "import", "1", str(path)]):
        result = cli(*args)
        assert result.code == 2 and "steps[0].title" in result.err and "surrogate" in result.err
    assert json.loads(cli("show", "1", "--json").out)["plan"] is None


def test_defect_18_terminal_escapes_and_newlines_in_titles_are_shown_escaped(cli: Cli) -> None:
    cli("add", "clear\x1b[2J")
    cli("add", "real\n    9  3  new                          forged row")
    listing = cli("list").out
    assert "\x1b" not in listing and "clear\\e[2J" in listing
    assert len(listing.splitlines()) == 3 and "real\\n" in listing
    detail = cli("show", "1").out
    assert "\x1b" not in detail and "clear\\e[2J" in detail
    assert json.loads(cli("show", "1", "--json").out)["task"]["title"] == "clear\x1b[2J"
    assert "\x1b" not in cli("agent", "log", "1").out


def test_defect_18_what_add_and_next_understood_is_shown_escaped(cli: Cli) -> None:
    added = cli("add", "tomorrow \x1b[2Jcall #home")
    assert added.code == 0 and "\x1b" not in added.err and "\\e[2J" in added.err
    nxt = cli("next")
    assert nxt.code == 0 and "\x1b" not in nxt.out


def test_add_and_edit_name_times(cli: Cli) -> None:
    cli("add", "Gym at 7am Thursday")
    cli("add", "Report", "--due", "friday")
    task = lambda n: json.loads(cli("show", str(n), "--json").out)["task"]  # noqa: E731
    assert task(1)["named"] == ["due"] and task(2)["named"] == []
    cli("edit", "2", "--due", "friday 3pm")
    assert task(2)["named"] == ["due"]
    cli("edit", "2", "--due", "monday")
    assert task(2)["named"] == []
