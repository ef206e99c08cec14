"""Registers Bestiary of Sigillum through the `boardwright` entry points."""

from __future__ import annotations

from boardwright.framework import Game, hookimpl

from .rules import Bestiary


@hookimpl
def boardwright_games() -> list[Game]:
    return [Bestiary()]
