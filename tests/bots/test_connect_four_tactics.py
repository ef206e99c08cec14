"""In Connect Four, `mcts` never misses a win in one move nor a block of the opponent's win."""

from __future__ import annotations

import random

import pytest

from boardwright.framework import kernel
from boardwright.framework.bots import Turn


def _position(engine, columns):
    state = engine.new_game(2, {}, 0)
    for column in columns:
        engine.apply(state, {"type": "drop", "column": column})
    return state


def _choose(host, engine, state, level, seed=0):
    seat = kernel.to_move(state)
    bot = host.bots()["mcts"].make(engine, seat, seed, level)
    return bot.choose(Turn(engine, state, seat, engine.legal_actions(state)))["column"]


def _winning_columns(engine, state, seat):
    """Columns where `seat` would complete four if it dropped there now."""
    wins = []
    for action in engine.game.legal_actions(state):
        trial = kernel.clone(state)
        trial["k"]["active"] = seat
        engine.apply_unchecked(trial, action)
        if trial["k"]["over"] and trial["k"]["outcome"]["winners"] == [seat]:
            wins.append(action["column"])
    return wins


@pytest.fixture(scope="module")
def engine(host):
    return host.engine("connect_four")


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize(
    ("moves", "expected", "what"),
    [
        ([0, 0, 1, 1, 2, 6], 3, "horizontal win"),
        ([3, 0, 3, 0, 3, 6], 3, "vertical win"),
        ([0, 6, 1, 6, 2], 3, "block a horizontal four"),
        ([3, 0, 3, 0, 3], 3, "block a vertical four"),
        ([0, 1, 1, 2, 2, 3, 2, 3, 3, 6], 3, "diagonal win"),
        ([0, 6, 1, 6, 2, 6], 3, "win rather than block"),
    ],
)
def test_mcts_takes_the_win_or_the_block(host, engine, moves, expected, what, level):
    state = _position(engine, moves)
    assert _choose(host, engine, state, level) == expected, what


def _random_positions(engine, count, seed):
    """Positions from random games in which the side to move has a win or must block one square."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = engine.new_game(2, {}, rng.randrange(1 << 30))
        while not state["k"]["over"] and len(found) < count:
            seat = kernel.to_move(state)
            wins = _winning_columns(engine, state, seat)
            threats = _winning_columns(engine, state, 1 - seat)
            if wins or len(threats) == 1:
                found.append((kernel.clone(state), wins, threats))
            engine.apply_unchecked(state, rng.choice(engine.legal_actions(state)))
    return found


def test_mcts_never_misses_a_win_or_a_block_in_random_positions(host, engine):
    positions = _random_positions(engine, 60, seed=7)
    assert sum(1 for _, wins, _ in positions if wins) >= 10
    assert sum(1 for _, wins, _ in positions if not wins) >= 10
    for index, (state, wins, threats) in enumerate(positions):
        column = _choose(host, engine, state, "easy", seed=index)
        if wins:
            assert column in wins, f"position {index}: missed the win in {wins}, played {column}"
        else:
            assert column == threats[0], f"position {index}: did not block column {threats[0]}, played {column}"


def test_greedy_takes_a_win_in_one(host, engine):
    state = _position(engine, [0, 6, 1, 6, 2, 6])  # both sides have three; the side to move wins at 3
    bot = host.bots()["greedy"].make(engine, 0, 0, "normal")
    assert bot.choose(Turn(engine, state, 0, engine.legal_actions(state)))["column"] == 3


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_mcts_proves_a_win_in_three_and_stops_searching(engine, seed):
    """Two in a row on the bottom with both ends open: a third makes two threats, one reply
    cannot block both. The solver proves it and plays it before its budget is spent; the
    same search in a game with dice or hidden cards would not stop (proofs need one world)."""
    from boardwright.bots.mcts import Budget, MctsBot

    state = _position(engine, [2, 6, 3, 6])  # first seat: columns 3 and 4; second: column 7 twice
    bot = MctsBot(engine, 0, seed, Budget(iterations=3000, seconds=1e9, rollout_depth=20, stop_when_settled=False))
    column = bot.choose(Turn(engine, state, 0, engine.legal_actions(state)))["column"]
    assert column in (1, 4)
    assert 0 < bot.iterations < 3000


def test_a_search_that_proves_every_move_lost_stops_and_still_moves(engine):
    """After the opponent's open three on the bottom row every move loses: the search proves
    it, stops early and answers with a legal move."""
    from boardwright.bots.mcts import Budget, MctsBot

    state = _position(engine, [6, 2, 6, 3, 0, 4])  # the second seat: columns 3, 4 and 5 on the bottom
    legal = engine.legal_actions(state)
    bot = MctsBot(engine, 0, 0, Budget(iterations=3000, seconds=1e9, rollout_depth=20, stop_when_settled=False))
    assert bot.choose(Turn(engine, state, 0, legal)) in legal
    assert 0 < bot.iterations < 3000
