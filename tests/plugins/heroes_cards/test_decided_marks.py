"""A finished Heroes board marks what decided the game: the winner's mark on the VP track
(every winner's, when the tie-breakers leave several)."""

from __future__ import annotations

from boardwright.framework import Engine, kernel
from boardwright.plugins.heroes_cards import scoring
from boardwright.plugins.heroes_cards.rules import HeroesCards

from ..decided_marks import decided_in_panels, decided_items, decided_on_the_board
from ..positions import random_positions

ENGINE = Engine(HeroesCards())


def test_the_winners_vp_mark_is_marked_for_every_seat() -> None:
    for players, seed in ((2, 0), (3, 1)):
        *_, state = random_positions(ENGINE, players, seed, limit=3000, last=True)
        outcome = kernel.outcome(state)
        assert outcome["reason"].endswith("is over") and outcome["winners"]
        for board in ENGINE.boards(state, [*range(players), None]):
            marked = decided_in_panels(board)
            assert [title for title, _mark in marked] == [{"key": "vp_track"}] * len(outcome["winners"])
            assert [mark["tip"]["seat"] for _title, mark in marked] == outcome["winners"]
            assert all(mark["at"] == scoring.total(state, mark["tip"]["seat"]) for _title, mark in marked)
            assert decided_on_the_board(board) == []


def test_nothing_is_marked_while_the_game_runs() -> None:
    for index, state in enumerate(random_positions(ENGINE, 2, 0, limit=3000)):
        if index % 20 == 0:
            assert decided_items(ENGINE.board(state, 0)) == []
