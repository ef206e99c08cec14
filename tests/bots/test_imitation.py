"""Fitting the heuristic's weights to a player's choices (bots/imitation.py, `learn --imitate`)
and the terms the bundled games' heuristics count for it."""

from __future__ import annotations

import json

import pytest

from boardwright.bots import imitation
from boardwright.bots.greedy import GreedyBot
from boardwright.cli.main import main
from boardwright.framework import kernel, replay
from boardwright.framework.bots import Turn
from boardwright.framework.replay import Record

# a player who counts nothing but its stones in the centre column, against the rival's
CENTRE_ONLY = {"own_three": 0.0, "rival_three": 0.0, "own_threat": 0.0, "rival_threat": 0.0, "centre": 1.0}


def _drops(engine, columns):
    state = engine.new_game(2, {}, 1)
    for column in columns:
        engine.apply(state, {"type": "drop", "column": column})
    return state


def _game_of(engine, table, seed):
    """A Connect Four game of two greedy players who judge by `table`."""
    state = engine.new_game(2, {}, seed)
    bots = [GreedyBot(engine, seat, seed * 10 + seat, table) for seat in (0, 1)]
    record = Record(game="connect_four", game_version=engine.spec.version, players=2, options={}, seed=seed)
    while not kernel.is_over(state):
        seat = kernel.to_move(state)
        action = bots[seat].choose(Turn(engine, state, seat, engine.legal_actions(state)))
        record.actions.append(action)
        engine.apply(state, action)
    return record


def test_a_table_fitted_to_a_players_choices_ranks_them_first_more_often(host):
    engine = host.engine("connect_four")
    game = engine.game
    teacher = {**game.heuristic_table, **CENTRE_ONLY}
    found = imitation.decisions(engine, [_game_of(engine, teacher, seed) for seed in range(1, 7)])
    start = dict(game.heuristic_table)
    fitted, sharpness, history = imitation.fit_choices(engine, found, start, rounds=4)
    assert history[-1] < history[0]
    before = imitation.choice_loss(engine, found, start, sharpness)
    after = imitation.choice_loss(engine, found, fitted, sharpness)
    assert after[0] < before[0] and after[1] > before[1]
    assert fitted["centre"] > 0 and game.heuristic_table["centre"] == 0  # the game's own table is left as it was


def test_a_decision_keeps_the_chosen_action_and_a_win_as_a_won_value(host):
    engine = host.engine("connect_four")
    state = _drops(engine, [0, 6, 1, 6, 2, 6])  # seat 0 to move: column 3 wins
    record = Record(game="connect_four", game_version=engine.spec.version, players=2, options={}, seed=1)
    record.actions = [{"type": "drop", "column": c} for c in [0, 6, 1, 6, 2, 6, 3]]
    last = imitation.decisions(engine, [record])[-1]
    assert last.seat == 0 and last.chosen == 3 and last.afters[3] == 1.5
    assert engine.legal_actions(state)[last.chosen] == {"type": "drop", "column": 3}


def test_learn_imitate_fits_saved_games_and_says_how_often_it_ranks_their_choices_first(capsys, host, tmp_path):
    engine = host.engine("connect_four")
    teacher = {**engine.game.heuristic_table, **CENTRE_ONLY}
    for seed in range(1, 7):
        replay.save(tmp_path / f"game-{seed}.bwr", _game_of(engine, teacher, seed))
    out_file = tmp_path / "fitted.json"
    code = main(
        [
            "learn",
            "connect_four",
            "--imitate",
            "--replays",
            str(tmp_path),
            "--rounds",
            "2",
            "--every",
            "1",
            "--out",
            str(out_file),
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "choices ranked first, other games:" in out and f"written: {out_file}" in out
    data = json.loads(out_file.read_text())
    assert data["fitted_on"]["fitted_to"] == "choices" and data["fitted_on"]["games"] == 6
    assert data["weights"]["centre"] > 0


def test_learn_replays_needs_saved_games(capsys, tmp_path):
    code = main(["learn", "connect_four", "--imitate", "--replays", str(tmp_path)])
    _out, err = capsys.readouterr()
    assert code == 2 and "at least two saved games" in err and err.count("\n") == 1


def test_connect_fours_heuristic_counts_holes_by_the_row_their_maker_fills_last_and_the_centre(host):
    engine = host.engine("connect_four")
    game = engine.game
    table = {
        **game.heuristic_table,
        "own_three": 0,
        "rival_three": 0,
        "own_threat": 0,
        "rival_threat": 0,
        "lead_scale": 10,
    }
    bottom = _drops(engine, [0, 6, 1, 6, 2])  # seat 0's hole at column 3 on the bottom row, an odd row: its own
    assert game.heuristic(bottom, 0, weights={**table, "parity_threat": 1}) == pytest.approx(0.1)
    assert game.heuristic(bottom, 1, weights={**table, "parity_threat": 1}) == pytest.approx(-0.1)
    second = _drops(engine, [6, 0, 6, 1, 5, 2])  # seat 1's three on the bottom row: a hole on an odd row, not its own
    assert game.heuristic(second, 1, weights={**table, "parity_threat": 1}) == 0.0
    centre = _drops(engine, [3, 0, 3])
    assert game.heuristic(centre, 0, weights={**table, "centre": 1}) == pytest.approx(0.2)
    assert game.heuristic(centre, 0, weights=table) == 0.0
