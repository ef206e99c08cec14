"""Lays out a board description's elements (client/README.md) as drawable items.

Games describe what is on the table (a hex grid by coordinates, an area map by polygons,
cards bound to kernel zones, tracks, a free field in centimetres); this module decides
where each goes, in board units, and turns it into the low-level items `BoardView` draws.
No Qt here: the same layout is tested and measured without a window.

Elements are placed in reading order: those with ``"place": "top"`` above the first main
element, ``"bottom"`` ones below it; how the rows stand for the screen is client/arrangement.py.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from boardwright.framework.events import resolve_texts

from . import area_names, card_layout
from .arrangement import (
    PLACES,
    TITLE_EM,
    TITLE_SIZE,
    WIDTH,
    Item,
    Layout,
    Screen,
    arranged,
    hand_room,
    items_of,
    rows_of,
)
from .card_layout import CARD_W, Face, zone_cards
from .field_layout import CARD_CM, CM, FIELD_DATA, field_frames, overlay_items

MAIN_WIDTH = 900.0  # a main element (a map, a field) is enlarged to at least this width
MAX_ENLARGE = 3.0
HEX_RADIUS = 50.0
GRID_CELL = 100.0
FIELD_SCALE = CARD_W / CARD_CM / CM  # a free field's enlargement: its centimetres as a card's
SQRT3 = math.sqrt(3.0)
PIECE_SCALE = 0.62  # a piece's radius against its cell's
OCCUPIED_DROP = 0.2  # a piece on a marked hex stands this share of the radius low, below the mark


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

    return compose(_pictures(game, resolved), view.get("zones", {}), face, screen)


def _pictures(game: Any, board: dict[str, Any]) -> dict[str, Any]:
    """Pieces that name their `art` ("game-icons:crossbow") get the file of that picture from
    the game's data (`picture`), as card faces do; a piece whose picture is not shipped keeps
    its label."""
    elements = []
    for element in board["elements"]:
        pieces = element.get("pieces")
        if isinstance(pieces, list) and any(isinstance(p, dict) and "art" in p for p in pieces):
            element = {**element, "pieces": [_with_picture(game, piece) for piece in pieces]}
        elements.append(element)
    return {**board, "elements": elements}


def _with_picture(game: Any, piece: Any) -> Any:
    if not isinstance(piece, dict) or not isinstance(piece.get("art"), str):
        return piece
    found = card_layout.picture_file(game, piece["art"])
    return {**piece, "picture": found} if found is not None else piece


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
    arrangement = arranged(rows_of(_built(elements, zones or {}, face)), screen)
    width, height = arrangement.width, arrangement.height
    items: list[Item] = list(board.get("items", []))
    items.extend(items_of(arrangement))
    composed = dict(board)
    composed["items"] = [item for item in items if item["shape"] != "field_frame"]
    composed["fields"] = field_frames(items)
    composed["size"] = [max(width, 1.0), max(height, 1.0)]
    return composed


def _built(
    elements: list[dict[str, Any]], zones: dict[str, Any], face: Face | None
) -> list[tuple[Layout, float, str, Any]]:
    """Each element laid out on its own: its layout, its scale, its place and its row's name.
    A hand is laid out last, as wide as the main elements and the columns beside them allow."""
    built: list[tuple[Layout, float, str, Any] | None] = []
    for element in elements:
        if _is_hand(element):
            built.append(None)
            continue
        lay = _build(element, zones, face)
        place = _place(element)
        scale = 1.0
        if place == "main" and "row" not in element and len(elements) > 1 and 0 < lay.width < MAIN_WIDTH:
            scale = min(MAX_ENLARGE, MAIN_WIDTH / lay.width)
        if place == "main" and element.get("type") == "field":
            scale = max(scale, FIELD_SCALE)  # the cards beside a field as large as on a real table
        built.append((lay, scale, place, element.get("row")))
    room = hand_room([entry for entry in built if entry is not None], card_layout.HAND_ROOM)
    return [
        entry if entry is not None else (_cards(element, zones, face, room), 1.0, _place(element), element.get("row"))
        for element, entry in zip(elements, built, strict=True)
    ]


def _is_hand(element: dict[str, Any]) -> bool:
    return element.get("type") == "cards" and element.get("layout") == "fan"


def _place(element: dict[str, Any]) -> str:
    place = element.get("place", "main")
    return place if place in PLACES else "main"


def _coordinates(element: dict[str, Any], shown: bool) -> dict[str, Any]:
    """A hex grid's cells name their `coordinate` only when the person asked to see them
    (View → Coordinates): then as a cell's label where it has none of its own."""
    cells = element.get("cells") if element.get("type") == "hexgrid" else None
    if not cells or not any("coordinate" in cell for cell in cells):
        return element
    if shown:  # small, at the cell's top: a unit standing on it stays in sight
        cells = [
            cell
            if "label" in cell or "coordinate" not in cell
            else {**cell, "label": str(cell["coordinate"]), "label_place": "top"}
            for cell in cells
        ]
    return {**element, "cells": cells}


def _build(element: dict[str, Any], zones: dict[str, Any], face: Face | None) -> Layout:
    kind = element.get("type")
    builder = BUILDERS.get(str(kind))
    if builder is None:
        lay = Layout()
        lay.add({"shape": "text", "at": [WIDTH / 2, 20], "text": f"? {kind}", "size": 20})
        lay.width, lay.height = WIDTH, 40
        return lay
    return builder(element, zones, face)


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
        "picture",
        "tip",
        "highlight",
        "decided",
        "dash",
        "layer",
        "lands",
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


def _pieces(
    lay: Layout,
    pieces: list[dict[str, Any]],
    spots: dict[str, tuple[float, float]],
    size: float = 0,
    rooms: dict[str, float] | None = None,
) -> dict[str, tuple[float, float]]:
    """Round pieces on their spots; several on one spot sit side by side, in as many rows as
    the spot's `rooms` width asks. A piece `at` two spots ([a, b]) stands between them (on the
    edge between two hexes). Returns the top and bottom of the pieces on each spot."""
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
    bands: dict[str, tuple[float, float]] = {}
    for spot, group in crowd.items():
        if spot not in spots:
            continue
        cx, cy = spots[spot]
        each = radius if len(group) == 1 else radius * 0.62
        room = (rooms or {}).get(spot, math.inf)
        rows = area_names.rows_of_pieces(len(group), each, room) if len(group) > 1 else [1]
        first = cy - (len(rows) - 1) * each * 0.95
        bands[spot] = (first - each, first + (len(rows) - 1) * each * 1.9 + each)
        placed = 0
        for row, count in enumerate(rows):
            y = first + row * each * 1.9
            for index, piece in enumerate(group[placed : placed + count]):
                x = cx + (index - (count - 1) / 2) * each * 1.7
                _piece(lay, piece, x, y, each)
            placed += count
    return bands


def _piece(lay: Layout, piece: dict[str, Any], x: float, y: float, each: float) -> None:
    item = _common(piece, {"shape": "circle", "center": [x, y], "radius": each, "layer": "piece"})
    item.setdefault("stroke", "#000000aa")
    if piece.get("faded"):
        item["dash"] = True
    lay.add(item)
    if piece.get("stats"):
        lay.add(
            {
                "shape": "text",
                "at": [x, y + each * 0.78],
                "text": " ".join(str(s) for s in piece["stats"]),
                "size": each * 0.42,
                # a badge at the piece's foot: its marks on a dark pill read over the ring
                "plate": "#111827e6",
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
    spots = {k: (v[0], v[1]) for k, v in centres.items()}
    outlines = {str(r.get("id")): [(p[0], p[1]) for p in map(at, r.get("points", []))] for r in regions}
    rooms = {}
    for key, outline in outlines.items():
        found = area_names.span_at(outline, spots[key][1]) if key in spots else None
        if found is not None:
            rooms[key] = (found[1] - found[0]) * 0.9
    bands = _pieces(lay, element.get("pieces", []), spots, size, rooms)
    for region in regions:
        _region_name(lay, region, outlines[str(region.get("id"))], bands.get(str(region.get("id"))), size)
    lay.width = (max(p[0] for p in points) - left) * scale
    lay.height = (max(p[1] for p in points) - top) * scale + offset
    return lay


def _region_name(
    lay: Layout, region: dict[str, Any], outline: list[tuple[float, float]], pieces: Any, size: float
) -> None:
    """A region's `name` inside its outline, where its pieces leave it the most room."""
    name = region.get("name")
    if not isinstance(name, str) or not name:
        return
    plate = area_names.name_plate(outline, name, pieces, size * 0.36)
    if plate is None:
        return
    lay.add(
        {
            "shape": "text",
            "at": list(plate.centre),
            "text": name,
            "size": plate.size,
            "bold": True,
            "box": [plate.width, plate.height],
            "layer": "name",
            **({"fill": region["label_colour"]} if "label_colour" in region else {}),
        }
    )


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


def _cards(
    element: dict[str, Any], zones: dict[str, Any], face: Face | None, room: float = card_layout.HAND_ROOM
) -> Layout:
    if "zone" in element:
        cards = zone_cards(zones.get(str(element["zone"])))
    else:
        cards = list(element.get("cards", []))
    lay = Layout()
    offset = _title(lay, element, CARD_W)
    if element.get("layout") == "pile":
        items, width, lay.height = card_layout.pile(element, cards, face, offset)
    else:
        items, width, lay.height = card_layout.spread(element, cards, face, offset, room)
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
            # a tick at the rim, clear of the initials in the middle
            rim = [
                [centre[0] + math.cos(angle) * radius * k, centre[1] + math.sin(angle) * radius * k] for k in (0.6, 1.0)
            ]
            lay.add({"shape": "line", "points": rim, "stroke": "#ffffff", "width": 3, "layer": "marker"})
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
