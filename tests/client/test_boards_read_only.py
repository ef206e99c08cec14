"""Boards are read-only data: a game may put one object in several boards (`Game.boards`
shares the map of every seat, caches never-changing cells), so nothing that draws a board
may change it. Every bundled game, seeded random positions: every seat's board, made
drawable (`shown_board`) and shown in a board view, is afterwards exactly what it was."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from boardwright.client.board_view import BoardView
from boardwright.client.layout import shown_board
from boardwright.framework import PluginHost, kernel

GAMES = sorted(PluginHost().games())


@pytest.mark.parametrize("game_id", GAMES)
def test_drawing_a_board_changes_nothing_in_it(qtbot: Any, game_id: str) -> None:
    engine = PluginHost().engine(game_id)
    view = BoardView()
    qtbot.addWidget(view)
    pick = random.Random(7)
    state = engine.new_game(engine.spec.players[-1], {}, 7)
    checked = 0
    for step in range(60):
        if kernel.is_over(state):
            break
        if step % 12 == 0:
            seats: list[int | None] = [*range(kernel.seats(state)), None]
            boards = engine.boards(state, seats)
            before = copy.deepcopy(boards)
            names = [f"seat {s + 1}" for s in range(kernel.seats(state))]
            for seat, board in zip(seats, boards, strict=True):
                view.show_board(shown_board(engine.game, board, engine.view(state, seat), "en", names), "en")
            assert boards == before
            checked += 1
        engine.apply_unchecked(state, pick.choice(engine.legal_actions(state)))
    assert checked >= 2
