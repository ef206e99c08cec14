"""Cards drawn from their face data: a frame, a cost badge, the title, the art key, keywords,
rules text and stats; a face-down card shows its back. Hovering a card shows it large.

Face data (from a game's `card_face(item)`, texts already in the reader's language)::

    {"title": "Archer", "cost": 3, "stats": [["ATK", 2], ["HP", 3]], "keywords": ["Ranged"],
     "text": "Shoots two hexes away.", "art": "archer", "colour": "#3b6ea8"}
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPixmap, QPixmapCache
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

DEFAULT_FACE = "#e9dfc7"
DEFAULT_BACK = "#6b3a2a"
PREVIEW_W, PREVIEW_H = 260.0, 364.0  # the hover preview, in screen pixels
# the painted cards (CardItem) share Qt's pixmap cache: room for a few hundred at full size
QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), 48 * 1024))


def _readable(fill: QColor) -> QColor:
    luminance = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF()
    return QColor("#171717") if luminance > 0.55 else QColor("#f8f8f8")


def _font(size: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, round(size)))
    font.setBold(bold)
    return font


def paint_card(painter: QPainter, rect: QRectF, face: dict[str, Any] | None, back: Any, extra: dict[str, Any]) -> None:
    """Draw one card filling `rect` (a face, or its back when `face` is None)."""
    w, h = rect.width(), rect.height()
    radius = w * 0.07
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    frame = QPainterPath()
    frame.addRoundedRect(rect, radius, radius)
    if extra.get("empty"):
        pen = QPen(QColor("#9aa3b2"), max(1.0, w * 0.015), Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(frame)
        return
    if face is None:
        fill = QColor(back if isinstance(back, str) and back.startswith("#") else DEFAULT_BACK)
        painter.setPen(QPen(QColor("#1b1b1b"), max(1.0, w * 0.02)))
        painter.setBrush(QBrush(fill))
        painter.drawPath(frame)
        inner = rect.adjusted(w * 0.1, w * 0.1, -w * 0.1, -w * 0.1)
        painter.setPen(QPen(fill.lighter(150), max(1.0, w * 0.02)))
        painter.setBrush(QBrush(fill.darker(120), Qt.BrushStyle.DiagCrossPattern))
        painter.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
        if extra.get("back_label"):  # what the back of a face-down card tells (a size mark)
            band = QRectF(rect.left() + w * 0.08, rect.center().y() - h * 0.09, w * 0.84, h * 0.18)
            painter.setPen(QPen(QColor("#111827"), max(1.0, w * 0.015)))
            painter.setBrush(QBrush(QColor("#f8f8f8")))
            painter.drawRoundedRect(band, radius * 0.5, radius * 0.5)
            painter.setPen(QColor("#111827"))
            painter.setFont(_font(h * 0.09, bold=True))
            painter.drawText(band, Qt.AlignmentFlag.AlignCenter, str(extra["back_label"]))
        if extra.get("count"):
            _badge(painter, rect, str(extra["count"]), QColor("#111827"), bottom=True)
        return
    fill = QColor(face.get("colour") or DEFAULT_FACE)
    ink = _readable(fill)
    painter.setPen(QPen(QColor("#1b1b1b"), max(1.0, w * 0.02)))
    painter.setBrush(QBrush(fill))
    painter.drawPath(frame)
    pad = w * 0.07
    # title band
    title_rect = QRectF(rect.left() + pad, rect.top() + pad, w - 2 * pad, h * 0.13)
    painter.setPen(ink)
    painter.setFont(_font(h * 0.068, bold=True))
    painter.drawText(
        title_rect.adjusted(w * 0.2 if "cost" in face else 0, 0, 0, 0),
        Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap,
        str(face.get("title", "")),
    )
    # art area: the art key, until a game ships pictures
    art = QRectF(rect.left() + pad, title_rect.bottom() + pad * 0.4, w - 2 * pad, h * 0.3)
    painter.setPen(QPen(ink, max(1.0, w * 0.008)))
    painter.setBrush(QBrush(fill.darker(115)))
    painter.drawRoundedRect(art, radius * 0.5, radius * 0.5)
    if face.get("art"):
        painter.setFont(_font(h * 0.05))
        painter.drawText(art, Qt.AlignmentFlag.AlignCenter, str(face["art"]))
    y = art.bottom() + pad * 0.4
    keywords = face.get("keywords") or []
    if keywords:
        painter.setFont(_font(h * 0.05, bold=True))
        line = QRectF(rect.left() + pad, y, w - 2 * pad, h * 0.07)
        painter.drawText(
            line, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, " · ".join(map(str, keywords))
        )
        y = line.bottom()
    stats = face.get("stats") or []
    text_bottom = rect.bottom() - pad - (h * 0.11 if stats else 0)
    if face.get("text"):
        painter.setFont(_font(h * 0.05))
        painter.drawText(
            QRectF(rect.left() + pad, y, w - 2 * pad, max(0.0, text_bottom - y)),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
            str(face["text"]),
        )
    if stats:
        cell = (w - 2 * pad) / len(stats)
        for index, stat in enumerate(stats):
            label, value = (stat[0], stat[1]) if isinstance(stat, (list, tuple)) else ("", stat)
            box = QRectF(rect.left() + pad + index * cell, rect.bottom() - pad - h * 0.1, cell - 2, h * 0.1)
            painter.setPen(QPen(ink, max(1.0, w * 0.008)))
            painter.setBrush(QBrush(fill.darker(130)))
            painter.drawRoundedRect(box, 4, 4)
            painter.setPen(_readable(fill.darker(130)))
            painter.setFont(_font(h * 0.055, bold=True))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, f"{label} {value}".strip())
    if "cost" in face:
        _badge(painter, rect, str(face["cost"]), QColor("#1d4ed8"))
    for index, badge in enumerate(extra.get("badges") or []):
        # what changes during the game (wounds, markers, chips), over the card's right edge
        label = " ".join(str(part) for part in badge) if isinstance(badge, list) else str(badge)
        size = rect.width() * 0.2
        box = QRectF(rect.right() - size * 1.9, rect.top() + rect.height() * 0.2 + index * size * 1.1, size * 1.8, size)
        painter.setPen(QPen(QColor("#f8f8f8"), max(1.0, size * 0.05)))
        painter.setBrush(QBrush(QColor("#7f1d1d")))
        painter.drawRoundedRect(box, size * 0.3, size * 0.3)
        painter.setPen(QColor("#ffffff"))
        painter.setFont(_font(size * 0.55, bold=True))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)


def _badge(painter: QPainter, rect: QRectF, text: str, fill: QColor, bottom: bool = False) -> None:
    size = rect.width() * 0.24
    x = rect.left() + rect.width() * 0.04
    y = rect.bottom() - size - rect.width() * 0.04 if bottom else rect.top() + rect.width() * 0.04
    circle = QRectF(x, y, size, size)
    painter.setPen(QPen(QColor("#f8f8f8"), max(1.0, size * 0.06)))
    painter.setBrush(QBrush(fill))
    painter.drawEllipse(circle)
    painter.setPen(QColor("#ffffff"))
    painter.setFont(_font(size * 0.55, bold=True))
    painter.drawText(circle, Qt.AlignmentFlag.AlignCenter, text)


class CardItem(QGraphicsItem):
    """A card on the board; `spec` is a layout item of shape "card".

    A face is text and shapes, costly to paint, and a move re-creates the cards it shifts
    (a hand closing up, a line filling). So a card is painted once into a picture at the
    view's scale, kept in Qt's pixmap cache under what it shows, and every later paint of any
    card that shows the same (the same card moved, flying, or drawn again) copies it."""

    def __init__(self, spec: dict[str, Any]) -> None:
        super().__init__()
        x, y, w, h = (float(v) for v in spec.get("rect", [0, 0, 120, 168]))
        self.rect = QRectF(x, y, w, h)
        self.face = spec.get("face")
        self.back = spec.get("back")
        self.extra: dict[str, Any] = {
            key: spec[key] for key in ("count", "empty", "badges", "back_label") if key in spec
        }
        self.highlight = bool(spec.get("highlight"))
        self._look = repr((self.face, self.back, self.extra, self.highlight, w, h))

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-4, -4, 4, 4)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect, self.rect.width() * 0.07, self.rect.width() * 0.07)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        bounds = self.boundingRect()
        transform = painter.worldTransform()
        scale = math.hypot(transform.m11(), transform.m12()) * painter.device().devicePixelRatioF()
        width, height = math.ceil(bounds.width() * scale), math.ceil(bounds.height() * scale)
        if transform.isRotating() or not 0 < width * height <= 4_000_000:
            self._paint(painter)  # a turned card or a huge one is painted as it is
            return
        key = f"boardwright-card:{scale:.4f}:{self._look}"
        picture = QPixmap()
        if not QPixmapCache.find(key, picture):
            picture = QPixmap(width, height)
            picture.fill(Qt.GlobalColor.transparent)
            inner = QPainter(picture)
            inner.setRenderHints(painter.renderHints())
            inner.scale(scale, scale)
            inner.translate(-bounds.topLeft())
            self._paint(inner)
            inner.end()
            QPixmapCache.insert(key, picture)
        painter.drawPixmap(bounds, picture, QRectF(0, 0, width, height))

    def _paint(self, painter: QPainter) -> None:
        paint_card(painter, self.rect, self.face, self.back, self.extra)
        if self.highlight:
            pen = QPen(QColor("#ffe14d"), 4)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(self.shape())


class CardPreview(QGraphicsItem):
    """A large card shown beside the cursor, at a fixed screen size whatever the zoom."""

    def __init__(self, face: dict[str, Any] | None, back: Any) -> None:
        super().__init__()
        self.face = face
        self.back = back
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(10_000)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, PREVIEW_W, PREVIEW_H)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        paint_card(painter, QRectF(0, 0, PREVIEW_W, PREVIEW_H), self.face, self.back, {})
