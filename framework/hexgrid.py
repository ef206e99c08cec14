"""Hex grids in axial coordinates (q, r), as in Red Blob Games' guide.

Coordinates are tuples in code and "q,r" strings in state (state keys must be strings).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

Hex = tuple[int, int]

# In axial coordinates, clockwise from east for pointy-top hexes.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def key(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def parse(text: str) -> Hex:
    q, r = text.split(",")
    return int(q), int(r)


def add(a: Hex, b: Hex) -> Hex:
    return a[0] + b[0], a[1] + b[1]


def neighbours(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def neighbour(h: Hex, direction: int) -> Hex:
    dq, dr = DIRECTIONS[direction % 6]
    return h[0] + dq, h[1] + dr


def distance(a: Hex, b: Hex) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction index from `a` to adjacent `b`, or None when they are not adjacent."""
    delta = (b[0] - a[0], b[1] - a[1])
    return DIRECTIONS.index(delta) if delta in DIRECTIONS else None


def _round(qf: float, rf: float) -> Hex:
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return q, r


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from a to b, both included (nudged to break ties alike)."""
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a[0] + 1e-6, a[1] + 1e-6
    bq, br = b[0] + 1e-6, b[1] + 1e-6
    return [_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def ray(start: Hex, direction: int, length: int) -> list[Hex]:
    """`length` hexes going straight from `start` (start excluded)."""
    out = []
    h = start
    for _ in range(length):
        h = neighbour(h, direction)
        out.append(h)
    return out


def ring(center: Hex, radius: int) -> list[Hex]:
    if radius == 0:
        return [center]
    out = []
    q, r = center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius
    for side in range(6):
        for _ in range(radius):
            out.append((q, r))
            q += DIRECTIONS[side][0]
            r += DIRECTIONS[side][1]
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Every hex within `radius` of `center`, ring by ring."""
    out = []
    for rad in range(radius + 1):
        out.extend(ring(center, rad))
    return out


def within(center: Hex, radius: int, cells: Iterable[Hex]) -> Iterator[Hex]:
    return (h for h in cells if distance(center, h) <= radius)


def to_pixel(h: Hex, size: float, pointy: bool = True) -> tuple[float, float]:
    q, r = h
    if pointy:
        return size * math.sqrt(3) * (q + r / 2), size * 1.5 * r
    return size * 1.5 * q, size * math.sqrt(3) * (r + q / 2)


def corners(h: Hex, size: float, pointy: bool = True) -> list[tuple[float, float]]:
    cx, cy = to_pixel(h, size, pointy)
    offset = 30 if pointy else 0
    return [
        (cx + size * math.cos(math.radians(60 * i - offset)), cy + size * math.sin(math.radians(60 * i - offset)))
        for i in range(6)
    ]


class HexGrid:
    """A finite set of hexes with precomputed neighbours (static game data, not state)."""

    def __init__(self, cells: Iterable[Hex]) -> None:
        self.cells: list[Hex] = list(cells)
        self.cell_set = frozenset(self.cells)
        self.adjacent: dict[Hex, list[Hex]] = {h: [n for n in neighbours(h) if n in self.cell_set] for h in self.cells}

    def __contains__(self, h: object) -> bool:
        return h in self.cell_set

    def within(self, center: Hex, radius: int) -> list[Hex]:
        return [h for h in self.cells if distance(center, h) <= radius]

    def reachable(self, start: Hex, steps: int, passable: object = None) -> dict[Hex, int]:
        """Hexes reachable in at most `steps` moves through cells where `passable(h)` is true."""
        check = passable if callable(passable) else (lambda h: True)
        seen = {start: 0}
        frontier = [start]
        for step in range(1, steps + 1):
            nxt = []
            for h in frontier:
                for n in self.adjacent[h]:
                    if n not in seen and check(n):
                        seen[n] = step
                        nxt.append(n)
            frontier = nxt
        return seen
