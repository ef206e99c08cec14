"""Registers Legends of Signum through the `boardwright` entry points, like any third-party game."""

from __future__ import annotations

from boardwright.framework import Game, hookimpl


@hookimpl
def boardwright_games() -> list[Game]:
    from .rules import Signum  # here, not above: a command about another game never imports it

    return [Signum()]
