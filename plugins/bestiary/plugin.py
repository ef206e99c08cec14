"""Registers Bestiary of Sigillum through the `boardwright` entry points."""

from __future__ import annotations

from boardwright.framework import Game, hookimpl


@hookimpl
def boardwright_games() -> list[Game]:
    from .rules import Bestiary  # here, not above: a command about another game never imports it

    return [Bestiary()]
