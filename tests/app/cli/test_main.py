"""The program's entry (``app.cli.main``): ``python -m app``, the version, argv and
output encoding."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tests.conftest import Result

Cli = Callable[..., Result]


def test_python_dash_m_app_and_the_version(run_process: Callable[..., Any]) -> None:
    done = run_process("--version")
    assert done.returncode == 0 and done.stdout.startswith("stepwise ")
    added = run_process("add", "from a process", "--due", "后天")
    assert added.returncode == 0 and added.stdout.strip().isdigit()


def test_defect_12_undecodable_argv_is_refused(cli: Cli) -> None:
    title = b"\xff\xfe".decode("utf-8", "surrogateescape")  # what Python makes of $'\xff\xfe'
    result = cli("add", title)
    assert result.code == 2 and "not valid text" in result.err
    assert cli("list").out.startswith("no open tasks")


def test_defect_12_output_in_an_ascii_locale_does_not_crash(
        run_process: Callable[..., Any]) -> None:
    assert run_process("add", "文件 ✓").returncode == 0
    for args in (["list"], ["show", "1"], ["list", "--json"]):
        done = run_process(*args, PYTHONIOENCODING="ascii", LC_ALL="C")
        assert done.returncode == 0, done.stderr
        assert "\\u6587" in done.stdout
    data = json.loads(run_process("list", "--json", PYTHONIOENCODING="ascii").stdout)
    assert data[0]["title"] == "文件 ✓"
