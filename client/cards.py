"""Cards drawn from their face data: a frame, a cost badge, the title, the picture, keywords,
rules text and stats; a face-down card shows its back. Hovering a card shows it large.

Face data (from a game's `card_face(item)`, texts already in the reader's language, the
picture found by card_layout)::

    {"title": "Archer", "cost": 3, "stats": [["ATK", 2], ["HP", 3]], "keywords": ["Ranged"],
     "text": "Shoots two hexes away.", "picture": "/.../archer.svg", "colour": "#3b6ea8"}
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QPixmap, QPixmapCache
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from . import card_plan

DEFAULT_FACE = "#e9dfc7"
DEFAULT_BACK = "#6b3a2a"
PAPER = QColor("#f4efe4")  # what a face of a see-through colour is printed on
PREVIEW_W, PREVIEW_H = 260.0, 364.0  # the hover preview, in screen pixels (it grows for long texts)
LIFT = 0.14  # a card of a hand under the mouse rises by this part of its height
# the painted cards (CardItem) share Qt's pixmap cache: room for a few hundred at full size
QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), 48 * 1024))
# the cards' pictures in that cache: key -> (the scale painted at, what the card shows)
_pictures: dict[str, tuple[str, str]] = {}
_latest_scale = ""


def keep_pictures_of(cards: list[CardItem]) -> None:
    """Let go of the cached pictures of what none of `cards` (those a board shows now) shows:
    over a game the cards of other boards, hand sizes and highlights would fill the cache."""
    looks = {card._look for card in cards}
    for key, (_scale, look) in list(_pictures.items()):
        if look not in looks:
            QPixmapCache.remove(key)
            del _pictures[key]


def _remember_picture(key: str, scale: str, look: str) -> None:
    """A new picture: kept with those of the same scale; the pictures of another scale go (a
    board whose size changed draws every card again, at its new scale)."""
    global _latest_scale
    if scale != _latest_scale:
        for old in [old for old, (at, _look) in _pictures.items() if at != scale]:
            QPixmapCache.remove(old)
            del _pictures[old]
        _latest_scale = scale
    _pictures[key] = (scale, look)


def _readable(fill: QColor) -> QColor:
    luminance = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF()
    return QColor("#171717") if luminance > 0.55 else QColor("#f8f8f8")


def face_colour(text: Any, default: str) -> QColor:
    """A face's colour (`#rrggbb`, or `#rrggbbaa` with alpha last), always opaque: a
    see-through colour is laid over paper, so nothing under a card shows through it."""
    value = text if isinstance(text, str) and text.startswith("#") else default
    colour = QColor(value[:7]) if QColor.isValidColorName(value[:7]) else QColor(default)
    alpha = int(value[7:9], 16) / 255 if len(value) == 9 and QColor.isValidColorName("#" + value[7:9] * 3) else 1.0
    mixed = QColor()
    mixed.setRgbF(
        alpha * colour.redF() + (1 - alpha) * PAPER.redF(),
        alpha * colour.greenF() + (1 - alpha) * PAPER.greenF(),
        alpha * colour.blueF() + (1 - alpha) * PAPER.blueF(),
    )
    return mixed


def picture(path: str, size: QSizeF, ink: QColor, ratio: float) -> QPixmap | None:
    """A one-colour pictogram (an SVG file) in `ink`, as large as fits `size`, cached."""
    side = max(1, round(min(size.width(), size.height()) * ratio))
    key = f"boardwright-art:{path}:{side}:{ink.name()}"
    found = QPixmap()
    if QPixmapCache.find(key, found):
        return found
    renderer = QSvgRenderer(path)
    if not renderer.isValid():
        return None
    image = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    inner = QPainter(image)
    renderer.render(inner, QRectF(0, 0, side, side))
    inner.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
    inner.fillRect(image.rect(), ink)  # the icon set draws in one colour: the card's ink
    inner.end()
    found = QPixmap.fromImage(image)
    found.setDevicePixelRatio(ratio)
    QPixmapCache.insert(key, found)
    return found


def paint_card(
    painter: QPainter,
    rect: QRectF,
    face: dict[str, Any] | None,
    back: Any,
    extra: dict[str, Any],
    minimum: float = 1.0,
    ratio: float = 1.0,
) -> None:
    """Draw one card filling `rect` (a face, or its back when `face` is None). `minimum` is
    the smallest font size that reads, in the painter's units (card_plan); `ratio` the screen
    pixels of one painter unit, for the picture's sharpness."""
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
    painter.save()
    painter.translate(rect.topLeft())
    if face is None:
        _paint_back(painter, w, h, back, extra, minimum)
    else:
        _paint_face(painter, w, h, face, extra, minimum, ratio)
    painter.restore()


def _paint_back(painter: QPainter, w: float, h: float, back: Any, extra: dict[str, Any], minimum: float) -> None:
    radius = w * 0.07
    fill = face_colour(back, DEFAULT_BACK)
    painter.setPen(QPen(QColor("#1b1b1b"), max(1.0, w * 0.02)))
    painter.setBrush(QBrush(fill))
    painter.drawRoundedRect(QRectF(0, 0, w, h), radius, radius)
    inner = QRectF(w * 0.1, w * 0.1, w * 0.8, h - w * 0.2)
    painter.setPen(QPen(fill.lighter(150), max(1.0, w * 0.02)))
    painter.setBrush(QBrush(fill.darker(120), Qt.BrushStyle.DiagCrossPattern))
    painter.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
    bottom = h - card_plan.badge_size(w, minimum) - w * 0.04 if extra.get("count") else h
    label = card_plan.back_label(str(extra["back_label"]), w, h, minimum, bottom) if extra.get("back_label") else None
    if label is not None:  # what the back of a face-down card tells (size marks)
        painter.setPen(QPen(QColor("#111827"), max(1.0, w * 0.015)))
        painter.setBrush(QBrush(QColor("#f8f8f8")))
        painter.drawRoundedRect(label.rect, radius * 0.5, radius * 0.5)
        _draw(painter, label, QColor("#111827"))
    if extra.get("count"):
        _badge(painter, w, h, str(extra["count"]), QColor("#111827"), minimum, bottom=True)


def _paint_face(
    painter: QPainter, w: float, h: float, face: dict[str, Any], extra: dict[str, Any], minimum: float, ratio: float
) -> None:
    fill = face_colour(face.get("colour"), DEFAULT_FACE)
    ink = _readable(fill)
    radius = w * 0.07
    painter.setPen(QPen(QColor("#1b1b1b"), max(1.0, w * 0.02)))
    painter.setBrush(QBrush(fill))
    painter.drawRoundedRect(QRectF(0, 0, w, h), radius, radius)
    plan = card_plan.Plan(face, w, h, minimum, float(extra.get("visible", 1.0)), bool(extra.get("everything")))
    if plan.art is not None:
        painter.setPen(QPen(ink, max(1.0, w * 0.008)))
        painter.setBrush(QBrush(fill.darker(112)))
        painter.drawRoundedRect(plan.art, radius * 0.5, radius * 0.5)
        inset = plan.art.adjusted(w * 0.04, w * 0.04, -w * 0.04, -w * 0.04)
        pixmap = picture(str(face["picture"]), inset.size(), ink, ratio)
        if pixmap is not None:
            side = pixmap.width() / ratio
            painter.drawPixmap(
                QRectF(inset.center().x() - side / 2, inset.center().y() - side / 2, side, side),
                pixmap,
                QRectF(pixmap.rect()),
            )
    chip_fill = fill.darker(130)
    for chip in plan.chips:
        painter.setPen(QPen(ink, max(1.0, w * 0.008)))
        painter.setBrush(QBrush(chip_fill))
        painter.drawRoundedRect(chip, chip.height() * 0.25, chip.height() * 0.25)
    if plan.cost_circle is not None:
        painter.setPen(QPen(QColor("#f8f8f8"), max(1.0, plan.cost_circle.width() * 0.06)))
        painter.setBrush(QBrush(QColor("#1d4ed8")))
        painter.drawEllipse(plan.cost_circle)
    for part in plan.parts:
        colour = {"stat": _readable(chip_fill), "cost": QColor("#ffffff")}.get(part.kind, ink)
        _draw(painter, part, colour)
    for index, badge in enumerate(extra.get("badges") or []):
        # what changes during the game (wounds, markers, chips), over the card's right edge
        label = " ".join(str(part) for part in badge) if isinstance(badge, list) else str(badge)
        size = max(w * 0.2, minimum * 1.6)
        box = QRectF(w - size * 1.9, h * 0.2 + index * size * 1.1, size * 1.8, size)
        placed = card_plan.fit(label, box.width() * 0.9, box.height(), size * 0.55, minimum, True, lines=1)
        painter.setPen(QPen(QColor("#f8f8f8"), max(1.0, size * 0.05)))
        painter.setBrush(QBrush(QColor("#7f1d1d")))
        painter.drawRoundedRect(box, size * 0.3, size * 0.3)
        if placed is not None:
            painter.setPen(QColor("#ffffff"))
            painter.setFont(card_plan.font(placed[0], True))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)


def _draw(painter: QPainter, part: card_plan.Part, colour: QColor) -> None:
    painter.setPen(colour)
    painter.setFont(part.font)
    painter.drawText(part.rect, part.flags, part.text)


def _badge(
    painter: QPainter, w: float, h: float, text: str, fill: QColor, minimum: float, bottom: bool = False
) -> None:
    size = card_plan.badge_size(w, minimum)
    x = w * 0.04
    y = h - size - w * 0.04 if bottom else w * 0.04
    circle = QRectF(x, y, size, size)
    painter.setPen(QPen(QColor("#f8f8f8"), max(1.0, size * 0.06)))
    painter.setBrush(QBrush(fill))
    painter.drawEllipse(circle)
    placed = card_plan.fit(text, size * 0.95, size, size * 0.55, minimum, True, lines=1)
    if placed is not None:
        painter.setPen(QColor("#ffffff"))
        painter.setFont(card_plan.font(placed[0], True))
        painter.drawText(circle, Qt.AlignmentFlag.AlignCenter, text)


class CardItem(QGraphicsItem):
    """A card on the board; `spec` is a layout item of shape "card".

    A face is text and shapes, costly to paint, and a move re-creates the cards it shifts
    (a hand closing up, a line filling). So a card is painted once into a picture at the
    view's scale, kept in Qt's pixmap cache under what it shows, and every later paint of any
    card that shows the same (the same card moved, flying, or drawn again) copies it. Its
    texts are fitted at that scale, never below the system's small font on screen.

    A card of a hand (`lifts`) rises above its neighbours while the mouse is on it."""

    def __init__(self, spec: dict[str, Any]) -> None:
        super().__init__()
        x, y, w, h = (float(v) for v in spec.get("rect", [0, 0, 120, 168]))
        self.rect = QRectF(x, y, w, h)
        self.face = spec.get("face")
        self.back = spec.get("back")
        self.extra: dict[str, Any] = {
            key: spec[key] for key in ("count", "empty", "badges", "back_label", "visible") if key in spec
        }
        self.highlight = bool(spec.get("highlight"))
        self.lifts = bool(spec.get("lifts"))
        self.row_name = spec.get("in")  # the row of cards it lies in (card_layout.spread)
        self.lifted = False
        self._at_rest = float(spec.get("visible", 1.0))  # how much of its width its neighbour leaves
        self._look = repr((self.face, self.back, self.extra, self.highlight, w, h))

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-4, -4, 4, 4)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect, self.rect.width() * 0.07, self.rect.width() * 0.07)
        return path

    def holds(self, scene_point: QPointF) -> bool:
        """Whether a point is on the card or, while it is lifted, where it rose from (so that
        the mouse there keeps it up)."""
        point = self.mapFromScene(scene_point)
        return self.rect.contains(point) or (
            self.lifted and self.rect.translated(0, self.rect.height() * LIFT).contains(point)
        )

    def lift(self, up: bool) -> None:
        """Raise the card (the mouse is on it) above its neighbours, whole, or put it back."""
        if up == self.lifted or not self.lifts:
            return
        self.prepareGeometryChange()
        self.lifted = up
        shift = self.rect.height() * LIFT
        self.moveBy(0, -shift if up else shift)
        self.setZValue(self.zValue() + (1000 if up else -1000))
        self.extra["visible"] = 1.0 if up else self._at_rest  # lifted, its title may use the whole card
        self._look = repr((self.face, self.back, self.extra, self.highlight, self.rect.width(), self.rect.height()))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        bounds = self.boundingRect()
        transform = painter.worldTransform()
        ratio = painter.device().devicePixelRatioF()
        view_scale = max(math.hypot(transform.m11(), transform.m12()), 1e-6)
        scale = view_scale * ratio
        width, height = math.ceil(bounds.width() * scale), math.ceil(bounds.height() * scale)
        if transform.isRotating() or not 0 < width * height <= 4_000_000:
            # a turned card or a huge one is painted as it is
            self._paint(painter, self.rect, card_plan.small_font_px() / view_scale, scale)
            return
        scale_text = f"{scale:.4f}"
        key = f"boardwright-card:{scale_text}:{self._look}"
        picture = QPixmap()
        if not QPixmapCache.find(key, picture):
            # laid out in the picture's own pixels, so that every text is measured as it is drawn
            picture = QPixmap(width, height)
            picture.fill(Qt.GlobalColor.transparent)
            inner = QPainter(picture)
            inner.setRenderHints(painter.renderHints())
            corner = (self.rect.topLeft() - bounds.topLeft()) * scale
            self._paint(inner, QRectF(corner, self.rect.size() * scale), card_plan.small_font_px() * ratio, 1.0)
            inner.end()
            QPixmapCache.insert(key, picture)
            _remember_picture(key, scale_text, self._look)
        painter.drawPixmap(bounds, picture, QRectF(0, 0, width, height))

    def _paint(self, painter: QPainter, rect: QRectF, minimum: float, ratio: float) -> None:
        paint_card(painter, rect, self.face, self.back, self.extra, minimum, ratio)
        if self.highlight:
            pen = QPen(QColor("#ffe14d"), 4)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect, rect.width() * 0.07, rect.width() * 0.07)


class CardPreview(QGraphicsItem):
    """A large card shown beside the cursor, at a fixed screen size whatever the zoom: as
    wide as `PREVIEW_W`, and as tall as its texts need at no less than the small font. It is
    opaque, whatever the card it shows."""

    def __init__(self, face: dict[str, Any] | None, back: Any) -> None:
        super().__init__()
        self.face = face
        self.back = back
        self.minimum = card_plan.small_font_px()
        least = PREVIEW_H
        self.height = card_plan.preview_height(face, PREVIEW_W, self.minimum, least) if face is not None else least
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(10_000)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, PREVIEW_W, self.height)

    def plan(self) -> card_plan.Plan | None:
        """Where the preview's texts go (for the tests: every one is there and fits)."""
        if self.face is None:
            return None
        return card_plan.Plan(self.face, PREVIEW_W, self.height, self.minimum, everything=True)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        ratio = painter.device().devicePixelRatioF()
        rect = QRectF(0, 0, PREVIEW_W, self.height)
        paint_card(painter, rect, self.face, self.back, {"everything": True}, self.minimum, ratio)


def preview_spot(pos: QPoint, size: QRectF, viewport: QSize, card: QRect | None = None) -> QPoint:
    """Where the enlarged card goes for the mouse at `pos`: whole on the screen (viewport
    pixels), and clear of the card it shows (`card`, its viewport rectangle): above it when
    there is room (over the board, not over the rest of a hand), else beside it on the side
    with room, else beside the cursor."""
    w, h = round(size.width()), round(size.height())
    if card is not None and card.top() - h - 8 >= 0:
        return QPoint(max(0, min(card.center().x() - w // 2, viewport.width() - w)), card.top() - h - 8)
    if card is not None and (viewport.width() - card.right() > w + 12 or card.left() > w + 12):
        x = card.right() + 12 if viewport.width() - card.right() > w + 12 else card.left() - w - 12
        return QPoint(x, max(0, min(card.top(), viewport.height() - h - 6)))
    room_right = viewport.width() - pos.x() > size.width() + 30
    spot = pos + (QPointF(24, -120) if room_right else QPointF(-size.width() - 24, -120)).toPoint()
    spot.setY(max(0, min(spot.y(), viewport.height() - h - 6)))
    return spot
