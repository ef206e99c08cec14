"""The board vocabulary drawn by the real window: a hex grid, an area map, cards bound to
kernel zones (a fanned hand, other seats' backs, a pile), a track and a free field with
overlays; pieces chosen by source then target; k cards of n chosen and confirmed."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from boardwright.client.app import MainWindow
from boardwright.client.field_points import to_scene as _to_scene
from boardwright.client.layout import compose, zone_cards
from boardwright.client.new_game import GameConfig
from boardwright.framework import Game, GameSpec, PluginHost, Setup, choices, hookimpl, kernel, zones
from boardwright.framework.flow import Flow, Phase

from .conftest import ARTIFACTS, make_window

HEXES = [[q, r] for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2]
CARDS = {
    "archer": {
        "title": {"key": "archer"},
        "cost": 2,
        "stats": [["ATK", 2], ["HP", 1]],
        "keywords": ["Ranged"],
        "text": {"key": "archer_text"},
        "art": "archer",
        "colour": "#d8c9a3",
    },
    "knight": {"title": {"key": "knight"}, "cost": 4, "stats": [["ATK", 3], ["HP", 4]], "art": "knight"},
    "monk": {"title": {"key": "monk"}, "cost": 1, "stats": [["HP", 2]], "text": {"key": "monk_text"}},
    "mage": {"title": {"key": "mage"}, "cost": 3, "stats": [["ATK", 4]], "art": "mage", "colour": "#c7d2fe"},
}


class Showcase(Game):
    spec = GameSpec(id="showcase", version="1.0.0", title_en="Showcase", title_ru="Витрина", players=(2,))
    messages = {
        "en": {
            "moved": "{seat} moves",
            "archer": "Archer",
            "knight": "Knight",
            "monk": "Monk",
            "mage": "Mage",
            "archer_text": "Shoots two hexes away.",
            "monk_text": "Heals a neighbour.",
            "turn": "{seat} to move",
            "hand": "Your hand",
            "deck": "Deck",
            "field": "Field",
        },
        "ru": {
            "moved": "{seat} ходит",
            "archer": "Лучник",
            "knight": "Рыцарь",
            "monk": "Монах",
            "mage": "Маг",
            "archer_text": "Стреляет через гекс.",
            "monk_text": "Лечит соседа.",
            "turn": "Ходит {seat}",
            "hand": "Ваша рука",
            "deck": "Колода",
            "field": "Поле",
        },
    }
    action_parts = {"move": {"source": "unit", "target": "to"}, "place": {"source": "unit", "point": "to"}}

    def flow(self) -> Flow:
        return Flow(start="play", phases=(Phase("play"),))

    def setup(self, state: dict[str, Any], setup: Setup) -> None:
        state["units"] = {"u1": "0,0", "u2": "1,-1"}
        zones.add_zone(state, "hand:0", zones.OWNER, 0, items=["archer", "knight", "monk", "mage"])
        zones.add_zone(state, "hand:1", zones.OWNER, 1, items=["knight", "monk"])
        zones.add_zone(state, "deck", zones.HIDDEN, items=["mage", "archer", "monk"])
        zones.add_zone(state, "discard", zones.PUBLIC, items=["knight"])
        state["discarded"] = []
        state["hero"] = [10.0, 20.0]

    def legal_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        moves = [{"type": "move", "unit": "u1", "to": f"{q},{r}"} for q, r in HEXES if abs(q) + abs(r) == 1]
        return [*moves, {"type": "move", "unit": "u2", "to": "2,-2"}]

    def open_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        hand = zones.items(state, f"hand:{kernel.active(state)}")
        place = {"type": "place", "unit": "hero", "to": choices.point([[20.0, 20.0], [15.0, 10.0]])}
        return [place, *([{"type": "discard", "cards": choices.choose(hand, 2)}] if len(hand) >= 2 else [])]

    def check_action(self, state: dict[str, Any], action: dict[str, Any]) -> str | None:
        (x, y), (hx, hy) = action["to"], state["hero"]
        return None if (x - hx) ** 2 + (y - hy) ** 2 <= 15**2 else "out of reach: 15 cm at most"

    def apply(self, state: dict[str, Any], action: dict[str, Any], log: Any) -> None:
        if action["type"] == "move":
            state["units"][action["unit"]] = action["to"]
        elif action["type"] == "place":
            state["hero"] = action["to"]
        else:
            state["discarded"] = action["cards"]
        log.emit("moved", seat=kernel.active(state))

    def card_face(self, item: Any) -> dict[str, Any] | None:
        return CARDS.get(item)

    def determinize(self, view: dict[str, Any], seat: int, seed: int) -> dict[str, Any]:
        raise NotImplementedError

    def board(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        me = seat if seat is not None else 0
        cells = [{"q": q, "r": r, "id": f"{q},{r}", "fill": "#3f6212" if (q + r) % 2 else "#4d7c0f"} for q, r in HEXES]
        pieces = [
            {"at": at, "id": unit, "label": unit.upper(), "fill": "#b91c1c"} for unit, at in state["units"].items()
        ]
        regions = [
            {"id": "north", "points": [[0, 0], [300, 0], [260, 120], [0, 140]], "fill": "#64748b", "label": "N"},
            {"id": "south", "points": [[0, 140], [260, 120], [300, 260], [0, 260]], "fill": "#475569", "label": "S"},
        ]
        field = {
            "type": "field",
            "flip_y": state.get("flip", False),
            "size": [60, 30],
            "place": "bottom",
            "title": {"key": "field"},
            "terrain": [{"points": [[20, 5], [30, 5], [30, 15], [20, 15]], "fill": "#14532d", "tip": "wood"}],
            "bases": [{"id": "hero", "at": state["hero"], "radius": 2, "facing": 0, "fill": "#1d4ed8"}],
            "overlays": [
                {"type": "ruler", "from": [12, 20], "towards": [40, 20], "length": 15, "label": "M 15"},
                {"type": "circle", "center": [10, 20], "radius": 10},
                {"type": "sight", "from": [10, 20], "to": [45, 8], "clear": False},
            ],
        }
        return {
            "kind": "showcase",
            "status": {"key": "turn", "seat": kernel.active(state)},
            "elements": [
                {"type": "cards", "zone": f"hand:{1 - me}", "place": "top", "layout": "row"},
                {"type": "hexgrid", "orientation": "pointy", "cells": cells, "pieces": pieces},
                {"type": "areas", "regions": regions, "place": "bottom"},
                {"type": "track", "length": 12, "marks": [{"at": 3, "fill": "#dc2626"}], "place": "bottom"},
                {"type": "cards", "zone": "deck", "layout": "pile", "title": {"key": "deck"}, "place": "bottom"},
                {"type": "cards", "zone": f"hand:{me}", "layout": "fan", "title": {"key": "hand"}, "place": "bottom"},
                field,
            ],
            "panels": [],
        }


class ShowcasePlugin:
    @hookimpl
    def boardwright_games(self) -> list[Game]:
        return [Showcase()]


@pytest.fixture
def showcase(qtbot: Any, settings: Any) -> MainWindow:
    from boardwright.bots import plugin as bots_plugin

    host = PluginHost(load_entry_points=False)
    host.register(bots_plugin, name="bots")
    host.register(ShowcasePlugin(), name="showcase")
    window = make_window(qtbot, host, settings)
    window.resize(1280, 900)
    assert window.start_game(GameConfig("showcase", 2, ["human", "human"], handover=False))
    return window


def _click_id(qtbot: Any, window: MainWindow, item_id: Any) -> None:
    view = window.table.view
    spot = view.position_of(item_id)
    assert spot is not None, f"nothing drawn with id {item_id!r}"
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=spot)


def test_every_element_is_drawn_and_hidden_cards_show_their_backs(showcase):
    view = showcase.table.view
    for item_id in ("0,0", "u1", "archer", "mage", "north"):
        assert view.position_of(item_id) is not None, item_id
    ARTIFACTS.mkdir(exist_ok=True)
    assert showcase.grab().save(str(ARTIFACTS / "client_vocabulary.png"))
    board = showcase.session.board()
    composed = compose(board, showcase.session.view()["zones"], Showcase().card_face)
    faces = [item for item in composed["items"] if item["shape"] == "card"]
    opponent = [item for item in faces if item["rect"][1] < 200]
    assert len(opponent) == 2 and all(item["face"] is None for item in opponent), "the other hand is backs only"
    assert not any(item.get("id") in ("knight", "monk") and item["face"] is None for item in faces if "id" in item)


def test_a_redacted_zone_is_drawn_from_what_the_viewer_knows():
    assert zone_cards({"count": 3, "known": [[1, "x"]]}) == [None, "x", None]
    assert zone_cards({"items": ["a", "b"], "known": {}}) == ["a", "b"]


def test_a_piece_then_a_target_plays_the_move(qtbot, showcase):
    table = showcase.table
    _click_id(qtbot, showcase, "u1")
    assert table.selection.source == "u1"
    assert sorted(table.selection.active_ids()) == ["-1,0", "0,-1", "0,1", "1,0"]
    _click_id(qtbot, showcase, "1,0")
    assert showcase.session.match.state["units"]["u1"] == "1,0"
    assert table.menu is None, "no menu for a move that only one action makes"


def test_two_cards_of_the_hand_are_chosen_and_confirmed(qtbot, showcase):
    table = showcase.table
    _click_id(qtbot, showcase, "knight")
    assert table.choose_row.isVisible() and not table.confirm_button.isEnabled()
    _click_id(qtbot, showcase, "archer")
    assert table.confirm_button.isEnabled()
    qtbot.mouseClick(table.confirm_button, Qt.MouseButton.LeftButton)
    assert showcase.session.match.state["discarded"] == ["archer", "knight"], "the kernel put them in hand order"
    assert showcase.session.match.record.actions[-1] == {"type": "discard", "cards": ["archer", "knight"]}


def _drag(qtbot: Any, window: MainWindow, item_id: Any, to_cm: list[float]) -> None:
    """Press on a piece, move in steps, let go over a point of the field (in centimetres)."""
    view = window.table.view
    start = view.position_of(item_id)
    target = view.mapFromScene(_to_scene(window.table.fields[0], *to_cm))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        point = start + (target - start) * step / 5
        QTest.mouseMove(view.viewport(), point)
        qtbot.wait(5)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=target)


def test_a_base_dragged_near_an_offered_point_snaps_to_it(qtbot, showcase):
    _drag(qtbot, showcase, "hero", [19.6, 20.3])
    assert showcase.session.match.state["hero"] == [20.0, 20.0]


def test_a_base_dragged_to_a_free_point_is_checked_by_the_kernel(qtbot, showcase):
    messages: list[str] = []
    showcase.table.message.connect(messages.append)
    _drag(qtbot, showcase, "hero", [50.0, 5.0])
    assert showcase.session.match.state["hero"] == [10.0, 20.0] and "out of reach" in messages[-1]
    _drag(qtbot, showcase, "hero", [12.0, 14.0])
    x, y = showcase.session.match.state["hero"]
    pixel_cm = 1 / (showcase.table.fields[0]["per_cm"] * showcase.table.view.transform().m11())
    assert abs(x - 12.0) <= 3 * pixel_cm and abs(y - 14.0) <= 3 * pixel_cm, "within three pixels of the cursor"


def test_a_press_that_moves_is_no_click(qtbot, showcase):
    view = showcase.table.view
    start = view.position_of("u1")
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    QTest.mouseMove(view.viewport(), start + QPoint(40, 0))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=start + QPoint(40, 0))
    assert showcase.table.selection.source is None, "a drag is not a click"


def test_a_field_drawn_with_the_viewers_edge_below_still_reads_drops_in_centimetres(qtbot, showcase):
    showcase.session.match.state["flip"] = True
    showcase.table.refresh()
    assert showcase.table.fields[0]["flip_y"]
    hero = showcase.table.view.position_of("hero")
    assert (
        hero is not None
        and _to_scene(showcase.table.fields[0], 10.0, 20.0).y() < _to_scene(showcase.table.fields[0], 10.0, 5.0).y()
    ), "y = 0 is drawn at the bottom"
    _drag(qtbot, showcase, "hero", [19.6, 20.3])
    assert showcase.session.match.state["hero"] == [20.0, 20.0]


def test_the_backs_of_face_down_cards_tell_what_their_back_label_says():
    """A pile's `back_label` is written on its face-down top; a row's `back_labels` on each
    face-down card in order (a rival's travel cards show their size marks)."""
    hidden = {"cards": {"items": [None, None, None], "visible": False}}
    board = compose(
        {
            "elements": [
                {"type": "cards", "zone": "cards", "layout": "pile", "back_label": "S M XL"},
                {"type": "cards", "cards": [None, "open", None], "layout": "row", "back_labels": ["S", "M", "XL"]},
            ]
        },
        hidden,
        lambda item: {"title": str(item)},
    )
    cards = [item for item in board["items"] if item["shape"] == "card"]
    assert [item.get("back_label") for item in cards if "count" in item] == ["S M XL"]
    row = [item for item in cards if "count" not in item and item["rect"][2] > 0][-3:]
    assert [item.get("back_label") for item in row] == ["S", None, "XL"], "a face-up card shows its face"
