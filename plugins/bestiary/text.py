"""Texts people read (move labels, the log, the board): creatures, castles, towers and hexes
by name, and a hex without a name as people would point at it: its terrain, the compass
direction from the creature acting and how far. Every text is a message key of the data's
`en`/`ru` files with its parameters (framework/events.py renders them)."""

from __future__ import annotations

import math
from typing import Any

from boardwright.framework import hexgrid, kernel

from .boards import Board
from .catalogue import BUNDLES, CREATURES, creature_name, effect_name
from .creatures import State, board_of, index_of

Action = dict[str, Any]
Text = dict[str, Any]

COMPASS = ("east", "north_east", "north", "north_west", "west", "south_west", "south", "south_east")
PLAIN_LABELS = ("end", "pass", "skip", "hire_done")


def direction(board: Board, origin: int, to: int) -> Text:
    """The compass point (of eight) from one hex towards another, north up."""
    return {"key": _compass_key(board, origin, to)}


_COMPASS_KEYS: dict[tuple[str, int, int], str] = {}  # (board id, origin, to): the message key


def _compass_key(board: Board, origin: int, to: int) -> str:
    key = _COMPASS_KEYS.get((board.id, origin, to))
    if key is None:
        pointy = board.layout == "pointy"
        x0, y0 = hexgrid.to_pixel(board.coords[origin], 1.0, pointy)
        x1, y1 = hexgrid.to_pixel(board.coords[to], 1.0, pointy)
        angle = math.degrees(math.atan2(y0 - y1, x1 - x0)) % 360
        key = _COMPASS_KEYS[(board.id, origin, to)] = "towards_" + COMPASS[round(angle / 45) % 8]
    return key


def castle_text(board: Board, castle: int) -> Text:
    names = board.castle_names[castle]
    return {"en": names["en"], "ru": names["ru"]}


def tower_text(board: Board, tower_id: str) -> Text:
    tower = next(t for t in board.towers if t["id"] == tower_id)
    return {"en": tower["name"]["en"], "ru": tower["name"]["ru"]}


def terrain_text(board: Board, h: int) -> Text:
    return {"key": "terrain_" + ("rift" if board.void[h] else board.terrain[h])}


def castle_keys(state: State, side: int) -> list[str]:
    """The hexes (board ids) of a side's castles, which events about its castle name."""
    board = board_of(state)
    owners = state["castle_owners"]
    return [
        board.castle_keys[castle]
        for castle, owner in enumerate(owners)
        if owner >= 0 and kernel.side_of(state, owner) == side
    ]


def tower_keys(board: Board, tower_id: str) -> list[str]:
    """The hexes (board ids) an event about a tower names: its own hex, else its area."""
    tower = next(t for t in board.towers if t["id"] == tower_id)
    return [board.keys[tower["hex"]]] if tower.get("hex") is not None else [board.keys[h] for h in tower["area"]]


def land_text(land: str) -> Text:
    return {"key": "land_" + land}


def hex_text(state: State, h: int, origin: int | None = None) -> Text:
    """A hex by what stands there or its name (a creature, a castle, a tower), else by its
    terrain and where it lies from `origin`."""
    board = board_of(state)
    occupant = state["occupant"][h]
    if occupant >= 0:
        return creature_name(state["creatures"][occupant]["id"])
    if h in board.castle_at:
        return castle_text(board, board.castle_at[h])
    tower = board.tower_at.get(h)
    if tower is not None:
        return tower_text(board, tower["id"])
    if origin is None or origin < 0 or origin == h:
        return terrain_text(board, h)
    distance = board.dist[origin][h]
    key = "hex_near" if distance == 1 else "hex_far"
    return {
        "key": key,
        "terrain": terrain_text(board, h),
        "direction": direction(board, origin, h),
        "distance": distance,
    }


def describe(state: State, action: Action) -> Text | None:
    """A label for an action (a message text), or None for an action this game does not name."""
    kind = action["type"]
    board = board_of(state)
    if kind in PLAIN_LABELS:
        return {"key": "action_" + kind}
    if kind in ("ban", "pick", "place"):
        return {"key": "action_" + kind, "creature": creature_name(action["creature"])}
    if kind == "hire":
        if not action["castle"]:
            return {"key": "action_hire_waiting", "creature": creature_name(action["creature"])}
        return {"key": "action_hire", "creature": creature_name(action["creature"]), "castle": _castle(board, action)}
    if kind == "bundle":
        names = [creature_name(c) for c in BUNDLES[action["bundle"] - 1]]
        return {"key": "action_bundle", "bundle": action["bundle"], "creatures": names}
    if kind in ("castle", "split", "enter"):
        label: Text = {"key": "action_" + kind, "castle": _castle(board, action)}
        if kind == "enter":
            label["creature"] = creature_name(action["creature"])
        return label
    if kind == "castles":
        return {"key": "action_castles", "castles": [_castle(board, {"castle": c}) for c in action["castles"]]}
    if kind == "land":
        return {"key": "action_land", "land": land_text(action["land"])}
    if kind == "lead":
        return {"key": "action_lead", "seat": action["seat"]}
    if kind in ("attack", "move", "use"):
        return _use_text(state, action)
    return None


def _castle(board: Board, action: Action) -> Text:
    return castle_text(board, board.castle_keys.index(action["castle"]))


def _use_text(state: State, action: Action) -> Text:
    """ "<creature>: <ability> → <target> ..." with every detail the use names."""
    board = board_of(state)
    creature = state["creatures"][index_of(state, action["creature"])]
    data = CREATURES[creature["id"]]
    here = creature["hex"]
    if action["type"] == "attack":
        ability: Text = {"en": data["attack"]["name_en"], "ru": data["attack"]["name_ru"]}
    elif action["type"] == "move":
        ability = {"key": "manoeuvre"}
    else:
        support = data["support"][action["ability"]]
        ability = {"en": support["name_en"], "ru": support["name_ru"]}
    rest: Text = {"key": "then_nothing"}
    if "chips" in action:
        target = CREATURES[action["target"]]
        chips = [
            {"en": target["support"][c]["name_en"], "ru": target["support"][c]["name_ru"]} for c in action["chips"]
        ]
        rest = {"key": "then_note", "note": chips}
    if "effect" in action:
        rest = {"key": "then_note", "note": effect_name(action["effect"])}
    if "hex" in action:
        origin = here if action["type"] == "move" else _hex_of(state, action.get("target"))
        rest = {"key": "then_target", "target": hex_text(state, board.index[action["hex"]], origin), "rest": rest}
    if "target" in action:
        rest = {"key": "then_target", "target": _target_text(state, action["target"], here), "rest": rest}
    if "targets" in action:
        chosen = action["targets"]  # "…" in the label of the open choice, before it is filled
        names = [creature_name(name) for name in chosen] if isinstance(chosen, list) else chosen
        rest = {"key": "then_target", "target": names, "rest": rest}
    if "giver" in action:
        rest = {"key": "then_giver", "giver": creature_name(action["giver"]), "rest": rest}
    if "direction" in action:
        ray = board.rays[here][action["direction"]] if here >= 0 else []
        toward = direction(board, here, ray[0]) if ray else {"key": "then_nothing"}
        rest = {"key": "then_direction", "direction": toward, "rest": rest}
    return {"key": "use_label", "creature": creature_name(creature["id"]), "ability": ability, "rest": rest}


def _hex_of(state: State, name: Any) -> int | None:
    index = index_of(state, name)
    return state["creatures"][index]["hex"] if index >= 0 else None


def _target_text(state: State, target: str, origin: int) -> Text:
    """A use's target: a creature by its name, a hex as `hex_text` says it."""
    if target in CREATURES:
        return creature_name(target)
    return hex_text(state, board_of(state).index[target], origin)
