"""`greedy`: looks one action ahead and takes the one the game's heuristic likes best.

Each legal action is applied to a copy of one sampled state (see `evaluation`); a win
beats everything, a loss is avoided, and the heuristic ranks the rest. Ties, and games
without a heuristic, are broken at random. A turn of several actions is judged one
action at a time.

The sampled state is written once per decision and each copy is read back from that
snapshot (`evaluation.copier`): the same copies as `kernel.clone` makes, at a third of
its price.
"""

from __future__ import annotations

import random
from typing import Any

from boardwright.framework import kernel
from boardwright.framework.bots import Turn
from boardwright.framework.engine import Engine

from .evaluation import copier, sample_state, terminal_values


class GreedyBot:
    def __init__(self, engine: Engine, seat: int, seed: int) -> None:
        self.engine = engine
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, turn: Turn) -> dict[str, Any]:
        legal = turn.legal
        if len(legal) == 1:
            return legal[0]
        engine = self.engine
        apply = engine.apply_unchecked
        heuristic = engine.game.heuristic
        seat = turn.seat
        sampled = sample_state(turn, self.rng.getrandbits(63))
        seats = kernel.seats(sampled)
        copy = copier(sampled)
        best: list[dict[str, Any]] = []
        best_value = -1.0
        for action in legal:
            after = copy()
            apply(after, action)
            if kernel.is_over(after):
                value = terminal_values(after, seats)[seat] * 2 - 0.5  # a win above, a loss below any heuristic
            else:
                # as evaluation.heuristic_value, inlined: this loop is most of a greedy balance run
                h = heuristic(after, seat)
                value = 0.5 if h is None else 0.5 + 0.5 * max(-1.0, min(1.0, float(h)))
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[self.rng.randrange(len(best))]


def make_greedy(engine: Engine, seat: int, seed: int, level: str = "normal") -> GreedyBot:
    return GreedyBot(engine, seat, seed)
