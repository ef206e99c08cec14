"""A finished Bestiary board marks what decided the game: the castle that fell (with its
track at the end), the castles of the last holder, the castles that scored the winner's
points on Protorp (with its VP mark); a draw marks nothing."""

from __future__ import annotations

from typing import Any

from boardwright.framework import Engine, kernel
from boardwright.framework.events import NULL_LOG
from boardwright.plugins.bestiary import capture
from boardwright.plugins.bestiary.board_view import describe
from boardwright.plugins.bestiary.creatures import board_of
from boardwright.plugins.bestiary.rules import Bestiary
from boardwright.plugins.bestiary.text import castle_keys

from ..decided_marks import decided_in_panels, decided_items, decided_on_the_board
from ..positions import random_positions

ENGINE = Engine(Bestiary())


def _end(players: int, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    *_, state = random_positions(ENGINE, players, seed, options, limit=3000, last=True)
    assert kernel.is_over(state)
    return state


def _held(state: dict[str, Any], seats: list[int]) -> set[str]:
    board = board_of(state)
    return {board.castle_keys[c] for c, owner in enumerate(state["castle_owners"]) if owner in seats}


def test_the_castle_that_fell_is_marked_with_its_track() -> None:
    state = _end(2, 3)
    assert kernel.outcome(state)["reason"] == "castle destroyed"
    loser = 1 - kernel.outcome(state)["winners"][0]
    for seat in (0, 1, None):
        board = describe(state, seat)
        on_board = {item["id"] for item in decided_on_the_board(board)}
        assert on_board == set(castle_keys(state, kernel.side_of(state, loser))) != set()
        ((title, mark),) = decided_in_panels(board)
        assert title == {"key": "castle_track_title", "seat": loser}
        assert mark["at"] == state["castle_damage"][loser] >= state["settings"]["durability"]


def test_a_protorp_win_on_points_marks_the_castles_that_scored_them_and_the_vp_mark() -> None:
    state = _end(3, 0, {"mode": "protorp_ffa"})
    outcome = kernel.outcome(state)
    assert outcome["reason"] == "victory points"
    (winner,) = outcome["winners"]
    board = describe(state, 0)
    assert {item["id"] for item in decided_on_the_board(board)} == _held(state, [winner]) != set()
    ((_title, mark),) = decided_in_panels(board)
    assert mark["label"] == str(winner + 1) and mark["at"] == state["victory_points"][winner]


def test_the_last_castle_holder_has_its_castles_marked() -> None:
    """Protorp mid-game: every other player goes out, and the end is checked as capture does."""
    state = None
    for state in random_positions(ENGINE, 3, 1, {"mode": "protorp_ffa"}, limit=200):
        if _held(state, [0]) and kernel.phase(state) not in ("castles", "draft"):
            break
    assert state is not None and not kernel.is_over(state)
    for seat in (1, 2):
        kernel.eliminate(state, seat)
    capture._check_the_end(state, NULL_LOG)
    assert kernel.outcome(state)["reason"] == "last castle holder"
    board = describe(state, 1)
    assert {item["id"] for item in decided_on_the_board(board)} == _held(state, [0])


def test_a_draw_at_the_period_limit_marks_nothing() -> None:
    state = _end(2, 0, {"max_periods": 1})
    assert kernel.outcome(state)["reason"] == "period limit"
    assert decided_items(describe(state, 0)) == []


def test_nothing_is_marked_while_the_game_runs() -> None:
    for index, state in enumerate(random_positions(ENGINE, 2, 3, limit=3000)):
        if index % 10 == 0:
            assert decided_items(describe(state, None)) == []
