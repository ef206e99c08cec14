"""Battles show their numbers: a short caption floats over the board item an event is about.

The convention (docs/modding.md): an event that names board items (`at=[click ids]`) may
carry `show`, a short text (a plain value, `{"en": ..., "ru": ...}` or a message key with
its parameters) such as the damage of an attack or the strengths of a battle. When an
action is applied live, each of its events with both floats over its first `at` item for
the time the person's pace gives, then goes; at the pace "at once" nothing floats, and a
replay that seeks shows none.
"""

from __future__ import annotations

from typing import Any

import shiboken6
from PySide6.QtCore import QEasingCurve, QPointF, QRectF, QVariantAnimation
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem, QGraphicsView

from boardwright.framework.events import text

from .selection import same_id

# how long a caption stays at each pace (ms; 0: none)
CAPTION_MS = {"instant": 0, "fast": 700, "normal": 1400, "slow": 2600, "step": 1800}
CAPTION_Z = 400.0  # above pieces, marks and outlines
CAPTION_FILL = "#111827e6"
CAPTION_TEXT = "#fde68a"
DRIFT_PX = 26  # a caption rises this far (on screen) while it shows
MAX_CAPTIONS = 12  # a whole war phase in one action does not bury the board


def captions(
    events: list[dict[str, Any] | None], messages: dict[str, Any], lang: str, names: list[str]
) -> list[tuple[str, Any]]:
    """(text, click id) for each event that names board items and has a number to show."""
    found = []
    for event in events:
        params = event.get("params", {}) if isinstance(event, dict) else {}
        at, show = params.get("at"), params.get("show")
        if show is None or not isinstance(at, list) or not at:
            continue
        shown = text(show, messages, lang, names)
        if shown:
            found.append((shown, at[0]))
    return found[:MAX_CAPTIONS]


class CaptionLayer:
    """The floating captions of one board view."""

    def __init__(self, view: QGraphicsView, spots: Any) -> None:
        self.view = view
        self.spots = spots  # click id -> a QPoint on the viewport (BoardView.position_of), or None
        self.items: list[tuple[QVariantAnimation, QGraphicsItem]] = []

    def show(self, shown: list[tuple[str, Any]], duration_ms: int) -> int:
        """Float each (text, click id) over its item for `duration_ms`; returns how many float."""
        self.clear()
        if duration_ms <= 0:
            return 0
        stacked: list[Any] = []  # a second caption over the same item sits above the first
        for words, item_id in shown:
            spot = self.spots(item_id)
            if spot is None:
                continue
            above = sum(1 for other in stacked if same_id(other, item_id))
            stacked.append(item_id)
            self._float(words, self.view.mapToScene(spot), above, duration_ms)
        return len(self.items)

    def texts(self) -> list[str]:
        """What floats now (for tests)."""
        return [item.data(0) for _animation, item in self.items if shiboken6.isValid(item)]

    def clear(self) -> None:
        for animation, item in self.items:
            animation.stop()
            if shiboken6.isValid(item):  # not when the scene was cleared (a message replaced the board)
                self.view.scene().removeItem(item)
        self.items = []

    def _float(self, words: str, where: QPointF, above: int, duration_ms: int) -> None:
        font = QFont()
        font.setPixelSize(16)
        font.setBold(True)
        label = QGraphicsSimpleTextItem(words)
        label.setFont(font)
        label.setBrush(QColor(CAPTION_TEXT))
        bounds = label.boundingRect()
        box = QRectF(-bounds.width() / 2 - 7, -bounds.height() - 8, bounds.width() + 14, bounds.height() + 6)
        path = QPainterPath()
        path.addRoundedRect(box, 6, 6)
        back = QGraphicsPathItem(path)
        fill = QColor(CAPTION_FILL[:7])
        fill.setAlpha(int(CAPTION_FILL[7:], 16))
        back.setBrush(QBrush(fill))
        back.setPen(QPen(QColor(CAPTION_TEXT), 1))
        label.setParentItem(back)
        label.setPos(box.left() + 7, box.top() + 3)
        back.setData(0, words)
        # the same size on screen however far the board is zoomed
        back.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        back.setZValue(CAPTION_Z)
        self.view.scene().addItem(back)
        scale = max(self.view.transform().m11(), 1e-6)
        start = where - QPointF(0, (box.height() + 2) * above / scale)
        rise = DRIFT_PX / scale
        animation = QVariantAnimation(self.view)
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.setDuration(duration_ms)
        animation.setEasingCurve(QEasingCurve.Type.OutQuad)

        def step(progress: Any) -> None:
            if shiboken6.isValid(back):
                back.setPos(start - QPointF(0, rise * float(progress)))
                back.setOpacity(1.0 if progress < 0.7 else max(0.0, (1.0 - float(progress)) / 0.3))

        animation.valueChanged.connect(step)
        animation.finished.connect(lambda: self._drop(animation, back))
        step(0.0)
        self.items.append((animation, back))
        animation.start()

    def _drop(self, animation: QVariantAnimation, item: QGraphicsItem) -> None:
        if shiboken6.isValid(item):
            self.view.scene().removeItem(item)
        self.items = [(a, i) for a, i in self.items if a is not animation]
