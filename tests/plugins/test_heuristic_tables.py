"""Every bundled game names the table its heuristic reads (`Game.heuristic_table`), so its
weights can be tuned and fitted (`bots/tuning.py`) without knowing the game's modules."""

from __future__ import annotations

import pytest

from boardwright.framework import PluginHost, kernel

from .positions import random_positions

GAMES = sorted(PluginHost().games())


@pytest.mark.parametrize("game_id", GAMES)
def test_the_heuristic_reads_the_table_the_game_names(host, game_id):
    engine = host.engine(game_id)
    game = engine.game
    table = game.heuristic_table
    assert table, f"{game_id} names no heuristic table"
    states = [kernel.clone(s) for s in random_positions(engine, engine.spec.players[0], 1, limit=120)][::4]
    seats = kernel.seats(states[0])
    before = [[game.heuristic(s, seat) for seat in range(seats)] for s in states]
    own = dict(table)
    moved = []
    try:
        for key, value in own.items():
            if type(value) not in (int, float):
                continue
            table[key] = value * 3 + 1
            if [[game.heuristic(s, seat) for seat in range(seats)] for s in states] != before:
                moved.append(key)
            table[key] = value
    finally:
        table.clear()
        table.update(own)
    assert moved, f"{game_id}: no weight of its heuristic table changes the heuristic"
