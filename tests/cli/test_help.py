"""Every command's help reads: `boardwright --help` and `boardwright COMMAND --help` print
their text and exit 0 (a stray "%" in one help line once made the whole --help fail)."""

from __future__ import annotations

import argparse

import pytest

from boardwright.cli.main import build_parser


def _commands() -> list[str]:
    parser = build_parser()
    found = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return sorted(found[0].choices) if found else []


def test_the_main_help_prints(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "play" in out and "simulate" in out


@pytest.mark.parametrize("command", _commands())
def test_each_command_s_help_prints(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args([command, "--help"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip()
