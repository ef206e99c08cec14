"""`random`: uniform over the legal actions, from its own seeded generator."""

from __future__ import annotations

import random
from typing import Any

from boardwright.framework.bots import Turn
from boardwright.framework.engine import Engine


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, turn: Turn) -> dict[str, Any]:
        legal = turn.legal
        return legal[self.rng.randrange(len(legal))]


def make_random(engine: Engine, seat: int, seed: int, level: str = "normal") -> RandomBot:
    return RandomBot(seed)
