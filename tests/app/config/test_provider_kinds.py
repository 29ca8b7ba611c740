"""Provider kinds are declared once (``app.config.provider_kinds``): the CLI's choices, the
setting's choices and the factories of ``app.llm`` are exactly that registry."""

from __future__ import annotations

import argparse

import pytest

from app.cli.main import build_parser
from app.config import settings
from app.config.provider_kinds import DESCRIPTIONS, SERVER_KINDS, ProviderKind
from app.llm import PROVIDERS

REGISTRY = [str(kind) for kind in ProviderKind]


def _subparser(parser: argparse.ArgumentParser, *names: str) -> argparse.ArgumentParser:
    for name in names:
        action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = action.choices[name]
    return parser


def _choices(parser: argparse.ArgumentParser, option: str) -> list[str]:
    action = next(a for a in parser._actions if option in a.option_strings)
    return [str(choice) for choice in action.choices or ()]


def test_cli_provider_choices_are_the_registry() -> None:
    parser = build_parser()
    assert _choices(_subparser(parser, "agent", "run"), "--provider") == REGISTRY
    assert _choices(_subparser(parser, "agent", "test"), "--provider") == REGISTRY


def test_the_setting_and_the_factories_are_the_registry() -> None:
    declared = settings.SETTINGS["assistant.provider"]
    assert [value for value, _ in declared.choices] == REGISTRY
    assert declared.default == ProviderKind.OFFLINE
    assert [str(kind) for kind in PROVIDERS] == REGISTRY
    assert list(DESCRIPTIONS) == list(ProviderKind)
    assert SERVER_KINDS == set(ProviderKind) - {ProviderKind.OFFLINE}


def test_a_kind_outside_the_registry_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(["agent", "run", "--provider", "gpt"])
    assert stopped.value.code == 2
    assert "invalid choice: 'gpt'" in capsys.readouterr().err
