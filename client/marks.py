"""What a board says about moves: each seat's last move, and what a click would act on now.

- The pieces each seat's last move changed are ringed in that seat's colour, with the seat's
  shape beside the ring (so the mark reads without colour), where the pieces come to rest;
  what changed on its own (the flow's steps after a move: a draw, an upkeep) is ringed in a
  neutral grey with no shape.
- While a piece is selected, every legal target is lit at once (a bright double outline and a
  target sign); with nothing selected, what a click would act on gets a faint outline.

The seats' colours come from the game's board description (`seat_colours`), the same ones its
pieces are drawn in; `SEAT_MARKS` only stands in for a game that names none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from .items import LAYER_Z
from .selection import id_key

# stand-ins for a game that names no seat colours (seat 1 first)
SEAT_MARKS = ("#f43f5e", "#22d3ee", "#a3e635", "#f59e0b", "#c084fc", "#f472b6")
# each seat's shape, beside its colour in the seat list, the log and the marks
SEAT_SHAPES = ("●", "▲", "■", "◆", "★", "⬟")
NEUTRAL_MARK = "#d1d5db"  # what changed on its own, or by moves too fast to tell apart
TARGET = "#fde047"
PICKABLE = "#e0f2fe"  # what may be picked first: a piece or place that is the source of moves
DECIDED = "#fbbf24"
MARK_Z = 239.0  # above pieces (100) and markers (200)
GLYPH_PX = 15
DECIDED_STAR_PX = 24  # the star of what decided the game: the one mark that should catch the eye


VOLATILE = ("highlight", "tip")  # keys of a piece that change with the selection, not with a move
# keys that say where the layout put a piece and how large: a hand spread anew or a table
# arranged anew changes them, not the move
LAID_OUT = ("center", "rect", "points", "at", "radius", "size", "label_size", "visible")


def stable_piece(spec: dict[str, Any], lang: str, tint: str, place: Any = None) -> str:
    """A piece as a move leaves it: what it is, how it looks and where it belongs (`place`:
    the cards element it lies in, or the cell, hex or region under it), without the keys that
    change with the selection or with where the layout put it, nor whether it decided the
    game (the end marks that on its own)."""
    look = {k: v for k, v in spec.items() if k not in VOLATILE and k not in LAID_OUT and k != "decided"}
    return repr((look, place, lang, tint))


def own_pieces(
    fresh: list[tuple[str, dict[str, Any], Any]],
    own_items: list[dict[str, Any]],
    before: set[str],
    lang: str,
    tint: str,
    place_of: Callable[[dict[str, Any]], Any],
) -> set[str]:
    """Of the `fresh` pieces (stable key, spec, item), those a move itself changed: the same in
    `own_items` (the board after its own effect, before the flow's steps), or a piece (by its
    id and shape) that its own effect had already changed from `before`. `place_of(spec)`:
    where a piece belongs (stable_piece)."""
    own_stable, own_ids = set(), set()
    for spec in own_items:
        if spec.get("layer") != "piece":
            continue
        stable = stable_piece(spec, lang, tint, place_of(spec))
        own_stable.add(stable)
        if stable not in before and spec.get("id") is not None:
            own_ids.add(_named(spec))
    return {
        stable
        for stable, spec, _item in fresh
        if stable in own_stable or (spec.get("id") is not None and _named(spec) in own_ids)
    }


def _named(spec: dict[str, Any]) -> tuple[Any, Any]:
    """A piece by its id and shape: a card and a token may share an id (a creature's card
    and its token), and one changing says nothing of the other."""
    return id_key(spec["id"]), spec.get("shape")


def spec_centre(spec: dict[str, Any]) -> QPointF | None:
    """The middle of a laid-out item (its `center`, `rect` or `points`), in board units."""
    if isinstance(spec.get("center"), list | tuple) and len(spec["center"]) >= 2:
        return QPointF(float(spec["center"][0]), float(spec["center"][1]))
    if isinstance(spec.get("rect"), list | tuple) and len(spec["rect"]) == 4:
        x, y, w, h = (float(v) for v in spec["rect"])
        return QPointF(x + w / 2, y + h / 2)
    points = spec.get("points")
    if isinstance(points, list) and points:
        return QPointF(sum(float(p[0]) for p in points) / len(points), sum(float(p[1]) for p in points) / len(points))
    return None


def places_by_id(tops: dict[int, QGraphicsItem], ids: dict[int, Any]) -> dict[int, tuple[Any, int, int]]:
    """Each drawn item with a click id (by C++ address): its id, which of that id's items it
    is in the board's order, and how many items carry that id. Built once a board."""
    counts = Counter(id_key(ids[pointer]) for pointer in tops)
    seen: Counter[Any] = Counter()
    found = {}
    for pointer in tops:
        name = id_key(ids[pointer])
        found[pointer] = (name, seen[name], counts[name])
        seen[name] += 1
    return found


def place_under(
    spec: dict[str, Any],
    scene: QGraphicsScene,
    tops: dict[int, QGraphicsItem],
    places: dict[int, tuple[Any, int, int]],
) -> Any:
    """Where a piece belongs: the cards element it lies in (`in`), or the drawn item with a
    click id under its middle (a cell, hex or region: `tops` by C++ address, `places` from
    `places_by_id`), or else its middle itself."""
    if "in" in spec:
        return ("in", spec["in"])
    centre = spec_centre(spec)
    if centre is None:
        return None
    for under in scene.items(centre):
        pointer = shiboken6.getCppPointer(under)[0]
        top = tops.get(pointer)
        if top is None or top.zValue() >= LAYER_Z["piece"]:
            continue
        name, ordinal, count = places[shiboken6.getCppPointer(top)[0]]
        # one of several items of that id (a column's cells, a region and its tokens): which
        # one in the board's order, not where the layout put it, which a new layout changes
        return ("on", name) if count == 1 else ("on", name, ordinal)
    return ("at", round(centre.x()), round(centre.y()))


def seat_colour(colours: list[Any] | None, seat: int) -> str:
    """The colour of `seat`: the game's own (`seat_colours` of its board), or a stand-in."""
    if not colours:
        return SEAT_MARKS[seat % len(SEAT_MARKS)]
    given = colours[seat] if seat < len(colours) else None
    if isinstance(given, str) and QColor(given[:7]).isValid():
        return given[:7]
    return NEUTRAL_MARK  # no colour yet (an army still to be chosen): none that could contradict it


def seat_shape(seat: int) -> str:
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def seat_sign(colours: list[Any] | None, seat: int) -> str:
    """The seat's shape in its colour, as rich text (the seat list, the log)."""
    return f"<span style='color:{seat_colour(colours, seat)}'>{seat_shape(seat)}</span>"


def _pen(colour: str, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    """A line of constant width on screen; `colour` may carry an alpha (`#rrggbbaa`)."""
    tone = QColor(colour[:7])
    if len(colour) == 9:
        tone.setAlpha(int(colour[7:], 16))
    pen = QPen(tone, width, style)
    pen.setCosmetic(True)
    return pen


def _ring(scene: QGraphicsScene, path: QPainterPath, pen: QPen, z: float, cached: bool = True) -> QGraphicsItem:
    """A line along `path`; `cached`: painted once into a picture of the screen's pixels that
    every later frame copies. A mark stands still while pieces glide past it, and stroking a
    wide or dashed line again each frame cost more than the rest of the board; a thin solid
    one costs no more than the copy, and the picture's memory (1 MB for Connect Four's cells)
    is saved."""
    ring = scene.addPath(path, pen)
    ring.setZValue(z)
    if cached:
        ring.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
    return ring


def outline_at_rest(item: QGraphicsItem, rest: QPointF | None) -> QPainterPath:
    """The item's outline in the scene where it comes to rest (`rest`: its position once a
    glide ends; None: where it is now)."""
    shape = _closed_shape(item)
    if rest is None or rest == item.pos():
        return item.mapToScene(shape)
    return item.mapToScene(shape).translated(rest - item.pos())


def _glyph(scene: QGraphicsScene, text: str, colour: str, at: QPointF, px: int = GLYPH_PX) -> QGraphicsItem:
    """A sign of constant size on screen (`px` pixels), with a dark edge so it reads on any colour."""
    font = QFont()
    font.setPixelSize(px)
    font.setBold(True)
    holder = QGraphicsPathItem()  # in screen pixels around `at`, whatever the zoom
    holder.setPen(QPen(Qt.PenStyle.NoPen))
    holder.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
    holder.setPos(at)
    sign = QGraphicsSimpleTextItem(text, holder)
    sign.setFont(font)
    sign.setBrush(QBrush(QColor(colour)))
    sign.setPen(_pen("#0b0f19", 1.6))
    sign.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # an outlined text: see _ring
    bounds = sign.boundingRect()
    sign.setPos(-bounds.width() / 2, -bounds.height() / 2)
    scene.addItem(holder)
    return holder


def ring_moves(
    scene: QGraphicsScene,
    marks: dict[int | None, list[tuple[QGraphicsItem, QPointF | None]]],
    colours: list[Any] | None,
) -> list[QGraphicsItem]:
    """Ring each seat's last-move pieces (item, resting place) in its colour, with its shape
    at the ring's corner; seat None is what happened on its own. Returns what was added."""
    added: list[QGraphicsItem] = []
    for seat, pieces in marks.items():
        tone = NEUTRAL_MARK if seat is None else seat_colour(colours, seat)
        lines = (_pen("#0b0f19", 6), _pen(tone, 3, Qt.PenStyle.DashLine))
        for item, rest in pieces:
            outline = outline_at_rest(item, rest)
            added.extend(_ring(scene, outline, line, MARK_Z + z) for z, line in enumerate(lines))
            if seat is not None:
                corner = outline.boundingRect().topRight()
                sign = _glyph(scene, seat_shape(seat), tone, corner)
                sign.setZValue(MARK_Z + 2)
                added.append(sign)
    return added


def light_targets(
    scene: QGraphicsScene, items: Iterable[tuple[QGraphicsItem, QPointF | None]], strong: bool
) -> list[QGraphicsItem]:
    """Light what a click would act on (item, where it comes to rest): strong (a piece is
    selected: its targets) is a bright double outline with a target sign; otherwise a faint
    outline. Around a piece the outline lies outside it and the sign at its shoulder, so
    that a lit piece keeps its colour and its label."""
    added: list[QGraphicsItem] = []
    for item, rest in items:
        outline = outline_at_rest(item, rest)
        piece = item.zValue() >= LAYER_Z["piece"]
        if not strong:
            # thin, solid and opaque: a dotted or see-through line costs frames
            added.append(_ring(scene, outline, _pen("#cbd5e1", 1.0), MARK_Z - 10, cached=False))
            continue
        added += _double_line(scene, outline, piece, TARGET, (10, 6) if piece else (7, 3.5), MARK_Z - 10)
        sign = _glyph(scene, "◎", TARGET, _shoulder(outline) if piece else _corner_inside(outline))
        sign.setZValue(MARK_Z - 7)
        added.append(sign)
    return added


def light_pickable(scene: QGraphicsScene, items: Iterable[tuple[QGraphicsItem, QPointF | None]]) -> list[QGraphicsItem]:
    """Outline what a person picks first, nothing picked yet (the pieces and places that
    are sources of moves): a pale, solid double line, wider than the faint outline of a
    click's every target and without the target sign of a picked piece's targets."""
    added: list[QGraphicsItem] = []
    for item, rest in items:
        outline = outline_at_rest(item, rest)
        piece = item.zValue() >= LAYER_Z["piece"]
        added += _double_line(scene, outline, piece, PICKABLE, (6, 3) if piece else (5, 2.5), MARK_Z - 12)
    return added


def _double_line(
    scene: QGraphicsScene, outline: QPainterPath, piece: bool, tone: str, widths: tuple[float, float], z: float
) -> list[QGraphicsItem]:
    """A dark line under a `tone` one along `outline`: outside a piece, so that it keeps its
    colour and label; on a place's outline otherwise."""
    draw = _outside if piece else _ring
    return [
        draw(scene, outline, line, z + n) for n, line in enumerate([_pen("#0b0f19", widths[0]), _pen(tone, widths[1])])
    ]


def _outside(scene: QGraphicsScene, outline: QPainterPath, pen: QPen, z: float, cached: bool = True) -> QGraphicsItem:
    """A line along `outline` drawn only outside it (`cached`: see _ring)."""
    ring = _OutsideRing(outline)
    ring.setPen(pen)
    scene.addItem(ring)
    ring.setZValue(z)
    if cached:
        ring.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
    return ring


def _shoulder(outline: QPainterPath) -> QPointF:
    """Beside a round piece's top right, just outside it: a sign there covers no label."""
    box = outline.boundingRect()
    return box.center() + QPointF(box.width() * 0.5, -box.height() * 0.5)


def _corner_inside(outline: QPainterPath) -> QPointF:
    """The point inside `outline` nearest its top right corner (toward the middle): a sign
    there leaves the middle (a label) and the top left (a card's cost and name) to be read."""
    bounds = outline.boundingRect()
    centre, corner = bounds.center(), QPointF(bounds.right(), bounds.top())
    for step in range(1, 10):
        point = corner + (centre - corner) * (0.1 * step)
        if outline.contains(point):
            return point
    return centre


def places_first(items: list[QGraphicsItem], ids: Callable[[QGraphicsItem], Any]) -> list[QGraphicsItem]:
    """Of the items a click id names, the place alone when it names a place and the pieces on
    it (Reliquium's region and the tokens standing there): lit, the place shows the target,
    and its pieces keep their colours and labels."""
    places = {ids(item) for item in items if item.zValue() < LAYER_Z["piece"]}
    return [item for item in items if item.zValue() < LAYER_Z["piece"] or ids(item) not in places]


def ring_decided(scene: QGraphicsScene, items: Iterable[QGraphicsItem]) -> list[QGraphicsItem]:
    """What decided the game (`"decided": true`: a winning line, the castle taken last): a
    thick gold ring around the item, outside it, so that a small piece keeps its colour and
    its label, with a star at its shoulder, above every other mark."""
    added: list[QGraphicsItem] = []
    for item in items:
        outline = item.mapToScene(_closed_shape(item))
        # only the outer half of each line shows: 5 px of gold between dark edges, which part
        # it from a piece as golden as itself
        for z, line in enumerate((_pen("#0b0f19", 22), _pen(DECIDED, 14), _pen("#0b0f19", 4))):
            added.append(_outside(scene, outline, line, MARK_Z + 20 + z, cached=False))
        box = outline.boundingRect()
        shoulder = box.center() + QPointF(box.width() * 0.36, -box.height() * 0.36)
        star = _glyph(scene, "★", DECIDED, shoulder, DECIDED_STAR_PX)
        star.setZValue(MARK_Z + 23)
        added.append(star)
    return added


class _OutsideRing(QGraphicsPathItem):
    """A line along an outline drawn only outside it: the inner half of a thick ring would
    cover a small piece."""

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        outside = QPainterPath()
        outside.addRect(self.path().boundingRect().adjusted(-1e4, -1e4, 1e4, 1e4))
        painter.save()
        painter.setClipPath(outside.subtracted(self.path()), Qt.ClipOperation.IntersectClip)
        super().paint(painter, option, widget)
        painter.restore()


def _closed_shape(item: QGraphicsItem) -> QPainterPath:
    """The item's outline as one closed line: a polygon's own shape leaves its last edge open
    (a hex ringed on five sides)."""
    if isinstance(item, QGraphicsPolygonItem):
        path = QPainterPath()
        path.addPolygon(item.polygon())
        path.closeSubpath()
        return path
    return item.shape()


def outline(
    scene: QGraphicsScene, items: Iterable[tuple[QGraphicsItem, QPointF | None]], colour: str, width: float, z: float
) -> list[QGraphicsItem]:
    """A plain outline around each item (a selected piece, chosen cards, what a log line
    names), where it comes to rest."""
    return [_ring(scene, outline_at_rest(item, rest), _pen(colour, width), z) for item, rest in items]


def snap_dots(scene: QGraphicsScene, points: list[QPointF], z: float) -> list[QGraphicsItem]:
    """A dot at each point a dragged piece may snap to."""
    dots: list[QGraphicsItem] = []
    for point in points:
        dot = scene.addEllipse(
            point.x() - 5, point.y() - 5, 10, 10, _pen("#f8fafc", 2), QBrush(QColor(14, 165, 233, 170))
        )
        dot.setZValue(z)
        dots.append(dot)
    return dots


def nearest_snap(point: QPointF, snaps: list[QPointF], reach: float) -> QPointF:
    """`point`, or the nearest of `snaps` when one lies within `reach` (scene units)."""
    best = min(snaps, key=lambda snap: (snap - point).manhattanLength(), default=None)
    if best is not None and (best - point).manhattanLength() <= reach:
        return best
    return point


Marks = dict[int | None, list[tuple[QGraphicsItem, QPointF | None]]]


def marked_items(
    drawn: dict[str, list[QGraphicsItem]],
    stable: dict[str, str],
    last_moves: dict[int | None, set[str]],
    rest_of: Callable[[QGraphicsItem], QPointF | None],
) -> Marks:
    """Each seat's last-move pieces as drawn (`drawn`: items by their spec's key, `stable`:
    a piece's key to the same without its volatile keys), with where each comes to rest."""
    by_stable: dict[str, list[QGraphicsItem]] = {}
    for key, items in drawn.items():
        if key in stable:
            by_stable.setdefault(stable[key], []).extend(items)
    return {
        seat: [(item, rest_of(item)) for piece in pieces for item in by_stable.get(piece, ())]
        for seat, pieces in last_moves.items()
    }


def places_at_rest(marks: Marks) -> dict[int | None, list[QRectF]]:
    """The scene rectangles of the marked pieces where they come to rest."""
    return {
        seat: [
            item.sceneBoundingRect().translated(rest - item.pos() if rest is not None else QPointF(0, 0))
            for item, rest in pieces
        ]
        for seat, pieces in marks.items()
        if pieces
    }
