"""Items of a board description (client/README.md, "Items") as Qt graphics items: polygons,
hexes, circles, rectangles, lines, texts and cards, with their colours, labels and tips.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QAbstractGraphicsShapeItem,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from .card_plan import syllables
from .cards import CardItem, picture
from .i18n import localise

# a place's name ("name") lies over the marks' outlines that cross it (lit targets, last
# moves, pickable pieces), so a line never cuts it; only the hover outline is higher
LAYER_Z = {"board": 0.0, "piece": 100.0, "marker": 200.0, "name": 295.0}
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
    if isinstance(spec.get("picture"), str) and shape != "text":
        # a pictogram stands for the piece (its name is in its tip): no label beside it
        Pictogram(item, spec["picture"], colour(spec.get("label_colour")) or readable_on(colour(spec.get("fill"))))
    elif label and shape != "text":
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


def word_lines(text: str, room: float, metrics: Any, too_wide: Callable[[str], list[str]] | None = None) -> list[str]:
    """`text` in lines no wider than `room` (by `metrics`, a QFontMetrics(F)), broken between
    words; a word wider than the room alone goes through `too_wide` where given (its syllables)."""
    lines: list[str] = []
    for word in text.split():
        if lines and metrics.horizontalAdvance(f"{lines[-1]} {word}") <= room:
            lines[-1] = f"{lines[-1]} {word}"
        elif too_wide is not None and metrics.horizontalAdvance(word) > room:
            lines.extend(too_wide(word))
        else:
            lines.append(word)
    return lines


class BoardText(QGraphicsSimpleTextItem):
    """A text of the board (a `text` item or an item's label) that keeps its place, centred
    on (or aligned at) its anchor, when the view makes it larger to stay readable; a label
    (with the `room` of its item's width) then breaks its lines between words to fit."""

    def __init__(
        self,
        text: str,
        px: float,
        bold: bool,
        anchor: QPointF,
        align: str,
        parent: Any = None,
        room: float = 0.0,
        height: float = 0.0,
        inside: bool = True,
    ) -> None:
        super().__init__(text, parent)
        self.source = text  # as the board wrote it: the lines it breaks are its own
        self.design_px = max(1, round(px))  # the size the board asked for, in board units
        self.anchor, self.align, self.room = anchor, align, room
        # a label kept inside its item (`inside`: as tall as `height` too) or only placed by it
        self.height, self.inside = height, inside
        # a text in a box of its own (a region's name) stays at the small font where its box is
        # smaller, running a little over it; an item's label shrinks to stay inside its item
        self.readable_first = parent is None and room > 0
        font = QFont()
        font.setBold(bold)
        font.setPixelSize(self.design_px)
        self.setFont(font)
        if room and inside and self._share(text, font) < 1:  # a name in its box: its lines broken to fit
            self.setText(self._broken(font, False))
        _kept_as_picture(self)
        self._place()

    def at_least(self, px: float) -> bool:
        """Drawn at the board's size, or at `px` (board units) where that is larger; whether
        it was drawn anew."""
        size = max(self.design_px, math.ceil(px))
        if size == self.font().pixelSize():
            return False
        font = self.font()
        font.setPixelSize(size)
        text = self.source
        if size > self.design_px and self.room:
            # the way of breaking its lines that leaves it largest: between words, or inside a
            # word at its syllables; too long or too many lines for its item even so: as large
            # as still fits, never over a neighbour
            text, share = self._best_break(font)
            if share < 1 and not self.readable_first:
                # a pixel smaller, its lines may break otherwise (two lines, not three) and fit
                # whole: the largest size that does, else as large as the best way still fits
                shrunk = max(self.design_px, math.floor(size * share))
                for trial in range(size - 1, shrunk, -1):
                    font.setPixelSize(trial)
                    way, fits = self._best_break(font)
                    if fits >= 1:
                        text, shrunk = way, trial
                        break
                font.setPixelSize(shrunk)
        self.setFont(font)
        self.setText(text)
        for child in self.childItems():  # its shadow
            if isinstance(child, QGraphicsSimpleTextItem):
                child.setFont(font)
                child.setText(self.text())
                offset = max(1.0, size * 0.07)
                child.setPos(offset, offset)
        self._place()
        return True

    def _best_break(self, font: QFont) -> tuple[str, float]:
        """The way of breaking its lines that leaves it largest at `font`: between words, or
        inside a word at its syllables (fewer lines first); with the share of its size kept."""
        ways = [self._broken(font, False), self._broken(font, True)] if self.inside else [self._broken(font, False)]
        shares = [self._share(way, font) for way in ways]
        best = max(range(len(ways)), key=lambda index: (round(shares[index], 3), -ways[index].count("\n")))
        return ways[best], shares[best]

    def _share(self, text: str, font: QFont) -> float:
        """How much of its size `text` keeps inside its item (1: all of it); a label only
        placed by its item keeps all. A single line may rise above a small piece."""
        if not self.inside:
            return 1.0
        metrics = QFontMetricsF(font)
        lines = text.splitlines() or [text]
        wide = self.room / max(max(metrics.horizontalAdvance(line) for line in lines), 1.0)
        tall = self.height / (metrics.lineSpacing() * len(lines)) if self.height and len(lines) > 1 else 1.0
        return min(1.0, wide, tall)

    def _broken(self, font: QFont, syllables_too: bool) -> str:
        """The text with its lines broken between words where a line is wider than the room
        (and a word wider than the room at its syllables, `syllables_too`)."""
        metrics = QFontMetricsF(font)
        if all(metrics.horizontalAdvance(line) <= self.room for line in self.source.splitlines()):
            return self.source
        too_wide = (lambda word: self._hyphenated(word, metrics)) if syllables_too else None
        return "\n".join(word_lines(self.source, self.room, metrics, too_wide))

    def _hyphenated(self, word: str, metrics: QFontMetricsF) -> list[str]:
        """`word` broken at its syllables into lines that fit the room, each but the last
        ending in a hyphen (a line of one syllable may still be wider)."""
        lines = [""]
        for syllable in syllables(word):
            trial = lines[-1] + syllable
            if lines[-1] and metrics.horizontalAdvance(trial + "-") > self.room:
                lines[-1] += "-"
                lines.append(syllable)
            else:
                lines[-1] = trial
        return lines

    def _place(self) -> None:
        bounds = self.boundingRect()
        shift = {"left": 0.0, "right": bounds.width()}.get(self.align, bounds.width() / 2)
        self.setPos(self.anchor.x() - shift, self.anchor.y() - bounds.height() / 2)
        plate = getattr(self, "plate", None)
        if plate is not None:  # the dark pill under it follows its size
            pad = self.font().pixelSize() * 0.25
            path = QPainterPath()
            path.addRoundedRect(bounds.adjusted(-pad, -pad * 0.3, pad, pad * 0.3), pad * 1.5, pad * 1.5)
            plate.setPath(path)

    def lay_on_plate(self, fill: QColor) -> None:
        """Draw the text on a pill of `fill` (a piece's marks over its ring read as one badge)."""
        self.plate = QGraphicsPathItem(self)
        self.plate.setBrush(fill)
        self.plate.setPen(QPen(Qt.PenStyle.NoPen))
        self.plate.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
        self._place()


def set_apart(texts: list[BoardText], rounds: int = 3) -> None:
    """Texts in boxes of their own (regions' names) that run over each other at the small font
    move apart, each by half their overlap, up and down (or left and right where less)."""
    for _ in range(rounds):
        moved = False
        boxes = [text.sceneBoundingRect() for text in texts]
        for i, first in enumerate(texts):
            for j in range(i + 1, len(texts)):
                common = boxes[i].intersected(boxes[j])
                if common.width() <= 0.5 or common.height() <= 0.5:
                    continue
                second = texts[j]
                if common.height() <= common.width():
                    step = (common.height() / 2 + 0.5) * (1 if boxes[j].center().y() >= boxes[i].center().y() else -1)
                    first.moveBy(0, -step)
                    second.moveBy(0, step)
                else:
                    step = (common.width() / 2 + 0.5) * (1 if boxes[j].center().x() >= boxes[i].center().x() else -1)
                    first.moveBy(-step, 0)
                    second.moveBy(step, 0)
                boxes[i], boxes[j] = first.sceneBoundingRect(), second.sceneBoundingRect()
                moved = True
        if not moved:
            return


def _text_item(spec: dict[str, Any], lang: str, background: QColor | None) -> BoardText:
    x, y = spec.get("at", [0, 0])
    box = spec.get("box")  # [width, height]: a text kept inside a box, its lines broken to fit
    room, height = (float(box[0]), float(box[1])) if isinstance(box, list) and len(box) == 2 else (0.0, 0.0)
    # `at` is the centre unless `align` puts it at the text's left or right end
    item = BoardText(
        localise(spec.get("text"), lang),
        float(spec.get("size", 20)),
        bool(spec.get("bold", False)),
        QPointF(float(x), float(y)),
        spec.get("align", "center"),
        room=room,
        height=height,
    )
    fill = colour(spec.get("fill"))
    item.setBrush(fill or readable_on(background))
    plate = colour(spec.get("plate"))
    if plate is not None:
        item.lay_on_plate(plate)
    elif fill is None:
        # text of the default colour may lie on any region: a thin shadow keeps it readable
        shadow = _kept_as_picture(QGraphicsSimpleTextItem(item.text(), item))
        shadow.setFont(item.font())
        shade = QColor(0, 0, 0, 220) if readable_on(background).lightness() > 128 else QColor(255, 255, 255, 200)
        shadow.setBrush(shade)
        offset = max(1.0, item.font().pixelSize() * 0.07)
        shadow.setPos(offset, offset)
        shadow.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
    return item


def _add_label(item: QGraphicsItem, spec: dict[str, Any], text: str) -> None:
    bounds = item.boundingRect()
    font = QFont()
    font.setBold(True)
    font.setPixelSize(100)
    lines = text.splitlines() or [text]
    at_100 = max(1.0, max(QFontMetricsF(font).horizontalAdvance(line) for line in lines))
    # an unfilled, unstroked item only places its label: the label is not kept inside it
    fill, stroke = colour(spec.get("fill")), colour(spec.get("stroke"))
    unseen = fill is not None and fill.alpha() == 0 and (stroke is None or stroke.alpha() == 0)
    # a box's label may run nearly its whole width; a round or six-sided item's keeps off its sides
    share = 0.94 if isinstance(item, QGraphicsRectItem) else 0.86
    room = 0.0 if unseen else bounds.width() * share
    fits_width = (room or bounds.width() * share) * 100 / at_100
    size = spec.get("label_size")
    if size is None:
        # as large as fits: a piece's shadow effect clips anything beyond the piece
        share = 0.3 if spec.get("layer") == "marker" else 0.4
        size = min(bounds.height() * (share if len(lines) == 1 else 0.8 / len(lines)), fits_width)
    size = min(float(size), fits_width)  # the board's size, but never wider than its item
    anchor = bounds.center()
    if spec.get("label_place") == "top":  # a mark at the item's top edge, above a piece on it
        size = min(size, bounds.height() * 0.22)
        anchor = QPointF(anchor.x(), bounds.top() + bounds.height() * 0.15)
    height = bounds.height() * (0.3 if spec.get("label_place") == "top" else 0.92)
    label = BoardText(text, size, True, anchor, "center", item, room=room, height=height, inside=not unseen)
    label.setBrush(colour(spec.get("label_colour")) or readable_on(fill))


class Pictogram(QGraphicsItem):
    """A one-colour picture (an SVG of the game's icon set) in the upper middle of its item,
    painted at the screen's resolution at any zoom; the item's marks stay readable below it."""

    def __init__(self, parent: QGraphicsItem, path: str, ink: QColor) -> None:
        super().__init__(parent)
        bounds = parent.boundingRect()
        side = min(bounds.width(), bounds.height()) * 0.58
        centre = bounds.center()
        self._rect = QRectF(centre.x() - side / 2, centre.y() - side * 0.62, side, side)
        self._path, self._ink = path, ink
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        device = painter.device()
        ratio = abs(painter.worldTransform().m11()) * (device.devicePixelRatioF() if device is not None else 1.0)
        pixmap = picture(self._path, QSizeF(self._rect.size()), self._ink, max(ratio, 0.05))
        if pixmap is not None:
            painter.drawPixmap(self._rect, pixmap, QRectF(pixmap.rect()))


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
