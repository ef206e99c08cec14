"""Choosing on the board without a window: sources, targets, shared clicks and k of n."""

from __future__ import annotations

from boardwright.client.selection import Selection
from boardwright.framework import choices

PARTS = {"march": {"source": "from", "target": "to"}, "recruit": {"target": "region"}}


def test_a_source_then_a_target_plays_the_one_action():
    legal = [{"type": "march", "from": "a", "to": "b"}, {"type": "march", "from": "a", "to": "c"}]
    pick = Selection(legal, [], PARTS)
    assert pick.click("a").what == "select" and sorted(pick.active_ids()) == ["b", "c"]
    outcome = pick.click("c")
    assert outcome.what == "play" and outcome.actions == [legal[1]]


def test_two_actions_with_the_same_source_and_target_make_a_menu():
    legal = [
        {"type": "march", "from": "a", "to": "b", "units": 1},
        {"type": "march", "from": "a", "to": "b", "units": 2},
    ]
    pick = Selection(legal, [], PARTS)
    pick.click("a")
    assert pick.click("b").what == "menu"


def test_a_source_that_is_also_a_target_offers_its_target_actions_while_selected():
    legal = [{"type": "march", "from": "a", "to": "b"}, {"type": "recruit", "region": "a"}]
    pick = Selection(legal, [], PARTS)
    assert pick.click("a").what == "select"
    assert pick.selected_moves() == [legal[1]], "a button while it is selected"
    assert pick.click("a").what == "select" and pick.source is None, "a second click lets it go"
    assert pick.selected_moves() == []


def test_targets_are_lit_at_once_when_every_click_makes_a_move_among_few():
    castles = [{"type": "castle", "castle": name} for name in ("north", "south")]
    assert Selection(castles, [], {}).lit_at_once(), "two castles to choose: lit before any click"
    many = [{"type": "recruit", "region": f"r{n}"} for n in range(13)]
    assert not Selection(many, [], PARTS).lit_at_once(), "thirteen regions: outlined faintly"
    marches = [{"type": "march", "from": "a", "to": "b"}]
    pick = Selection(marches, [], PARTS)
    assert not pick.lit_at_once(), "a piece to pick first: its targets wait for it"
    pick.click("a")
    assert pick.lit_at_once() and pick.active_ids() == ["b"]


def test_k_of_n_is_chosen_and_confirmed():
    opened = [{"type": "discard", "cards": choices.choose(["x", "y", "z"], 2)}]
    pick = Selection([], opened, PARTS)
    assert pick.click("y").what == "toggle" and pick.ready() is None
    pick.click("x")
    assert pick.ready() == {"type": "discard", "cards": ["y", "x"]}
    pick.click("y")
    assert pick.progress() == (1, 2)


def test_a_source_with_an_action_of_its_own_shows_it_as_a_button_and_a_double_click_casts_nothing():
    parts = {"use": {"source": "creature", "target": "target"}}
    legal = [{"type": "use", "creature": "armus", "target": "x"}, {"type": "use", "creature": "armus", "line": 2}]
    pick = Selection(legal, [], parts)
    assert pick.click("armus").what == "select"
    assert pick.selected_moves() == [legal[1]]
    assert pick.click("armus").what == "select", "the second click of a double click plays nothing"


def test_the_one_piece_every_move_is_made_with_is_selected_from_the_start():
    parts = {"move": {"source": "unit", "point": "to"}, "done": {"source": "unit"}}
    legal = [{"type": "move", "unit": "u1", "to": [1.0, 2.0]}, {"type": "done", "unit": "u1"}]
    pick = Selection(legal, [], parts)
    assert pick.only_source() == "u1"
    assert Selection([*legal, {"type": "done", "unit": "u2"}], [], parts).only_source() is None
    assert Selection([legal[1]], [], parts).only_source() is None, "a single move of its own is a button"
    assert pick.click("u1").what == "select", "a point to go to: selected, its field lit"
    assert pick.selected_moves() == [legal[1]]


def test_a_piece_between_two_hexes_stands_on_their_edge_and_cards_carry_badges():
    from boardwright.client.layout import compose

    grid = {
        "type": "hexgrid",
        "cells": [{"q": 0, "r": 0, "id": "a"}, {"q": 1, "r": 0, "id": "b"}],
        "pieces": [{"at": ["a", "b"], "id": "tower"}],
    }
    cards = {"type": "cards", "cards": ["c1"], "badges": {"c1": [["♥", 3]]}, "place": "bottom"}
    items = compose({"elements": [grid, cards]}, {}, None)["items"]
    hexes = {item["id"]: item["center"] for item in items if item["shape"] == "hex"}
    tower = next(item for item in items if item.get("id") == "tower")
    assert tower["center"] == [(hexes["a"][0] + hexes["b"][0]) / 2, (hexes["a"][1] + hexes["b"][1]) / 2]
    card = next(item for item in items if item["shape"] == "card")
    assert card["badges"] == [["♥", 3]]


def test_elements_naming_one_row_sit_side_by_side():
    from boardwright.client.layout import compose

    grids = [{"type": "grid", "columns": 4, "rows": 3, "row": "capitals", "cells": []} for _ in range(3)]
    board = compose({"elements": [*grids, {"type": "track", "length": 10, "place": "bottom"}]}, {}, None)
    assert board["size"][0] >= 3 * 400, "three 400-wide grids in one row"
    assert board["size"][1] < 2 * 300 + 200, "one row of grids and the track below"
