"""Fitting heuristic weights to the outcomes of recorded games (`bots/tuning.py`)."""

from __future__ import annotations

import math

import pytest

from boardwright.bots import tuning
from boardwright.framework import kernel
from boardwright.framework.engine import Engine
from boardwright.framework.simulation import Config, SeatBot, run_many

from .test_bots import Nested


def _records(host, game_id, games, bots=("greedy", "greedy"), seed=3, short=False):
    engine = host.engine(game_id)
    game = engine.game
    config = Config(
        game_id,
        2,
        [SeatBot(b) for b in bots],
        games=games,
        seed=seed,
        scenario=game.short_scenario if short else None,
        options=dict(game.short_options) if short else {},
        keep_records=True,
    )
    records = []
    run_many(host, [config], 1, on_game=lambda result, record: records.append(record))
    return engine, records


def test_positions_are_every_running_position_of_each_game_with_its_seats_results(host):
    engine, records = _records(host, "connect_four", 6, bots=("random", "random"))
    found = tuning.positions(engine, records)
    assert len(found) == sum(len(r.actions) for r in records)  # each position before the last action
    assert all(not kernel.is_over(state) for state, _ in found)
    first = 0
    for record in records:
        winners = record.outcome["winners"]
        results = found[first][1]
        assert results == ([0.5, 0.5] if not winners else [1.0 if s in winners else 0.0 for s in range(2)])
        assert found[first][0]["columns"] == engine.new_game(2, record.options, record.seed)["columns"]
        first += len(record.actions)
    assert len(tuning.positions(engine, records, every=3)) == sum((len(r.actions) + 2) // 3 for r in records)


def test_the_log_loss_of_a_heuristic_that_says_nothing_is_that_of_a_coin(host):
    engine = Engine(Nested())
    state = engine.new_game(2)
    assert tuning.log_loss(engine, [(state, [1.0, 0.0])]) == pytest.approx(math.log(2))


def test_a_fit_lowers_the_loss_on_its_games_and_leaves_the_games_table_as_it_was(host):
    engine, records = _records(host, "book_of_war", 12, short=True)
    found = tuning.positions(engine, records, every=2)
    table = engine.game.heuristic_table
    own = dict(table)
    fitted, history = tuning.fit(engine, found, rounds=3)
    assert table == own  # restored
    assert set(fitted) == set(own)
    assert history[0] == pytest.approx(tuning.log_loss(engine, found))
    assert history == sorted(history, reverse=True) and history[-1] < history[0]
    table.update(fitted)
    try:
        assert tuning.log_loss(engine, found) == pytest.approx(history[-1])
    finally:
        table.clear()
        table.update(own)


def test_a_game_without_a_heuristic_table_cannot_be_fitted():
    engine = Engine(Nested())
    with pytest.raises(ValueError, match="no heuristic table"):
        tuning.fit(engine, [(engine.new_game(2), [1.0, 0.0])])


def test_only_numbers_are_weights():
    assert tuning.weights({"a": 1, "b": 2.5, "c": True, "d": "x", "e": [1]}) == ["a", "b"]


def test_the_fitting_script_fits_reports_and_plays_the_fitted_table(tmp_path):
    """`benchmarks/fit_heuristic.py` as a modder runs it, on a small Connect Four series."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "fit_heuristic.py"
    command = [sys.executable, str(script), "connect_four", "--games", "40", "--rounds", "2", "--workers", "1"]
    out = subprocess.run(
        [*command, "--versus", "1", "--level", "easy"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("connect_four: 40 games of greedy")
    assert lines[1].startswith("log loss, fitted games: ") and lines[2].startswith("log loss, other games: ")
    assert any(line.startswith("  lead_scale = ") for line in lines)
    assert lines[-1].startswith("tuned mcts:easy against mcts:easy: ") and lines[-1].endswith(" of 2")


def test_a_table_swapped_in_for_a_block_is_put_back_even_when_the_block_fails(host):
    engine = host.engine("connect_four")
    table = engine.game.heuristic_table
    own = dict(table)
    with pytest.raises(RuntimeError), tuning.table_as(engine, {"lead_scale": 99.0}) as swapped:
        assert swapped is table and table["lead_scale"] == 99.0
        raise RuntimeError("a bot failed mid-decision")
    assert table == own
