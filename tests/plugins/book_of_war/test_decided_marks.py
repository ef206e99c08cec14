"""A finished Book of War board marks what decided the game: the winner's marker on the
war track, and the castles it holds, which scored its last points at the supply phase."""

from __future__ import annotations

from typing import Any

from boardwright.framework import Engine, kernel
from boardwright.plugins.book_of_war.rules import BookOfWar

from ..decided_marks import decided_in_panels, decided_items, decided_on_the_board
from ..positions import random_positions

ENGINE = Engine(BookOfWar())


def _end(players: int, seed: int) -> dict[str, Any]:
    *_, state = random_positions(ENGINE, players, seed, limit=3000, last=True)
    assert kernel.outcome(state)["reason"] == "target reached"
    return state


def test_the_winners_war_marker_and_castles_are_marked_for_every_seat() -> None:
    state = _end(2, 1)
    (winner,) = kernel.outcome(state)["winners"]
    side = kernel.side_of(state, winner)
    held = {h for h, owner in state["castles"].items() if owner == side}
    assert held, "the seed's winner holds castles at the end"
    for _view, board in ENGINE.shown(state, [0, 1, None]):
        assert {cell["id"] for cell in decided_on_the_board(board)} == held
        ((title, mark),) = decided_in_panels(board)
        assert title["key"] == "war_track"
        assert mark["tip"]["seats"] == [winner] and mark["at"] == min(state["vp"][side], state["rules"]["target_vp"])


def test_a_team_win_marks_the_teams_marker() -> None:
    state = _end(4, 2)
    winners = kernel.outcome(state)["winners"]
    side = kernel.side_of(state, winners[0])
    board = ENGINE.board(state, winners[0])
    ((_title, mark),) = decided_in_panels(board)
    assert sorted(mark["tip"]["seats"]) == sorted(winners) and len(winners) == 2
    held = {h for h, owner in state["castles"].items() if owner == side}
    assert {cell["id"] for cell in decided_on_the_board(board)} == held


def test_nothing_is_marked_while_the_game_runs() -> None:
    for index, state in enumerate(random_positions(ENGINE, 2, 1, limit=3000)):
        if index % 15 == 0:
            assert decided_items(ENGINE.board(state, 0)) == []
