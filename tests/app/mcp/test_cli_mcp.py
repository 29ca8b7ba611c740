"""``stepwise mcp`` on the command line (``app.cli.mcp``)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from app.config import settings
from tests.conftest import ROOT, Result

Cli = Callable[..., Result]


def test_listed_in_help(cli: Cli) -> None:
    done = cli("--help")
    assert "mcp" in done.out and "docs/mcp.md" in done.out


def test_off_refuses_to_serve(cli: Cli, db: Path) -> None:
    settings.put("mcp.mode", "off")
    done = cli("mcp")
    assert done.code == 2 and "mcp.mode" in done.err


def test_commands_load_no_mcp() -> None:
    code = "import sys, app.cli.main; app.cli.main.build_parser(); print('mcp' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert done.stdout.strip() == "False"
