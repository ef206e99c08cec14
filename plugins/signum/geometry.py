"""The battlefield's geometry (digest §6.2, §6.3, §6.5) on the kernel's exact free field:
bases, terrain shapes, movement rules for one creature, offered destinations, sight."""

from __future__ import annotations

import math
from typing import Any

from boardwright.framework import field

from .cards import CONFIG, CONTACT, FIELD, TERRAIN, ruler
from .units import base, has, movement_ruler, units

State = dict[str, Any]
Shape = dict[str, Any]


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


def _bounds(shape: Shape) -> tuple[float, float, float, float]:
    if "circle" in shape:
        x, y = shape["circle"]
        r = float(shape["radius"])
        return x - r, y - r, x + r, y + r
    corners = field.polygon_of(shape)
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return min(xs), min(ys), max(xs), max(ys)


def areas_overlap(a: Shape, b: Shape) -> bool:
    """Whether the interiors of two areas meet (circles, convex polygons and ellipses)."""
    if "circle" in a:
        return field.point_distance(a["circle"], b) < float(a["radius"]) - field.EPSILON
    if "circle" in b:
        return areas_overlap(b, a)
    pa, pb = field.polygon_of(a), field.polygon_of(b)
    if any(field.inside(p, b) for p in pa) or any(field.inside(p, a) for p in pb):
        return True
    edges_a = [(pa[i], pa[(i + 1) % len(pa)]) for i in range(len(pa))]
    return any(field.segment_crosses_interior(pb[j], pb[(j + 1) % len(pb)], a) for j in range(len(pb))) or any(
        field.segment_crosses_interior(p, q, b) for p, q in edges_a
    )


def terrain_problem(state: State, seat: int, shape: Shape) -> str | None:
    """Why a terrain area may not be placed there (§5.2), or None."""
    left, top, right, bottom = _bounds(shape)
    width, height = FIELD
    margin = ruler(CONFIG["terrain_edge_margin"])
    if left < -field.EPSILON or right > width + field.EPSILON:
        return "the terrain must lie on the field"
    if top <= margin or bottom >= height - margin:
        return f"the terrain must lie more than {margin:g} cm from both players' edges"
    for unit in units(state).values():
        if field.overlaps(base(unit), shape):
            return "the terrain may not overlap a miniature"
    for other in state["terrain"]:
        if areas_overlap(shape, other["shape"]):
            return "the terrain may not overlap other terrain"
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
    everyone = units(state)
    return field.base_distance(base(everyone[a]), base(everyone[b]))


def in_contact(state: State, a: str, b: str) -> bool:
    return edge_gap(state, a, b) <= CONTACT + field.EPSILON


def sees(state: State, a: str, b: str) -> bool:
    everyone = units(state)
    return field.line_of_sight(base(everyone[a]), base(everyone[b]), sight_blockers(state))


def sight(state: State, a: str, b: str) -> list[dict[str, Any]]:
    """The three sight lines, each with whether it is clear (for the board's overlay)."""
    everyone = units(state)
    ba, bb = base(everyone[a]), base(everyone[b])
    blockers = [s for s in sight_blockers(state) if not field.overlaps(ba, s) and not field.overlaps(bb, s)]
    return [
        {"from": list(p), "to": list(q), "clear": not any(field.segment_crosses_interior(p, q, s) for s in blockers)}
        for p, q in field.sight_lines(ba, bb)
    ]


def in_cover(state: State, shooter: str, target: str) -> bool:
    """Cover (§6.5): the target overlaps a cover area, or one lies on the centre line of fire;
    an area the shooter stands in does not count."""
    everyone = units(state)
    sb, tb = base(everyone[shooter]), base(everyone[target])
    for shape in areas_with(state, "cover"):
        if field.overlaps(sb, shape):
            continue
        if field.overlaps(tb, shape) or field.segment_crosses_interior(sb["circle"], tb["circle"], shape):
            return True
    return False


# --- movement ---


def allowance(state: State, uid: str, run: bool) -> float:
    name = movement_ruler(state, uid)
    if run:
        name = CONFIG["run"][name]
    return ruler(name)


def movement(state: State, uid: str, run: bool = False, reach: float | None = None) -> field.Move:
    """What a move of this creature is up against (§6.3): other bases and impassable ground
    block a walker, a flyer may pass over them but not end on them; difficult ground slows a
    walker to S and a run may not touch it."""
    everyone = units(state)
    unit = everyone[uid]
    flying = has(state, uid, "flying")
    others = [base(u) for other, u in everyone.items() if other != uid]
    impassable = areas_with(state, "impassable")
    blocking = [] if flying else others + impassable
    return field.Move(
        size=FIELD,
        radius=float(unit["radius"]),
        allowance=allowance(state, uid, run) if reach is None else reach,
        blocking=blocking,
        no_end=others + impassable,
        difficult=[] if flying else areas_with(state, "difficult"),
        slowed_to=ruler("S"),
        contact=CONTACT,
        may_touch_difficult=not run,
    )


def move_problem(state: State, uid: str, to: list[float], run: bool = False, reach: float | None = None) -> str | None:
    unit = units(state)[uid]
    return field.check_path(movement(state, uid, run, reach), [unit["at"], to])


def destinations(
    state: State, uid: str, run: bool = False, reach: float | None = None, contact: bool = True
) -> list[list[float]]:
    """The points offered for a move: a small grid of reachable points, the points of
    contact with each enemy that can be reached, and cover (§13, AI hooks)."""
    move = movement(state, uid, run, reach)
    everyone = units(state)
    unit = everyone[uid]
    start = unit["at"]
    step = move.allowance / CONFIG["offers"]["grid_divisions"]
    found = field.reachable_points(move, start, step)
    extra: list[list[float]] = []
    if contact:
        for other in everyone.values():
            if other["owner"] != unit["owner"] and field.distance(start, other["at"]) <= move.allowance + 10:
                # a hair short of touching, so rounding never makes the bases overlap
                extra.append(field.contact_point(start, float(unit["radius"]) + 0.01, base(other)))
    for shape in areas_with(state, "cover"):
        left, top, right, bottom = _bounds(shape)
        centre = [(left + right) / 2, (top + bottom) / 2]
        gap = field.distance(start, centre)
        if gap > field.EPSILON:
            reach_to = min(gap, move.allowance)
            extra.append(
                [start[0] + (centre[0] - start[0]) * reach_to / gap, start[1] + (centre[1] - start[1]) * reach_to / gap]
            )
    for point in extra:
        spot = [round(point[0], 3), round(point[1], 3)]
        if spot not in found and spot != list(start) and field.check_path(move, [start, spot]) is None:
            found.append(spot)
    return found


def facing(start: list[float], end: list[float]) -> float:
    return round(math.degrees(math.atan2(end[1] - start[1], end[0] - start[0])), 1)
