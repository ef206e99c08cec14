"""Where an area map writes a region's name and stands its pieces (client/area_names.py)."""

from __future__ import annotations

from boardwright.client import area_names
from boardwright.client.layout import compose

HEXAGON = [(50.0, 0.0), (100.0, 30.0), (100.0, 90.0), (50.0, 120.0), (0.0, 90.0), (0.0, 30.0)]


def inside(outline: list[tuple[float, float]], x: float, y: float) -> bool:
    span = area_names.span_at(outline, y)
    return span is not None and span[0] <= x <= span[1]


def test_a_name_s_box_lies_inside_its_region_and_off_its_pieces() -> None:
    pieces = (40.0, 70.0)
    plate = area_names.name_plate(HEXAGON, "Valley of Volcanoes", pieces, 30.0)
    assert plate is not None
    (cx, cy), w, h = plate.centre, plate.width, plate.height
    for x, y in (
        (cx - w / 2, cy - h / 2),
        (cx + w / 2, cy - h / 2),
        (cx - w / 2, cy + h / 2),
        (cx + w / 2, cy + h / 2),
    ):
        assert inside(HEXAGON, x, y), (x, y)
    assert cy + h / 2 <= pieces[0] or cy - h / 2 >= pieces[1], "not across the pieces' band"
    assert 0 < plate.size <= 30.0


def test_a_longer_name_takes_more_lines_rather_than_smaller_letters() -> None:
    one = area_names.letters_size("Witchwood", 100.0, 60.0)
    three = area_names.letters_size("Bowl of the Ancestors", 100.0, 60.0)
    assert three > area_names.letters_size("Bowl of the Ancestors", 100.0, 20.0), "a taller box holds more lines"
    assert one >= three > 0


def test_pieces_stand_in_as_many_rows_as_the_region_is_narrow() -> None:
    assert area_names.rows_of_pieces(5, 10.0, 200.0) == [5]
    assert area_names.rows_of_pieces(5, 10.0, 60.0) == [3, 2]
    assert area_names.rows_of_pieces(1, 10.0, 5.0) == [1]
    assert area_names.rows_of_pieces(4, 10.0, float("inf")) == [4], "a hex (no outline to fit): one row"


def test_an_area_map_writes_each_region_s_name_inside_it() -> None:
    board = {
        "elements": [
            {
                "type": "areas",
                "regions": [
                    {"id": "a", "points": [[0, 0], [20, 0], [20, 200], [0, 200]], "name": "Misty Bay"},
                    {"id": "b", "points": [[20, 0], [200, 0], [200, 200], [20, 200]], "name": "Salt Flats"},
                ],
                "pieces": [{"at": "a", "id": "a", "label": "W"} for _ in range(6)],
            }
        ]
    }
    items = compose(board)["items"]
    names = {item["text"]: item for item in items if item["shape"] == "text" and "box" in item}
    assert set(names) == {"Misty Bay", "Salt Flats"}
    pieces = [item for item in items if item["shape"] == "circle"]
    assert len(pieces) == 6 and len({round(p["center"][1]) for p in pieces}) == 2, (
        "six pieces in the narrow region, in two rows"
    )
    a, b = names["Misty Bay"], names["Salt Flats"]
    assert a["at"][0] + a["box"][0] / 2 <= b["at"][0] - b["box"][0] / 2, "each name in its own region"
    lowest = max(p["center"][1] + p["radius"] for p in pieces)
    highest = min(p["center"][1] - p["radius"] for p in pieces)
    assert a["at"][1] - a["box"][1] / 2 >= lowest or a["at"][1] + a["box"][1] / 2 <= highest


def test_a_piece_s_marks_are_a_badge_at_its_foot(qtbot: object) -> None:
    """A piece's marks (wounds, shields, cooldown) lie on a dark pill at its foot, which reads
    over its ring and any cell, and the pill grows with the text."""
    from PySide6.QtGui import QColor

    from boardwright.client.items import BoardText, make_item

    grid = {
        "type": "hexgrid",
        "cells": [{"q": 0, "r": 0, "id": "a"}],
        "pieces": [{"at": "a", "id": "u", "label": "Saxum", "stats": ["⚔1", "◆0", "♥5"]}],
    }
    items = compose({"elements": [grid]})["items"]
    (badge,) = [item for item in items if item.get("plate")]
    piece = next(item for item in items if item["shape"] == "circle")
    assert badge["text"] == "⚔1 ◆0 ♥5" and badge["at"][1] > piece["center"][1]
    drawn = make_item(badge, "en", QColor("#ffffff"))
    assert isinstance(drawn, BoardText) and drawn.plate.path().boundingRect().contains(drawn.boundingRect().center())
    before = drawn.plate.path().boundingRect().width()
    drawn.at_least(drawn.font().pixelSize() * 2)
    assert drawn.plate.path().boundingRect().width() > before


def test_no_outline_of_a_mark_is_drawn_over_a_region_s_name(qtbot: object, window: object) -> None:
    """Reliquium at its start lights the stacks a player may pick with outlines along their
    regions' borders; a neighbour's name that runs over such a border reads above the line
    (seen: "Завывающая глушь" cut by the outline of Гряды Саксум)."""
    from PySide6.QtWidgets import QApplication, QGraphicsPathItem

    from boardwright.client.items import BoardText
    from boardwright.client.new_game import GameConfig

    window.resize(1280, 800)
    assert window.start_game(GameConfig("reliquium", 2, ["human", "human"], seed=5, handover=False))
    QApplication.processEvents()
    scene = window.table.view.scene()
    names = [item for item in scene.items() if isinstance(item, BoardText) and item.parentItem() is None and item.room]
    outlines = [item for item in scene.items() if isinstance(item, QGraphicsPathItem) and item.zValue() > 200]
    assert names and outlines, "region names and the pickable stacks' outlines are drawn"
    assert min(name.zValue() for name in names) > max(line.zValue() for line in outlines)
