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
ROWS = 30  # the rows across a region at which its outline is read


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


def letters_size(name: str, width: float, height: float) -> float:
    """The largest size at which `name` fits a box in one, two or three lines broken between words."""
    best = 0.0
    for lines, longest in _line_lengths(name):
        best = max(best, min(height / (lines * LINE_EM), width / max(longest * CHAR_EM, 1.0)))
    return best


@lru_cache(maxsize=1024)
def _line_lengths(name: str) -> tuple[tuple[int, int], ...]:
    """(lines, letters in the longest) for `name` in one, two and three lines."""
    words = name.split() or [name]
    return tuple(
        (lines, max(len(line) for line in _balanced(words, lines))) for lines in range(1, min(3, len(words)) + 1)
    )


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
    # the outline's run from left to right at rows a little apart, read once; a box is as
    # wide as the narrowest run of the rows it spans
    rows = ROWS
    step = (tall - 2 * margin) / rows
    ys = [top + margin + step * k for k in range(rows + 1)]
    runs = [span_at(outline, y) for y in ys]
    best: Plate | None = None
    for share in (0.15, 0.24, 0.35, 0.47, 0.6):
        span = max(1, round(share * tall / max(step, 1e-9)))
        for first in range(0, rows + 1 - span):
            upper, lower = ys[first], ys[first + span]
            if pieces is not None and upper < pieces[1] + margin and lower > pieces[0] - margin:
                continue
            chosen = runs[first : first + span + 1]
            if any(run is None for run in chosen):
                continue
            left = max(run[0] for run in chosen if run is not None) + margin
            right = min(run[1] for run in chosen if run is not None) - margin
            if right <= left:
                continue
            size = letters_size(name, right - left, lower - upper)  # the box with most room to grow wins
            if best is None or size > best.size + 1e-6:
                best = Plate(((left + right) / 2, (upper + lower) / 2), right - left, lower - upper, size)
    return best._replace(size=min(best.size, most)) if best is not None else None


def rows_of_pieces(count: int, each: float, room: float) -> list[int]:
    """How many pieces of radius `each` stand in each row, as many in a row as `room` holds."""
    per_row = count if math.isinf(room) else max(1, int(room // (each * 1.7)))
    rows = [per_row] * (count // per_row)
    if count % per_row:
        rows.append(count % per_row)
    return rows
