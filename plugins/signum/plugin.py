"""Registers Legends of Signum through the `boardwright` entry points, like any third-party game."""

from __future__ import annotations

from boardwright.framework import Game, hookimpl

from .rules import Signum


@hookimpl
def boardwright_games() -> list[Game]:
    return [Signum()]
