"""Where an area map writes a region's name and stands its pieces, inside the region's own
outline (client/README.md, `areas`, a region's `name`). No Qt here.

The pieces on a region stand in rows as wide as the region is where they stand; the name
takes the largest box left inside the outline above or below them, at the size it reads
largest in one, two or three lines. So a name never runs over a neighbour's or under a piece.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

Point = tuple[float, float]

CHAR_EM = 0.58  # the mean width of a bold letter against its size
LINE_EM = 1.25  # a line's height against its letters' size
MARGIN = 0.06  # of the region's height: the room kept from its outline and from the pieces


class Plate(NamedTuple):
    """A name's box (its centre, width and height) and the size its letters fit at."""

    centre: Point
    width: float
    height: float
    size: float


def span_at(outline: Sequence[Point], y: float) -> tuple[float, float] | None:
    """The outline's leftmost and rightmost points on the line at height `y`."""
    xs = []
    for (x0, y0), (x1, y1) in zip(outline, [*outline[1:], *outline[:1]], strict=True):
        if (y0 <= y <= y1 or y1 <= y <= y0) and y0 != y1:
            xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    return (min(xs), max(xs)) if len(xs) >= 2 else None


def _box(outline: Sequence[Point], top: float, bottom: float, inset: float) -> tuple[float, float] | None:
    """The widest run from left to right that lies inside the outline all the way from `top`
    to `bottom` (the outline sampled at both ends and between)."""
    left, right = -math.inf, math.inf
    for step in range(5):
        found = span_at(outline, top + (bottom - top) * step / 4)
        if found is None:
            return None
        left, right = max(left, found[0] + inset), min(right, found[1] - inset)
    return (left, right) if right > left else None


def letters_size(name: str, width: float, height: float) -> float:
    """The largest size at which `name` fits a box in one, two or three lines broken between words."""
    words = name.split() or [name]
    best = 0.0
    for lines in range(1, min(3, len(words)) + 1):
        longest = max(len(line) for line in _balanced(words, lines))
        best = max(best, min(height / (lines * LINE_EM), width / max(longest * CHAR_EM, 1.0)))
    return best


def _balanced(words: list[str], lines: int) -> list[str]:
    """Words into `lines` lines of about the same length (greedy, as a text breaks them)."""
    goal = sum(len(w) for w in words) / lines
    out: list[str] = []
    for word in words:
        if out and (len(out) >= lines or len(out[-1]) + 1 + len(word) <= goal):
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


def name_plate(outline: list[Point], name: str, pieces: tuple[float, float] | None, most: float) -> Plate | None:
    """The box inside `outline` where `name` reads largest, kept off the band from `pieces`
    (the top and bottom of the region's rows of pieces), its letters at most `most`. A map's
    outlines stay the same from board to board: each answer is found once."""
    band = None if pieces is None else (round(pieces[0], 3), round(pieces[1], 3))
    return _plate(tuple(outline), name, band, most)


@lru_cache(maxsize=4096)
def _plate(outline: tuple[Point, ...], name: str, pieces: tuple[float, float] | None, most: float) -> Plate | None:
    if len(outline) < 3 or not name:
        return None
    top, bottom = min(p[1] for p in outline), max(p[1] for p in outline)
    tall, wide = bottom - top, max(p[0] for p in outline) - min(p[0] for p in outline)
    margin = min(tall, wide) * MARGIN
    best: Plate | None = None
    for share in (0.15, 0.24, 0.35, 0.47, 0.6):
        height = tall * share
        for step in range(25):
            upper = top + margin + (tall - 2 * margin - height) * step / 24
            lower = upper + height
            if pieces is not None and upper < pieces[1] + margin and lower > pieces[0] - margin:
                continue
            run = _box(outline, upper, lower, margin)
            if run is None:
                continue
            width = run[1] - run[0]
            size = letters_size(name, width, height)  # the box with most room to grow wins
            if best is None or size > best.size + 1e-6:
                best = Plate(((run[0] + run[1]) / 2, (upper + lower) / 2), width, height, size)
    return best._replace(size=min(best.size, most)) if best is not None else None


def rows_of_pieces(count: int, each: float, room: float) -> list[int]:
    """How many pieces of radius `each` stand in each row, as many in a row as `room` holds."""
    per_row = count if math.isinf(room) else max(1, int(room // (each * 1.7)))
    rows = [per_row] * (count // per_row)
    if count % per_row:
        rows.append(count % per_row)
    return rows
