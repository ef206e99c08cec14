"""Press, drag and release as in a map application: a drag pans and never makes a move, a
click acts on release, the View menu zooms and fits the board to the window."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig


def _mouse(view: Any, kind: Any, pos: QPoint, buttons: Any) -> None:
    """One mouse event on the board's viewport, as the window system delivers it."""
    event = QMouseEvent(
        kind,
        QPointF(pos),
        view.viewport().mapToGlobal(QPointF(pos)),
        Qt.MouseButton.LeftButton,
        buttons,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(view.viewport(), event)


def _drag(view: Any, start: QPoint, end: QPoint, steps: int = 6) -> None:
    _mouse(view, QMouseEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
    for step in range(1, steps + 1):
        point = start + (end - start) * step / steps
        _mouse(view, QMouseEvent.Type.MouseMove, point, Qt.MouseButton.LeftButton)
    _mouse(view, QMouseEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton)


@pytest.fixture
def table(qtbot: Any, window: MainWindow) -> Any:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=1, handover=False))
    QApplication.processEvents()
    return window.table.view


def test_a_drag_while_zoomed_pans_and_makes_no_move(qtbot: Any, window: MainWindow, table: Any) -> None:
    window.zoom_in_action.trigger()
    window.zoom_in_action.trigger()
    assert table.zoom == pytest.approx(1.5625)
    hole = table.mapFromScene(QPointF(350, 550))  # the bottom hole of the middle column
    before = (table.horizontalScrollBar().value(), table.verticalScrollBar().value())
    _drag(table, hole, hole + QPoint(-120, -90))
    after = (table.horizontalScrollBar().value(), table.verticalScrollBar().value())
    assert after != before, "the board moved under the mouse"
    assert window.session.match.record.actions == [], "a pan is not a move"
    hole = table.mapFromScene(QPointF(350, 550))
    _drag(table, hole, hole + QPoint(2, 1), steps=1)  # a shaky click still clicks
    assert window.session.match.record.actions == [{"type": "drop", "column": 3}]


def test_a_press_moved_off_and_back_is_not_a_click_on_another_hole(qtbot: Any, window: MainWindow, table: Any) -> None:
    start = table.mapFromScene(QPointF(150, 550))
    _drag(table, start, table.mapFromScene(QPointF(450, 550)))
    assert window.session.match.record.actions == []


def test_the_view_menu_zooms_and_fits_the_board(qtbot: Any, window: MainWindow, table: Any) -> None:
    fitted = table.transform().m11()
    window.zoom_in_action.trigger()
    assert table.transform().m11() == pytest.approx(fitted * 1.25)
    window.zoom_out_action.trigger()
    window.zoom_out_action.trigger()  # never smaller than the whole board
    assert table.zoom == 1.0 and table.transform().m11() == pytest.approx(fitted)
    for _ in range(3):
        window.zoom_in_action.trigger()
    window.fit_action.trigger()
    assert table.zoom == 1.0 and table.transform().m11() == pytest.approx(fitted)
    assert window.fit_action.shortcut().toString() == "Ctrl+0"
