"""Pieces that glide to where a move put them, or drop in where a move made them, at the pace
the person chose; each knows where it comes to rest, so marks stand there from the start."""

from __future__ import annotations

from typing import Any

import shiboken6
from PySide6.QtCore import QEasingCurve, QObject, QPointF, QVariantAnimation
from PySide6.QtWidgets import QGraphicsItem


class Glides:
    """The glides of one board view."""

    def __init__(self, owner: QObject) -> None:
        self.owner = owner
        self._running: list[tuple[QVariantAnimation, QGraphicsItem, QPointF]] = []

    def glide(self, item: QGraphicsItem, offset: QPointF, ms: int, fade: bool = False) -> None:
        """Move `item` from `offset` away to where it stands now, in `ms` (fading in: `fade`)."""
        base = item.pos()
        animation = QVariantAnimation(self.owner)
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.setDuration(ms)
        animation.setEasingCurve(QEasingCurve.Type.OutCubic)

        def step(progress: Any) -> None:
            item.setPos(base + offset * (1.0 - float(progress)))
            if fade:
                item.setOpacity(0.25 + 0.75 * float(progress))

        animation.valueChanged.connect(step)
        step(0.0)
        self._running.append((animation, item, base))
        animation.start()

    def finish(self) -> None:
        """Every piece where it belongs before the board changes again."""
        for animation, item, base in self._running:
            animation.stop()
            item.setPos(base)
            item.setOpacity(1.0)
        self._running = []

    def running(self) -> bool:
        return any(animation.state() == QVariantAnimation.State.Running for animation, _i, _b in self._running)

    def rest_of(self, item: QGraphicsItem) -> QPointF | None:
        """Where a gliding item comes to rest (None: it is not gliding)."""
        pointer = shiboken6.getCppPointer(item)[0]
        return next((base for _a, moving, base in self._running if shiboken6.getCppPointer(moving)[0] == pointer), None)
