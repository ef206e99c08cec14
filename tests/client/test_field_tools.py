"""A player's ruler and line of sight on Signum's field: the readings are the kernel's field
geometry (edge to edge, the game's sight and cover rules) over the field data the board
carries, asked by mouse on the real table page."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from boardwright.client.app import MainWindow
from boardwright.client.field_points import to_scene
from boardwright.framework import field
from boardwright.plugins.signum import geometry
from boardwright.plugins.signum.units import base, units

from .test_field_points import click_cm, shot, start_signum, to_activation


def heroes(window: MainWindow) -> tuple[str, str]:
    """The seat to move's hero, and the other's."""
    seat = to_activation(window)
    everyone = units(window.session.match.state)
    mine = next(u for u, d in everyone.items() if d["owner"] == seat)
    theirs = next(u for u, d in everyone.items() if d["owner"] != seat)
    return mine, theirs


def lay_ruler(qtbot: Any, window: MainWindow, start: Any, end: Any) -> None:
    """Shift + drag from one viewport point to another."""
    viewport = window.table.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, start)
    for step in range(1, 6):
        QTest.mouseMove(viewport, start + (end - start) * step / 5)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, end)


def test_a_ruler_from_a_miniature_reads_centimetres_from_its_base_edge(qtbot: Any, window: MainWindow) -> None:
    start_signum(window)
    mine, _theirs = heroes(window)
    state = window.session.match.state
    view, frame = window.table.view, window.table.fields[0]
    x, y = units(state)[mine]["at"]
    inwards = 1.0 if y < 30 else -1.0
    end = view.mapFromScene(to_scene(frame, x + 8.0, y + 9.0 * inwards))
    lay_ruler(qtbot, window, view.position_of(mine), end)
    tools = view.field_tools
    start_anchor, end_anchor = tools.ruler
    assert start_anchor == {"base": mine} and "point" in end_anchor
    expected = field.base_distance(base(units(state)[mine]), {"circle": end_anchor["point"], "radius": 0})
    assert tools.reading["ruler"] == round(expected, 2)
    assert 10 < expected <= 15 and tools.reading["within"] == "L", "longer than M (10), within L (15)"
    assert window.session.match.record.actions[-1]["type"] == "to_activation", "measuring plays nothing"
    shot(window, "signum_ruler")


def test_a_ruler_between_two_miniatures_reads_their_gap_edge_to_edge(qtbot: Any, window: MainWindow) -> None:
    start_signum(window)
    mine, theirs = heroes(window)
    view = window.table.view
    lay_ruler(qtbot, window, view.position_of(mine), view.position_of(theirs))
    assert view.field_tools.ruler == ({"base": mine}, {"base": theirs})
    gap = geometry.edge_gap(window.session.match.state, mine, theirs)
    assert view.field_tools.reading["ruler"] == pytest.approx(gap) and view.field_tools.reading["within"] is None
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert view.field_tools.ruler is None


def put_terrain(window: MainWindow, card: str, at: list[float], angle: float = 0.0) -> None:
    state = window.session.match.state
    shape = geometry.terrain_shape(card, at, angle)
    state["terrain"].append(
        {"id": f"t{len(state['terrain'])}", "card": card, "owner": 0, "shape": shape, "angle": angle}
    )
    window.table.refresh()


def look(qtbot: Any, window: MainWindow, looker: str, target: str) -> dict[str, Any]:
    view = window.table.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=view.position_of(looker))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=view.position_of(target))
    reading = view.field_tools.reading
    assert reading is not None
    return reading


def test_line_of_sight_names_the_terrain_that_blocks_it(qtbot: Any, window: MainWindow) -> None:
    start_signum(window)
    mine, theirs = heroes(window)
    state = window.session.match.state
    x = units(state)[mine]["at"][0]
    assert units(state)[theirs]["at"][0] == x, "both heroes on the same line across the field"
    put_terrain(window, "rocks", [x + 1.0, 30.0])
    reading = look(qtbot, window, mine, theirs)
    assert reading["seen"] is geometry.sees(state, mine, theirs) is False
    assert reading["blocked_by"] == [0] and "Blocked by: Rocks" in reading["text"]
    assert not any(line["clear"] for line in reading["lines"])
    shot(window, "signum_sight_blocked")


def test_terrain_that_hides_part_of_a_seen_target_is_said_to_hide_part(qtbot: Any, window: MainWindow) -> None:
    """Some lines from edge to edge pass the rocks, others do not: the target is in sight and
    the rocks hide part of it (never "In sight" beside "Blocked by")."""
    start_signum(window)
    mine, theirs = heroes(window)
    state = window.session.match.state
    x = units(state)[mine]["at"][0]
    put_terrain(window, "rocks", [x + 4.0, 30.0])
    reading = look(qtbot, window, mine, theirs)
    clear = [line["clear"] for line in reading["lines"]]
    assert any(clear) and not all(clear), "the rocks stand across some lines only"
    assert reading["seen"] is True and reading["blocked_by"] == [0]
    assert "Partly hidden by: Rocks" in reading["text"] and not any(t.startswith("Blocked by") for t in reading["text"])


def test_line_of_sight_tells_whether_the_target_has_cover(qtbot: Any, window: MainWindow) -> None:
    start_signum(window)
    mine, theirs = heroes(window)
    state = window.session.match.state
    tx, ty = units(state)[theirs]["at"]
    put_terrain(window, "imperial_redoubt", [tx, (ty + 30.0) / 2])
    reading = look(qtbot, window, mine, theirs)
    assert reading["seen"] is geometry.sees(state, mine, theirs) is True
    assert reading["cover"] is geometry.in_cover(state, mine, theirs) is True
    assert "In cover: Imperial Redoubt" in reading["text"]
    assert window.session.match.record.actions[-1]["type"] == "to_activation", "looking plays nothing"


def test_line_of_sight_to_a_point_and_the_looker_let_go(qtbot: Any, window: MainWindow) -> None:
    start_signum(window)
    mine, _theirs = heroes(window)
    view = window.table.view
    click_cm(qtbot, window, 30.0, 30.0, Qt.MouseButton.RightButton)
    assert "Right-click a miniature" in view.field_tools.notes()[-1], "no looker yet: the note says how"
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=view.position_of(mine))
    click_cm(qtbot, window, 30.0, 30.0, Qt.MouseButton.RightButton)
    assert view.field_tools.reading["seen"] and not view.field_tools.reading["cover"]
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=view.position_of(mine))
    assert view.field_tools.looker is None and view.field_tools.reading is None


def test_the_tools_of_the_view_menu_measure_and_look_with_plain_clicks(qtbot: Any, window: MainWindow) -> None:
    start_signum(window)
    mine, theirs = heroes(window)
    view = window.table.view
    window.tool_actions["ruler"].trigger()
    viewport = view.viewport()
    start, end = view.position_of(mine), view.position_of(theirs)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    QTest.mouseMove(viewport, end)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    assert view.field_tools.ruler == ({"base": mine}, {"base": theirs}), "a plain drag lays the ruler"
    window.tool_actions["sight"].trigger()
    assert view.field_tools.mode == "sight" and not window.tool_actions["ruler"].isChecked(), "one tool at a time"
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=end)
    assert view.field_tools.reading["seen"] is geometry.sees(window.session.match.state, mine, theirs)
    window.tool_actions["sight"].trigger()
    assert view.field_tools.mode is None
    assert window.session.match.record.actions[-1]["type"] == "to_activation", "no tool click played a move"


def test_a_new_game_forgets_the_ruler_and_the_looker(qtbot: Any, window: MainWindow) -> None:
    start_signum(window)
    mine, theirs = heroes(window)
    view = window.table.view
    lay_ruler(qtbot, window, view.position_of(mine), view.position_of(theirs))
    look(qtbot, window, mine, theirs)
    start_signum(window)
    mine, theirs = heroes(window)
    assert view.field_tools.ruler is None and view.field_tools.looker is None
    assert look(qtbot, window, mine, theirs)["seen"], "the new game's hero looks, as the first right-click said"
