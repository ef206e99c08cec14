"""Positions of seeded random games (and of greedy bots' games), for the plugin tests that judge a rule or a heuristic in
many states. A state is yielded before the next action is played on it (use it at once)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from boardwright.framework import kernel


def random_positions(
    engine: Any,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    scenario: str | None = None,
    limit: int = 600,
    last: bool = False,
) -> Iterator[dict[str, Any]]:
    """Every position of one seeded random game of at most `limit` actions; `last`: the
    finished position too."""
    state = engine.new_game(players, options or {}, seed, scenario)
    rng = random.Random(seed)
    for _ in range(limit):
        if kernel.is_over(state):
            if last:
                yield state
            return
        yield state
        legal = engine.legal_actions(state)
        engine.apply_unchecked(state, legal[rng.randrange(len(legal))])
    if last:
        yield state


def greedy_positions(
    engine: Any,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    scenario: str | None = None,
    limit: int = 600,
) -> Iterator[dict[str, Any]]:
    """Every position of one game of `greedy` bots (seeded), at most `limit` actions: bots
    reach positions random play seldom does (melee tokens on castles, marches onto them)."""
    from boardwright.framework import PluginHost
    from boardwright.framework.bots import Turn

    kind = PluginHost().bots()["greedy"]
    state = engine.new_game(players, options or {}, seed, scenario)
    bots = [kind.make(engine, seat, seed + seat, "normal") for seat in range(players)]
    for _ in range(limit):
        if kernel.is_over(state):
            return
        yield state
        seat = kernel.to_move(state)
        engine.apply_unchecked(state, bots[seat].choose(Turn(engine, state, seat, engine.legal_actions(state))))
