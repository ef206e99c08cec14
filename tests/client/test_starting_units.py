"""Book of War's starting unit is chosen from its cards (digest 3.2 step 6: each player puts
its starting units into its castles, the player choosing which goes where): the faction's
units lie below the map as cards; picking one lights the castle, and a click there places it."""

from __future__ import annotations

from typing import Any

from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig
from boardwright.framework import kernel


def test_the_starting_unit_is_picked_from_its_card_then_its_castle(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("book_of_war", 2, ["human", "human"], seed=5, handover=False))
    table, match = window.table, window.session.match
    for _ in range(20):  # the set-up's choices before it, the first offered each time
        if kernel.phase(match.state) == "start_unit":
            break
        table.play(table.legal[0])
    seat = match.to_move()
    offered = [e for e in match.board(seat)["elements"] if e.get("offered")]
    assert len(offered) == 1 and offered[0]["title"]["key"].startswith("starting_units")
    cards = offered[0]["cards"]
    assert sorted(offered[0]["click_ids"].values()) == sorted(a["unit_type"] for a in table.legal)
    assert not window.table.view.last_move_marks(), "cards on offer are not marked as moved"
    second = offered[0]["click_ids"][cards[1]]
    table.on_id_clicked(second)
    castle = match.state["start_castles"][seat][0]
    assert table.selection.active_ids() == [castle], "the castle is lit"
    table.on_id_clicked(castle)
    placed = [unit for unit in match.state["units"].values() if unit["owner"] == seat and unit["hex"] == castle]
    assert len(placed) == 1 and placed[0]["type"] == second
