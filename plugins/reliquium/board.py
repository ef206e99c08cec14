"""What clients draw (client/README.md vocabulary): the map as an area map in its own units,
with castles, units, order tokens and creatures standing on regions, border slots and
junctions; below it the faction board of the person looking (faction_board.py).

Border slots and junctions are small regions of the map, so that tokens and creatures
stand on them and a click names them by the ids the actions use. Rivers are thin regions
along their borders.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, NamedTuple

from boardwright.framework import decided

from . import faction_board
from .text import REGION_NAMES, border_text, class_letter, class_plural, class_text, junction_text, terrain_text
from .units import MELEE
from .world import WORLD

State = dict[str, Any]
Item = dict[str, Any]
Point = list[float]

DRAWING = WORLD.drawing
GLYPHS = DRAWING["glyphs"]
COLOURS = [WORLD.colours[faction] for faction in WORLD.faction_ids]


def board(state: State, seat: int | None) -> dict[str, Any]:
    return boards(state, [seat])[0]


def boards(state: State, seats: list[int | None]) -> list[dict[str, Any]]:
    """Each seat's board: the map, the status and the panels are the same for everyone and
    built once (boards are read-only, so every board holds the same objects); the faction
    board under the map once per faction looked at."""
    if not seats:
        return []
    shown_map = map_element(state)
    status = faction_board.status(state)
    panels = faction_board.panels(state)
    below: dict[int, list[dict[str, Any]]] = {}
    made = []
    for seat in seats:
        focus = faction_board.focus(state, seat)
        if focus not in below:
            below[focus] = faction_board.elements(state, focus)
        made.append(
            {
                "kind": "regions",
                "background": DRAWING["background"],
                "status": status,
                "elements": [shown_map, *below[focus]],
                "panels": panels,
            }
        )
    return made


def map_element(state: State) -> dict[str, Any]:
    ending = _decided(state)
    regions = decided.mark(_regions(state), lambda region: region["id"] in ending.lands) if ending.lands else None
    return {
        "type": "areas",
        "piece_size": DRAWING["piece_size"],
        "regions": [*(regions or _regions(state)), *_fixed_regions()],
        "links": _token_links(state),
        "pieces": _region_pieces(state, ending) + _token_pieces(state, ending) + _creature_pieces(state, ending),
    }


class Ending(NamedTuple):
    """What decided a finished game: the factions whose castles did, those all of whose
    pieces did (the last one standing), and the regions (by id) to ring."""

    castles: frozenset[int] = frozenset()
    pieces: frozenset[int] = frozenset()
    lands: frozenset[str] = frozenset()


def _decided(state: State) -> Ending:
    """The castles of the faction that built the winning one; every piece of the last
    faction standing; when no faction can act, the leaders' castles, or the lands they hold
    when they have none left."""
    end = decided.end(state)
    if end is None:
        return Ending()
    reason, winners = end
    factions = frozenset(int(state["faction_of"][seat]) for seat in winners)
    if reason == "last faction standing":
        return Ending(pieces=factions)
    if reason == "no faction can act" and not any(owner in factions for owner in state["castle"]):
        held = (WORLD.region_ids[r] for r, owner in enumerate(state["occupant"]) if owner in factions)
        return Ending(lands=frozenset(held))
    return Ending(castles=factions)


# --- the map ---


@cache
def _fixed_regions() -> tuple[Item, ...]:
    """What never changes on the map: rivers, border slots and junctions. Built
    once; every board holds the same items (read-only), which the LAN host's merge with a
    seat's last board then finds unchanged without comparing them."""
    return (*_rivers(), *_border_slots(), *_junction_slots())


def _regions(state: State) -> tuple[Item, ...]:
    """The 31 regions; the pieces stand a little above the middle of each."""
    battle = state["battle"]
    fought = (battle["attack_region"], battle["defence_region"]) if battle is not None else ()
    return _regions_fought(frozenset(fought))


@lru_cache(maxsize=64)
def _regions_fought(fought: frozenset[int]) -> tuple[Item, ...]:
    """The regions with those of a battle under way highlighted (built once per battle)."""
    w = WORLD
    regions = []
    for r, region in enumerate(w.regions):
        x, y = _middle(r)
        regions.append(
            {
                "id": region["id"],
                "points": [w.vertices[v] for v in region["polygon"]],
                "fill": w.terrain_colours[region["terrain"]],
                "stroke": DRAWING["region_stroke"],
                "width": 2,
                "anchor": [x, y - DRAWING["piece_lift"]],
                # written inside the region where its pieces leave the most room (client)
                "name": REGION_NAMES[r],
                "label_colour": DRAWING["name_colours"][region["terrain"]],
                "tip": {"key": "region_tip", "name": REGION_NAMES[r], "terrain": terrain_text(region["terrain"])},
                "highlight": r in fought,
            }
        )
    return tuple(regions)


def _middle(r: int) -> tuple[float, float]:
    """The middle of a region's outline."""
    points = [WORLD.vertices[v] for v in WORLD.regions[r]["polygon"]]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def _rivers() -> list[Item]:
    """Rivers: thin bands along the borders between two lands of one terrain (no effect on play)."""
    w = WORLD
    half = DRAWING["river_width"] / 2
    rivers = []
    for border, (v1, v2) in enumerate(w.border_ends):
        if w.river[border]:
            (x1, y1), (x2, y2) = w.vertices[v1], w.vertices[v2]
            length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1.0)
            nx, ny = -(y2 - y1) / length * half, (x2 - x1) / length * half
            band = [[x1 + nx, y1 + ny], [x2 + nx, y2 + ny], [x2 - nx, y2 - ny], [x1 - nx, y1 - ny]]
            colour = DRAWING["river_colour"]
            rivers.append({"points": band, "fill": colour, "stroke": colour, "tip": {"key": "river_tip"}})
    return rivers


def _spot(centre: list[float] | list[int], size: float) -> list[Point]:
    x, y = centre
    return [[x, y - size], [x + size, y], [x, y + size], [x - size, y]]


def _border_slots() -> list[Item]:
    """Where order tokens lie: the middle of each border, clickable by the border's id."""
    w = WORLD
    return [
        {
            "id": border_id,
            "points": _spot(w.anchors[border], DRAWING["slot_size"]),
            "fill": DRAWING["border_slot"],
            "stroke": "#00000000",
            "tip": border_text(border),
        }
        for border, border_id in enumerate(w.border_ids)
    ]


def _junction_slots() -> list[Item]:
    """Where creatures are summoned: the points where three regions meet."""
    w = WORLD
    return [
        {
            "id": junction_id,
            "points": _spot(w.vertices[junction_id], DRAWING["slot_size"] * 0.8),
            "fill": DRAWING["junction_slot"],
            "stroke": "#00000000",
            "tip": {"key": "junction_tip", "junction": junction_text(j)},
        }
        for j, junction_id in enumerate(w.junction_ids)
    ]


# --- pieces ---


def _region_pieces(state: State, ending: Ending) -> list[Item]:
    """Each region's castle, then its units; units assigned to a ranged token are drawn faded."""
    pieces = []
    castles = ending.castles | ending.pieces  # the factions whose castles decided the game
    for r in range(len(WORLD.regions)):
        owner = state["castle"][r]
        if owner >= 0:
            castle = _castle(state, r)
            pieces.append(castle | {"decided": True} if owner in castles else castle)
        occupant = state["occupant"][r]
        if occupant >= 0:
            units = _units(state, r)
            pieces += [unit | {"decided": True} for unit in units] if occupant in ending.pieces else units
    return pieces


def _castle(state: State, r: int) -> Item:
    region = WORLD.regions[r]
    owner = state["castle"][r]
    neutral = state["neutral"][owner]
    militia = state["militia"][owner] and not neutral
    return {
        "at": region["id"],
        "id": region["id"],
        "label": GLYPHS["militia"] if militia else GLYPHS["castle"],
        "fill": WORLD.colours["neutral"] if neutral else COLOURS[owner],
        "stroke": DRAWING["castle_stroke"],
        "width": DRAWING["castle_width"],
        "tip": {
            "key": "castle_militia_tip" if militia else "castle_tip",
            "faction": faction_board.faction_name(owner),
            "terrain": terrain_text(region["terrain"]),
        },
    }


def _units(state: State, r: int) -> list[Item]:
    region_id = WORLD.region_ids[r]
    faction = state["occupant"][r]
    supporting = _supporting(state, faction, r)
    pieces = []
    for c in WORLD.class_range:
        for n in range(state["units"][r][c]):
            faded = n < supporting[c]
            tip = {"key": "unit_support_tip" if faded else "unit_tip", "unit": class_text(c)}
            tip["faction"] = faction_board.faction_name(faction)
            pieces.append(
                {"at": region_id, "id": region_id, "label": class_letter(c), "fill": COLOURS[faction], "tip": tip}
                | ({"faded": True} if faded else {})
            )
    return pieces


def _supporting(state: State, faction: int, r: int) -> list[int]:
    """Per class, how many of the faction's units in r are assigned to its ranged tokens (13.1)."""
    w = WORLD
    counts = w.no_units()
    for border in state["ranged_at"][faction]:
        if border < 0 or r not in w.borders[border] or state["tokens"][border]["target"] == r:
            continue
        for c in w.class_range:
            counts[c] += state["tokens"][border]["assigned"][c]
    return counts


def _token_pieces(state: State, ending: Ending) -> list[Item]:
    w = WORLD
    battle = state["battle"]
    pieces = []
    for border, token in enumerate(state["tokens"]):
        if token is None:
            continue
        melee = token["kind"] == MELEE
        value = token["value"]
        carried = sum(token["assigned"]) + token["militia"]
        pieces.append(
            {
                "at": w.border_ids[border],
                "id": w.border_ids[border],
                "label": f"{value}{GLYPHS['melee']}" if melee else f"{carried}/{value}{GLYPHS['ranged']}",
                "fill": COLOURS[token["faction"]],
                "tip": {
                    "key": "melee_token_tip" if melee else "ranged_token_tip",
                    "value": value,
                    "carried": carried,
                    "faction": faction_board.faction_name(token["faction"]),
                    "region": REGION_NAMES[token["target"]],
                },
                "highlight": battle is not None and battle["border"] == border,
            }
            | ({"decided": True} if token["faction"] in ending.pieces else {})
        )
    return pieces


def _token_links(state: State) -> list[Item]:
    """A line from each order token into the region it aims at: solid for melee, dashed for ranged."""
    w = WORLD
    return [
        {
            "between": [w.border_ids[border], w.region_ids[token["target"]]],
            "stroke": COLOURS[token["faction"]],
            "dash": token["kind"] != MELEE,
        }
        for border, token in enumerate(state["tokens"])
        if token is not None
    ]


def _creature_pieces(state: State, ending: Ending) -> list[Item]:
    """Creature tokens on their junctions; the shape shows the class they boost (digest 2.1)."""
    w = WORLD
    pieces = []
    for j, junction_id in enumerate(w.junction_ids):
        creature = state["creatures"][j]
        if creature is None:
            continue
        faction, unit_class = creature["faction"], creature["boosts"]
        card = w.creatures[faction][unit_class]
        pieces.append(
            {
                "at": junction_id,
                "id": junction_id,
                "label": GLYPHS[card["shape"]],
                "fill": COLOURS[faction],
                "stroke": DRAWING["creature_stroke"],
                "tip": {
                    "key": "creature_tip",
                    "name": {lang: card[lang] for lang in ("en", "ru")},
                    "faction": faction_board.faction_name(faction),
                    "units": class_plural(unit_class),
                    "ability": {"en": card["ability_en"], "ru": card["ability_ru"]},
                    "junction": junction_text(j),
                },
            }
            | ({"decided": True} if faction in ending.pieces else {})
        )
    return pieces
