"""The free field's overlays as drawable items, and what of a field element the client keeps
for the person's own questions (rulers, sight, where a point may go). No Qt here."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

Item = dict[str, Any]
CM = 10.0  # board units per centimetre on a free field
CARD_CM = 6.3  # a playing card's width: cards lie beside a free field at this scale
CIRCLE_SIDES = 96
# the keys of a field element kept with its place on the board (client/README.md, `field`)
FIELD_DATA = ("bases", "rulers", "sight", "point_areas")


def circle_within(centre: list[float], radius: float, size: tuple[float, float]) -> list[list[float]]:
    """A circle as a polygon, cut to the field's rectangle [0, width] x [0, height]."""
    cx, cy = float(centre[0]), float(centre[1])
    points = [
        [cx + radius * math.cos(2 * math.pi * i / CIRCLE_SIDES), cy + radius * math.sin(2 * math.pi * i / CIRCLE_SIDES)]
        for i in range(CIRCLE_SIDES)
    ]
    for axis, limit, keep_below in ((0, 0.0, False), (0, size[0], True), (1, 0.0, False), (1, size[1], True)):
        points = _cut(points, axis, limit, keep_below)
    return points


def _cut(points: list[list[float]], axis: int, limit: float, keep_below: bool) -> list[list[float]]:
    """Sutherland-Hodgman: the part of a polygon on one side of an axis-parallel line."""

    def keeps(p: list[float]) -> bool:
        return p[axis] <= limit if keep_below else p[axis] >= limit

    kept: list[list[float]] = []
    for i, current in enumerate(points):
        previous = points[i - 1]
        if keeps(current) != keeps(previous):
            t = (limit - previous[axis]) / (current[axis] - previous[axis])
            kept.append([previous[0] + t * (current[0] - previous[0]), previous[1] + t * (current[1] - previous[1])])
        if keeps(current):
            kept.append(current)
    return kept


def overlay_items(
    overlay: dict[str, Any], at: Callable[[list[float]], list[float]], size: tuple[float, float]
) -> list[Item]:
    """A ruler, a circle (movement or range) or a line of sight, drawn over the field of
    `size` cm (a circle is cut at the field's edges: it never covers the hands)."""
    kind = overlay.get("type")
    if kind == "circle":
        return [
            {
                "shape": "polygon",
                "points": [at(p) for p in circle_within(overlay["center"], float(overlay["radius"]), size)],
                "stroke": overlay.get("stroke", "#ffe14d"),
                "fill": overlay.get("fill", "#ffe14d22"),
                "dash": True,
                "width": 2,
                "layer": "marker",
            }
        ]
    if kind == "sight":
        clear = bool(overlay.get("clear", True))
        return [
            {
                "shape": "line",
                "points": [at(overlay["from"]), at(overlay["to"])],
                "stroke": "#22c55e" if clear else "#ef4444",
                "width": 4,
                "layer": "marker",
                "tip": overlay.get("tip"),
            }
        ]
    if kind == "ruler":
        start, towards = overlay["from"], overlay.get("towards", [overlay["from"][0] + 1, overlay["from"][1]])
        dx, dy = towards[0] - start[0], towards[1] - start[1]
        norm = math.hypot(dx, dy) or 1.0
        length = float(overlay["length"])
        end = [start[0] + dx / norm * length, start[1] + dy / norm * length]
        items: list[Item] = [
            {
                "shape": "line",
                "points": [at(start), at(end)],
                "stroke": "#f5d142",
                "width": 10,
                "layer": "marker",
                "tip": overlay.get("label"),
            }
        ]
        for mark in range(1, int(length)):
            point = [start[0] + dx / norm * mark, start[1] + dy / norm * mark]
            items.append({"shape": "circle", "center": at(point), "radius": 2.5, "fill": "#1f2937", "layer": "marker"})
        if overlay.get("label"):
            # at the ruler's end, written towards the field's middle: by a miniature at the
            # field's edge it ran off the field; on a dark pill over the grass
            inward = "right" if end[0] > size[0] / 2 else "left"
            items.append(
                {
                    "shape": "text",
                    "at": at(end),
                    "align": inward,
                    "text": overlay["label"],
                    "size": 14,
                    "layer": "marker",
                    "fill": "#ffffff",
                    "plate": "#111827e6",
                }
            )
        return items
    return []


def field_frames(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Where each free field lies once the board is placed (its `field_frame` item): its
    corner, board units per centimetre, size and what the client measures on it."""
    return [
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
