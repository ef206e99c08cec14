"""Draws a board description (client/README.md) in a QGraphicsView, scaled to fit.

Items with an `id` are clickable: a left click emits `clicked(id)`. A board `kind` with a
painter from the `boardwright_board_painters` hook is drawn by that painter instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsView,
)

from .cards import CardItem, CardPreview, keep_pictures_of, preview_spot
from .field_tools import FieldTools
from .glides import Glides, Spread, glide_in
from .items import LAYER_Z, colour, id_under, make_item, message_item
from .marks import (
    light_pickable,
    light_targets,
    marked_items,
    nearest_snap,
    outline,
    own_pieces,
    place_under,
    places_at_rest,
    places_by_id,
    places_first,
    ring_decided,
    ring_moves,
    snap_dots,
    stable_piece,
)
from .selection import LIT_AT_ONCE, id_key, same_id
from .view_scale import ViewScale

HOVER = "#7dd3fc"
MARKED = "#f97316"
LIT = "#facc15"  # the items the log line under the mouse is about
CLICK_SLOP = 6  # pixels a press may wander and still be a click
SNAP_PX = 18  # a dragged piece let go this close (on screen) to an offered point snaps to it
VIEW_BACKGROUND = "#2a2d33"

Painter = Callable[[dict[str, Any]], Any]


class BoardView(ViewScale, QGraphicsView):
    """A read-only picture of one board description; reports clicks on items with ids."""

    clicked = Signal(object)
    dragged_to = Signal(object, object)  # a piece's click id let go on another item's: source, target
    dropped = Signal(object, object)  # a dragged piece's click id and where it was let go (scene)
    field_clicked = Signal(object)  # a click where no item with an id is (scene): a point on a field
    relaid = Signal()  # the view's shape changed enough that the board is better laid out anew

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setBackgroundBrush(QColor(VIEW_BACKGROUND))
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        self.setMinimumSize(240, 200)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.zoom = 1.0  # 1.0: the whole board fits; the wheel zooms in up to MAX_ZOOM
        self.board_rect = QRectF(0, 0, 100, 100)
        self.active_ids: list[Any] = []
        self.painter_error: str | None = None
        # click ids by the drawn item's C++ address: QGraphicsItem.data() is not used because
        # reading an unset key corrupts None's reference count in PySide6 6.12
        self._ids: dict[int, Any] = {}
        self._tops: dict[int, QGraphicsItem] = {}  # drawn items with a click id (not their labels)
        self._also: dict[int, list[Any]] = {}  # more ids the log may light an item by (`also`), never clicked
        self._lands: dict[Any, QGraphicsItem] = {}  # by click id: where a click on it lands (`lands`)
        self.pickable: list[Any] = []  # the ids of the pieces a person picks first (Selection.pickable)
        self.hover_outline: QGraphicsPathItem | None = None
        self._hover_target: int | None = None
        self.preview: CardPreview | None = None
        self._lifted: CardItem | None = None  # the card of a hand under the mouse
        self.draggable: dict[Any, list[QPointF]] = {}
        self.drag_sources: set[tuple[bool, Any]] = set()  # pieces dragged onto a target (id_key)
        self._press: tuple[Any, Any] | None = None
        self._drag: tuple[QGraphicsItem, Any, QPointF, QPointF] | None = None
        self._snaps: list[QGraphicsItem] = []
        self._drawn: dict[str, list[QGraphicsItem]] = {}  # the last board's items, by their spec
        self._extras: list[QGraphicsItem] = []  # everything else added to the scene for this board
        self._lit: list[QGraphicsItem] = []  # outlines of what the log line under the mouse is about
        # moves you can follow: pieces glide or drop in, and what each seat's last move changed is marked
        self.animation_ms = 0  # 0: no animation
        self.glides = Glides(self)
        self.spread = Spread(self)  # a hand's cards moving aside for the one under the mouse
        self._pieces: set[str] = set()  # the last board's pieces, without their volatile keys
        self._laid: list[tuple[dict[str, Any], QGraphicsItem]] = []  # the last board's pieces as drawn
        self._places_under: dict[int, tuple[Any, int, int]] | None = None  # see marks.places_by_id
        self._stable: dict[str, str] = {}  # a drawn piece's key -> the same without volatile keys
        self._last_moves: dict[int | None, set[str]] = {}  # seat (None: on its own) -> its last move's pieces
        self.seat_colours: list[Any] | None = None  # the game's colour of each seat (`seat_colours`)
        self._specs: list[tuple[dict[str, Any], QGraphicsItem]] = []  # the items that decided the game
        self.field_tools = FieldTools(self)  # a ruler and a line of sight on free fields (field_tools.py)
        self._scale_parts()

    # --- drawing ---

    def show_board(
        self,
        board: dict[str, Any],
        lang: str,
        painters: dict[str, Painter] | None = None,
        active_ids: Iterable[Any] = (),
        empty_text: str = "",
        marked_ids: Iterable[Any] = (),
        moved_by: int | bool | None = False,
        own_items: list[dict[str, Any]] | None = None,
        lit: bool = False,
    ) -> None:
        """Draw `board`; `active_ids` are the ids a click would act on (pointing cursor, a
        faint outline, and lit at once while a piece is selected), `marked_ids` the selected
        ones; `empty_text` is shown for a board with nothing to draw. `moved_by`: a move was
        made since the last board, by that seat (None: by seats that cannot be told apart);
        False: no move (a selection, a language switch), so nothing glides and the marks stay.
        `own_items`: the laid-out board after that move's own effect, before the flow's steps
        (`Match.board_of_move`): what changed beyond it happened on its own, marked neutral.
        `lit`: the active ids are lit as targets (as while a piece is selected) even with
        nothing marked: every click makes a move (`Selection.lit_at_once`)."""
        self.spread.settle()
        self._finish_animations()
        old_places = self._places() if moved_by is not False and self.animation_ms else {}
        scene = self.scene()
        painter = (painters or {}).get(board.get("kind", ""))
        # items drawn for the last board and unchanged are kept: a repaint after one action
        # rebuilds only what the action changed
        kept = self._drawn if painter is None else {}
        if painter is not None:
            self._forget(self._drawn)
        self._drawn = {}
        for extra in self._extras:  # outlines, snaps, the preview, a painter's items, the background
            scene.removeItem(extra)
        if self._lifted is not None:  # it may be kept for the new board: back in its place
            self._lifted.lift(False)
        self._forget_drawn(list(active_ids))
        size = board.get("size") or [1000, 1000]
        width, height = float(size[0]), float(size[1])
        self.board_rect = QRectF(0, 0, width, height)
        background = colour(board.get("background"))
        if background is not None:
            back = scene.addRect(self.board_rect, QPen(Qt.PenStyle.NoPen), QBrush(background))
            back.setZValue(-1000)
            self._extras.append(back)
        self.painter_error = None
        drawn = False
        if painter is not None:
            try:
                drawn = self._add_painted(painter(board))
            except Exception as exc:  # a plugin's painter must not take the table down
                self.painter_error = f"{type(exc).__name__}: {exc}"
        if not drawn and not board.get("items"):
            self._forget(kept)
            self.show_message(empty_text)
            return
        if not drawn:
            before = self._pieces
            fresh = self._draw_items(board.get("items", []), lang, background, kept)
            if moved_by is not False:
                tint = background.name() if background is not None else ""
                own = None if own_items is None else own_pieces(fresh, own_items, before, lang, tint, self.place_of)
                self._follow_move(moved_by, fresh, own, old_places)
            self._mark_last_moves()
            decided = [item for spec, item in self._specs if spec.get("decided")]
            self._extras.extend(ring_decided(self.scene(), decided))
        self._forget(kept)
        marked = list(marked_ids)
        self._outline(marked, MARKED, 5)
        targets = self._at_rest(places_first(self._items_of(self.active_ids), self._id_key_of))
        # lit before a click only where few items are: a whole board of them is outlined faintly
        strong = bool(marked) or (lit and len(targets) <= LIT_AT_ONCE)
        outlines = light_targets(self.scene(), targets, strong=strong)
        if not strong:  # the pieces to pick first stand out of the faint outlines, held back during glides
            picks = places_first(self._items_of(self.pickable), self._id_key_of)
            self.glides.hold_back(outlines := outlines + light_pickable(self.scene(), self._at_rest(picks)))
        self._extras.extend(outlines)
        self._fit()
        self.field_tools.redraw(list(board.get("fields", [])), lang)
        keep_pictures_of([item for items in self._drawn.values() for item in items if isinstance(item, CardItem)])

    def forget_moves(self) -> None:
        """A new game, or a jump in a replay: no earlier move is marked (nor measured)."""
        self._last_moves = {}
        self._pieces = set()
        self.field_tools.clear()

    # --- moves you can follow ---

    def _places(self) -> dict[str, QPointF]:
        """Where each drawn piece with a click id is (scene centre), by its id."""
        places = {}
        for pointer, item in self._tops.items():
            if item.zValue() >= LAYER_Z["piece"]:
                places[repr(self._ids[pointer])] = item.sceneBoundingRect().center()
        return places

    def _follow_move(
        self,
        seat: int | None,
        fresh: list[tuple[str, dict[str, Any], QGraphicsItem]],
        own: set[str] | None,
        old_places: dict[str, QPointF],
    ) -> None:
        """Mark the pieces the move changed for `seat` (those beyond `own`, its own effect, as
        happened on their own), and glide or drop them in."""
        changed = {stable for stable, _spec, _item in fresh}
        if changed:
            by_seat = changed if own is None or seat is None else changed & own
            by_itself = changed - by_seat
            self._last_moves.pop(None, None)  # what happened on its own is marked for one move only
            for who, pieces in ((seat, by_seat), (None, by_itself)):
                if pieces:
                    self._last_moves[who] = pieces
            for other in list(self._last_moves):  # a piece is marked for the latest move that changed it
                if other != seat and other is not None:
                    self._last_moves[other] -= changed
        if self.animation_ms:
            glide_in(self.glides, self._laid, fresh, old_places, self.animation_ms)

    def _finish_animations(self) -> None:
        """Every piece where it belongs before the board changes again."""
        self.glides.finish()

    def animating(self) -> bool:
        return self.glides.running()

    def _marked_items(self) -> dict[int | None, list[tuple[QGraphicsItem, QPointF | None]]]:
        return marked_items(self._drawn, self._stable, self._last_moves, self.glides.rest_of)

    def _mark_last_moves(self) -> None:
        """A ring in the seat's colour around each piece its last move changed, where the
        piece comes to rest (a gliding piece is ringed at the end of its glide)."""
        if self._last_moves:
            self._extras.extend(ring_moves(self.scene(), self._marked_items(), self.seat_colours))

    def marked_places(self) -> dict[int | None, list[QRectF]]:
        """Where each seat's last-move rings stand: the scene rectangles of its pieces at rest."""
        return places_at_rest(self._marked_items())

    def drawn_ids(self) -> list[Any]:
        """The click id of every item drawn now (what a click on the board can name)."""
        return list(self._ids.values())

    def _at_rest(self, items: list[QGraphicsItem]) -> list[tuple[QGraphicsItem, QPointF | None]]:
        """Each item with where it comes to rest (a gliding piece is outlined at its end)."""
        return [(item, self.glides.rest_of(item)) for item in items]

    def _items_of(self, ids: Iterable[Any]) -> list[QGraphicsItem]:
        """The drawn items (not their labels) whose click id is among `ids`."""
        wanted = {id_key(item_id) for item_id in ids}
        if not wanted:
            return []
        return [item for pointer, item in self._tops.items() if id_key(self._ids[pointer]) in wanted]

    def last_move_marks(self) -> dict[int | None, int]:
        """How many pieces are marked for each seat's last move (for tests and the status line)."""
        drawn = set(self._stable.values())
        return {seat: len(pieces & drawn) for seat, pieces in self._last_moves.items() if pieces & drawn}

    def _draw_items(
        self, specs: list[dict[str, Any]], lang: str, background: QColor | None, kept: dict[str, list[Any]]
    ) -> list[tuple[str, dict[str, Any], QGraphicsItem]]:
        """Draw the items in order (later on top), reusing the kept item of an identical spec;
        returns the pieces that are new since the last board (stable_piece: not counting
        volatile keys nor where the layout put them)."""
        scene = self.scene()
        tint = background.name() if background is not None else ""
        before, self._pieces, self._stable, self._specs = self._pieces, set(), {}, []
        pieces = []
        for index, spec in enumerate(specs):
            key = repr((spec, lang, tint))
            pool = kept.get(key)
            reused = bool(pool)
            item = pool.pop() if pool else make_item(spec, lang, background)
            if item is None:
                continue
            if spec.get("layer") == "piece":
                pieces.append((key, spec, item))
            if not reused:
                scene.addItem(item)
            # drawing order as given, within the item's layer
            item.setZValue(LAYER_Z.get(spec.get("layer", "board"), 0.0) + index * 1e-4)
            self._drawn.setdefault(key, []).append(item)
            if spec.get("decided"):
                self._specs.append((spec, item))
            self._remember(item, spec.get("id"))
            if spec.get("also"):
                self._also[shiboken6.getCppPointer(item)[0]] = list(spec["also"])
            if spec.get("lands"):
                self._lands[id_key(spec.get("id"))] = item
        self._places_under = None
        fresh = []
        for key, spec, item in pieces:  # once every cell is drawn: a piece belongs to what lies under it
            stable = stable_piece(spec, lang, tint, self.place_of(spec))
            self._stable[key] = stable
            self._pieces.add(stable)
            if stable not in before:
                fresh.append((stable, spec, item))
        self._laid = [(spec, item) for _key, spec, item in pieces]
        return fresh

    def place_of(self, spec: dict[str, Any]) -> Any:
        """Where a piece belongs, as a move (not the layout) puts it (marks.place_under)."""
        if self._places_under is None:  # each drawn item's click id and its rank among that id's items
            self._places_under = places_by_id(self._tops, self._ids)
        return place_under(spec, self.scene(), self._tops, self._places_under)

    def _forget(self, kept: dict[str, list[Any]]) -> None:
        """Remove the items of the last board that this one no longer has."""
        scene = self.scene()
        for pool in kept.values():
            for item in pool:
                scene.removeItem(item)
                shiboken6.delete(item)
        kept.clear()

    def _forget_drawn(self, active_ids: list[Any]) -> None:
        """Nothing of the last board is outlined, lit, hovered, lifted or dragged any more."""
        self._extras, self._lit = [], []
        self._ids, self._tops, self._also, self._lands = {}, {}, {}, {}
        self.hover_outline, self._hover_target, self.preview = None, None, None
        self._lifted = None
        self._drag, self._snaps = None, []
        self.active_ids = active_ids

    def show_message(self, text: str) -> None:
        """Replace the board with one centred line of text (errors, hand-over)."""
        scene = self.scene()
        self.spread.forget()
        scene.clear()
        self._drawn = {}
        self._forget_drawn([])
        self.board_rect = QRectF(0, 0, 1000, 300)
        item = message_item(text, QPointF(500, 150))
        scene.addItem(item)
        self._extras.append(item)  # the next board takes it away
        self.board_rect = self.board_rect.united(item.sceneBoundingRect())
        self.set_zoom(1.0)
        self._fit()

    def _add_painted(self, result: Any) -> bool:
        """A painter returns items, or (item, click id) pairs, or a mix of both."""
        entries = [result] if isinstance(result, QGraphicsItem) else list(result or [])
        for entry in entries:
            item, item_id = entry if isinstance(entry, tuple) else (entry, None)
            self.scene().addItem(item)
            self._extras.append(item)
            self._remember(item, item_id)
        return bool(entries)

    def _remember(self, item: QGraphicsItem, item_id: Any, top: bool = True) -> None:
        # children (labels) carry their parent's id, so a lookup never asks Qt for a parent
        # (in PySide6 6.11 parentItem() on a drawn item can drop items from the scene)
        if item_id is not None:
            pointer = shiboken6.getCppPointer(item)[0]
            self._ids[pointer] = item_id
            if top:
                self._tops[pointer] = item
            for child in item.childItems():
                self._remember(child, item_id, top=False)

    # --- scale and clicks ---

    def _hit(self, pos: Any) -> tuple[QGraphicsItem | None, Any]:
        """The topmost item with a click id under a viewport position (as drawn: a label's own
        shape item), and that id; (None, None) when there is none."""
        for item in self.items(pos):
            value = self._ids.get(shiboken6.getCppPointer(item)[0])
            if value is not None:
                return item.topLevelItem(), value
        return None, None

    def id_at(self, pos: Any) -> Any:
        return self._hit(pos)[1]

    def position_of(self, item_id: Any) -> Any:
        """Where on the viewport the topmost drawn item with click id `item_id` lies (a QPoint),
        or None: what a person would aim at."""
        found = [item for pointer, item in self._tops.items() if same_id(self._ids[pointer], item_id)]
        if not found:
            return None
        item = max(found, key=lambda candidate: candidate.zValue())
        centre = item.mapToScene(item.shape().boundingRect().center())
        return self.mapFromScene(centre)

    def _outline(self, ids: Iterable[Any], colour_name: str, width: float) -> None:
        """Outline every drawn item whose click id is among `ids` (a selected piece, chosen
        cards; a place, not the pieces on it that share its id)."""
        named = places_first(self._items_of(ids), self._id_key_of)
        self._extras.extend(outline(self.scene(), self._at_rest(named), colour_name, width, LAYER_Z["marker"] + 50))

    def _id_key_of(self, item: QGraphicsItem) -> Any:
        return id_key(self._ids[shiboken6.getCppPointer(item)[0]])

    def light(self, ids: Iterable[Any]) -> int:
        """Light the items of these click ids, or their `also` ids (the log line under the mouse
        is about them); an empty list puts the lights out. Returns how many items are lit."""
        for item in self._lit:
            self._drop(item)
        wanted = {id_key(item_id) for item_id in ids}
        named = [
            item
            for pointer, item in self._tops.items()
            if any(id_key(name) in wanted for name in (self._ids[pointer], *self._also.get(pointer, ())))
        ]
        self._lit = outline(self.scene(), self._at_rest(named), LIT, 4, LAYER_Z["marker"] + 90)
        self._extras.extend(self._lit)
        return len(self._lit)

    def add_extra(self, item: QGraphicsItem) -> None:
        """Put an item on the board until the next board (field tools, lit areas, notes)."""
        self.scene().addItem(item)
        self._extras.append(item)

    def has_extra(self, item: QGraphicsItem) -> bool:
        return any(extra is item for extra in self._extras)

    def remove_extra(self, item: QGraphicsItem) -> None:
        """Take an extra item off the board, unless a new board took it already."""
        if self.has_extra(item):
            self._drop(item)

    def _drop(self, item: QGraphicsItem) -> None:
        """Take an extra item (an outline, a snap dot, the preview) off the board.

        (Never ask an item for its scene() or parentItem(): in PySide6 6.11 the wrapper that
        returns can take the object with it.)"""
        self.scene().removeItem(item)
        self._extras = [extra for extra in self._extras if extra is not item]

    def _show_hover(self, item: QGraphicsItem | None) -> None:
        """Outline the item under the mouse when a click on it would act."""
        target = shiboken6.getCppPointer(item)[0] if item is not None else None
        if target == self._hover_target:
            return
        if self.hover_outline is not None:
            self._drop(self.hover_outline)
            self.hover_outline = None
        self._hover_target = target
        if item is not None:
            pen = QPen(QColor(HOVER), 3)
            pen.setCosmetic(True)
            self.hover_outline = self.scene().addPath(item.mapToScene(item.shape()), pen)
            self.hover_outline.setZValue(LAYER_Z["marker"] + 100)
            self._extras.append(self.hover_outline)

    # --- press, drag, release: a click acts on release; a drag pans, or moves a draggable piece ---

    def set_draggable(self, pieces: dict[Any, list[QPointF]]) -> None:
        """Pieces a person may drag (by click id), each with the points it snaps to (scene)."""
        self.draggable = pieces

    def mousePressEvent(self, event: Any) -> None:
        if self.field_tools.press(event):
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton:
            pos = event.position().toPoint()
            item, value = self._hit(pos)
            self._press = (pos, value)
            if item is not None and value is not None and any(same_id(value, k) for k in self.draggable):
                key = next(k for k in self.draggable if same_id(value, k))
                self._drag = (item, key, self.mapToScene(pos), item.pos())
                self._show_snaps(self.draggable[key])
                event.accept()
                return
            if item is not None and value is not None and id_key(value) in self.drag_sources:
                self._drag = (item, value, self.mapToScene(pos), item.pos())  # onto a target, or a click
                event.accept()
                return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: Any) -> None:
        if self.field_tools.release(event):
            event.accept()
            return
        super().mouseReleaseEvent(event)
        if event.button() != Qt.MouseButton.LeftButton or self._press is None:
            return
        (start, pressed), self._press = self._press, None
        pos = event.position().toPoint()
        if self._drag is not None:
            item, key, origin, was = self._drag
            self._drag = None
            self._clear_snaps()
            shift = self.mapToScene(pos) - origin
            moved = shift.manhattanLength() * self.transform().m11() >= CLICK_SLOP
            if moved and not any(same_id(key, k) for k in self.draggable):
                item.setPos(was)
                target = id_under(self.items(pos), self._ids, item)
                if target is not None:
                    self.dragged_to.emit(key, target)
                return
            if moved:
                # a piece lands where its centre is, a card where the cursor is
                centre = (
                    self.mapToScene(pos)
                    if isinstance(item, CardItem)
                    else item.mapToScene(item.boundingRect().center())
                )
                item.setPos(was)  # back in its place: the next board shows it where the move put it
                self.dropped.emit(key, self._snapped(centre, self.draggable.get(key, [])))
                return
        if pressed is not None and (pos - start).manhattanLength() < CLICK_SLOP and same_id(self.id_at(pos), pressed):
            self.clicked.emit(pressed)
        elif pressed is None and (pos - start).manhattanLength() < CLICK_SLOP and self.id_at(pos) is None:
            self.field_clicked.emit(self.mapToScene(pos))

    def _show_snaps(self, points: list[QPointF]) -> None:
        self._clear_snaps()
        self._snaps = snap_dots(self.scene(), points, LAYER_Z["marker"] + 80)
        self._extras.extend(self._snaps)

    def _clear_snaps(self) -> None:
        for dot in self._snaps:
            self._drop(dot)
        self._snaps = []

    def _snapped(self, point: QPointF, snaps: list[QPointF]) -> QPointF:
        """`point`, or the nearest snap point when one lies within a few pixels on screen."""
        return nearest_snap(point, snaps, SNAP_PX / max(self.transform().m11(), 1e-6))

    def _show_preview(self, pos: Any) -> None:
        """A large picture of the card face under the mouse, beside it; a card of a hand rises."""
        card = next((item for item in self.items(pos) if isinstance(item, CardItem)), None)
        if self._lifted is not None and card is not self._lifted and self._lifted.holds(self.mapToScene(pos)):
            card = self._lifted
        if card is not self._lifted:
            for lifted in (self._lifted, card):
                if lifted is not None:
                    lifted.lift(lifted is card)
            self._lifted = card
            self._spread_for(card)
        face = card.face if card is not None else None
        if self.preview is not None and (face is None or self.preview.face is not face):
            self._drop(self.preview)
            self.preview = None
        if face is None:
            return
        if self.preview is None:
            self.preview = CardPreview(face, card.back if card is not None else None)
            self.scene().addItem(self.preview)
            self._extras.append(self.preview)
        shown = self.mapFromScene(card.mapToScene(card.rect)).boundingRect() if card is not None else None
        spot = preview_spot(pos, self.preview.boundingRect(), self.viewport().size(), shown)
        self.preview.setPos(self.mapToScene(spot))

    def _spread_for(self, card: CardItem | None) -> None:
        """The cards beside a hand's card under the mouse move aside (glides.Spread)."""
        cards = [item for item in self._tops.values() if isinstance(item, CardItem)]
        self.spread.move(self.spread.aside_for(card, cards) if card is not None and card.lifts else [])

    def mouseMoveEvent(self, event: Any) -> None:
        if self.field_tools.move(event):
            event.accept()
            return
        if self._drag is not None:
            dragged, _key, origin, was = self._drag
            dragged.setPos(was + (self.mapToScene(event.position().toPoint()) - origin))
            event.accept()
            return
        self._show_preview(event.position().toPoint())
        item, value = self._hit(event.position().toPoint())
        active = value is not None and any(same_id(value, a) for a in self.active_ids)
        self._show_hover(self._lands.get(id_key(value), item) if active else None)
        self.viewport().setCursor(Qt.CursorShape.PointingHandCursor if active else Qt.CursorShape.ArrowCursor)
        super().mouseMoveEvent(event)

    def keyPressEvent(self, event: Any) -> None:
        if event.key() == Qt.Key.Key_Escape and (self.field_tools.ruler or self.field_tools.looker):
            self.field_tools.clear()
            event.accept()
            return
        super().keyPressEvent(event)

    def leaveEvent(self, event: Any) -> None:
        self._show_hover(None)
        if self._lifted is not None:
            self._lifted.lift(False)
            self._lifted = None
            self.spread.move([])
        if self.preview is not None:
            self._drop(self.preview)
            self.preview = None
        super().leaveEvent(event)
