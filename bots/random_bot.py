"""`random`: uniform over the legal actions, from its own seeded generator.

Balance runs of random bots spend much of their time choosing, so the bot draws from a
64-bit linear congruential generator (Knuth's MMIX constants) kept in one int: seeding
it is free, where `random.Random(seed)` fills 624 words for each bot of each game, and a
draw is one multiplication. The high 32 bits, which are the well-mixed ones, pick the
action by multiply-and-shift. The same seed gives the same choices on every machine.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework.bots import Turn
from boardwright.framework.engine import Engine

_MASK64 = (1 << 64) - 1
_MULTIPLIER = 6364136223846793005
_INCREMENT = 1442695040888963407


class RandomBot:
    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK64

    def choose(self, turn: Turn) -> dict[str, Any]:
        return turn.legal[self.pick(turn.legal)]

    def pick(self, legal: list[dict[str, Any]]) -> int:
        """The index of the next choice (framework/bots.py `Picker`): balance runs ask this."""
        state = self._state = (self._state * _MULTIPLIER + _INCREMENT) & _MASK64
        return ((state >> 32) * len(legal)) >> 32


def make_random(engine: Engine, seat: int, seed: int, level: str = "normal") -> RandomBot:
    return RandomBot(seed)
