"""Pieces that glide to where a move put them, or drop in where a move made them, at the pace
the person chose; each knows where it comes to rest, so marks stand there from the start."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
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

    def hold_back(self, items: list[QGraphicsItem]) -> None:
        """Hide `items` while the glides running now go on, and show them once they rest (the
        items a board drawn since has taken away stay gone)."""
        if not self.running():
            return
        for item in items:
            item.hide()

        def show() -> None:
            for item in items:
                if shiboken6.isValid(item):
                    item.show()

        self.when_rested(show)

    def when_rested(self, callback: Callable[[], Any]) -> None:
        """Call `callback` once every glide running now has come to rest (not if they are
        stopped early for a new board, which draws its own)."""
        running = [a for a, _i, _b in self._running if a.state() == QVariantAnimation.State.Running]
        if not running:
            callback()
            return
        last = max(running, key=lambda animation: animation.duration() - animation.currentTime())
        last.finished.connect(callback)

    def rest_of(self, item: QGraphicsItem) -> QPointF | None:
        """Where a gliding item comes to rest (None: it is not gliding)."""
        pointer = shiboken6.getCppPointer(item)[0]
        return next((base for _a, moving, base in self._running if shiboken6.getCppPointer(moving)[0] == pointer), None)


class Spread:
    """The cards of a hand moving aside, briefly animated, so that the one under the mouse
    shows whole and covers none of its neighbours' names and costs; and back to rest. Only
    across (x): a card's lift (cards.CardItem.lift) raises it, and the board is not laid out anew."""

    MS = 120

    def __init__(self, owner: QObject) -> None:
        self.owner = owner
        self._rest: dict[int, tuple[QGraphicsItem, float]] = {}  # each moved card and its x at rest
        self._animation: QVariantAnimation | None = None

    def move(self, aside: list[tuple[QGraphicsItem, float]]) -> None:
        """Move these cards (card, how far from its place at rest) aside, and every other card
        moved earlier back to rest."""
        self._stop()
        for item, _dx in aside:
            self._rest.setdefault(shiboken6.getCppPointer(item)[0], (item, item.x()))
        offsets = {shiboken6.getCppPointer(item)[0]: dx for item, dx in aside}
        paths = [(item, item.x(), rest + offsets.get(key, 0.0)) for key, (item, rest) in self._rest.items()]
        animation = QVariantAnimation(self.owner)
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.setDuration(self.MS)
        animation.setEasingCurve(QEasingCurve.Type.OutCubic)

        def step(progress: Any) -> None:
            for item, start, end in paths:
                item.setX(start + (end - start) * float(progress))

        animation.valueChanged.connect(step)
        animation.finished.connect(lambda: self._rested(offsets))
        self._animation = animation
        animation.start()

    def aside_for(self, card: Any, cards: list[Any]) -> list[tuple[QGraphicsItem, float]]:
        """How far each card of `card`'s row (among `cards`, cards.CardItem) moves aside for
        it, half to each side, so that it shows whole and covers none of its right
        neighbour's name and cost (at rest the next card covers the rest of it)."""
        row = self._row_of(card, cards)
        index = next((n for n, other in enumerate(row) if other is card), len(row))
        if index >= len(row) - 1:
            return []
        hidden = card.rect.width() - (self._left(row[index + 1]) - self._left(card))
        if hidden <= 0:
            return []
        return [(other, -hidden / 2) for other in row[: index + 1]] + [
            (other, hidden / 2) for other in row[index + 1 :]
        ]

    def _row_of(self, card: Any, cards: list[Any]) -> list[Any]:
        """The cards of `card`'s hand in its row, left to right as at rest."""
        row = [
            item
            for item in cards
            if item.lifts
            and item.row_name == card.row_name
            and abs(item.rect.y() - card.rect.y()) < card.rect.height() / 2
        ]
        return sorted(row, key=self._left)

    def _left(self, card: Any) -> float:
        return float(self.rest_x(card) + card.rect.x())

    def settle(self) -> None:
        """Every card at rest at once (before the board changes)."""
        self._stop()
        for item, rest in self._rest.values():
            item.setX(rest)
        self._rest = {}

    def forget(self) -> None:
        """The cards are gone (the scene was cleared): nothing to put back."""
        self._stop()
        self._rest = {}

    def rest_x(self, item: QGraphicsItem) -> float:
        """Where a card stands across when at rest."""
        return self._rest.get(shiboken6.getCppPointer(item)[0], (item, item.x()))[1]

    def running(self) -> bool:
        return self._animation is not None and self._animation.state() == QVariantAnimation.State.Running

    def _stop(self) -> None:
        if self._animation is not None:
            self._animation.stop()
            self._animation.deleteLater()
            self._animation = None

    def _rested(self, offsets: dict[int, float]) -> None:
        """The cards back at rest need no remembering."""
        self._rest = {key: entry for key, entry in self._rest.items() if key in offsets}


def glide_in(
    glides: Glides,
    laid: list[tuple[dict[str, Any], QGraphicsItem]],
    fresh: list[tuple[str, dict[str, Any], QGraphicsItem]],
    old_places: dict[str, QPointF],
    ms: int,
) -> None:
    """Of a new board's pieces (`laid`: spec and item), one the move made (`fresh`) drops
    in; a piece with the same id elsewhere (moved by the move, or by the layout: a hand
    spread anew) glides there (`old_places`: where each id stood, scene centres)."""
    made = {id(item) for _stable, _spec, item in fresh}
    held = Counter(repr(spec.get("id")) for spec, _item in laid)
    glides_made = 0
    for spec, item in laid:
        name = repr(spec.get("id")) if spec.get("id") is not None else None
        if glides_made >= 60:  # a whole new board does not fly in piece by piece
            return
        if id(item) not in made and (name is None or held[name] > 1):
            continue  # unchanged, or one of several alike: it stands
        start, end = old_places.get(name) if name else None, item.sceneBoundingRect().center()
        if start is not None and (start - end).manhattanLength() > 0.5:
            glides.glide(item, start - end, ms)  # the same piece elsewhere
        elif start is None and id(item) in made:
            glides.glide(item, QPointF(0, -item.sceneBoundingRect().height() * 0.6), ms, fade=True)
        else:
            continue
        glides_made += 1
