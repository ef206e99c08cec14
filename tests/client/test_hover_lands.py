"""Where a click lands is what the mouse outlines: Connect Four's disc falls to the lowest
empty hole of the column, so hovering any hole of it outlines that one (`"lands"`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF

from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig


def test_hovering_a_column_outlines_the_hole_the_disc_lands_in(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=1, handover=False))
    view = window.table.view
    window.table.play({"type": "drop", "column": 3})  # a disc in the bottom hole of column 4
    qtbot.waitUntil(lambda: window.session is not None and len(window.session.match.record.actions) == 1)
    # holes are 100 board units apart, the top one at y = 50, the disc's at y = 550
    qtbot.mouseMove(view.viewport(), view.mapFromScene(QPointF(350, 50)))
    qtbot.waitUntil(lambda: view.hover_outline is not None)
    centre = view.hover_outline.path().boundingRect().center()
    assert abs(centre.x() - 350) < 2 and abs(centre.y() - 450) < 2, (
        "the hole above the disc, not the one under the mouse"
    )
    qtbot.mouseMove(view.viewport(), view.mapFromScene(QPointF(150, 350)))  # an empty column
    qtbot.waitUntil(lambda: abs(view.hover_outline.path().boundingRect().center().x() - 150) < 2)
    assert abs(view.hover_outline.path().boundingRect().center().y() - 550) < 2
