"""The bots' heuristic reads its weights from data/game.toml's [heuristic]: the same values as
the formula with the weights once written in the code, and a tuned table takes effect."""

from __future__ import annotations

import math
from typing import Any

import pytest

from boardwright.framework import kernel
from boardwright.plugins.book_of_war import catalog
from boardwright.plugins.book_of_war.war_track import other_side

from ..positions import random_positions

GAMES = [(2, None), (4, None), (2, "protorp")]


def _old_heuristic(state: dict[str, Any], seat: int) -> float:
    """The heuristic as it was written in rules.py, the weights as literals."""
    side = kernel.side_of(state, seat)
    vp = state["vp"]
    castles = sum(1 if owner == side else -1 for owner in state["castles"].values() if owner is not None)
    army = sum((2 if u["upgraded"] else 1) * (1 if u["side"] == side else -1) for u in state["units"].values())
    score = (vp[side] - vp[other_side(side)]) + 3 * castles + 2 * army
    return math.tanh(score / 40)


def _weighted(state: dict[str, Any], seat: int, weights: dict[str, float]) -> float:
    """The same sum with each weight taken from `weights`, each unit counted by its kind."""
    side = kernel.side_of(state, seat)
    points = state["vp"]
    castles = sum(1 if owner == side else -1 for owner in state["castles"].values() if owner is not None)
    army = 0.0
    for unit in state["units"].values():
        sign = 1 if unit["side"] == side else -1
        army += sign * weights["upgraded_unit" if unit["upgraded"] else "unit"]
    score = weights["vp"] * (points[side] - points[other_side(side)]) + weights["castle"] * castles + army
    return math.tanh(score / weights["lead_scale"])


@pytest.mark.parametrize(("players", "scenario"), GAMES)
def test_the_values_are_those_of_the_weights_once_in_the_code(host, players, scenario):
    engine = host.engine("book_of_war")
    values = []
    for seed in (3, 4):
        for state in random_positions(engine, players, seed, scenario=scenario, limit=500):
            for seat in range(players):
                value = engine.game.heuristic(state, seat)
                assert value == _old_heuristic(state, seat), f"{players} players, seed {seed}, seat {seat}"
                values.append(value)
    assert len(set(values)) >= 5, "the random games reached too few different values"


@pytest.mark.parametrize("key", ["vp", "castle", "unit", "upgraded_unit", "lead_scale"])
def test_a_tuned_weight_changes_the_value(host, monkeypatch, key):
    engine = host.engine("book_of_war")
    tuned = catalog.HEURISTIC[key] * 3
    changed = 0
    for state in random_positions(engine, 2, 5, limit=500):
        before = [engine.game.heuristic(state, seat) for seat in range(2)]
        with monkeypatch.context() as patch:
            patch.setitem(catalog.HEURISTIC, key, tuned)
            after = [engine.game.heuristic(state, seat) for seat in range(2)]
        weights = {**catalog.HEURISTIC, key: tuned}
        assert after == pytest.approx([_weighted(state, seat, weights) for seat in range(2)], abs=1e-12)
        changed += before != after
    assert changed >= 3, f"tripling {key} changed the value in only {changed} positions"
