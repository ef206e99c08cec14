"""What decided the game (`"decided": true`) is ringed in gold with a star: on the board
around the item and outside it, all round a hex, so that a small piece keeps its colour; on
a panel track the winner's mark and no other."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPolygonF
from PySide6.QtWidgets import QGraphicsScene

from boardwright.client.marks import DECIDED, ring_decided
from boardwright.client.panels import TrackWidget

PIECE = "#dc2626"


def _gold(image: QImage, left: int, right: int) -> int:
    """Pixels near the decided colour between two x positions."""
    gold = QColor(DECIDED)
    columns = range(max(0, left), min(image.width(), right))
    return sum(_near(image.pixelColor(x, y), gold) for x in columns for y in range(image.height()))


def _drawn(qtbot: Any, marks: list[dict[str, Any]], length: int = 11) -> QImage:
    track = TrackWidget({"length": length, "marks": marks}, "en")
    qtbot.addWidget(track)
    track.resize(330, track.minimumHeight())
    return track.grab().toImage()


def test_a_decided_mark_is_ringed_gold_and_its_neighbour_is_not(qtbot: Any) -> None:
    marks = [{"at": 2, "label": "1", "fill": "#dc2626"}, {"at": 8, "label": "2", "fill": "#2563eb"}]
    plain = _drawn(qtbot, marks)
    won = _drawn(qtbot, [marks[0], {**marks[1], "decided": True}])
    cell = 328 / 11
    loser, winner = (round(1 + (2 + 0.5) * cell), round(1 + (8 + 0.5) * cell))
    half = round(cell)
    assert _gold(plain, 0, plain.width()) == 0, "no gold before anything decided the game"
    assert _gold(won, winner - half, winner + half) > 40, "the winner's mark is ringed in gold"
    assert _gold(won, loser - half, loser + half) == 0, "the other mark is drawn as before"


def test_a_decided_mark_at_the_track_end_keeps_its_ring_inside(qtbot: Any) -> None:
    """The winner's score sits at the right end of a long track: its ring and star are drawn
    whole, within the track."""
    won = _drawn(qtbot, [{"at": 100, "fill": "#16a34a", "decided": True}], length=101)
    assert _gold(won, won.width() - 30, won.width()) > 40
    right_column = [won.pixelColor(won.width() - 1, y) for y in range(won.height())]
    assert not any(_near(pixel, QColor(DECIDED)) for pixel in right_column), "the ring is not cut by the edge"


def _near(pixel: QColor, colour: QColor) -> bool:
    return (
        abs(pixel.red() - colour.red()) + abs(pixel.green() - colour.green()) + abs(pixel.blue() - colour.blue()) < 60
    )


def _scene_image(scene: QGraphicsScene) -> QImage:
    image = QImage(200, 200, QImage.Format.Format_RGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 200, 200), QRectF(0, 0, 200, 200))
    painter.end()
    return image


def test_a_decided_hex_is_ringed_outside_on_every_side() -> None:
    """A hex (a polygon: its own shape left the last edge open) keeps its fill, and a point
    just outside the middle of each of its six edges is gold."""
    import math

    scene = QGraphicsScene(0, 0, 200, 200)
    corners = [
        QPointF(100 + 40 * math.cos(math.radians(60 * k + 30)), 100 + 40 * math.sin(math.radians(60 * k + 30)))
        for k in range(6)
    ]
    hexagon = scene.addPolygon(QPolygonF(corners), brush=QBrush(QColor(PIECE)))
    ring_decided(scene, [hexagon])
    image = _scene_image(scene)
    for k in range(6):
        a, b = corners[k], corners[(k + 1) % 6]
        middle = (a + b) / 2
        out = QPointF(middle.x() - 100, middle.y() - 100)
        out /= math.hypot(out.x(), out.y())
        inside = middle - out * 3
        outside = middle + out * 4
        assert _near(image.pixelColor(round(inside.x()), round(inside.y())), QColor(PIECE)), f"edge {k}: the fill shows"
        assert _near(image.pixelColor(round(outside.x()), round(outside.y())), QColor(DECIDED)), f"edge {k}: ringed"
