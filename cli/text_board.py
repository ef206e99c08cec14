"""Any game's board as lines of text, from its board description (client/README.md).

For a person at a terminal (`boardwright join` without `--bot`): the status line, the seats
by name, tracks and panels (scores), the cards the viewer may see by their names and the
others by count, a grid drawn in characters (or listed, when its cells carry words), and
hexes, areas and fields listed by what stands on them. Every listing is bounded: a large
map shows its first `MOST` entries and how many more there are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.framework.events import resolve_texts, text

MOST = 24  # entries a listing shows
NAMED_COLOURS = {
    "red": (220, 40, 40),
    "yellow": (240, 200, 40),
    "blue": (40, 80, 220),
    "green": (40, 160, 60),
    "white": (240, 240, 240),
    "black": (20, 20, 20),
    "grey": (128, 128, 128),
    "orange": (240, 140, 30),
    "purple": (140, 60, 180),
    "brown": (130, 80, 40),
}


def seat_names(seats: list[dict[str, Any]]) -> list[str]:
    """Each seat's name as the host sends it; a seat with none is "seat N"."""
    return [str(seat.get("name") or f"seat {number}") for number, seat in enumerate(seats, 1)]


def seats_line(seats: list[dict[str, Any]], me: int | None) -> str:
    parts = []
    for number, (seat, name) in enumerate(zip(seats, seat_names(seats), strict=True), 1):
        notes = [note for note, on in (("you", number - 1 == me), ("bot", seat.get("kind") != "open")) if on]
        if seat.get("kind") == "open" and not seat.get("connected"):
            notes.append("away" if seat.get("name") else "free")
        parts.append(f"{number} {name}" + (f" ({', '.join(notes)})" if notes else ""))
    return "seats: " + ", ".join(parts)


def colour_name(fill: Any) -> str:
    """The nearest plain name of a `#rrggbb` colour, and the colour: "red (#d9342b)"."""
    if not isinstance(fill, str) or len(fill) < 7 or not fill.startswith("#"):
        return str(fill)
    try:
        rgb = tuple(int(fill[i : i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        return fill
    nearest = min(
        NAMED_COLOURS, key=lambda name: sum((a - b) ** 2 for a, b in zip(NAMED_COLOURS[name], rgb, strict=False))
    )
    return f"{nearest} ({fill[:7]})"


class TextBoard:
    """The lines of one board for one viewer."""

    def __init__(self, game: Any, view: dict[str, Any], seat: int | None, names: list[str], lang: str = "en") -> None:
        self.game = game
        self.view = view
        self.seat = seat
        self.names = names
        self.lang = lang

    def lines(self, board: dict[str, Any]) -> list[str]:
        resolved = resolve_texts(board, self.game.messages, self.lang, self.names)
        out = [str(resolved["status"])] if resolved.get("status") else []
        drawers: dict[str, Callable[[dict[str, Any]], list[str]]] = {
            "track": self._track,
            "cards": self._cards,
            "grid": self._grid,
            "hexgrid": self._hexgrid,
            "areas": self._areas,
            "field": self._field,
        }
        for element in resolved.get("elements", []):
            drawer = drawers.get(element.get("type", ""))
            if drawer is not None:
                out += drawer(element)
        for panel in resolved.get("panels", []):
            out += self._panel(panel)
        return [line.replace("\n", " ").rstrip() for line in out]  # a label broken over two lines

    # --- names ---

    def card_name(self, item: Any) -> str:
        face = self.game.card_face(item)
        if isinstance(face, dict) and face.get("title"):
            return text(face["title"], self.game.messages, self.lang, self.names)
        return str(item)

    # --- elements ---

    def _track(self, element: dict[str, Any]) -> list[str]:
        marks = [
            f"{mark.get('tip') or mark.get('label') or colour_name(mark.get('fill'))} at {mark.get('at')}"
            for mark in element.get("marks", [])
        ]
        return [f"{element.get('title') or 'track'}: {'; '.join(marks) or 'no marks'}"]

    def _cards(self, element: dict[str, Any]) -> list[str]:
        title = str(element.get("title") or "").strip() or element.get("zone") or "cards"
        if "cards" in element:
            return [f"{title}: {', '.join(self.card_name(c) for c in element['cards']) or 'none'}"]
        zone = self.view.get("zones", {}).get(element.get("zone"))
        if not isinstance(zone, dict):
            return []
        if "count" in zone:  # not the viewer's to see: how many, and any it knows
            known = [self.card_name(item) for _index, item in zone.get("known", [])]
            return [f"{title}: {zone['count']} cards" + (f" (known: {', '.join(known)})" if known else "")]
        mine = " (yours)" if zone.get("owner") == self.seat and self.seat is not None else ""
        names = [self.card_name(item) for item in zone.get("items", [])]
        return [f"{title}{mine}: {', '.join(names) or 'none'}"]

    def _grid(self, element: dict[str, Any]) -> list[str]:
        cells = element.get("cells", [])
        title = [str(element["title"])] if element.get("title") else []
        if any(len(str(cell.get("label", ""))) > 2 for cell in cells):  # words: a listing
            entries = [f"{cell['at'][0] + 1},{cell['at'][1] + 1} {cell.get('label', '')}".rstrip() for cell in cells]
            return title + _bounded(entries)
        columns, rows = int(element.get("columns", 0)), int(element.get("rows", 0))
        if not columns or not rows:
            return title
        letters: dict[Any, str] = {}
        picture = [["."] * columns for _ in range(rows)]
        for cell in cells:
            column, row = cell.get("at", [-1, -1])
            if not (0 <= column < columns and 0 <= row < rows) or cell.get("layer") != "piece":
                continue  # the board itself (a hole, a square) stays a dot
            label = str(cell.get("label", ""))[:1]
            picture[row][column] = label or letters.setdefault(cell.get("fill"), "XOABCDEFGH"[len(letters) % 10])
        header = " ".join(str((c + 1) % 10) for c in range(columns))
        legend = [f"{letter} = {colour_name(fill)}" for fill, letter in letters.items()]
        return title + [header] + [" ".join(row) for row in picture] + ([", ".join(legend)] if legend else [])

    def _hexgrid(self, element: dict[str, Any]) -> list[str]:
        pieces = [_piece(piece) for piece in element.get("pieces", [])]
        cells = element.get("cells", [])
        lines = [f"{element.get('title') or 'hexes'}: {len(cells)}, {len(pieces) or 'no'} pieces"]
        return lines + _bounded(pieces)

    def _areas(self, element: dict[str, Any]) -> list[str]:
        names = {r.get("id"): r.get("label") or r.get("id") for r in element.get("regions", [])}
        pieces = [_piece(piece, names) for piece in element.get("pieces", [])]
        lines = [f"{element.get('title') or 'map'}: {len(names)} regions, {len(pieces) or 'no'} pieces"]
        return lines + _bounded(pieces)

    def _field(self, element: dict[str, Any]) -> list[str]:
        bases = [
            f"{base.get('label') or base.get('id')} at {', '.join(f'{v:g}' for v in base.get('at', []))}"
            + (f" ({base['tip']})" if base.get("tip") else "")
            for base in element.get("bases", [])
        ]
        return [f"{element.get('title') or 'field'}: {len(bases) or 'no'} bases", *_bounded(bases)]

    def _panel(self, panel: dict[str, Any]) -> list[str]:
        lines = [str(panel.get("title") or "")]
        lines += [f"  {line}" for line in panel.get("lines", [])]
        if panel.get("cards"):
            lines.append("  cards: " + ", ".join(str(c.get("label") or c.get("id")) for c in panel["cards"]))
        if panel.get("track"):
            marks = [
                f"{m.get('label') or colour_name(m.get('fill'))} at {m.get('at')}" for m in panel["track"]["marks"]
            ]
            lines.append("  track: " + "; ".join(marks))
        return lines


def _piece(piece: dict[str, Any], places: dict[Any, Any] | None = None) -> str:
    at = piece.get("at")
    where = ", ".join(str(a) for a in at) if isinstance(at, list) else str((places or {}).get(at, at))
    label = piece.get("label") or piece.get("id") or "piece"
    stats = "/".join(str(s) for s in piece.get("stats", []))
    tip = piece.get("tip")
    return f"  {where}: {label}" + (f" {stats}" if stats else "") + (f" ({tip})" if tip else "")


def _bounded(entries: list[str]) -> list[str]:
    shown = [entry if entry.startswith("  ") else f"  {entry}" for entry in entries[:MOST]]
    if len(entries) > MOST:
        shown.append(f"  ... and {len(entries) - MOST} more")
    return shown
