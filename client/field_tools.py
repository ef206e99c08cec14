"""A player's own questions about a free field: a ruler laid down, and a line of sight.

- **Ruler**: Shift + drag on the field (or a plain drag with the ruler tool of the View
  menu on) lays a ruler from the press to the cursor. From or to a miniature it measures
  from its base's edge; it reads centimetres edge to edge and marks the game's rulers
  (the field's `rulers`, e.g. S/M/L/XL) along its length.
- **Line of sight**: a right-click (or a click with the sight tool on) on a miniature
  picks the one that looks (a selected miniature looks already); a right-click on any point
  or creature then shows the sight lines, what blocks them and whether the target has
  cover. Escape, or a right-click on the looker, clears it.

Nothing here knows a game's rules: the answers are `framework.field`'s (`edge_to_edge`,
`sight_report`) over the field data the game put in its board (its bases, sight rule,
blockers and cover), so a LAN seat's answer is the host's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem

from boardwright.framework import field

from .card_plan import small_font_px
from .field_points import on_field, to_field, to_scene
from .i18n import localise, tr
from .selection import same_id

if TYPE_CHECKING:
    from .board_view import BoardView

Frame = dict[str, Any]
Anchor = dict[str, Any]  # {"base": id} or {"point": [x, y]} (centimetres)
TOOLS = ("ruler", "sight")
RULER = "#f5d142"
CLEAR, BLOCKED, COVER = "#22c55e", "#ef4444", "#f59e0b"
AREA = "#38bdf8"
Z_AREA, Z_TOOL = 50.0, 260.0  # lit areas under the pieces; rulers and sight over everything
NOTE_MS = 5000
SNAP_PX = 18  # a click this close (on screen) to an offered point lands on it


class FieldTools:
    """The ruler, the line of sight and the lit legal areas of one `BoardView`."""

    def __init__(self, view: BoardView) -> None:
        self.view = view
        self.frames: list[Frame] = []
        self.lang = "en"
        self.mode: str | None = None  # a tool of TOOLS switched on from the View menu, or None
        self.ruler: tuple[Anchor, Anchor] | None = None
        self.measuring = False
        self.looker: Any = None  # the miniature a line of sight is taken from
        self.selected: Any = None  # the table's selected piece: it looks when none was picked
        self.target: Anchor | None = None
        self.reading: dict[str, Any] | None = None  # the last answer shown (for tests and the status)
        self._items: list[QGraphicsItem] = []
        self._notes: list[tuple[QGraphicsItem, str]] = []
        self._lit: list[QGraphicsItem] = []  # the legal areas, drawn again with each board

    # --- the board changes ---

    def redraw(self, frames: list[Frame], lang: str) -> None:
        """A new board (the old one's extras are gone): draw the ruler and sight again."""
        self.frames, self.lang = frames, lang
        self._items, self._lit = [], []
        self._draw()

    def show_for(self, selected: Any) -> None:
        """The table's selected piece (a miniature on the field looks from there)."""
        if not same_id(selected, self.selected):
            self.selected = selected
            self._draw()

    def set_mode(self, mode: str | None) -> None:
        self.mode = mode if mode in TOOLS else None

    def clear(self) -> None:
        self.ruler, self.looker, self.target, self.reading = None, None, None, None
        self._draw()

    # --- the mouse ---

    def press(self, event: Any) -> bool:
        """Whether a press is the ruler's or the sight's (BoardView then lets it be)."""
        pos = event.position().toPoint()
        frame, point = self._at(pos)
        if frame is None:
            return False
        left = event.button() == Qt.MouseButton.LeftButton
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if left and (shift or self.mode == "ruler"):
            anchor = self._anchor(frame, point)
            self.ruler, self.measuring = (anchor, anchor), True
            self._draw()
            return True
        if event.button() == Qt.MouseButton.RightButton or (left and self.mode == "sight"):
            self._look(frame, point)
            return True
        return False

    def move(self, event: Any) -> bool:
        if not self.measuring or self.ruler is None:
            return False
        frame, point = self._at(event.position().toPoint(), inside=False)
        if frame is not None:
            self.ruler = (self.ruler[0], self._anchor(frame, point))
            self._draw()
        return True

    def release(self, event: Any) -> bool:
        if not self.measuring:
            return False
        self.measuring = False
        return True

    def _at(self, pos: Any, inside: bool = True) -> tuple[Frame | None, list[float]]:
        where = self.view.mapToScene(pos)
        for frame in self.frames:
            point = to_field(frame, where)
            if on_field(frame, point) or not inside:
                return frame, point
        return None, []

    def _anchor(self, frame: Frame, point: list[float]) -> Anchor:
        """The miniature under `point`, or the point itself."""
        for base in frame.get("bases", []):
            if base.get("id") is not None and field.distance(base["at"], point) <= float(base.get("radius", 1.25)):
                return {"base": base["id"]}
        return {"point": point}

    def _shape(self, anchor: Anchor) -> dict[str, Any] | None:
        if "point" in anchor:
            return {"circle": anchor["point"], "radius": 0.0}
        for frame in self.frames:
            for base in frame.get("bases", []):
                if same_id(base.get("id"), anchor["base"]):
                    return {"circle": base["at"], "radius": float(base.get("radius", 1.25))}
        return None

    def _look(self, frame: Frame, point: list[float]) -> None:
        anchor = self._anchor(frame, point)
        looker = self._looker()
        if looker is None:
            if "base" in anchor:
                self.looker, self.target = anchor["base"], None
                self._draw()
            else:
                self.note(to_scene(frame, *point), tr("sight_pick", self.lang))
            return
        if same_id(anchor.get("base"), looker):
            self.looker, self.target, self.reading = None, None, None
            self.selected = None if same_id(self.selected, looker) else self.selected
        else:
            self.target = anchor
        self._draw()

    def _looker(self) -> Any:
        if self.looker is not None and self._shape({"base": self.looker}) is not None:
            return self.looker
        if self.selected is not None and self._shape({"base": self.selected}) is not None:
            return self.selected
        return None

    # --- drawing ---

    def _draw(self) -> None:
        for item in self._items:
            self.view.remove_extra(item)
        self._items = []
        if not self.frames:
            return
        frame = self.frames[0]
        if self.ruler is not None:
            self._draw_ruler(frame, *self.ruler)
        looker = self._looker()
        if looker is not None:
            self._draw_sight(frame, looker)

    def _draw_ruler(self, frame: Frame, start: Anchor, end: Anchor) -> None:
        a, b = self._shape(start), self._shape(end)
        if a is None or b is None:
            return
        length, p, q = field.edge_to_edge(a, b)
        text = tr("ruler_reading", self.lang, cm=f"{length:.1f}")
        rulers = sorted((float(cm), name) for name, cm in (frame.get("rulers") or {}).items())
        fits = next((name for cm, name in rulers if length <= cm + field.EPSILON), None)
        if fits is not None:
            text += " · " + tr("ruler_within", self.lang, ruler=fits)
        self.reading = {"ruler": round(length, 2), "within": fits}
        self._line(frame, p, q, RULER, 6)
        direction = [(q[0] - p[0]) / length, (q[1] - p[1]) / length] if length > 0 else [0.0, 0.0]
        for index, (cm, name) in enumerate(rulers):
            if cm <= length + field.EPSILON:
                mark = [p[0] + direction[0] * cm, p[1] + direction[1] * cm]
                self._dot(frame, mark, RULER)
                # the rulers' marks lie close together (S 8, M 10): their names take turns
                # above and below the line, so that neighbours never cover each other
                self._text(to_scene(frame, *mark), f"{name} {cm:g}", RULER, small=True, below=index % 2 == 1)
        self._text(to_scene(frame, *q), text, RULER)

    def _draw_sight(self, frame: Frame, looker: Any) -> None:
        shape = self._shape({"base": looker})
        assert shape is not None
        self._ring(frame, shape, CLEAR)
        target = self._shape(self.target) if self.target is not None else None
        sight = frame.get("sight")
        if target is None or not sight:
            return
        try:
            report = field.sight_report(shape, target, sight)
        except ValueError as exc:  # a rule this kernel does not know: said, never raised
            self.note(to_scene(frame, *target["circle"]), str(exc))
            return
        for line in report["lines"]:
            self._line(frame, line["from"], line["to"], CLEAR if line["clear"] else BLOCKED, 3)
        blockers, cover = sight.get("blockers", []), sight.get("cover", [])
        lines = [tr("sight_seen" if report["seen"] else "sight_hidden", self.lang)]
        if report["blocked_by"]:
            # in sight, what blocks some of the lines only hides part of the target
            names = ", ".join(_label(blockers[i], self.lang) for i in report["blocked_by"])
            lines.append(tr("sight_partly" if report["seen"] else "sight_blocked_by", self.lang, names=names))
        if report["cover"]:
            names = ", ".join(_label(cover[i], self.lang) for i in report["cover_by"])
            lines.append(tr("sight_cover", self.lang, names=names))
        else:
            lines.append(tr("sight_no_cover", self.lang))
        length = field.edge_to_edge(shape, target)[0]
        lines.append(tr("ruler_reading", self.lang, cm=f"{length:.1f}"))
        self.reading = {**report, "distance": round(length, 2), "text": lines}
        # beside the target, off it: from its right edge
        (cx, cy), radius = target["circle"], float(target.get("radius", 0.0))
        self._text(to_scene(frame, cx + radius, cy), "\n".join(lines), CLEAR if report["seen"] else BLOCKED)

    def light_areas(self, frame: Frame, areas: list[dict[str, Any]], snaps: list[list[float]]) -> None:
        """Light where a point may go now (the legal areas and offered snaps); the next board
        takes them away."""
        for item in self._lit:
            self.view.remove_extra(item)
        # one area is outlined; many (a terrain card's bands, each turn) only shade the field
        pen = QPen(QColor(AREA), 2, Qt.PenStyle.DashLine) if len(areas) == 1 else QPen(Qt.PenStyle.NoPen)
        pen.setCosmetic(True)
        fill = QColor(AREA)
        fill.setAlpha(70 if len(areas) == 1 else max(3, 40 // max(len(areas), 1)))  # overlapping areas: a light shade
        for area in areas:
            path = QPainterPath()
            if "circle" in area:
                centre = to_scene(frame, *area["circle"])
                r = float(area["radius"]) * frame["per_cm"]
                path.addEllipse(centre, r, r)
            else:
                path.addPolygon(QPolygonF([to_scene(frame, *p) for p in field.polygon_of(area)]))
                path.closeSubpath()
            self._add(QGraphicsPathItem(path), pen, fill, Z_AREA)
        for snap in snaps:
            self._dot(frame, snap, AREA, z=Z_AREA + 1)
        drawn = len(areas) + len(snaps)
        self._lit = self._items[len(self._items) - drawn :]
        self._items = self._items[: len(self._items) - drawn]

    def note(self, where: QPointF, text: str) -> None:
        """A short note on the board at `where` (why a point was refused), for a few seconds."""
        item = self._text(where, text, BLOCKED)
        self._items.remove(item)  # it stays while the ruler and sight are drawn again
        self._notes.append((item, text))
        timer = QTimer(self.view)  # the view's own: it goes with the view
        timer.setSingleShot(True)
        timer.timeout.connect(lambda: self.view.remove_extra(item))
        timer.timeout.connect(timer.deleteLater)
        timer.start(NOTE_MS)

    def notes(self) -> list[str]:
        """The notes on the board now."""
        self._notes = [(item, text) for item, text in self._notes if self.view.has_extra(item)]
        return [text for _item, text in self._notes]

    def snap_cm(self, frame: Frame | None) -> float:
        """SNAP_PX on screen, in the field's centimetres."""
        if frame is None:
            return 0.0
        return SNAP_PX / max(frame["per_cm"] * self.view.transform().m11(), 1e-6)

    # --- items ---

    def _add(self, item: QGraphicsItem, pen: QPen, brush: Any, z: float) -> QGraphicsItem:
        if isinstance(item, QGraphicsPathItem):
            item.setPen(pen)
            item.setBrush(brush)
        item.setZValue(z)
        self.view.add_extra(item)
        self._items.append(item)
        return item

    def _line(self, frame: Frame, p: list[float], q: list[float], colour_name: str, width: float) -> None:
        path = QPainterPath(to_scene(frame, *p))
        path.lineTo(to_scene(frame, *q))
        pen = QPen(QColor(colour_name), width)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self._add(QGraphicsPathItem(path), pen, Qt.BrushStyle.NoBrush, Z_TOOL)

    def _dot(self, frame: Frame, point: list[float], colour_name: str, z: float = Z_TOOL + 1) -> None:
        path = QPainterPath()
        path.addEllipse(to_scene(frame, *point), 0.4 * frame["per_cm"], 0.4 * frame["per_cm"])
        self._add(QGraphicsPathItem(path), QPen(QColor("#111827"), 1), QBrush(QColor(colour_name)), z)

    def _ring(self, frame: Frame, shape: dict[str, Any], colour_name: str) -> None:
        path = QPainterPath()
        r = (float(shape["radius"]) + 0.3) * frame["per_cm"]
        path.addEllipse(to_scene(frame, *shape["circle"]), r, r)
        pen = QPen(QColor(colour_name), 3, Qt.PenStyle.DotLine)
        pen.setCosmetic(True)
        self._add(QGraphicsPathItem(path), pen, Qt.BrushStyle.NoBrush, Z_TOOL)

    def _text(
        self, where: QPointF, text: str, colour_name: str, small: bool = False, below: bool = False
    ) -> QGraphicsItem:
        """A label that keeps its size on screen at any zoom (never below the small font), on
        an opaque dark box, beside `where` (above it, or `below`)."""
        label = QGraphicsSimpleTextItem(text)
        font = QFont()
        least = round(small_font_px())
        font.setPixelSize(least if small else max(14, least + 2))
        font.setBold(not small)
        label.setFont(font)
        label.setBrush(QColor(colour_name))
        bounds = label.boundingRect().adjusted(-4, -2, 4, 2)
        box = QGraphicsPathItem()
        outline = QPainterPath()
        outline.addRoundedRect(bounds, 4, 4)
        box.setPath(outline)
        label.setParentItem(box)
        box.setPos(where + QPointF(8, 4 if below else -bounds.height() - 4))
        box.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        return self._add(box, QPen(Qt.PenStyle.NoPen), QBrush(QColor(17, 24, 39)), Z_TOOL + 2)


def _label(entry: dict[str, Any], lang: str) -> str:
    return localise(entry.get("label"), lang) or "?"
