"""A seat's shape goes with its colour everywhere: the seat list, the rings, the score
tracks and each log line of its doing (a colour alone does not tell every player)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from boardwright.client.app import MainWindow
from boardwright.client.new_game import GameConfig
from boardwright.client.panels import seat_path


def test_each_seat_has_its_own_shape_on_a_track() -> None:
    corners = [seat_path(seat, QPointF(0, 0), 10).elementCount() for seat in range(6)]
    assert corners[1] == 4 and corners[2] == 5 and corners[3] == 5 and corners[5] == 6, corners


def test_a_log_line_starts_with_its_seat_s_shape_in_its_colour(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("connect_four", 2, ["human", "human"], seed=1, handover=False))
    table = window.table
    for _ in range(2):
        table.play(table.legal[0])
    rows = [row for row, event in enumerate(table._log_events) if "seat" in event.get("params", {})]
    assert len(rows) >= 2
    for row in rows:
        seat = table._log_events[row]["params"]["seat"]
        icon = table.log.item(row).icon()
        assert not icon.isNull()
        (size,) = icon.availableSizes()
        image = icon.pixmap(size).toImage()
        centre = image.pixelColor(image.width() // 2, image.height() // 2)
        assert centre.name() == QColor(table.seat_colours[seat]).name(), (seat, row)


def test_signum_s_prosperity_marks_name_their_seats(qtbot: Any, window: MainWindow) -> None:
    assert window.start_game(GameConfig("signum", 2, ["human", "human"], seed=4, handover=False))
    board = window.session.board()
    track = next(panel["track"] for panel in board["panels"] if panel.get("track"))
    assert sorted(mark["seat"] for mark in track["marks"]) == [0, 1]
