"""The random playout every game benchmark times: legal actions and unchecked applies only."""

from __future__ import annotations

import random
from typing import Any

from boardwright.framework import Engine


def random_playout(
    engine: Engine,
    players: int | None,
    seed: int,
    options: dict[str, Any] | None = None,
    scenario: str | None = None,
) -> tuple[int, dict[str, Any] | None]:
    """Play one seeded random game; returns (actions, outcome)."""
    state = engine.new_game(players, options=options, seed=seed, scenario=scenario)
    pick = random.Random(seed)
    actions = 0
    while not engine.is_over(state):
        legal = engine.legal_actions(state)
        engine.apply_unchecked(state, legal[pick.randrange(len(legal))])
        actions += 1
    return actions, engine.outcome(state)
