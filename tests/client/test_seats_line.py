"""The seats stay in view with their colour and their score, as the game counts it."""

from __future__ import annotations

from typing import Any

from boardwright.client.app import MainWindow
from boardwright.client.board_view import SEAT_MARKS
from boardwright.client.new_game import GameConfig


def test_each_seat_shows_its_mark_colour_and_score(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("book_of_war", 2, ["human", "human"], {"target_vp": 10}, seed=4))
    text = window.table.seats.text()
    assert SEAT_MARKS[0] in text and SEAT_MARKS[1] in text
    assert text.count("— <b>0</b>") == 2, text
    state = window.session.match.state
    state["vp"][1] = 7  # as if the second side had scored: the line follows the game's count
    window.table.refresh()
    assert "— <b>7</b>" in window.table.seats.text()


def test_a_game_without_a_score_shows_none(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=4))
    assert "—" not in window.table.seats.text()
