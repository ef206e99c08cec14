"""Items of a board description (client/README.md, "Items") as Qt graphics items: polygons,
hexes, circles, rectangles, lines, texts and cards, with their colours, labels and tips.
"""

from __future__ import annotations

import math
from typing import Any

import shiboken6
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QAbstractGraphicsShapeItem,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
)

from .cards import CardItem
from .i18n import localise

LAYER_Z = {"board": 0.0, "piece": 100.0, "marker": 200.0}
HIGHLIGHT = "#ffe14d"


def colour(text: Any, default: str | None = None) -> QColor | None:
    """`#rgb`, `#rrggbb` or `#rrggbbaa` (alpha last, unlike Qt's own `#aarrggbb`)."""
    value = text if isinstance(text, str) and text else default
    if value is None:
        return None
    if value.startswith("#") and len(value) == 9:
        result = QColor(value[:7])
        try:
            result.setAlpha(int(value[7:], 16))
        except ValueError:
            return QColor(default) if default else None
        return result
    result = QColor(value)
    if not result.isValid():
        return QColor(default) if default else None
    return result


def readable_on(fill: QColor | None) -> QColor:
    """Black or white, whichever reads better on `fill`."""
    if fill is None or fill.alpha() < 80:
        return QColor("#ffffff")
    luminance = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF()
    return QColor("#111111") if luminance > 0.6 else QColor("#ffffff")


def hex_corners(center: list[float], radius: float, pointy: bool = True) -> list[QPointF]:
    start = -30.0 if pointy else 0.0
    cx, cy = float(center[0]), float(center[1])
    return [
        QPointF(
            cx + radius * math.cos(math.radians(start + 60 * i)), cy + radius * math.sin(math.radians(start + 60 * i))
        )
        for i in range(6)
    ]


def _kept_as_picture(text: QGraphicsSimpleTextItem) -> QGraphicsSimpleTextItem:
    """Text painted once into a picture of the screen's pixels that later frames copy: laying
    out and drawing its glyphs again each frame cost as much as all the rest of a board with
    many labels (Reliquium: 2.3 -> 1.4 ms a frame, for 0.13 MB of pictures)."""
    text.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
    return text


def _points(raw: Any) -> list[QPointF]:
    return [QPointF(float(p[0]), float(p[1])) for p in raw or []]


def make_item(spec: dict[str, Any], lang: str, background: QColor | None) -> QGraphicsItem | None:
    shape = spec.get("shape")
    item: QGraphicsItem
    if shape == "polygon":
        item = QGraphicsPolygonItem(QPolygonF(_points(spec.get("points"))))
    elif shape == "hex":
        corners = hex_corners(spec.get("center", [0, 0]), float(spec.get("radius", 10)), spec.get("pointy", True))
        item = QGraphicsPolygonItem(QPolygonF(corners))
    elif shape == "circle":
        cx, cy = spec.get("center", [0, 0])
        r = float(spec.get("radius", 10))
        item = QGraphicsEllipseItem(float(cx) - r, float(cy) - r, 2 * r, 2 * r)
    elif shape == "rect":
        x, y, w, h = spec.get("rect", [0, 0, 10, 10])
        item = QGraphicsRectItem(float(x), float(y), float(w), float(h))
    elif shape == "line":
        points = _points(spec.get("points"))
        if len(points) < 2:
            return None
        path = QPainterPath(points[0])
        for point in points[1:]:
            path.lineTo(point)
        item = QGraphicsPathItem(path)
    elif shape == "text":
        item = _text_item(spec, lang, background)
    elif shape == "card":
        item = CardItem(spec)
    else:
        return None
    if isinstance(item, QAbstractGraphicsShapeItem) and shape != "text":
        _style(item, spec)
    layer = spec.get("layer", "board")
    item.setZValue(LAYER_Z.get(layer, 0.0))
    if layer == "piece" and isinstance(item, QAbstractGraphicsShapeItem):
        # a plain offset shadow under the piece: cheap to draw, and safe to take off the
        # board again (a QGraphicsEffect on an item removed before the next paint crashes Qt 6.11)
        shadow = QGraphicsPathItem(item.shape().translated(3, 4), item)
        shadow.setBrush(QColor(0, 0, 0, 110))
        shadow.setPen(QPen(Qt.PenStyle.NoPen))
        shadow.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
    label = localise(spec.get("label"), lang)
    if label and shape != "text":
        _add_label(item, spec, label)
    tip = localise(spec.get("tip"), lang)
    if tip:
        item.setToolTip(tip)
    return item


def _style(item: QAbstractGraphicsShapeItem, spec: dict[str, Any]) -> None:
    shape = spec.get("shape")
    fill = colour(spec.get("fill"))
    stroke = colour(spec.get("stroke"), "#dddddd" if shape == "line" else None)
    if shape == "line":
        item.setBrush(Qt.BrushStyle.NoBrush)
    else:
        item.setBrush(QBrush(fill) if fill is not None else Qt.BrushStyle.NoBrush)
    if spec.get("highlight"):
        pen = QPen(QColor(HIGHLIGHT), 4)
        pen.setCosmetic(True)
    elif stroke is not None:
        width = spec.get("width")
        pen = QPen(stroke, float(width) if width is not None else 1.0)
        pen.setCosmetic(width is None)
    else:
        pen = QPen(Qt.PenStyle.NoPen)
    if spec.get("dash"):
        pen.setStyle(Qt.PenStyle.DashLine)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    item.setPen(pen)


def _text_item(spec: dict[str, Any], lang: str, background: QColor | None) -> QGraphicsSimpleTextItem:
    item = _kept_as_picture(QGraphicsSimpleTextItem(localise(spec.get("text"), lang)))
    font = QFont()
    font.setPixelSize(max(1, round(float(spec.get("size", 20)))))
    font.setBold(bool(spec.get("bold", False)))
    item.setFont(font)
    fill = colour(spec.get("fill"))
    item.setBrush(fill or readable_on(background))
    if fill is None:
        # text of the default colour may lie on any region: a thin shadow keeps it readable
        shadow = _kept_as_picture(QGraphicsSimpleTextItem(item.text(), item))
        shadow.setFont(font)
        shade = QColor(0, 0, 0, 220) if readable_on(background).lightness() > 128 else QColor(255, 255, 255, 200)
        shadow.setBrush(shade)
        offset = max(1.0, font.pixelSize() * 0.07)
        shadow.setPos(offset, offset)
        shadow.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
    bounds = item.boundingRect()
    x, y = spec.get("at", [0, 0])
    # `at` is the centre unless `align` puts it at the text's left or right end
    align = spec.get("align", "center")
    shift = {"left": 0.0, "right": bounds.width()}.get(align, bounds.width() / 2)
    item.setPos(float(x) - shift, float(y) - bounds.height() / 2)
    return item


def _add_label(item: QGraphicsItem, spec: dict[str, Any], text: str) -> None:
    bounds = item.boundingRect()
    label = _kept_as_picture(QGraphicsSimpleTextItem(text, item))
    font = QFont()
    font.setBold(True)
    size = spec.get("label_size")
    if size is None:
        # as large as fits: a piece's shadow effect clips anything beyond the piece
        font.setPixelSize(100)
        lines = text.splitlines() or [text]
        at_100 = max(1.0, max(QFontMetricsF(font).horizontalAdvance(line) for line in lines))
        fits_width = bounds.width() * 0.86 * 100 / at_100
        share = 0.3 if spec.get("layer") == "marker" else 0.4
        size = min(bounds.height() * (share if len(lines) == 1 else 0.8 / len(lines)), fits_width)
    font.setPixelSize(max(1, round(float(size))))
    label.setFont(font)
    fill = colour(spec.get("fill"))
    label.setBrush(colour(spec.get("label_colour")) or readable_on(fill))
    own = label.boundingRect()
    centre = bounds.center()
    label.setPos(centre.x() - own.width() / 2, centre.y() - own.height() / 2)


def message_item(text: str, centre: QPointF) -> QGraphicsSimpleTextItem:
    """One line of large light text centred on `centre` (a board with nothing to draw)."""
    item = QGraphicsSimpleTextItem(text)
    font = QFont()
    font.setPixelSize(40)
    item.setFont(font)
    item.setBrush(QColor("#e8e8e8"))
    bounds = item.boundingRect()
    item.setPos(centre.x() - bounds.width() / 2, centre.y() - bounds.height() / 2)
    return item


def id_under(found: list[QGraphicsItem], ids: dict[int, Any], dragged: QGraphicsItem) -> Any:
    """The click id of the topmost of `found` (the items under a point) that is neither the
    dragged item nor one of its labels; `ids` are click ids by item address."""
    mine = {shiboken6.getCppPointer(item)[0] for item in (dragged, *dragged.childItems())}
    for item in found:
        pointer = shiboken6.getCppPointer(item)[0]
        if pointer not in mine and pointer in ids:
            return ids[pointer]
    return None
