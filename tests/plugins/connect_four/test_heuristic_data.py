"""The bots' heuristic reads its weights from data/game.toml's [heuristic]: the same values as
the formula with the weights once written in the code, and a tuned table takes effect."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.plugins.connect_four import rules

from ..positions import random_positions


def _old_heuristic(state: dict[str, Any], seat: int) -> float:
    """The heuristic as it was written in rules.py: lines of three, own less the rival's, over 8."""
    rows = state["rows"]
    mine, theirs = state["bits"][seat], state["bits"][1 - seat]
    score = 0
    for shift in (1, rows + 1, rows + 2, rows):
        score += bin(mine & (mine >> shift) & (mine >> 2 * shift)).count("1")
        score -= bin(theirs & (theirs >> shift) & (theirs >> 2 * shift)).count("1")
    return max(-1.0, min(1.0, score / 8))


def _threes(bits: int, columns: int, rows: int) -> int:
    """Three stones in a row, counted cell by cell on the board (not through the bitboard)."""
    stone = {(c, r) for c in range(columns) for r in range(rows) if bits >> (c * (rows + 1) + r) & 1}
    steps = ((0, 1), (1, 0), (1, 1), (1, -1))
    return sum(all((c + i * dc, r + i * dr) in stone for i in range(3)) for c, r in stone for dc, dr in steps)


@pytest.mark.parametrize("options", [{}, {"columns": 9, "rows": 7, "connect": 5}])
def test_the_values_are_those_of_the_weights_once_in_the_code(host, options):
    engine = host.engine("connect_four")
    values = []
    for seed in range(6):
        for state in random_positions(engine, 2, seed, options):
            for seat in range(2):
                value = engine.game.heuristic(state, seat)
                assert value == _old_heuristic(state, seat), f"seed {seed}, seat {seat}"
                values.append(value)
    assert len(set(values)) >= 5, "the random games reached too few different values"


@pytest.mark.parametrize("key", ["own_three", "rival_three", "lead_scale"])
def test_a_tuned_weight_changes_the_value(host, monkeypatch, key):
    engine = host.engine("connect_four")
    tuned = rules.HEURISTIC[key] * 3
    weights = {**rules.HEURISTIC, key: tuned}
    changed = 0
    for state in random_positions(engine, 2, 7, {"columns": 9, "rows": 7, "connect": 5}):
        before = [engine.game.heuristic(state, seat) for seat in range(2)]
        with monkeypatch.context() as patch:
            patch.setitem(rules.HEURISTIC, key, tuned)
            after = [engine.game.heuristic(state, seat) for seat in range(2)]
        size = len(state["columns"]), state["rows"]
        for seat in range(2):
            own, rival = _threes(state["bits"][seat], *size), _threes(state["bits"][1 - seat], *size)
            score = weights["own_three"] * own - weights["rival_three"] * rival
            assert after[seat] == max(-1.0, min(1.0, score / weights["lead_scale"]))
        changed += before != after
    assert changed >= 3, f"tripling {key} changed the value in only {changed} positions"
