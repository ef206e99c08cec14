"""Registers Connect Four through the `boardwright` entry points, like any third-party game."""

from __future__ import annotations

from boardwright.framework import Game, hookimpl

from .rules import ConnectFour


@hookimpl
def boardwright_games() -> list[Game]:
    return [ConnectFour()]
