"""Registers the bundled bot kinds."""

from __future__ import annotations

from boardwright.framework.bots import BotKind
from boardwright.framework.hooks import hookimpl

from .random_bot import make_random


@hookimpl
def boardwright_bots() -> list[BotKind]:
    return [BotKind("random", "Random", "Случайный", make_random)]
