"""Fixtures the core's tests share beyond one package."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.conftest import Result

Cli = Callable[..., Result]


@pytest.fixture
def full(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> Cli:
    """The command line with the lean ``list``/``show`` turned off (``app.cli.lean``): what
    the full path prints, for the lean one to match byte for byte."""
    from app.cli import lean

    def run(*args: str) -> Result:
        with monkeypatch.context() as patch:
            patch.setattr(lean, "read_request", lambda argv: None)
            return cli(*args)

    return run
