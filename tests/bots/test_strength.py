"""`mcts` at the normal level beats `random` (every game) and `greedy` (more than half).

In every registered game, whole games of the game's short variant (`Game.short_options`
and `short_scenario`: the game's own rules with a nearer goal, such as 25 victory points
instead of 100), seeded, with the bots swapping seats so that neither keeps the first
move. Every series of every game is played in one pool of worker processes, so both
cores stay busy to the last game.

The normal level is the real one, as the game sets it: 1000 iterations (Book of War's
game.toml: 500) with no time cap (a 60 s guard only), so the results depend on the seeds
alone and a slower machine takes longer but plays the same games. `benchmarks/bench_bots.py --strength N` plays the standard games in larger series.
"""

from __future__ import annotations

import os

import pytest

from boardwright.framework import PluginHost
from boardwright.framework.simulation import SeatBot, every_seating, run_many

# Games whose bots are still being brought up to strength, with the issue that will add them here.
NOT_YET: dict[str, str] = {}  # none today: every bundled game is checked
GAMES = sorted(game for game in PluginHost().games() if game not in NOT_YET)
OPPONENTS = {"random": 0.9, "greedy": 0.5}  # the share mcts must reach: at least / more than
# games per seating: against random, mcts must win both of its games (one per seating);
# against greedy, more than half of 8 (the closer contest gets the larger series). The series
# is most of the suite's processor time (about 810 CPU s on a 2.5 GHz Xeon, 265 of them
# against random with two games a seating), so the sure contest gets the smaller one.
GAMES_PER_SEATING = {"random": 1, "greedy": 4}
WORKERS = min(2, os.cpu_count() or 1)


def _configs(host, game_id, opponent):
    games = GAMES_PER_SEATING[opponent]
    return every_seating(host.engine(game_id), SeatBot("mcts"), SeatBot(opponent), games, short=True)


@pytest.fixture(scope="module")
def series(host):
    """{(game, opponent): (games mcts won, games played, unfinished games)}, all played at once."""
    keys = [(game_id, opponent) for game_id in GAMES for opponent in OPPONENTS]
    configs = {key: _configs(host, *key) for key in keys}
    summaries = iter(run_many(host, [c for key in keys for c in configs[key]], WORKERS))
    results = {}
    for key in keys:
        won = played = unfinished = 0
        for mcts_seat, _ in enumerate(configs[key]):
            summary = next(summaries)
            won += summary["wins"][str(mcts_seat)]
            played += summary["games"]
            unfinished += summary["unfinished"]
        results[key] = (won, played, unfinished)
    return results


if NOT_YET:  # a game listed here shows as skipped, with its reason

    @pytest.mark.parametrize("game_id", sorted(NOT_YET))
    def test_games_not_yet_checked_for_strength(game_id):
        pytest.skip(NOT_YET[game_id])


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("opponent", sorted(OPPONENTS))
def test_mcts_normal_beats_random_and_greedy(host, series, game_id, opponent):
    won, played, unfinished = series[(game_id, opponent)]
    assert played == host.engine(game_id).spec.players[0] * GAMES_PER_SEATING[opponent]
    assert unfinished == 0
    share = won / played
    if opponent == "random":
        assert share >= OPPONENTS[opponent], f"mcts won {won} of {played} against random"
    else:
        assert share > OPPONENTS[opponent], f"mcts won {won} of {played} against greedy"
