"""Moves you can follow: Book of War's events name the board items they are about (`at`), so
the log line under the mouse lights them, and a wound or a siege carries the number to show."""

from __future__ import annotations

import pytest

from boardwright.plugins.book_of_war.rules import BookOfWar

from ...client.lit_items import play_checking_at

MAIN = {"manoeuvre", "march", "expedition", "hire", "start_unit", "summon", "ability", "wound", "flee", "capture"}


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 5)])
def test_every_event_about_board_items_names_drawn_ids(players: int, seed: int) -> None:
    events, with_at, _log = play_checking_at(BookOfWar(), seed=seed, players=players, plies=400)
    seen = {key for key in MAIN if events[key]}
    assert {"manoeuvre", "march", "hire", "summon", "ability"} <= seen, f"a busy game fights: {events}"
    for key in seen:
        assert with_at[key] == events[key], f"every {key} event names its items"
    assert with_at["vp"] > 0, "points won at a castle or from a unit put to flight name it"
