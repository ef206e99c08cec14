"""`mcts` at the normal level beats `random` (at least 90%) and `greedy` (more than half).

Seeded series with the bots swapping seats, so neither side keeps the first move.

Long games (random playouts over 50 actions: hundreds of decisions of up to 0.9 s
each) are played short here, 4 rounds with the game's own `cap_winners` naming the
leader, and only with ``BOARDWRIGHT_SLOW_TESTS=1`` (about 8 minutes on 2 cores);
`benchmarks/bench_bots.py` plays whole games of them in larger series. Short games
(Connect Four) run in every suite.
"""

from __future__ import annotations

import os

import pytest

from boardwright.framework import PluginHost
from boardwright.framework.simulation import Config, SeatBot, run

GAMES = sorted(PluginHost().games())
SHORT_ROUNDS = 4
# a game whose random playouts run longer than this (in actions) is a long game
LONG_GAME_ACTIONS = 50
# games per seating: (against random, against greedy)
SERIES_WHOLE_GAMES = (10, 10)
SERIES_SHORT_GAMES = (1, 2)


def _mcts_share(host, game_id, opponent, games, options):
    """The share of games won by one `mcts` seat against `opponent` in every other seat."""
    engine = host.engine(game_id)
    players = engine.spec.players[0]
    won = played = 0
    for mcts_seat in range(players):
        bots = [SeatBot("mcts") if seat == mcts_seat else SeatBot(opponent) for seat in range(players)]
        summary = run(host, Config(game_id, players, bots, games=games, seed=100 + mcts_seat, options=options))
        assert summary["unfinished"] == 0
        won += summary["wins"][str(mcts_seat)]
        played += summary["games"]
    return won / played


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(("opponent", "required"), [("random", 0.9), ("greedy", 0.5)])
def test_mcts_normal_beats_random_and_greedy(host, game_id, opponent, required):
    engine = host.engine(game_id)
    players = engine.spec.players[0]
    length = run(host, Config(game_id, players, [SeatBot("random")] * players, games=2, seed=1))["mean_actions"]
    long_game = length > LONG_GAME_ACTIONS
    if long_game and not os.environ.get("BOARDWRIGHT_SLOW_TESTS"):
        pytest.skip(f"{game_id}: long bot games; set BOARDWRIGHT_SLOW_TESTS=1 or run benchmarks/bench_bots.py")
    options = {"round_cap": SHORT_ROUNDS} if long_game else {}
    series = SERIES_SHORT_GAMES if long_game else SERIES_WHOLE_GAMES
    games = series[0] if opponent == "random" else series[1]
    share = _mcts_share(host, game_id, opponent, games, options)
    if opponent == "random":
        assert share >= required, f"mcts won {share:.0%} against random"
    else:
        assert share > required, f"mcts won {share:.0%} against greedy"
