"""The bots' heuristic reads its weights from data/game.toml's [heuristic]: the same values as
the formula with the weights once written in the code, and a tuned table takes effect."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.framework import kernel
from boardwright.plugins.bestiary import catalogue
from boardwright.plugins.bestiary.catalogue import CREATURES
from boardwright.plugins.bestiary.creatures import board_of, is_protorp
from boardwright.plugins.bestiary.seats import other_side
from boardwright.plugins.bestiary.siege import captured_towers

from ..positions import random_positions

MODES = [("duel", 2), ("crossroads_teams", 4), ("protorp_duel", 2), ("protorp_ffa", 4)]


def _old_heuristic(
    state: dict[str, Any],
    seat: int,
    castle_weight: float = 0.7,
    towers_weight: float = 0.15,
    life_weight: float = 0.15,
    protorp_castle: float = 0.05,
) -> float:
    """The heuristic as it was written in rules.py, the weights as literals (the defaults)."""
    if is_protorp(state):
        points = state["victory_points"]
        owners = state["castle_owners"]
        others = [v for s, v in enumerate(points) if s != seat and not kernel.is_out(state, s)] or [0]
        held = owners.count(seat) - max(owners.count(s) for s in range(len(points)) if s != seat)
        value = (points[seat] - max(others)) / state["settings"]["vp_goal"] + protorp_castle * held
        return max(-1.0, min(1.0, value))
    side = kernel.side_of(state, seat)
    enemy = other_side(state, side)
    damage = state["castle_damage"]
    castle = (damage[enemy] - damage[side]) / state["settings"]["durability"]
    towers = len(captured_towers(state, side)) - len(captured_towers(state, enemy))
    life = [0] * len(damage)
    for creature in state["creatures"]:
        if creature["hex"] >= 0:
            life[creature["side"]] += CREATURES[creature["id"]]["life"] - creature["damage"]
    life_term = (life[side] - life[enemy]) / max(1, life[side] + life[enemy])
    value = (
        castle_weight * castle + towers_weight * towers / max(1, len(board_of(state).towers)) + life_weight * life_term
    )
    return max(-1.0, min(1.0, value))


@pytest.mark.parametrize(("mode", "players"), MODES)
def test_the_values_are_those_of_the_weights_once_in_the_code(host, mode, players):
    engine = host.engine("bestiary")
    values = []
    for seed in (3, 4):
        for state in random_positions(engine, players, seed, {"mode": mode}):
            for seat in range(players):
                value = engine.game.heuristic(state, seat)
                assert value == _old_heuristic(state, seat), f"{mode} seed {seed}, seat {seat}"
                values.append(value)
    assert len(set(values)) >= 5, f"{mode}: the random games reached too few different values"


@pytest.mark.parametrize(
    ("mode", "players", "key", "argument"),
    [
        ("duel", 2, "castle", "castle_weight"),
        ("duel", 2, "life", "life_weight"),
        ("protorp_ffa", 4, "protorp_castle", "protorp_castle"),
    ],
)
def test_a_tuned_weight_changes_the_value(host, monkeypatch, mode, players, key, argument):
    engine = host.engine("bestiary")
    tuned = catalogue.HEURISTIC[key] * 3
    changed = 0
    for state in random_positions(engine, players, 5, {"mode": mode}):
        before = [engine.game.heuristic(state, seat) for seat in range(players)]
        with monkeypatch.context() as patch:
            patch.setitem(catalogue.HEURISTIC, key, tuned)
            after = [engine.game.heuristic(state, seat) for seat in range(players)]
        assert after == [_old_heuristic(state, seat, **{argument: tuned}) for seat in range(players)]
        changed += before != after
    assert changed >= 3, f"tripling {key} changed the value in only {changed} positions"
