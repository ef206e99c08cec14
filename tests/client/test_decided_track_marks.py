"""A panel track's mark that decided the game (a winner's score, `"decided": true`) is drawn
ringed in gold with a star, as the board draws what decided it; other marks are not."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QColor, QImage

from boardwright.client.marks import DECIDED
from boardwright.client.panels import TrackWidget


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
