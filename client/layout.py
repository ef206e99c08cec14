"""Lays out a board description's elements (client/README.md) as drawable items.

Games describe what is on the table (a hex grid by coordinates, an area map by polygons,
cards bound to kernel zones, tracks, a free field in centimetres); this module decides
where each goes, in board units, and turns it into the low-level items `BoardView` draws.
No Qt here: the same layout is tested and measured without a window.

Elements are placed in reading order: those with ``"place": "top"`` above the first main
element, ``"bottom"`` ones below it; every strip is as wide as the main element.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NamedTuple

from boardwright.framework.events import resolve_texts

from . import card_layout
from .card_layout import CARD_W, Face, zone_cards
from .field_layout import CARD_CM, CM, FIELD_DATA, overlay_items

Item = dict[str, Any]

WIDTH = 1000.0  # the table's width when nothing else says
MAIN_WIDTH = 900.0  # a main element (a map, a field) is enlarged to at least this width
MAX_ENLARGE = 3.0
GAP = 24.0
TITLE_SIZE = 22.0
TITLE_EM = 0.7  # a bold title's width per character, in ems (generous: a title never overlaps)
HEX_RADIUS = 50.0
GRID_CELL = 100.0
FIELD_SCALE = CARD_W / CARD_CM / CM  # a free field's enlargement: its centimetres as a card's
SQRT3 = math.sqrt(3.0)
PIECE_SCALE = 0.62  # a piece's radius against its cell's
OCCUPIED_DROP = 0.2  # a piece on a marked hex stands this share of the radius low, below the mark


class Screen(NamedTuple):
    """Where a board is drawn: the board part's size and the system's small font, in pixels."""

    width: float
    height: float
    small: float


class Layout:
    """Items in board units, with the box they fill."""

    def __init__(self) -> None:
        self.items: list[Item] = []
        self.width = 0.0
        self.height = 0.0
        self.title_height = 0.0  # room its title takes above it (elements in a row line up below)
        self.title = ""  # its title's text

    def add(self, item: Item) -> None:
        self.items.append(item)


def shown_board(
    game: Any, board: dict[str, Any], view: dict[str, Any], lang: str, names: list[str], screen: Screen | None = None
) -> dict[str, Any]:
    """What the client draws for a game's raw board description: texts in `lang`, card faces
    from the game's data, elements laid out from the viewer's `view` of the zones, arranged
    for the `screen` it is drawn on when that is given."""
    messages = getattr(game, "messages", {}) or {}
    resolved = resolve_texts(board, messages, lang, names)
    if not resolved.get("elements"):
        return resolved

    def face(item: Any) -> dict[str, Any] | None:
        return card_layout.shown_face(game, item, lang)

    return compose(resolved, view.get("zones", {}), face, screen)


def compose(
    board: dict[str, Any],
    zones: dict[str, Any] | None = None,
    face: Face | None = None,
    screen: Screen | None = None,
) -> dict[str, Any]:
    """The board description with its `elements` laid out as low-level `items` and a `size`.

    `zones` are the viewer's view of the kernel zones (what each seat may see), `face(item)`
    gives a card's face data. Beside strips, main elements (maps, grids, fields) are at least
    `MAIN_WIDTH` wide; strips above and below (hands, piles, tracks) keep their natural size
    and sit side by side while they fit. Elements that name the same `row` sit side by side
    (four capitals in a row). On a `screen` (the board part's width and height and the small
    font, in pixels), the strips are arranged so that the whole is drawn as large as it
    allows: more of them side by side on a wide view, the strips above a tall map as a column
    beside it (the viewer's own strips below stay below), and titles get the room they take
    at the small font. A board without elements is returned as it is."""
    elements = board.get("elements")
    if not elements:
        return board
    elements = [_coordinates(element, bool(board.get("show_coordinates"))) for element in elements]
    rows = _rows(elements, zones or {}, face)
    aspect = screen.width / screen.height if screen is not None else None
    placed, width, height = _arranged(rows, aspect)
    if screen is not None:
        # titles the client enlarges to the small font take more room: laid out again for it
        least = screen.small / max(min(screen.width / max(width, 1.0), screen.height / max(height, 1.0)), 1e-6)
        if _title_room(rows, least * 1.08):
            placed, width, height = _arranged(rows, aspect)
    items: list[Item] = list(board.get("items", []))
    items.extend(placed)
    composed = dict(board)
    composed["items"] = [item for item in items if item["shape"] != "field_frame"]
    composed["fields"] = [
        {
            "origin": item["rect"][:2],
            "per_cm": item["rect"][2] / item["cm"][0],
            "cm": item["cm"],
            "flip_y": item.get("flip_y", False),
            **{key: item[key] for key in FIELD_DATA if key in item},
        }
        for item in items
        if item["shape"] == "field_frame"
    ]
    composed["size"] = [max(width, 1.0), max(height, 1.0)]
    return composed


def _rows(elements: list[dict[str, Any]], zones: dict[str, Any], face: Face | None) -> list[_Row]:
    """Each element laid out on its own, in rows of its place (top, main, bottom): elements
    that name the same `row` share one."""
    placed: dict[str, list[tuple[Layout, float, Any]]] = {"top": [], "main": [], "bottom": []}
    for element in elements:
        lay = _build(element, zones, face)
        place = element.get("place", "main")
        place = place if place in placed else "main"
        scale = 1.0
        if place == "main" and "row" not in element and len(elements) > 1 and 0 < lay.width < MAIN_WIDTH:
            scale = min(MAX_ENLARGE, MAIN_WIDTH / lay.width)
        if place == "main" and element.get("type") == "field":
            scale = max(scale, FIELD_SCALE)  # the cards beside a field as large as on a real table
        placed[place].append((lay, scale, element.get("row")))
    rows: list[_Row] = []
    for place in ("top", "main", "bottom"):
        for lay, scale, named in placed[place]:
            last = rows[-1] if rows else None
            if last is not None and last.place == place and named is not None and last.name == named:
                last.append((lay, scale))  # a named row: side by side, however wide
                continue
            row = _Row([(lay, scale)])
            row.place, row.name = place, named
            rows.append(row)
    return rows


def _title_room(rows: list[_Row], size: float) -> bool:
    """Widen each element whose title at `size` (board units) is wider than it; whether any was."""
    widened = False
    for row in rows:
        for lay, scale in row:
            wanted = len(lay.title) * max(TITLE_SIZE * scale, size) * TITLE_EM / scale
            if lay.title and wanted > lay.width:
                lay.width, widened = wanted, True
    return widened


def _packed(rows: list[_Row], limit: float) -> list[_Row]:
    """Unnamed strips of one place side by side while they fit `limit`."""
    packed: list[_Row] = []
    for row in rows:
        last = packed[-1] if packed else None
        if (
            last is not None
            and row.place != "main"
            and last.place == row.place
            and row.name is None
            and last.name is None
            and last.width() + GAP + row.width() <= limit
        ):
            joined = _Row([*last, *row])
            joined.place = last.place
            packed[-1] = joined
            continue
        packed.append(row)
    return packed


def _stacked(rows: list[_Row], left: float, top: float, width: float) -> tuple[list[Item], float]:
    """`rows` one below the other from (left, top), each centred in `width`; the items and
    the height they take (without a gap below the last)."""
    items: list[Item] = []
    y = top
    for row in rows:
        x = left + (width - row.width()) / 2
        # the contents of a row line up below the tallest title
        titles = max(lay.title_height * scale for lay, scale in row)
        for lay, scale in row:
            drop = titles - lay.title_height * scale
            items.extend(_placed(item, x, y + drop, scale) for item in lay.items)
            x += lay.width * scale + GAP
        y += max(lay.height * scale + titles - lay.title_height * scale for lay, scale in row) + GAP
    return items, max(0.0, y - top - GAP)


def _arranged(rows: list[_Row], aspect: float | None) -> tuple[list[Item], float, float]:
    """The rows placed, with the width and height they fill: the arrangement that a view of
    `aspect` shows largest (without an aspect: every strip packed into the widest row)."""
    natural = max((row.width() for row in rows), default=WIDTH)
    if aspect is None or aspect <= 0:
        return _stacked_arrangement(rows, natural)
    # no narrower than the widest main row or the widest single strip
    floor = max(
        [row.width() for row in rows if row.place == "main"]
        + [lay.width * scale for row in rows for lay, scale in row],
        default=natural,
    )
    total = sum(row.width() + GAP for row in rows if row.place != "main")
    limits = [natural] + [natural * f for f in (0.5, 0.65, 0.8, 1.25, 1.5, 2.0, 2.5, 3.0)]
    limits = [limit for limit in limits if floor <= limit < natural + total or limit == natural]
    choices = [_stacked_arrangement(rows, limit) for limit in limits]
    side = _side_arrangement(rows)
    if side is not None:
        choices.append(side)

    def shown(choice: tuple[list[Item], float, float]) -> float:
        return min(aspect / max(choice[1], 1.0), 1.0 / max(choice[2], 1.0))

    best = choices[0]
    for choice in choices[1:]:
        if shown(choice) > shown(best) * 1.03:  # the natural arrangement unless another is clearly larger
            best = choice
    return best


def _stacked_arrangement(rows: list[_Row], limit: float) -> tuple[list[Item], float, float]:
    packed = _packed(_wrapped(rows, limit), limit)
    width = max((row.width() for row in packed), default=WIDTH)
    items, height = _stacked(packed, 0.0, 0.0, width)
    return items, width, height


def _wrapped(rows: list[_Row], limit: float) -> list[_Row]:
    """A named strip wider than `limit` wrapped onto more lines, in its order (a hand of
    several kinds of cards in two lines on a narrow view); main rows stay whole."""
    out: list[_Row] = []
    for row in rows:
        if row.place == "main" or row.name is None or row.width() <= limit or len(row) < 2:
            out.append(row)
            continue
        lines = [_Row()]
        for part in row:
            if lines[-1] and lines[-1].width() + GAP + part[0].width * part[1] > limit:
                lines.append(_Row())
            lines[-1].append(part)
        for number, line in enumerate(lines):
            line.place, line.name = row.place, (row.name, number)  # kept apart from other strips
        out.extend(lines)
    return out


def _side_arrangement(rows: list[_Row]) -> tuple[list[Item], float, float] | None:
    """The strips above the main elements as a column at their left, the strips below
    across the whole width below both."""
    tops = [row for row in rows if row.place == "top"]
    mains = [row for row in rows if row.place == "main"]
    bottoms = [row for row in rows if row.place == "bottom"]
    if not tops or not mains:
        return None
    column = max(row.width() for row in tops)
    tops = _packed(tops, column)
    middle = max(row.width() for row in mains)
    width = column + GAP + middle
    bottoms = _packed(bottoms, width)
    width = max([width, *(row.width() for row in bottoms)])
    left = (width - column - GAP - middle) / 2
    side, side_height = _stacked(tops, left, 0.0, column)
    centre, centre_height = _stacked(mains, left + column + GAP, 0.0, middle)
    top = max(side_height, centre_height) + GAP
    below, below_height = _stacked(bottoms, 0.0, top, width) if bottoms else ([], -GAP)
    return side + centre + below, width, top + below_height


def _coordinates(element: dict[str, Any], shown: bool) -> dict[str, Any]:
    """A hex grid's cells name their `coordinate` only when the person asked to see them
    (View → Coordinates): then as a cell's label where it has none of its own."""
    cells = element.get("cells") if element.get("type") == "hexgrid" else None
    if not cells or not any("coordinate" in cell for cell in cells):
        return element
    if shown:
        cells = [
            cell if "label" in cell or "coordinate" not in cell else {**cell, "label": str(cell["coordinate"])}
            for cell in cells
        ]
    return {**element, "cells": cells}


class _Row(list[tuple[Layout, float]]):
    """Elements side by side, of one place (top, main or bottom), named by their `row`."""

    place = "main"
    name: Any = None

    def width(self) -> float:
        return sum(lay.width * scale for lay, scale in self) + GAP * (len(self) - 1)


def _build(element: dict[str, Any], zones: dict[str, Any], face: Face | None) -> Layout:
    kind = element.get("type")
    builder = BUILDERS.get(str(kind))
    if builder is None:
        lay = Layout()
        lay.add({"shape": "text", "at": [WIDTH / 2, 20], "text": f"? {kind}", "size": 20})
        lay.width, lay.height = WIDTH, 40
        return lay
    return builder(element, zones, face)


def _placed(item: Item, dx: float, dy: float, scale: float) -> Item:
    """`item` moved by (dx, dy) after scaling by `scale` (positions, sizes and radii)."""
    moved = dict(item)

    def at(p: list[float]) -> list[float]:
        return [dx + p[0] * scale, dy + p[1] * scale]

    for key in ("center", "at"):
        if key in moved:
            moved[key] = at(moved[key])
    if "points" in moved:
        moved["points"] = [at(p) for p in moved["points"]]
    if "rect" in moved:
        x, y, w, h = moved["rect"]
        moved["rect"] = [dx + x * scale, dy + y * scale, w * scale, h * scale]
    for key in ("radius", "size", "label_size"):
        if key in moved and moved[key] is not None:
            moved[key] = moved[key] * scale
    return moved


def _common(source: dict[str, Any], item: Item) -> Item:
    """Copy the keys every drawable shares: id (and `also`, more ids the log may light it by),
    colours, label, tip, highlight, what decided the game, layer."""
    for key in (
        "id",
        "also",
        "fill",
        "stroke",
        "width",
        "label",
        "label_colour",
        "label_size",
        "label_place",
        "tip",
        "highlight",
        "decided",
        "dash",
        "layer",
    ):
        if key in source:
            item[key] = source[key]
    return item


def _title(lay: Layout, element: dict[str, Any], width: float) -> float:
    """An element's title above it; returns the height it takes."""
    title = element.get("title")
    if not title:
        return 0.0
    lay.add({"shape": "text", "at": [0, 14], "text": title, "size": TITLE_SIZE, "align": "left", "bold": True})
    # room for the title itself, so neighbours never overlap it
    lay.title = str(title)
    lay.width = max(lay.width, width, len(lay.title) * TITLE_SIZE * TITLE_EM)
    lay.title_height = 34.0
    return 34.0


# --- hex grids ---


def hex_centre(q: int, r: int, pointy: bool, radius: float = HEX_RADIUS) -> tuple[float, float]:
    if pointy:
        return radius * SQRT3 * (q + r / 2), radius * 1.5 * r
    return radius * 1.5 * q, radius * SQRT3 * (r + q / 2)


def _hexgrid(element: dict[str, Any], zones: dict[str, Any], face: Face | None) -> Layout:
    pointy = element.get("orientation", "pointy") != "flat"
    cells = element.get("cells", [])
    centres = {}
    for cell in cells:
        centres[str(cell.get("id", f"{cell['q']},{cell['r']}"))] = hex_centre(int(cell["q"]), int(cell["r"]), pointy)
    lay = Layout()
    if not centres:
        return lay
    xs = [c[0] for c in centres.values()]
    ys = [c[1] for c in centres.values()]
    pad = HEX_RADIUS * 1.05
    left, top = min(xs) - pad, min(ys) - pad
    offset = _title(lay, element, 0)
    occupied = {str(piece.get("at")) for piece in element.get("pieces", [])}
    spots = {}
    for cell in cells:
        key = str(cell.get("id", f"{cell['q']},{cell['r']}"))
        cx, cy = centres[key]
        item = _common(cell, {"shape": "hex", "center": [cx - left, cy - top + offset], "radius": HEX_RADIUS})
        item["pointy"] = pointy
        item.setdefault("stroke", "#1b1f27")
        spots[key] = (cx - left, cy - top + offset)
        if key in occupied and item.get("label"):
            # a piece stands on a marked cell (a castle): the mark moves up, the piece down
            item["label_place"] = "top"
            spots[key] = (cx - left, cy - top + offset + HEX_RADIUS * OCCUPIED_DROP)
        lay.add(item)
    _pieces(lay, element.get("pieces", []), spots)
    lay.width = max(xs) - min(xs) + 2 * pad
    lay.height = max(ys) - min(ys) + 2 * pad + offset
    return lay


def _pieces(lay: Layout, pieces: list[dict[str, Any]], spots: dict[str, tuple[float, float]], size: float = 0) -> None:
    """Round pieces on their spots; several on one spot sit side by side. A piece `at` two
    spots ([a, b]) stands between them (on the edge between two hexes)."""
    crowd: dict[str, list[dict[str, Any]]] = {}
    spots = dict(spots)
    for piece in pieces:
        at = piece.get("at")
        if isinstance(at, list) and len(at) == 2 and all(str(end) in spots for end in at):
            (ax, ay), (bx, by) = spots[str(at[0])], spots[str(at[1])]
            key = f"{at[0]}|{at[1]}"
            spots[key] = ((ax + bx) / 2, (ay + by) / 2)
            crowd.setdefault(key, []).append(piece)
        else:
            crowd.setdefault(str(at), []).append(piece)
    radius = (size or HEX_RADIUS) * PIECE_SCALE
    for spot, group in crowd.items():
        if spot not in spots:
            continue
        cx, cy = spots[spot]
        each = radius if len(group) == 1 else radius * 0.62
        for index, piece in enumerate(group):
            shift = (index - (len(group) - 1) / 2) * each * 1.7
            item = _common(piece, {"shape": "circle", "center": [cx + shift, cy], "radius": each, "layer": "piece"})
            item.setdefault("stroke", "#000000aa")
            if piece.get("faded"):
                item["dash"] = True
            lay.add(item)
            if piece.get("stats"):
                lay.add(
                    {
                        "shape": "text",
                        "at": [cx + shift, cy + each * 0.72],
                        "text": " ".join(str(s) for s in piece["stats"]),
                        "size": each * 0.42,
                        "fill": "#ffffff",
                        "layer": "marker",
                    }
                )


# --- grids ---


def _grid(element: dict[str, Any], zones: dict[str, Any], face: Face | None) -> Layout:
    """Cells by column and row; a cell is `cell` [width, height] board units (100 x 100 by
    default: a wider cell gives its label more room)."""
    columns, rows = int(element.get("columns", 1)), int(element.get("rows", 1))
    cell_w, cell_h = (float(v) for v in element.get("cell", (GRID_CELL, GRID_CELL)))
    lay = Layout()
    offset = _title(lay, element, columns * cell_w)
    frame = element.get("frame")
    if frame:
        lay.add(
            {
                "shape": "rect",
                "rect": [0, offset, columns * cell_w, rows * cell_h],
                "fill": frame,
                "stroke": element.get("frame_stroke", "#00000080"),
                "width": 4,
            }
        )
    for cell in element.get("cells", []):
        column, row = cell["at"]
        x, y = column * cell_w, offset + row * cell_h
        if cell.get("shape") == "circle":
            centre = [x + cell_w / 2, y + cell_h / 2]
            item = _common(cell, {"shape": "circle", "center": centre, "radius": min(cell_w, cell_h) * 0.4})
        else:
            item = _common(cell, {"shape": "rect", "rect": [x + 2, y + 2, cell_w - 4, cell_h - 4]})
        lay.add(item)
    lay.width, lay.height = max(lay.width, columns * cell_w), rows * cell_h + offset
    return lay


# --- area maps ---


def _areas(element: dict[str, Any], zones: dict[str, Any], face: Face | None) -> Layout:
    regions = element.get("regions", [])
    points = [p for region in regions for p in region.get("points", [])]
    lay = Layout()
    if not points:
        return lay
    left, top = min(p[0] for p in points), min(p[1] for p in points)
    span = max(max(p[0] for p in points) - left, max(p[1] for p in points) - top, 1.0)
    scale = WIDTH / span if element.get("fit", True) else 1.0
    offset = _title(lay, element, 0)

    def at(p: list[float]) -> list[float]:
        return [(p[0] - left) * scale, (p[1] - top) * scale + offset]

    centres = {}
    for region in regions:
        corners = [at(p) for p in region.get("points", [])]
        anchor = region.get("anchor")
        centres[str(region.get("id"))] = tuple(at(anchor) if anchor else _centroid(corners))
        lay.add(_common(region, {"shape": "polygon", "points": corners, "stroke": region.get("stroke", "#1b1f27")}))
    for spot in element.get("spots", []):
        # named points on the map (a border slot, a crossing) that pieces stand on and clicks name
        at_spot = at(spot["at"])
        centres[str(spot.get("id"))] = (at_spot[0], at_spot[1])
        if spot.get("radius") or spot.get("fill") or spot.get("id") is not None:
            radius = float(spot.get("radius", 8)) * scale
            lay.add(_common(spot, {"shape": "circle", "center": at_spot, "radius": radius, "layer": "marker"}))
    for line in element.get("lines", []):
        lay.add(
            _common(
                line,
                {
                    "shape": "line",
                    "points": [at(p) for p in line.get("points", [])],
                    "width": line.get("width", 3),
                    "layer": "marker",
                },
            )
        )
    for link in element.get("links", []):
        a, b = (centres.get(str(end)) for end in link.get("between", ()))
        if a and b:
            lay.add(
                {
                    "shape": "line",
                    "points": [list(a), list(b)],
                    "stroke": link.get("stroke", "#ffffff66"),
                    "dash": link.get("dash", True),
                    "width": 2,
                }
            )
    size = float(element.get("piece_size", 40))
    _pieces(lay, element.get("pieces", []), {k: (v[0], v[1]) for k, v in centres.items()}, size)
    lay.width = (max(p[0] for p in points) - left) * scale
    lay.height = (max(p[1] for p in points) - top) * scale + offset
    return lay


def _centroid(corners: list[list[float]]) -> list[float]:
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-9:
        return [sum(p[0] for p in corners) / len(corners), sum(p[1] for p in corners) / len(corners)]
    return [cx / (3 * area), cy / (3 * area)]


# --- cards ---


def _cards(element: dict[str, Any], zones: dict[str, Any], face: Face | None) -> Layout:
    if "zone" in element:
        cards = zone_cards(zones.get(str(element["zone"])))
    else:
        cards = list(element.get("cards", []))
    lay = Layout()
    offset = _title(lay, element, CARD_W)
    build = card_layout.pile if element.get("layout") == "pile" else card_layout.spread
    items, width, lay.height = build(element, cards, face, offset)
    lay.items.extend(items)
    lay.width = max(lay.width, width)
    return lay


# --- tracks ---


def _track(element: dict[str, Any], zones: dict[str, Any], face: Face | None) -> Layout:
    """Numbered boxes with marks; a long track (a 100-point score) snakes over rows of at
    most `per_row` boxes (25 by default) so every box stays readable."""
    length = max(1, int(element.get("length", 10)))
    start = int(element.get("start", 0))
    per_row = max(1, min(length, int(element.get("per_row", 25))))
    lay = Layout()
    offset = _title(lay, element, WIDTH)
    box = min(60.0, WIDTH / per_row)
    row_height = box + 26
    every = next((s for s in (1, 2, 5, 10, 20, 25, 50) if s * box >= 28), length)

    def corner(index: int) -> tuple[float, float]:
        row, column = divmod(index, per_row)
        return column * box, offset + row * row_height

    for index in range(length):
        x, y = corner(index)
        lay.add({"shape": "rect", "rect": [x, y, box, box], "fill": "#2f3540", "stroke": "#596273"})
        if (start + index) % every == 0:
            lay.add(
                {
                    "shape": "text",
                    "at": [x + box / 2, y + box + 12],
                    "text": str(start + index),
                    "size": 16,
                    "fill": "#c8ccd4",
                }
            )
    marks: dict[int, list[dict[str, Any]]] = {}
    for mark in element.get("marks", []):
        marks.setdefault(min(max(int(mark.get("at", 0)) - start, 0), length - 1), []).append(mark)
    for index, group in marks.items():
        x, y = corner(index)
        slot = box / max(1, len(group))
        for n, mark in enumerate(group):
            centre = [x + slot * (n + 0.5), y + box / 2]
            radius = max(min(slot, box) * 0.38, box * 0.18)
            lay.add(_common(mark, {"shape": "circle", "center": centre, "radius": radius, "layer": "marker"}))
    rows = -(-length // per_row)
    lay.width, lay.height = max(lay.width, per_row * box), offset + rows * row_height
    return lay


# --- free fields ---


def _field(element: dict[str, Any], zones: dict[str, Any], face: Face | None) -> Layout:
    width_cm, height_cm = element.get("size", [120, 120])
    flip = bool(element.get("flip_y"))  # the viewer's own edge (y = 0) drawn at the bottom
    lay = Layout()
    # not drawn: where the field lies once placed, so that a dragged point reads in centimetres
    lay.add(
        {
            "shape": "field_frame",
            "rect": [0, 0, width_cm * CM, height_cm * CM],
            "cm": [width_cm, height_cm],
            "flip_y": flip,
            **{key: element[key] for key in FIELD_DATA if key in element},
        }
    )
    lay.add(
        {
            "shape": "rect",
            "rect": [0, 0, width_cm * CM, height_cm * CM],
            "fill": element.get("fill", "#4a6b3a"),
            "stroke": "#2b3d22",
            "width": 3,
        }
    )

    def at(p: list[float]) -> list[float]:
        return [p[0] * CM, (height_cm - p[1] if flip else p[1]) * CM]

    for area in element.get("areas", []) + element.get("terrain", []):
        if "points" in area:
            item = _common(area, {"shape": "polygon", "points": [at(p) for p in area["points"]]})
        else:
            item = _common(area, {"shape": "circle", "center": at(area["center"]), "radius": area["radius"] * CM})
        item.setdefault("stroke", "#00000066")
        lay.add(item)
    for base in element.get("bases", []):
        centre = at(base["at"])
        radius = float(base.get("radius", 1.25)) * CM
        item = _common(base, {"shape": "circle", "center": centre, "radius": radius, "layer": "piece"})
        item.setdefault("stroke", "#000000")
        lay.add(item)
        if "facing" in base:
            angle = math.radians(-float(base["facing"]) if flip else float(base["facing"]))
            tip = [centre[0] + math.cos(angle) * radius, centre[1] + math.sin(angle) * radius]
            lay.add({"shape": "line", "points": [centre, tip], "stroke": "#ffffff", "width": 3, "layer": "marker"})
    for overlay in element.get("overlays", []):
        lay.items.extend(overlay_items(overlay, at, (width_cm, height_cm)))
    lay.width, lay.height = width_cm * CM, height_cm * CM
    return lay


BUILDERS: dict[str, Callable[[dict[str, Any], dict[str, Any], Face | None], Layout]] = {
    "hexgrid": _hexgrid,
    "grid": _grid,
    "areas": _areas,
    "cards": _cards,
    "track": _track,
    "field": _field,
}
