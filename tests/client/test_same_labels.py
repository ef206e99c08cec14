"""Moves that read the same (two Book of War plains of one land, Signum's hero placed at
either of two points) are told apart where a person chooses among them: the menu names each
one's place by its coordinate, and lights the items it names under the mouse."""

from __future__ import annotations

from typing import Any

from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig
from boardwright.client.selection import values_in


def test_a_menu_of_moves_that_read_the_same_names_their_places(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("signum", 2, ["human", "human"], seed=4, handover=False))
    table = window.table
    session = window.session
    while not any(a["type"] == "place_hero" for a in session.match.legal_actions()):
        session.match.apply(session.match.legal_actions()[0])
    table.refresh()
    placements = [a for a in session.match.legal_actions() if a["type"] == "place_hero"]
    assert len({session.describe(a, "en") for a in placements}) == 1, "the list reads them as one entry"
    table.offer(placements[:3])
    assert table.menu is not None
    labels = [entry.text() for entry in table.menu.actions()]
    assert len(set(labels)) == 3
    for label, action in zip(labels, placements, strict=False):
        assert label == f"Place the hero ({action['to'][0]:.1f}, {action['to'][1]:.1f})"
    table.menu.hide()
    assert session.describe(placements[0], "en") == "Place the hero", "elsewhere the place is read by name"


def test_hovering_an_entry_of_such_a_menu_lights_what_it_names(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("book_of_war", 2, ["human", "human"], seed=4, handover=False))
    table = window.table
    match = window.session.match

    def naming_drawn() -> list[dict[str, Any]]:
        drawn = {str(item) for item in table.view.drawn_ids()}
        return [a for a in match.legal_actions() if any(str(v) in drawn for v in values_in(a))]

    for _ in range(40):
        if len(naming_drawn()) >= 2:
            break
        match.apply(match.legal_actions()[0])
        table.refresh()
    moves = naming_drawn()[:2]
    table.offer(moves)
    assert table.menu is not None
    table.menu.actions()[1].hover()
    lit = len(table.view._lit)
    assert lit >= 1, "what the entry under the mouse names is lit"
    assert lit == table.view.light(values_in(moves[1]))
    table.menu.hide()
    assert not table.view._lit, "a closed menu leaves nothing lit"
