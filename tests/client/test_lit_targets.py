"""Lit targets tell where a click goes without repainting what stands there: a lit piece
keeps its colour and its label, and a place lit with the pieces on it (one click id for a
region and its tokens, as in Reliquium) is lit as the place."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QColor

from boardwright.client.app import MainWindow
from boardwright.client.board_view import BoardView
from boardwright.client.marks import MARK_Z
from boardwright.client.new_game import GameConfig

RED = "#b22222"


def _view(qtbot: Any) -> BoardView:
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    return view


def _token(x: float, item_id: str) -> dict[str, Any]:
    return {"shape": "circle", "center": [x, 150], "radius": 24, "fill": RED, "layer": "piece", "id": item_id}


def _lights(view: BoardView) -> list[Any]:
    return [item for item in view.scene().items() if MARK_Z - 10 <= item.zValue() <= MARK_Z - 7]


def _colour_at(view: BoardView, x: float, y: float) -> QColor:
    from PySide6.QtCore import QPointF

    return view.grab().toImage().pixelColor(view.mapFromScene(QPointF(x, y)))


def test_a_lit_piece_keeps_its_colour_and_label(qtbot: Any) -> None:
    view = _view(qtbot)
    board = {"size": [400, 300], "items": [_token(100, "knight"), _token(300, "rook")]}
    view.show_board(board, "en", active_ids=["rook"], marked_ids=["knight"])
    assert _lights(view), "the target is lit"
    scale = view.transform().m11()
    # just inside its edge, and at its middle (where its label is), the piece is its own colour
    for dx in (0.0, 24 - 2.5 / scale, -(24 - 2.5 / scale)):
        assert _colour_at(view, 300 + dx, 150).name() == RED, dx
    sign = next(item for item in _lights(view) if item.zValue() == MARK_Z - 7)
    middle = view.mapFromScene(300, 150)
    assert not view.mapFromScene(sign.sceneBoundingRect()).boundingRect().adjusted(2, 2, -2, -2).contains(middle)


def test_a_place_and_its_pieces_are_lit_as_the_place(qtbot: Any) -> None:
    view = _view(qtbot)
    region = {"shape": "rect", "rect": [220, 60, 160, 180], "fill": "#3a6b35", "id": "blackwood"}
    board = {
        "size": [400, 300],
        "items": [region, _token(280, "blackwood"), _token(330, "blackwood"), _token(80, "ash")],
    }
    view.show_board(board, "en", active_ids=["blackwood"], marked_ids=["ash"])
    rings = [item for item in _lights(view) if item.zValue() == MARK_Z - 9]
    assert len(rings) == 1, "one lit outline: the region's"
    assert abs(rings[0].sceneBoundingRect().width() - 160) < 12
    for x in (280, 330):
        assert _colour_at(view, x, 150).name() == RED and _colour_at(view, x + 21, 150).name() == RED


def test_reliquium_keeps_the_colours_of_tokens_in_lit_regions(qtbot: Any, window: MainWindow) -> None:
    """The audit's case: a stack selected, the targets lit, own red tokens turned yellow."""
    assert window.start_game(GameConfig("reliquium", 2, ["human", "human"], seed=5, handover=False))
    table = window.table
    view = table.view
    march = next(i for i in range(table.action_list.count()) if table.action_list.item(i).text().startswith("March"))
    source = table.action_list.item(march).text().split(" → ")[0].removeprefix("March ")
    region = next(i for i in view.drawn_ids() if str(i).replace("_", " ").lower() == source.lower())
    table.on_id_clicked(region)
    rings = [item for item in _lights(view) if item.zValue() == MARK_Z - 9]
    assert rings, "the targets of the selected stack are lit"
    pieces = [item for item in view._tops.values() if item.zValue() >= 100]
    for ring in rings:
        box = ring.sceneBoundingRect()
        assert not any(
            abs(box.width() - piece.sceneBoundingRect().width()) < 14 and box.contains(piece.sceneBoundingRect())
            for piece in pieces
        ), "no token is ringed as a target"


def _pick_rings(view: BoardView) -> list[Any]:
    """The outlines of what may be picked first (marks.light_pickable)."""
    return [item for item in view.scene().items() if item.zValue() == MARK_Z - 11]


def test_reliquium_outlines_the_stacks_to_pick_first_and_only_them(qtbot: Any, window: MainWindow) -> None:
    """Nothing picked: the regions whose stacks have moves stand out of the faint outlines,
    each once as the place (not its tokens); a picked stack's targets are lit instead."""
    assert window.start_game(GameConfig("reliquium", 2, ["human", "human"], seed=5, handover=False))
    table, view = window.table, window.table.view
    sources = {a["from"] for a in table.legal if "from" in a}
    assert sources and set(table.selection.pickable()) == sources
    rings = _pick_rings(view)
    assert len(rings) == len(sources), "one outline a region with moves, none on its tokens"
    table.on_id_clicked(next(iter(sorted(sources))))
    assert not _pick_rings(view), "once a stack is picked, its targets are what is lit"
    assert [item for item in _lights(view) if item.zValue() == MARK_Z - 9]
