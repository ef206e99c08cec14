"""The battlefield's geometry (digest §6.2, §6.3, §6.5) on the kernel's exact free field:
bases, terrain shapes, movement rules for one creature, offered destinations, sight."""

from __future__ import annotations

import dataclasses
import math
from functools import lru_cache
from typing import Any

from boardwright.framework import field

from .cards import CONFIG, CONTACT, FIELD, TERRAIN, name_of, ruler
from .units import base, has, movement_ruler, units

State = dict[str, Any]
Shape = dict[str, Any]
MEMO_SIZE = 20000  # remembered offers; the memo starts afresh when full


# --- terrain shapes ---


def terrain_shape(card: str, at: list[float], angle: float) -> Shape:
    """The area a terrain card puts on the field, centred on `at`, turned by `angle` degrees."""
    data = TERRAIN[card]
    size = data["size"]
    if data["shape"] == "circle":
        return {"circle": [float(at[0]), float(at[1])], "radius": float(size[0]) / 2}
    if data["shape"] == "ellipse":
        return {"ellipse": [float(at[0]), float(at[1])], "radii": [size[0] / 2, size[1] / 2], "angle": float(angle)}
    return field.rectangle(float(at[0]), float(at[1]), float(size[0]), float(size[1]), float(angle))


def outline(shape: Shape) -> list[list[float]]:
    """A shape's points for drawing (circles are drawn as circles)."""
    return [[round(x, 3), round(y, 3)] for x, y in field.polygon_of(shape)]


def shape_key(shape: Shape) -> tuple[Any, ...]:
    """A shape as a hashable value, for the memos of offered points below."""
    if "circle" in shape:
        return ("circle", float(shape["circle"][0]), float(shape["circle"][1]), float(shape["radius"]))
    if "ellipse" in shape:
        a, b = shape["radii"]
        return ("ellipse", *map(float, shape["ellipse"]), float(a), float(b), float(shape.get("angle", 0.0)))
    return ("polygon", *(float(v) for p in shape["polygon"] for v in p))


def shape_of(key: tuple[Any, ...]) -> Shape:
    """The shape a `shape_key` stands for."""
    kind, *values = key
    if kind == "circle":
        return {"circle": values[:2], "radius": values[2]}
    if kind == "ellipse":
        return {"ellipse": values[:2], "radii": values[2:4], "angle": values[4]}
    return {"polygon": [values[i : i + 2] for i in range(0, len(values), 2)]}


_EXTENTS: dict[tuple[Any, ...], tuple[float, float, float, float]] = {}


def extent(shape: Shape) -> tuple[float, float, float, float]:
    """Two circles about the shape's centre: its centre, the radius of the circle around it
    and of the circle inside it (quick answers before the exact geometry)."""
    key = shape_key(shape)
    found = _EXTENTS.get(key)
    if found is None:
        if "circle" in shape:
            r = float(shape["radius"])
            found = (float(shape["circle"][0]), float(shape["circle"][1]), r, r)
        else:
            corners = field.polygon_of(shape)
            cx = sum(p[0] for p in corners) / len(corners)
            cy = sum(p[1] for p in corners) / len(corners)
            outer = max(math.hypot(p[0] - cx, p[1] - cy) for p in corners)
            inner = min(
                field.point_segment_distance((cx, cy), corners[i], corners[(i + 1) % len(corners)])
                for i in range(len(corners))
            )
            found = (cx, cy, outer, inner)
        if len(_EXTENTS) > MEMO_SIZE:
            _EXTENTS.clear()
        _EXTENTS[key] = found
    return found


@lru_cache(maxsize=MEMO_SIZE)
def areas_meet(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """Whether two areas (as shape keys) overlap: far apart or deep inside each other at a
    glance, else by the field's exact test; remembered, since the same candidate places
    meet the same terrain turn after turn."""
    ax, ay, a_out, a_in = extent(shape_of(a))
    bx, by, b_out, b_in = extent(shape_of(b))
    gap = math.hypot(ax - bx, ay - by)
    if gap >= a_out + b_out:
        return False
    if gap < a_in + b_in:
        return True
    return field.shapes_overlap(shape_of(a), shape_of(b))


def _bounds(shape: Shape) -> tuple[float, float, float, float]:
    if "circle" in shape:
        x, y = shape["circle"]
        r = float(shape["radius"])
        return x - r, y - r, x + r, y + r
    corners = field.polygon_of(shape)
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return min(xs), min(ys), max(xs), max(ys)


def terrain_problem(state: State, seat: int, shape: Shape) -> str | None:
    """Why a terrain area may not be placed there (§5.2), or None."""
    key = shape_key(shape)
    reason = off_the_middle(key)
    if reason is None and any(areas_meet(key, shape_key(other["shape"])) for other in state["terrain"]):
        reason = "the terrain may not overlap other terrain"
    if reason is None:
        reason = on_a_miniature(state, shape)
    return reason


@lru_cache(maxsize=MEMO_SIZE)
def off_the_middle(key: tuple[Any, ...]) -> str | None:
    left, top, right, bottom = _bounds(shape_of(key))
    width, height = FIELD
    margin = ruler(CONFIG["terrain_edge_margin"])
    if left < -field.EPSILON or right > width + field.EPSILON:
        return "the terrain must lie on the field"
    if top <= margin or bottom >= height - margin:
        return f"the terrain must lie more than {margin:g} cm from both players' edges"
    return None


def on_a_miniature(state: State, shape: Shape) -> str | None:
    cx, cy, r, _inner = extent(shape)
    for unit in units(state).values():
        x, y = unit["at"]
        if math.hypot(x - cx, y - cy) < r + unit["radius"] and field.overlaps(base(unit), shape):
            return "the terrain may not overlap a miniature"
    return None


def areas_with(state: State, flag: str) -> list[Shape]:
    return [t["shape"] for t in state["terrain"] if TERRAIN[t["card"]].get(flag)]


def sight_blockers(state: State) -> list[Shape]:
    return areas_with(state, "blocks_shooting") + [smoke["shape"] for smoke in state["smoke"]]


def touching(state: State, uid: str, flag: str, owner: int | None = None) -> bool:
    """Whether the creature touches (within the contact gap) terrain with `flag`."""
    me = base(units(state)[uid])
    return any(
        TERRAIN[t["card"]].get(flag)
        and (owner is None or t["owner"] == owner)
        and field.touches(me, t["shape"], CONTACT)
        for t in state["terrain"]
    )


def overlapping(state: State, uid: str, flag: str) -> bool:
    me = base(units(state)[uid])
    return any(TERRAIN[t["card"]].get(flag) and field.overlaps(me, t["shape"]) for t in state["terrain"])


# --- creatures ---


def edge_gap(state: State, a: str, b: str) -> float:
    """The distance between two bases' edges (0 when they overlap)."""
    everyone = units(state)
    first, second = everyone[a], everyone[b]
    (ax, ay), (bx, by) = first["at"], second["at"]
    return max(0.0, math.hypot(ax - bx, ay - by) - first["radius"] - second["radius"])


def in_contact(state: State, a: str, b: str) -> bool:
    return edge_gap(state, a, b) <= CONTACT + field.EPSILON


def sees(state: State, a: str, b: str) -> bool:
    everyone = units(state)
    return field.line_of_sight(base(everyone[a]), base(everyone[b]), sight_blockers(state))


def sight_data(state: State) -> dict[str, Any]:
    """The field's sight rules as data (§6.5): what blocks a line of sight (areas that block
    shooting, smoke) and what gives cover, for the board and for `field.sight_report`."""
    blockers = [{"shape": t["shape"], "label": name_of(t["card"])} for t in state["terrain"] if blocks(t)]
    blockers += [{"shape": smoke["shape"], "label": {"key": "smoke"}} for smoke in state["smoke"]]
    return {
        "rule": "three_lines",
        "cover_rule": "overlap_or_centre_line",
        "blockers": blockers,
        "cover": [
            {"shape": t["shape"], "label": name_of(t["card"])}
            for t in state["terrain"]
            if TERRAIN[t["card"]].get("cover")
        ],
    }


def blocks(terrain: dict[str, Any]) -> bool:
    return bool(TERRAIN[terrain["card"]].get("blocks_shooting"))


def sight(state: State, a: str, b: str) -> list[dict[str, Any]]:
    """The three sight lines, each with whether it is clear (for the board's overlay)."""
    everyone = units(state)
    report = field.sight_report(base(everyone[a]), base(everyone[b]), sight_data(state))
    return [{"from": line["from"], "to": line["to"], "clear": line["clear"]} for line in report["lines"]]


def in_cover(state: State, shooter: str, target: str) -> bool:
    """Cover (§6.5): the target overlaps a cover area, or one lies on the centre line of fire;
    an area the shooter stands in does not count."""
    everyone = units(state)
    return field.has_cover(base(everyone[shooter]), base(everyone[target]), areas_with(state, "cover"))


# --- movement ---


def allowance(state: State, uid: str, run: bool) -> float:
    name = movement_ruler(state, uid)
    if run:
        name = CONFIG["run"][name]
    return ruler(name)


@dataclasses.dataclass(frozen=True)
class Surroundings:
    """What a creature's straight move from where it stands can meet, as hashable values:
    nothing farther from the start than the allowance, the base and the contact gap can
    block, slow or be stood on."""

    start: tuple[float, float]
    radius: float
    length: float
    run: bool
    flying: bool
    bases: tuple[tuple[Any, ...], ...]  # the other bases in reach, as shape keys
    impassable: tuple[tuple[Any, ...], ...]
    difficult: tuple[tuple[Any, ...], ...]
    enemies: tuple[tuple[Any, ...], ...]  # enemy bases near enough to be met (contact points)


def surroundings(state: State, uid: str, run: bool = False, reach: float | None = None) -> Surroundings:
    everyone = units(state)
    unit = everyone[uid]
    sx, sy = float(unit["at"][0]), float(unit["at"][1])
    radius = float(unit["radius"])
    length = allowance(state, uid, run) if reach is None else reach
    around = length + radius + CONTACT + field.EPSILON
    bases, enemies = [], []
    for other_id, other in everyone.items():
        if other_id == uid:
            continue
        ox, oy = other["at"]
        gap = math.hypot(ox - sx, oy - sy)
        key = ("circle", float(ox), float(oy), float(other["radius"]))
        if gap - other["radius"] <= around:
            bases.append(key)
        if other["owner"] != unit["owner"] and gap <= length + 10:
            enemies.append(key)
    areas: dict[str, list[tuple[Any, ...]]] = {"impassable": [], "difficult": []}
    for terrain in state["terrain"]:
        info = TERRAIN[terrain["card"]]
        for flag, found in areas.items():
            if info.get(flag):
                cx, cy, r, _inner = extent(terrain["shape"])
                if math.hypot(cx - sx, cy - sy) - r <= around:
                    found.append(shape_key(terrain["shape"]))
    return Surroundings(
        (sx, sy),
        radius,
        length,
        run,
        has(state, uid, "flying"),
        tuple(bases),
        tuple(areas["impassable"]),
        tuple(areas["difficult"]),
        tuple(enemies),
    )


def movement(state: State, uid: str, run: bool = False, reach: float | None = None) -> field.Move:
    """What a move of this creature is up against (§6.3): other bases and impassable ground
    block a walker, a flyer may pass over them but not end on them; difficult ground slows a
    walker to S and a run may not touch it."""
    return _move(surroundings(state, uid, run, reach))


def _move(around: Surroundings) -> field.Move:
    standing = [shape_of(key) for key in around.bases + around.impassable]
    return field.Move(
        size=FIELD,
        radius=around.radius,
        allowance=around.length,
        blocking=[] if around.flying else standing,
        no_end=standing,
        difficult=[] if around.flying else [shape_of(key) for key in around.difficult],
        slowed_to=ruler("S"),
        contact=CONTACT,
        may_touch_difficult=not around.run,
    )


def move_problem(state: State, uid: str, to: list[float], run: bool = False, reach: float | None = None) -> str | None:
    unit = units(state)[uid]
    if field.distance(unit["at"], to) <= field.EPSILON:
        return "the creature is already there"
    return path_problem(movement(state, uid, run, reach), unit["at"], to)


def destinations(
    state: State, uid: str, run: bool = False, reach: float | None = None, contact: bool = True
) -> list[list[float]]:
    """The points offered for a move (§13, AI hooks): each of a few directions at the
    longest offered fraction of the allowance that can be moved, the points of contact with
    each enemy within reach, and towards each cover area.

    The candidates depend on the start, the base, the allowance, the enemies and the cover;
    they are remembered with what was found for each and the shapes that stood near. When
    the creature is offered again from the same place, only the candidates whose paths pass
    near a shape that came or went since are measured again."""
    around = surroundings(state, uid, run, reach)
    cover = tuple(shape_key(s) for s in areas_with(state, "cover"))
    enemies = around.enemies if contact else ()
    situation = (around.start, around.radius, around.length, around.run, around.flying, enemies, cover)
    shapes = (around.bases, around.impassable, around.difficult)
    known = _OFFERS.get(situation)
    if known is not None and known[0] == shapes:
        return [list(p) for p in known[3]]
    start = list(around.start)
    move = _move(around)
    paths = field.Paths(move, start)
    if known is None:
        groups = _candidates(move, start, [shape_of(k) for k in enemies], [shape_of(k) for k in cover])
        results: list[list[str | bool | None]] = [[False] * len(group) for group in groups]  # False: not measured
    else:
        groups, results = known[1], [list(r) for r in known[2]]
        changed = [extent_of(key) for old, new in zip(known[0], shapes, strict=True) for key in set(old) ^ set(new)]
        for group, measured in zip(groups, results, strict=True):
            for i, point in enumerate(group):
                if measured[i] is not False and passes_near(start, point, changed, paths.reach):
                    measured[i] = False
    found: list[list[float]] = []
    for group, measured in zip(groups, results, strict=True):
        for i, point in enumerate(group):
            if measured[i] is False:
                measured[i] = paths.problem(point)
            if measured[i] is None:
                if point not in found:
                    found.append(list(point))
                break
    if len(_OFFERS) > MEMO_SIZE:
        _OFFERS.clear()
    _OFFERS[situation] = (shapes, groups, results, found)
    return [list(p) for p in found]


_OFFERS: dict[tuple[Any, ...], tuple[Any, list[list[list[float]]], list[list[Any]], list[list[float]]]] = {}


def _candidates(
    move: field.Move, start: list[float], enemies: list[Shape], cover: list[Shape]
) -> list[list[list[float]]]:
    """Groups of points, each taken at its first point that can be reached: a direction at
    its fractions of the allowance, longest first; a contact point; a point towards cover.
    Each point lies a hair short of the allowance and of touching, so rounding never makes a
    move too long or bases overlap."""
    offers = CONFIG["offers"]
    turns = int(offers["directions"])
    lengths = sorted((move.allowance * float(f) - 0.01 for f in offers["fractions"]), reverse=True)
    sx, sy = float(start[0]), float(start[1])
    raw = [
        [
            [sx + length * math.cos(2 * math.pi * i / turns), sy + length * math.sin(2 * math.pi * i / turns)]
            for length in lengths
        ]
        for i in range(turns)
    ]
    raw += [[field.contact_point(start, move.radius + 0.01, enemy)] for enemy in enemies]
    for shape in cover:
        left, top, right, bottom = _bounds(shape)
        centre = [(left + right) / 2, (top + bottom) / 2]
        gap = field.distance(start, centre)
        if gap > field.EPSILON:
            reach_to = min(gap, move.allowance)
            raw.append([[sx + (centre[0] - sx) * reach_to / gap, sy + (centre[1] - sy) * reach_to / gap]])
    groups = [[[round(x, 2), round(y, 2)] for x, y in group] for group in raw]
    return [[p for p in group if p != [sx, sy]] for group in groups]


def extent_of(key: tuple[Any, ...]) -> tuple[float, float, float]:
    """`extent` of the area a `shape_key` stands for: centre and outer radius."""
    if key[0] == "circle":
        return key[1], key[2], key[3]
    found = _EXTENTS.get(key)  # the key is the shape's own (`shape_key(shape_of(key)) == key`)
    if found is None:
        found = extent(shape_of(key))
    return found[0], found[1], found[2]


def passes_near(start: list[float], end: list[float], circles: list[tuple[float, float, float]], reach: float) -> bool:
    """Whether the straight path comes within `reach` of any of the circles (x, y, radius)."""
    sx, sy = float(start[0]), float(start[1])
    for cx, cy, r in circles:
        if field.point_segment_distance((cx, cy), (sx, sy), end) - r <= reach:
            return True
    return False


def path_problem(move: field.Move, start: list[float], end: list[float]) -> str | None:
    """The field's check of a straight move."""
    return field.Paths(move, start).problem(end)


def facing(start: list[float], end: list[float]) -> float:
    return round(math.degrees(math.atan2(end[1] - start[1], end[0] - start[0])), 1)
