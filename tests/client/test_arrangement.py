"""The board arranged for the screen it is drawn on (client/arrangement.py), without a window."""

from __future__ import annotations

from typing import Any

from boardwright.client.arrangement import Screen
from boardwright.client.layout import compose


def cards(n: int, place: str, row: str | None = None, title: str = "Hand") -> dict[str, Any]:
    element: dict[str, Any] = {"type": "cards", "cards": [f"c{i}" for i in range(n)], "layout": "row"}
    element.update(place=place, title=title, id=f"{place}-{row}-{n}-{title}")
    if row is not None:
        element["row"] = row
    return element


def tall_map() -> dict[str, Any]:
    return {"type": "grid", "columns": 3, "rows": 9, "cells": [{"at": [0, 0], "id": "corner"}]}


def spot(board: dict[str, Any], item_id: str) -> list[float]:
    return next(item["rect"][:2] for item in board["items"] if item.get("id") == item_id)


def test_without_a_screen_the_strips_stand_above_and_below_the_map() -> None:
    board = compose({"elements": [cards(2, "top"), tall_map(), cards(2, "bottom")]})
    width, height = board["size"]
    assert height > width, "a tall map with a strip above and below: taller than wide"


def test_a_wide_screen_puts_the_strips_above_a_tall_map_beside_it() -> None:
    elements = [cards(2, "top"), tall_map(), cards(2, "bottom")]
    natural = compose({"elements": elements})
    wide = compose({"elements": elements}, screen=Screen(1600, 800, 12))
    corner = spot(wide, "corner")
    top_cards = [item for item in wide["items"] if item.get("shape") == "card"][:2]
    assert all(item["rect"][0] + item["rect"][2] <= corner[0] for item in top_cards), "the strip left of the map"
    assert wide["size"][1] < natural["size"][1]
    scale = min(1600 / wide["size"][0], 800 / wide["size"][1])
    assert scale > min(1600 / natural["size"][0], 800 / natural["size"][1]), "drawn larger on that screen"


def test_a_named_hand_wider_than_a_narrow_screen_wraps_onto_two_lines() -> None:
    hand = [cards(6, "bottom", "hand", title) for title in ("Creatures", "Heroes", "Travel")]
    elements = [{"type": "grid", "columns": 9, "rows": 2, "cells": []}, *hand]
    one_line = compose({"elements": elements})
    narrow = compose({"elements": elements}, screen=Screen(700, 800, 12))
    tops = lambda board: {round(item["rect"][1]) for item in board["items"] if item.get("shape") == "card"}  # noqa: E731
    assert len(tops(one_line)) == 1 and len(tops(narrow)) >= 2
    assert narrow["size"][0] < one_line["size"][0]


def test_a_title_gets_the_room_it_takes_at_the_small_font() -> None:
    long_title = "A very long title for a pile of two cards"
    elements = [cards(1, "top", title=long_title), cards(1, "top", title="Next"), tall_map()]
    small_screen = compose({"elements": elements}, screen=Screen(300, 300, 12))
    roomy = compose({"elements": elements}, screen=Screen(3000, 3000, 12))

    def next_title(board: dict[str, Any]) -> float:
        return next(item["at"][0] for item in board["items"] if item.get("text") == "Next")

    def long_start(board: dict[str, Any]) -> float:
        return next(item["at"][0] for item in board["items"] if item.get("text") == long_title)

    gap_small = next_title(small_screen) - long_start(small_screen)
    gap_roomy = next_title(roomy) - long_start(roomy)
    assert gap_small > gap_roomy, "on a small screen the long title is drawn larger, and takes more room"


def test_a_hand_lies_as_wide_as_a_row_of_main_elements() -> None:
    """Two capitals side by side (one named row) make a wide table: a hand of six lies in
    one row under them instead of wrapping at the width of a narrower one."""
    capitals = [{"type": "grid", "columns": 7, "rows": 3, "cells": [], "row": "capitals"} for _ in range(2)]
    hand = {**cards(6, "bottom", title="Travel"), "layout": "fan"}
    board = compose({"elements": [*capitals, hand]})
    rows = {
        round(item["rect"][1] / 100) for item in board["items"] if item.get("lifts")
    }  # a fan's cards curve a little
    assert len(rows) == 1, "one row"
