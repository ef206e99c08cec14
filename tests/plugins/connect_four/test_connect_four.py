"""Connect Four rules: drops stack, four in a row wins in every direction, full board draws."""

from __future__ import annotations

import pytest

from boardwright.framework import IllegalAction, kernel


@pytest.fixture
def engine(host):
    return host.engine("connect_four")


def _play(engine, state, columns):
    for column in columns:
        engine.apply(state, {"type": "drop", "column": column})


@pytest.mark.parametrize(
    ("moves", "winner"),
    [
        ([0, 1, 0, 1, 0, 1, 0], 0),  # vertical
        ([0, 0, 1, 1, 2, 2, 3], 0),  # horizontal
        ([0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3], 0),  # diagonal up
        ([6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3], 0),  # diagonal down
        ([0, 6, 1, 6, 2, 6, 5, 6], 1),  # the second player
    ],
)
def test_four_in_a_row_wins(engine, moves, winner):
    state = engine.new_game()
    _play(engine, state, moves[:-1])
    assert not kernel.is_over(state)
    _play(engine, state, moves[-1:])
    assert engine.outcome(state)["winners"] == [winner]


def test_three_in_a_row_across_the_wrap_is_no_win(engine):
    # a column's top and the next column's bottom are not neighbours (bit layout has a gap row)
    state = engine.new_game()
    _play(engine, state, [0, 1, 0, 1, 0, 1, 2, 0, 1, 0, 3, 0])
    assert not kernel.is_over(state)


def test_a_full_column_is_refused(engine):
    state = engine.new_game()
    _play(engine, state, [2] * 6)
    assert {"type": "drop", "column": 2} not in engine.legal_actions(state)
    with pytest.raises(IllegalAction, match="column 3 is full"):
        engine.apply(state, {"type": "drop", "column": 2})


def test_a_full_board_without_a_line_is_a_draw(engine):
    state = engine.new_game()
    moves = []  # columns filled in pairs, alternating colours by row pairs: no four anywhere
    for block in ([0, 1], [2, 3], [4, 5]):
        moves += block * 3 + block[::-1] * 3
    moves += [6] * 6
    _play(engine, state, moves)
    assert engine.outcome(state) == {
        "winners": [],
        "draw": True,
        "reason": "board full",
        "scores": None,
        "capped": False,
    }


def test_options_change_the_board(engine):
    state = engine.new_game(options={"columns": 5, "rows": 4, "connect": 3})
    assert len(engine.legal_actions(state)) == 5
    _play(engine, state, [0, 0, 1, 1, 2])
    assert engine.outcome(state)["winners"] == [0]


def test_a_playout_log_records_nothing_and_a_game_log_records_the_drop(engine):
    from boardwright.framework.events import NULL_LOG, EventLog

    assert NULL_LOG.recording is False and EventLog.recording is True
    state, log = engine.new_game(2), EventLog()
    engine.apply(state, {"type": "drop", "column": 2}, log=log)
    assert [(e["key"], e["params"]["at"]) for e in log.events if e["key"] == "drop"] == [("drop", [2])]


def test_the_board_shows_each_hole_and_disc_and_keeps_an_unchanged_hole_the_same_object(engine):
    state = engine.new_game(seed=1)
    before = engine.game.board(state, None)["elements"][0]["cells"]
    engine.apply_unchecked(state, {"type": "drop", "column": 2})
    after = engine.game.board(state, 0)["elements"][0]["cells"]
    rows = state["rows"]
    dropped = 2 * rows  # column 2, the bottom row comes first
    assert after[dropped]["at"] == [2, rows - 1] and after[dropped]["layer"] == "piece"
    assert after[dropped]["fill"] != before[dropped]["fill"] and "tip" not in after[dropped]
    assert before[dropped + 1]["tip"] == {"key": "hole", "column": 3}
    # the next disc of the column lands in the hole above, no longer in the bottom one
    assert before[dropped].get("lands") and after[dropped + 1].get("lands") and not before[dropped + 1].get("lands")
    # the host's merge finds the other holes unchanged by identity (boards are read-only)
    changed = (dropped, dropped + 1)
    assert all(old is new for index, (old, new) in enumerate(zip(before, after, strict=True)) if index not in changed)
