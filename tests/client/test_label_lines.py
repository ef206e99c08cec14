"""An item's label made larger to stay readable breaks its lines anew when it must shrink
(client/items.py BoardText.at_least): "Brotherhood of the Sword" on a Heroes plot."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QGraphicsRectItem

from boardwright.client.card_plan import font
from boardwright.client.items import BoardText

NAME = "Brotherhood of the Sword"


def test_a_label_a_pixel_smaller_takes_two_lines_not_three(qtbot: Any) -> None:
    # the room is a little narrower than "of the Sword" at 34 px, so at 34 px the words
    # break into three lines, which are too tall; at 33 px two lines fit whole
    at_34, at_33 = QFontMetricsF(font(34, True)), QFontMetricsF(font(33, True))
    room = at_34.horizontalAdvance("of the Sword") - 0.5
    assert at_33.horizontalAdvance("of the Sword") <= room and at_33.horizontalAdvance("Brotherhood") <= room
    height = 2 * at_33.lineSpacing() + 1
    assert 3 * at_34.lineSpacing() > height
    plot = QGraphicsRectItem(QRectF(0, 0, room / 0.94, height / 0.92))
    label = BoardText(NAME, 24, True, QPointF(room / 2, height / 2), "center", plot, room=room, height=height)
    label.at_least(34)
    assert label.text() == "Brotherhood\nof the Sword"
    assert label.font().pixelSize() == 33
