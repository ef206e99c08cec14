"""A free field measured in centimetres: round bases, terrain shapes, distances edge to edge,
movement along straight paths, and line of sight. Exact geometry, no grid.

Shapes are plain data, as kept in a game state:

    {"circle": [x, y], "radius": r}                       a circle
    {"polygon": [[x, y], ...]}                            a convex polygon (a rectangle, a square)
    {"ellipse": [x, y], "radii": [a, b], "angle": deg}    an ellipse, read as a 48-sided polygon

A base is a circle too: ``{"circle": [x, y], "radius": 1.5}``. Distances are between the
shapes' edges (0 when they overlap). "Overlap" means the interiors meet; two bases that only
touch do not overlap. "Touch" allows a tolerance (the contact gap, 0.5 cm in Legends of Signum).

Movement: a base moves along a path of straight segments traced by its centre. The checks
here are what every miniatures game needs (inside the field, never through other bases or
blocking shapes, slowed on first contact with difficult ground); a game supplies its numbers.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

Point = tuple[float, float]
Shape = dict[str, Any]
EPSILON = 1e-9
ELLIPSE_SIDES = 48


# --- points and segments ---


def _p(raw: Sequence[float]) -> Point:
    return float(raw[0]), float(raw[1])


def distance(a: Sequence[float], b: Sequence[float]) -> float:
    return math.hypot(float(a[0]) - float(b[0]), float(a[1]) - float(b[1]))


def point_segment_distance(p: Sequence[float], a: Sequence[float], b: Sequence[float]) -> float:
    """The distance from point `p` to the segment [a, b]."""
    px, py = _p(p)
    ax, ay = _p(a)
    bx, by = _p(b)
    return _point_segment(px, py, ax, ay, bx, by)


def _point_segment(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 <= EPSILON:
        return math.hypot(px - ax, py - ay)
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether the segments [a, b] and [c, d] share a point (touching counts)."""
    d1, d2, d3, d4 = _cross(c, d, a), _cross(c, d, b), _cross(a, b, c), _cross(a, b, d)
    if ((d1 > EPSILON and d2 < -EPSILON) or (d1 < -EPSILON and d2 > EPSILON)) and (
        (d3 > EPSILON and d4 < -EPSILON) or (d3 < -EPSILON and d4 > EPSILON)
    ):
        return True
    return any(
        abs(cross) <= EPSILON and point_segment_distance(p, s, e) <= EPSILON
        for cross, p, s, e in ((d1, a, c, d), (d2, b, c, d), (d3, c, a, b), (d4, d, a, b))
    )


def segment_distance(a: Point, b: Point, c: Point, d: Point) -> float:
    """The distance between the segments [a, b] and [c, d]."""
    if segments_cross(a, b, c, d):
        return 0.0
    return min(
        point_segment_distance(a, c, d),
        point_segment_distance(b, c, d),
        point_segment_distance(c, a, b),
        point_segment_distance(d, a, b),
    )


# --- shapes ---


def polygon_of(shape: Shape) -> list[Point]:
    """A convex shape's corners, anticlockwise (an ellipse as a fine polygon)."""
    if "polygon" in shape:
        return list(_corners(tuple(_p(p) for p in shape["polygon"])))
    if "ellipse" in shape:
        cx, cy = _p(shape["ellipse"])
        a, b = (float(v) for v in shape["radii"])
        return list(_ellipse(cx, cy, a, b, float(shape.get("angle", 0.0))))
    raise ValueError(f"not a polygonal shape: {shape}")


@lru_cache(maxsize=4096)
def _corners(points: tuple[Point, ...]) -> tuple[Point, ...]:
    area = sum(_cross((0.0, 0.0), points[i], points[(i + 1) % len(points)]) for i in range(len(points)))
    return points if area > 0 else points[::-1]


@lru_cache(maxsize=1024)
def _ellipse(cx: float, cy: float, a: float, b: float, angle: float) -> tuple[Point, ...]:
    turn = math.radians(angle)
    corners = []
    for i in range(ELLIPSE_SIDES):
        t = 2 * math.pi * i / ELLIPSE_SIDES
        x, y = a * math.cos(t), b * math.sin(t)
        corners.append((cx + x * math.cos(turn) - y * math.sin(turn), cy + x * math.sin(turn) + y * math.cos(turn)))
    return _corners(tuple(corners))


def rectangle(x: float, y: float, width: float, height: float, angle: float = 0.0) -> Shape:
    """A rectangle centred on (x, y), turned by `angle` degrees."""
    turn = math.radians(angle)
    corners = []
    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        dx, dy = sx * width / 2, sy * height / 2
        corners.append([x + dx * math.cos(turn) - dy * math.sin(turn), y + dx * math.sin(turn) + dy * math.cos(turn)])
    return {"polygon": corners}


def is_convex(corners: list[Point]) -> bool:
    n = len(corners)
    return n >= 3 and all(_cross(corners[i], corners[(i + 1) % n], corners[(i + 2) % n]) >= -EPSILON for i in range(n))


def inside(point: Sequence[float], shape: Shape) -> bool:
    """Whether `point` lies strictly inside the shape."""
    p = _p(point)
    if "circle" in shape:
        return distance(p, shape["circle"]) < float(shape["radius"]) - EPSILON
    corners = polygon_of(shape)
    return all(_cross(corners[i], corners[(i + 1) % len(corners)], p) > EPSILON for i in range(len(corners)))


def _edges(corners: list[Point]) -> Iterable[tuple[Point, Point]]:
    return ((corners[i], corners[(i + 1) % len(corners)]) for i in range(len(corners)))


def point_distance(point: Sequence[float], shape: Shape) -> float:
    """The distance from a point to the shape (0 inside or on it)."""
    p = _p(point)
    if "circle" in shape:
        return max(0.0, distance(p, shape["circle"]) - float(shape["radius"]))
    corners = polygon_of(shape)
    px, py = p
    best = math.inf
    outside = False
    for (ax, ay), (bx, by) in _edges(corners):
        if (bx - ax) * (py - ay) - (by - ay) * (px - ax) <= EPSILON:
            outside = True  # not strictly left of every edge: not inside
        # the point's distance to the edge's box is a lower bound: skip edges that cannot be nearer
        gap_x = max(0.0, min(ax, bx) - px, px - max(ax, bx))
        gap_y = max(0.0, min(ay, by) - py, py - max(ay, by))
        if gap_x * gap_x + gap_y * gap_y < best * best:
            best = min(best, _point_segment(px, py, ax, ay, bx, by))
    return best if outside else 0.0


def segment_shape_distance(a: Sequence[float], b: Sequence[float], shape: Shape) -> float:
    """The distance from the segment [a, b] to the shape (0 when they meet)."""
    pa, pb = _p(a), _p(b)
    if "circle" in shape:
        return max(0.0, point_segment_distance(shape["circle"], pa, pb) - float(shape["radius"]))
    if inside(pa, shape) or inside(pb, shape):
        return 0.0
    low_x, high_x = min(pa[0], pb[0]), max(pa[0], pb[0])
    low_y, high_y = min(pa[1], pb[1]), max(pa[1], pb[1])
    best = math.inf
    for c, d in _edges(polygon_of(shape)):
        # the gap between the two segments' bounding boxes is a lower bound: an edge that
        # cannot come closer than the best so far is not measured
        gap_x = max(0.0, min(c[0], d[0]) - high_x, low_x - max(c[0], d[0]))
        gap_y = max(0.0, min(c[1], d[1]) - high_y, low_y - max(c[1], d[1]))
        if gap_x * gap_x + gap_y * gap_y < best * best:
            best = min(best, segment_distance(pa, pb, c, d))
    return best


def base_distance(base: Shape, shape: Shape) -> float:
    """Edge to edge: from a base (a circle) to another base or an area; 0 if they overlap."""
    return max(0.0, point_distance(base["circle"], shape) - float(base["radius"]))


def overlaps(base: Shape, shape: Shape) -> bool:
    """Whether the interiors of a base and a shape meet (touching is not overlapping)."""
    return point_distance(base["circle"], shape) < float(base["radius"]) - EPSILON


def touches(base: Shape, shape: Shape, tolerance: float) -> bool:
    """Whether a base touches a shape (its edge within `tolerance`) or overlaps it."""
    return point_distance(base["circle"], shape) <= float(base["radius"]) + tolerance + EPSILON


def within(base: Shape, shape: Shape, reach: float) -> bool:
    """ "Within X": the distance edge to edge is at most X."""
    return base_distance(base, shape) <= reach + EPSILON


def shapes_overlap(a: Shape, b: Shape) -> bool:
    """Whether the interiors of two shapes meet (terrain placed on terrain): circles by their
    centres, convex polygons by separating axes."""
    if "circle" in a and "circle" in b:
        return distance(a["circle"], b["circle"]) < float(a["radius"]) + float(b["radius"]) - EPSILON
    if "circle" in a or "circle" in b:
        circle, other = (a, b) if "circle" in a else (b, a)
        return point_distance(circle["circle"], other) < float(circle["radius"]) - EPSILON
    first, second = polygon_of(a), polygon_of(b)
    # two convex polygons whose interiors do not meet are separated by the line of an edge of
    # one of them, with the other wholly on that edge's outer side (touching it at most)
    return not (_beyond_an_edge(first, second) or _beyond_an_edge(second, first))


def _beyond_an_edge(own: list[Point], other: list[Point]) -> bool:
    """Whether `other` lies wholly on the outer side of one of the edges of `own` (anticlockwise)."""
    for c, d in _edges(own):
        nx, ny = d[1] - c[1], c[0] - d[0]  # the outward normal
        limit = nx * c[0] + ny * c[1] - EPSILON
        if all(nx * x + ny * y >= limit for x, y in other):
            return True
    return False


def segment_crosses_interior(a: Sequence[float], b: Sequence[float], shape: Shape) -> bool:
    """Whether the segment [a, b] passes through the shape's interior (grazing an edge or a
    corner does not count)."""
    pa, pb = _p(a), _p(b)
    if "circle" in shape:
        return point_segment_distance(shape["circle"], pa, pb) < float(shape["radius"]) - EPSILON
    corners = polygon_of(shape)
    # Cyrus-Beck: clip the segment to the convex polygon; a clipped part of positive length
    # lies inside (a graze leaves a single point)
    low, high = 0.0, 1.0
    dx, dy = pb[0] - pa[0], pb[1] - pa[1]
    for c, d in _edges(corners):
        ex, ey = d[0] - c[0], d[1] - c[1]
        # inside is to the left of each edge: cross(e, p - c) > 0
        start = ex * (pa[1] - c[1]) - ey * (pa[0] - c[0])
        rate = ex * dy - ey * dx
        if abs(rate) <= EPSILON:
            if start <= EPSILON:
                return False
            continue
        t = -start / rate
        if rate > 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if high - low <= EPSILON:
            return False
    return (high - low) * math.hypot(dx, dy) > 1e-7


# --- movement ---


def first_contact(start: Sequence[float], end: Sequence[float], reach: float, shape: Shape) -> float | None:
    """The fraction t in [0, 1] of the segment [start, end] where a point first comes within
    `reach` of the shape (0 if it starts there), or None if it never does."""
    a, b = _p(start), _p(end)
    if point_distance(a, shape) <= reach + EPSILON:
        return 0.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    if "circle" in shape:
        return _circle_entry(a, (dx, dy), _p(shape["circle"]), float(shape["radius"]) + reach)
    best: float | None = None
    corners = polygon_of(shape)
    low_x, high_x = min(a[0], b[0]) - reach - EPSILON, max(a[0], b[0]) + reach + EPSILON
    low_y, high_y = min(a[1], b[1]) - reach - EPSILON, max(a[1], b[1]) + reach + EPSILON
    for c, d in _edges(corners):
        # an edge whose box is farther than `reach` from the segment's box cannot be met
        if max(c[0], d[0]) < low_x or min(c[0], d[0]) > high_x or max(c[1], d[1]) < low_y or min(c[1], d[1]) > high_y:
            continue
        hit = _circle_entry(a, (dx, dy), c, reach)
        ex, ey = d[0] - c[0], d[1] - c[1]
        length = math.hypot(ex, ey)
        nx, ny = ey / length, -ex / length  # the outward normal (anticlockwise corners)
        oc, od = (c[0] + nx * reach, c[1] + ny * reach), (d[0] + nx * reach, d[1] + ny * reach)
        crossing = _segment_entry(a, (dx, dy), oc, od)
        for t in (hit, crossing):
            if t is not None and (best is None or t < best):
                best = t
    return best


def _circle_entry(a: Point, direction: Point, centre: Point, radius: float) -> float | None:
    fx, fy = a[0] - centre[0], a[1] - centre[1]
    qa = direction[0] ** 2 + direction[1] ** 2
    qb = 2 * (fx * direction[0] + fy * direction[1])
    qc = fx * fx + fy * fy - radius * radius
    if qa <= EPSILON:
        return 0.0 if qc <= EPSILON else None
    disc = qb * qb - 4 * qa * qc
    if disc < 0:
        return None
    t = (-qb - math.sqrt(disc)) / (2 * qa)
    return t if -EPSILON <= t <= 1 + EPSILON else None


def _segment_entry(a: Point, direction: Point, c: Point, d: Point) -> float | None:
    ex, ey = d[0] - c[0], d[1] - c[1]
    denominator = direction[0] * ey - direction[1] * ex
    if abs(denominator) <= EPSILON:
        return None
    t = ((c[0] - a[0]) * ey - (c[1] - a[1]) * ex) / denominator
    u = ((c[0] - a[0]) * direction[1] - (c[1] - a[1]) * direction[0]) / denominator
    return t if -EPSILON <= t <= 1 + EPSILON and -EPSILON <= u <= 1 + EPSILON else None


@dataclass
class Move:
    """What a move is up against: the field's size, the moving base's radius, the shapes it
    may not pass through or end on, and the difficult ground that slows it."""

    size: tuple[float, float]
    radius: float
    allowance: float
    blocking: list[Shape]  # other bases and impassable ground (never overlapped on the way)
    no_end: list[Shape]  # what the base may not end on (for flyers: the bases and impassable ground)
    difficult: list[Shape]  # ground that slows on first contact
    slowed_to: float  # the allowance after touching difficult ground (S)
    contact: float  # the touch tolerance
    may_touch_difficult: bool = True  # False for a run


def path_length(path: Sequence[Sequence[float]]) -> float:
    return sum(distance(path[i], path[i + 1]) for i in range(len(path) - 1))


def check_path(move: Move, path: Sequence[Sequence[float]]) -> str | None:
    """Why the base may not move along `path` (its centre's points, the start first), or None.

    The base stays inside the field, never overlaps a blocking shape on the way, does not end
    on a `no_end` shape, and its total length is within the allowance; on first touching
    difficult ground the allowance becomes `slowed_to` counting what was moved already, and a
    base that had already moved that far must stop where it touched."""
    return _walk(move, [_p(p) for p in path], None)


def _walk(move: Move, points: list[Point], touched: bool | None) -> str | None:
    """`check_path` for the path's points; `touched`: whether the start touches difficult
    ground, when already known."""
    if len(points) < 2:
        return "a move needs a destination"
    width, height = move.size
    r = move.radius
    for x, y in points:
        if not (r - EPSILON <= x <= width - r + EPSILON and r - EPSILON <= y <= height - r + EPSILON):
            return "the base would leave the field"
    allowance = move.allowance
    moved = 0.0
    if touched is None:
        touched = any(point_distance(points[0], area) <= r + move.contact + EPSILON for area in move.difficult)
    if touched:
        if not move.may_touch_difficult:
            return "a run may not touch difficult ground"
        allowance = min(allowance, move.slowed_to)
    for a, b in itertools.pairwise(points):
        for shape in move.blocking:
            if segment_shape_distance(a, b, shape) < r - EPSILON:
                return "the way is blocked"
        length = distance(a, b)
        if not touched:
            entry = min(
                (t for area in move.difficult if (t := first_contact(a, b, r + move.contact, area)) is not None),
                default=None,
            )
            if entry is not None:
                if not move.may_touch_difficult:
                    return "a run may not touch difficult ground"
                touched = True
                at_contact = moved + max(0.0, entry) * length
                if at_contact >= move.slowed_to - EPSILON:
                    # it had moved at least the slowed allowance: it stops where it touched
                    if entry * length < length - 1e-6 or b != points[-1]:
                        return f"difficult ground stops the move after {at_contact:.1f} cm"
                    allowance = min(allowance, at_contact)
                else:
                    allowance = min(allowance, move.slowed_to)
        moved += length
        if moved > allowance + 1e-6:
            return f"too far: {moved:.1f} cm of {allowance:g}"
    end = {"circle": list(points[-1]), "radius": r}
    for shape in move.no_end:
        if overlaps(end, shape):
            return "the base may not end there"
    return None


class Paths:
    """Straight moves of one base from one start: `check_path`'s answer for each end, sharing
    the work. Each shape's surrounding circle is found once, and whether the start touches
    difficult ground; a path is then measured exactly only against the shapes whose circles
    come within the base's reach of it (the others can neither block it, slow it nor be
    stood on)."""

    def __init__(self, move: Move, start: Sequence[float]) -> None:
        self.move = move
        self.start = _p(start)
        self.reach = move.radius + move.contact + EPSILON
        self.roles = [
            [(shape, *enclosing(shape)) for shape in shapes] for shapes in (move.blocking, move.no_end, move.difficult)
        ]
        self.touched = any(point_distance(self.start, area) <= self.reach for area, cx, cy, outer in self.roles[2])

    def near(self, end: Sequence[float]) -> list[list[Shape]]:
        """The blocking, no-end and difficult shapes that come within reach of the path to `end`."""
        sx, sy = self.start
        ex, ey = _p(end)
        return [
            [shape for shape, cx, cy, outer in role if _point_segment(cx, cy, sx, sy, ex, ey) - outer <= self.reach]
            for role in self.roles
        ]

    def problem(self, end: Sequence[float]) -> str | None:
        blocking, no_end, difficult = self.near(end)
        move = Move(
            self.move.size,
            self.move.radius,
            self.move.allowance,
            blocking,
            no_end,
            difficult,
            self.move.slowed_to,
            self.move.contact,
            self.move.may_touch_difficult,
        )
        return _walk(move, [self.start, _p(end)], self.touched)


def check_paths(move: Move, start: Sequence[float], ends: Iterable[Sequence[float]]) -> list[str | None]:
    """`check_path` for a straight move from `start` to each of `ends`, in one go (see `Paths`)."""
    paths = Paths(move, start)
    return [paths.problem(end) for end in ends]


def enclosing(shape: Shape) -> tuple[float, float, float]:
    """A circle around the shape: its centre and radius (the shape itself for a circle)."""
    if "circle" in shape:
        x, y = _p(shape["circle"])
        return x, y, float(shape["radius"])
    return _enclosing_corners(tuple(polygon_of(shape)))


@lru_cache(maxsize=4096)
def _enclosing_corners(corners: tuple[Point, ...]) -> tuple[float, float, float]:
    cx = sum(p[0] for p in corners) / len(corners)
    cy = sum(p[1] for p in corners) / len(corners)
    return cx, cy, max(math.hypot(p[0] - cx, p[1] - cy) for p in corners)


# --- line of sight ---


def sight_lines(a: Shape, b: Shape) -> list[tuple[Point, Point]]:
    """The centre segment and the two outer tangents between two bases."""
    pa, pb = _p(a["circle"]), _p(b["circle"])
    ra, rb = float(a["radius"]), float(b["radius"])
    dx, dy = pb[0] - pa[0], pb[1] - pa[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    return [
        (pa, pb),
        ((pa[0] + ra * nx, pa[1] + ra * ny), (pb[0] + rb * nx, pb[1] + rb * ny)),
        ((pa[0] - ra * nx, pa[1] - ra * ny), (pb[0] - rb * nx, pb[1] - rb * ny)),
    ]


def _counted(a: Shape, b: Shape, blockers: Iterable[Shape]) -> list[Shape]:
    """The blockers that count between two bases: not one that either base overlaps."""
    return [s for s in blockers if not overlaps(a, s) and not overlaps(b, s)]


def line_of_sight(a: Shape, b: Shape, blockers: Iterable[Shape]) -> bool:
    """Whether base `a` sees base `b`: at least one of the three sight lines crosses the
    interior of no blocking shape; a blocker that either base overlaps does not count."""
    counted = _counted(a, b, blockers)
    return any(not any(segment_crosses_interior(p, q, s) for s in counted) for p, q in sight_lines(a, b))


def has_cover(shooter: Shape, target: Shape, areas: Iterable[Shape]) -> bool:
    """Cover: the target overlaps a cover area, or one lies across the centre line between
    the bases; an area the shooter stands in does not count."""
    for shape in areas:
        if overlaps(shooter, shape):
            continue
        if overlaps(target, shape) or segment_crosses_interior(shooter["circle"], target["circle"], shape):
            return True
    return False


# the rules a game names in its board description (client/README.md, `field`), so that a
# client or a LAN host answers a player's question about sight with the game's own rule
SIGHT_RULES = {"three_lines": line_of_sight}
COVER_RULES = {"overlap_or_centre_line": has_cover}


def sight_report(looker: Shape, target: Shape, sight: dict[str, Any]) -> dict[str, Any]:
    """What a player asks of the field: does `looker` see `target` (a base; a point is a
    base of radius 0), by which lines, what blocks them and whether the target has cover.

    `sight` is the field's sight data (a `label` may name each shape): ``{"rule":
    "three_lines", "cover_rule": "overlap_or_centre_line", "blockers": [{"shape": ...}, ...],
    "cover": [{"shape": ...}]}``.
    Blockers and cover areas are named by their index in those lists. A pure function of the
    field data: any seat, or the host for a LAN seat, gives the same answer."""
    rule = SIGHT_RULES.get(sight.get("rule", "three_lines"))
    cover_rule = COVER_RULES.get(sight.get("cover_rule", "overlap_or_centre_line"))
    if rule is None or cover_rule is None:
        raise ValueError(f"unknown sight rule: {sight.get('rule')!r} / {sight.get('cover_rule')!r}")
    blockers = [entry["shape"] for entry in sight.get("blockers", [])]
    counted = {id(s) for s in _counted(looker, target, blockers)}
    lines: list[dict[str, Any]] = []
    crossing: set[int] = set()
    for p, q in sight_lines(looker, target):
        crossed = [i for i, s in enumerate(blockers) if id(s) in counted and segment_crosses_interior(p, q, s)]
        crossing.update(crossed)
        lines.append({"from": list(p), "to": list(q), "clear": not crossed, "blocked_by": crossed})
    areas = [entry["shape"] for entry in sight.get("cover", [])]
    return {
        "seen": rule(looker, target, blockers),
        "lines": lines,
        "blocked_by": sorted(crossing),
        "cover": cover_rule(looker, target, areas),
        "cover_by": [i for i, s in enumerate(areas) if cover_rule(looker, target, [s])],
    }


def edge_to_edge(a: Shape, b: Shape) -> tuple[float, list[float], list[float]]:
    """A ruler laid between two bases (a point is a base of radius 0): the distance edge to
    edge, as `base_distance` measures it, and the two edge points on the line of centres."""
    pa, pb = _p(a["circle"]), _p(b["circle"])
    ra = float(a["radius"])
    gap = distance(pa, pb)
    length = base_distance(a, b)
    if gap <= EPSILON:
        return length, list(pa), list(pa)
    ux, uy = (pb[0] - pa[0]) / gap, (pb[1] - pa[1]) / gap
    start = [pa[0] + ux * min(ra, gap), pa[1] + uy * min(ra, gap)]
    return length, start, [start[0] + ux * length, start[1] + uy * length]


# --- offered destinations ---


def reachable_points(move: Move, start: Sequence[float], step: float) -> list[list[float]]:
    """A grid of destinations `step` apart that a straight move from `start` may reach."""
    sx, sy = _p(start)
    reach = move.allowance
    found = []
    count = int(reach // step)
    for i in range(-count, count + 1):
        for j in range(-count, count + 1):
            if i == j == 0:
                continue
            x, y = round(sx + i * step, 2), round(sy + j * step, 2)
            if distance((sx, sy), (x, y)) <= reach + EPSILON and check_path(move, [(sx, sy), (x, y)]) is None:
                found.append([x, y])
    return found


def contact_point(start: Sequence[float], radius: float, target: Shape) -> list[float]:
    """Where a base coming straight from `start` first touches the base `target`."""
    sx, sy = _p(start)
    tx, ty = _p(target["circle"])
    gap = distance((sx, sy), (tx, ty))
    if gap <= EPSILON:
        return [sx, sy]
    stop = gap - radius - float(target["radius"])
    return [round(sx + (tx - sx) * stop / gap, 4), round(sy + (ty - sy) * stop / gap, 4)]
