"""Legends of Signum played on its field as a miniatures player does, through the real table
page: the hero placed, a character summoned and terrain set by clicks on the field (no move
list), legal areas lit, and a refused drag that springs back and says why."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from boardwright.client.app import MainWindow
from boardwright.client.field_points import to_scene
from boardwright.client.field_tools import Z_AREA
from boardwright.client.new_game import GameConfig
from boardwright.framework import kernel
from boardwright.plugins.signum import play as signum_play
from boardwright.plugins.signum.units import units

from .conftest import ARTIFACTS


def start_signum(window: MainWindow) -> Any:
    assert window.start_game(GameConfig("signum", 2, ["human", "human"], seed=3, handover=False))
    window.session.play({"type": "go_second"})  # the roll's winner lets the other seat start
    return window.session.match.state


def to_activation(window: MainWindow) -> int:
    """Both heroes placed, no mulligan, the first seat's building phase over."""
    session = window.session
    while kernel.phase(session.match.state) in ("place", "mulligan"):
        action = session.match.legal_actions()[0]
        session.play(action if action["type"] == "place_hero" else {"type": "mulligan", "cards": []})
    session.play({"type": "to_activation"})
    return int(kernel.active(session.match.state))


def click_cm(qtbot: Any, window: MainWindow, x: float, y: float, button: Any = Qt.MouseButton.LeftButton) -> None:
    view = window.table.view
    pos = view.mapFromScene(to_scene(window.table.fields[0], x, y))
    qtbot.mouseClick(view.viewport(), button, pos=pos)


def pixel_cm(window: MainWindow) -> float:
    """A pixel on screen, in centimetres of the field (a click lands within one of its aim)."""
    return 1 / (window.table.fields[0]["per_cm"] * window.table.view.transform().m11())


def lit_areas(window: MainWindow) -> int:
    return sum(1 for item in window.table.view.scene().items() if item.zValue() == Z_AREA)


def shot(window: MainWindow, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    QApplication.processEvents()  # the side panels laid out again
    assert window.grab().save(str(ARTIFACTS / f"{name}.png"))


def test_the_hero_is_placed_by_a_click_near_the_own_edge(qtbot: Any, window: MainWindow) -> None:
    state = start_signum(window)
    seat = kernel.active(state)
    assert lit_areas(window) == 1, "the band along the own edge is lit"
    edge = signum_play.edge_y(seat, 1.5)
    click_cm(qtbot, window, 31.0, edge + (1.6 if seat == 0 else -1.6))  # a little off the band: it lands on it
    heroes = [u for u in units(state).values() if u["owner"] == seat]
    assert len(heroes) == 1 and abs(heroes[0]["at"][0] - 31.0) <= pixel_cm(window)
    radius = heroes[0]["radius"]
    assert abs(heroes[0]["at"][1] - signum_play.edge_y(seat, radius)) <= 0.5
    assert window.session.match.record.actions[-1]["type"] == "place_hero"


def test_a_click_in_the_middle_of_the_field_places_no_hero_and_says_why(qtbot: Any, window: MainWindow) -> None:
    state = start_signum(window)
    messages: list[str] = []
    window.table.message.connect(messages.append)
    click_cm(qtbot, window, 30.0, 30.0)
    assert not units(state) and "own edge" in messages[-1]


def test_a_character_is_summoned_by_a_click_on_its_card_then_on_the_field(qtbot: Any, window: MainWindow) -> None:
    start_signum(window)
    seat = to_activation(window)
    state = window.session.match.state
    state["zones"][f"hand:{seat}"]["items"].append("dock_brute@0.9")
    state["city"][seat].append({"id": "b90", "type": "barracks", "open": True, "locked": False})
    window.table.refresh()
    table = window.table
    before = lit_areas(window)
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton, pos=table.view.position_of("dock_brute@0.9"))
    assert table.selection.source == "dock_brute@0.9" and table.menu is None, "selected, no menu of places"
    assert before > 1 and lit_areas(window) == 1, "the terrain's middle bands were lit, now its edge band is"
    shot(window, "signum_summon_selected")
    click_cm(qtbot, window, 44.0, signum_play.edge_y(seat, 1.5))
    brutes = [u for u in units(state).values() if u["card"] == "dock_brute"]
    assert len(brutes) == 1 and abs(brutes[0]["at"][0] - 44.0) <= pixel_cm(window) and brutes[0]["owner"] == seat


def test_terrain_is_set_by_a_click_on_the_field_and_a_choice_of_the_card(qtbot: Any, window: MainWindow) -> None:
    start_signum(window)
    to_activation(window)
    table = window.table
    assert lit_areas(window) >= 1, "the middle band is lit for the terrain cards"
    click_cm(qtbot, window, 22.0, 27.0)
    assert table.menu is not None
    rocks = [entry for entry in table.menu.actions() if entry.text().startswith("Place Rocks")]
    assert [entry.text().endswith(", turned 90°") for entry in rocks] == [False, True], "listed once each way"
    rocks[1].trigger()
    placed = window.session.match.state["terrain"]
    assert [(t["card"], t["angle"]) for t in placed] == [("rocks", 90.0)]
    corner = pytest.approx([25.0, 22.0], abs=pixel_cm(window))
    assert placed[0]["shape"]["polygon"][0] == corner, "10 x 6 cm turned about the click: its first corner"


def test_a_refused_drag_springs_back_and_says_why_on_the_board(qtbot: Any, window: MainWindow) -> None:
    start_signum(window)
    seat = to_activation(window)
    state = window.session.match.state
    state["zones"][f"hand:{seat}"]["items"].append("dock_brute@0.9")
    state["city"][seat].append({"id": "b90", "type": "barracks", "open": True, "locked": False})
    window.table.refresh()
    table, view = window.table, window.table.view
    messages: list[str] = []
    table.message.connect(messages.append)
    start = view.position_of("dock_brute@0.9")
    target = view.mapFromScene(to_scene(table.fields[0], 30.0, 30.0))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        QTest.mouseMove(view.viewport(), start + (target - start) * step / 5)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=target)
    assert "own edge" in messages[-1]
    assert (view.position_of("dock_brute@0.9") - start).manhattanLength() <= 2, "the card is back in the hand"
    assert not any(u["card"] == "dock_brute" for u in units(state).values())
    assert any("own edge" in line for line in view.field_tools.notes()), "the reason is written on the board"
    shot(window, "signum_refused_drag")
