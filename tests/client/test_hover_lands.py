"""Where a click lands is what the mouse outlines: Connect Four's disc falls to the lowest
empty hole of the column, so hovering any hole of it outlines that one (`"lands"`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from boardwright.client.app import MainWindow
from boardwright.client.board_view import BoardView
from boardwright.client.new_game import GameConfig


def _hover(view: BoardView, x: float, y: float) -> None:
    """The mouse moved over (x, y) of the board, as the viewport receives it."""
    point = QPointF(view.mapFromScene(QPointF(x, y)))
    move = QMouseEvent(
        QEvent.Type.MouseMove, point, QPointF(view.viewport().mapToGlobal(point)),
        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
    )  # fmt: skip
    QApplication.sendEvent(view.viewport(), move)


def test_hovering_a_column_outlines_the_hole_the_disc_lands_in(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=1, handover=False))
    view = window.table.view
    window.table.play({"type": "drop", "column": 3})  # a disc in the bottom hole of column 4
    qtbot.waitUntil(lambda: window.session is not None and len(window.session.match.record.actions) == 1)
    # holes are 100 board units apart, the top one at y = 50, the disc's at y = 550
    qtbot.waitUntil(lambda: (_hover(view, 350, 50), view.hover_outline)[1] is not None)
    centre = view.hover_outline.path().boundingRect().center()
    assert abs(centre.x() - 350) < 2 and abs(centre.y() - 450) < 2, "the hole above the disc, not the one under it"
    _hover(view, 150, 350)  # an empty column
    centre = view.hover_outline.path().boundingRect().center()
    assert abs(centre.x() - 150) < 2 and abs(centre.y() - 550) < 2
