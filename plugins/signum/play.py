"""Playing cards (digest §5.2, §5.3): terrain, characters, spells, relics and tactics.

Each play is paid at once (prosperity and closed buildings); what the card does waits in a
queued step, so a face-down tactic revealed by the play can cancel it first (§5.6).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from boardwright.framework import field, kernel, zones
from boardwright.framework.moves import Move, Part

from . import acting, combat, economy, spells, tactics
from .cards import CARDS, CHARACTER, CONFIG, CONTACT, FIELD, HEROES, RELIC, TACTIC, TERRAIN, card_of, name_of, ruler
from .geometry import (
    MEMO_SIZE,
    areas_meet,
    areas_with,
    extent,
    extent_of,
    off_the_middle,
    on_a_miniature,
    sees,
    shape_key,
    shape_of,
    terrain_problem,
    terrain_shape,
)
from .units import base, hero_of, is_character, relic_data, units, within, worn

State = dict[str, Any]
Log = Any
Action = dict[str, Any]
ANGLES = (0.0, 90.0)


def angles(card: str) -> tuple[float, ...]:
    """The turns offered for a terrain card: a circle looks the same either way."""
    return ANGLES[:1] if TERRAIN[card]["shape"] == "circle" else ANGLES


# --- heroes and characters on the field ---


def edge_y(seat: int, radius: float) -> float:
    """The centre's y for a base touching the seat's own edge: A at y = 0, B at y = 60."""
    return radius if seat == 0 else FIELD[1] - radius


def place_problem(state: State, seat: int, radius: float, at: list[float], ambush: bool = False) -> str | None:
    """Why a base may not be placed there: touching the own edge (or, with Ambush, touching
    terrain at least M from every enemy), on the field, overlapping no base or impassable area."""
    x, y = float(at[0]), float(at[1])
    me = {"circle": [x, y], "radius": radius}
    if not (radius - 1e-9 <= x <= FIELD[0] - radius + 1e-9 and radius - 1e-9 <= y <= FIELD[1] - radius + 1e-9):
        return "the base must lie on the field"
    if any(field.overlaps(me, base(u)) for u in units(state).values()):
        return "the base may not overlap another miniature"
    if any(field.overlaps(me, shape) for shape in areas_with(state, "impassable")):
        return "the base may not stand on impassable terrain"
    if abs(y - edge_y(seat, radius)) <= CONTACT + 1e-9:
        return None
    if not ambush:
        return "the base must touch your own edge"
    if not any(field.touches(me, t["shape"], CONTACT) for t in state["terrain"]):
        return "an ambusher must touch a terrain area or your edge"
    reach = ruler(CONFIG["ambush_distance"])
    if any(u["owner"] != seat and field.base_distance(me, base(u)) < reach for u in units(state).values()):
        return f"an ambusher must stay {reach:g} cm from every enemy"
    return None


def edge_spots(state: State, seat: int, radius: float, count: int) -> list[list[float]]:
    """`count` legal points spread along the own edge. They depend only on what stands near
    the edge, so they are remembered under that."""
    y = edge_y(seat, radius)
    band = 2 * radius + CONTACT
    crowd = tuple(
        (float(u["at"][0]), float(u["at"][1]), float(u["radius"]))
        for u in units(state).values()
        if abs(u["at"][1] - y) < band + u["radius"]
    )
    walls_near = near_edge(state, y, band)
    walls = tuple(shape_key(s) for s in walls_near)
    key = (seat, radius, count, crowd, walls)
    found = _EDGE_SPOTS.get(key)
    if found is None:
        legal = [
            x
            for x in range(int(radius + 1), int(FIELD[0] - radius))
            if all(math.hypot(x - ux, y - uy) >= radius + ur - field.EPSILON for ux, uy, ur in crowd)
            and not any(field.overlaps({"circle": [x, y], "radius": radius}, wall) for wall in walls_near)
        ]
        step = max(1, len(legal) // count) if legal else 1
        found = [[float(x), y] for x in legal[step // 2 :: step][:count]]
        if len(_EDGE_SPOTS) > MEMO_SIZE:
            _EDGE_SPOTS.clear()
        _EDGE_SPOTS[key] = found
    return [list(p) for p in found]


_EDGE_SPOTS: dict[tuple[Any, ...], list[list[float]]] = {}


def near_edge(state: State, y: float, band: float) -> list[dict[str, Any]]:
    return [s for s in areas_with(state, "impassable") if abs(extent(s)[1] - y) <= band + extent(s)[2]]


def ambush_spots(state: State, seat: int, radius: float) -> list[list[float]]:
    found = []
    for terrain in state["terrain"]:
        for spot in touching_spots(shape_key(terrain["shape"]), radius):
            if place_problem(state, seat, radius, list(spot), ambush=True) is None:
                found.append(list(spot))
    return found


@lru_cache(maxsize=4096)
def touching_spots(key: tuple[Any, ...], radius: float) -> tuple[tuple[float, float], ...]:
    """Four points (above, below, left and right of an area) where a base just touches it."""
    shape = shape_of(key)
    cx, cy = _centre(shape)
    found = []
    for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        low, high = 0.0, 40.0
        for _ in range(30):  # the distance from the centre at which the base just touches
            mid = (low + high) / 2
            if field.point_distance([cx + dx * mid, cy + dy * mid], shape) < radius:
                low = mid
            else:
                high = mid
        found.append((round(cx + dx * high, 3), round(cy + dy * high, 3)))
    return tuple(found)


def _centre(shape: dict[str, Any]) -> tuple[float, float]:
    if "circle" in shape:
        return float(shape["circle"][0]), float(shape["circle"][1])
    corners = field.polygon_of(shape)
    return sum(p[0] for p in corners) / len(corners), sum(p[1] for p in corners) / len(corners)


def summon_spots(state: State, seat: int, card: str) -> list[list[float]]:
    data = CARDS[card]
    radius = float(data["base"]) / 2
    spots = edge_spots(state, seat, radius, int(CONFIG["offers"]["summon_spots"]))
    if data["props"].get("ambush"):
        spots += ambush_spots(state, seat, radius)
    return spots


def new_unit(state: State, seat: int, card: str, item: str | None, at: list[float], hero: bool) -> str:
    data = HEROES[card] if hero else CARDS[card]
    state["next_id"] += 1
    uid = f"u{state['next_id']}"
    state["units"][uid] = {
        "card": card,
        "item": item,
        "owner": seat,
        "hero": hero,
        "at": [float(at[0]), float(at[1])],
        "radius": float(data["base"]) / 2,
        "facing": 90.0 if seat == 0 else -90.0,
        "wounds": 0,
        "activated": False,
        "summoned": not hero,
        "moved": 0.0,
        "bonus": {},
        "shields": 0,
        "sanctuary": False,
    }
    return uid


# --- terrain (§5.2) ---


def terrain_cards(state: State, seat: int) -> list[str]:
    """Terrain cards the seat may play now (one per turn, affordable, under the field limit)."""
    if state["turn"]["terrain"]:
        return []
    own = sum(1 for t in state["terrain"] if t["owner"] == seat)
    if own >= int(CONFIG["max_own_terrain_on_field"]):
        return []
    pool = state["pool"][seat]["terrain"]
    return [t for t, left in pool.items() if left > 0 and TERRAIN[t]["cost"] <= state["prosperity"][seat]]


def terrain_layout(state: State) -> tuple[tuple[Any, ...], ...]:
    """The terrain on the field so far, as the shapes' keys (`terrain_spots` takes it)."""
    return tuple(shape_key(t["shape"]) for t in state["terrain"])


def base_circles(state: State) -> list[tuple[float, float, float]]:
    """Every miniature's base as (x, y, radius): `on_a_base` takes it."""
    return [(u["at"][0], u["at"][1], u["radius"]) for u in units(state).values()]


def terrain_spots(
    state: State,
    seat: int,
    card: str,
    angle: float,
    layout: tuple[tuple[Any, ...], ...] | None = None,
    circles: list[tuple[float, float, float]] | None = None,
) -> list[list[float]]:
    """A few places for a terrain card: the first of a fixed set of candidates on the middle
    band that lie clear of other terrain, then those clear of the miniatures now. `layout`
    and `circles`: `terrain_layout(state)` and `base_circles(state)`, when the caller
    offers several cards at once."""
    if layout is None:
        layout = terrain_layout(state)
    if circles is None:
        circles = base_circles(state)
    count = int(CONFIG["offers"]["terrain_spots"])
    return [list(point) for point, key in clear_of(card, angle, layout)[:count] if not on_a_base(state, key, circles)]


def clear_of(card: str, angle: float, layout: tuple[tuple[Any, ...], ...]) -> list[tuple[tuple[float, float], Any]]:
    """The candidates clear of the terrain laid out so far; terrain is only ever added, so
    each lay-out is the one before it and one more area, and is checked against that one."""
    by_card = _CLEAR.get(layout)  # one lay-out serves every card and angle offered with it
    if by_card is None:
        if len(_CLEAR) > LAYOUTS_KEPT:
            _CLEAR.clear()
        by_card = _CLEAR[layout] = {}
    found = by_card.get((card, angle))
    if found is None:
        if layout:
            found = [(p, key) for p, key in clear_of(card, angle, layout[:-1]) if not areas_meet(key, layout[-1])]
        else:
            found = list(terrain_candidates(card, angle))
        by_card[card, angle] = found
    return found


LAYOUTS_KEPT = 2000  # lay-outs remembered, each with the places found for every card and angle
_CLEAR: dict[tuple[Any, ...], dict[tuple[str, float], list[tuple[tuple[float, float], Any]]]] = {}


def on_a_base(state: State, key: tuple[Any, ...], circles: list[tuple[float, float, float]]) -> bool:
    """Whether an area (by its key) would overlap a miniature (`circles`: `base_circles(state)`)."""
    cx, cy, reach = extent_of(key)
    hypot = math.hypot
    near = any(hypot(x - cx, y - cy) < reach + radius for x, y, radius in circles)
    return near and on_a_miniature(state, shape_of(key)) is not None


@lru_cache(maxsize=256)
def terrain_candidates(card: str, angle: float) -> tuple[tuple[tuple[float, float], tuple[Any, ...]], ...]:
    """The candidate places on the middle band where the card's shape lies well inside the
    field, with the shape's key."""
    mid = FIELD[1] / 2
    points = [(x, y) for y in (mid, mid - 9, mid + 9) for x in (FIELD[0] / 2, 15.0, 45.0, 24.0, 36.0)]
    shapes = [(p, shape_key(terrain_shape(card, list(p), angle))) for p in points]
    return tuple((p, key) for p, key in shapes if off_the_middle(key) is None)


def place_terrain(state: State, seat: int, card: str, at: list[float], angle: float, log: Log) -> None:
    state["prosperity"][seat] -= int(TERRAIN[card]["cost"])
    state["pool"][seat]["terrain"][card] -= 1
    state["turn"]["terrain"] = True
    state["next_id"] += 1
    shape = terrain_shape(card, at, angle)
    state["terrain"].append({"id": f"t{state['next_id']}", "card": card, "owner": seat, "shape": shape, "angle": angle})
    log.emit("terrain", seat=seat, terrain=name_of(card))


# --- battle cards (§5.3) ---


def card_plays(state: State, seat: int) -> list[dict[str, Any]]:
    """Every card of the hand that can be played now, with its offered targets."""
    plays: list[dict[str, Any]] = []
    for item in state["zones"][f"hand:{seat}"]["items"]:
        if economy.payment_problem(state, seat, item) is None:
            plays.extend(plays_of(state, seat, item))
    return plays


def plays_of(state: State, seat: int, item: str) -> list[dict[str, Any]]:
    card = card_of(item)
    kind = card["kind"]
    if kind == CHARACTER:
        return [{"type": "summon", "card": item, "to": spot} for spot in summon_spots(state, seat, card["id"])]
    if kind == TACTIC:
        limit = int(CONFIG["max_face_down_tactics"])
        return [{"type": "set_tactic", "card": item}] if len(state["zones"][f"tactics:{seat}"]["items"]) < limit else []
    if kind == RELIC:
        return [{"type": "equip", "card": item, **extra} for extra in relic_slots(state, seat, card)]
    return [{"type": "cast", "card": item, **extra} for extra in spell_targets(state, seat, card)]


def relic_slots(state: State, seat: int, card: dict[str, Any]) -> list[dict[str, Any]]:
    """[{}] for a free slot of the relic's class, else one choice per relic it may replace."""
    hero = hero_of(state, seat)
    if hero is None or card.get("hero", units(state)[hero]["card"]) != units(state)[hero]["card"]:
        return []
    slots = HEROES[units(state)[hero]["card"]]["slots"].count(card["slot"])
    same = [r for r in worn(state, seat) if relic_data(r)["slot"] == card["slot"]]
    if len(same) < slots:
        return [{}]
    return [{"replace": r["item"]} for r in same]


def spell_targets(state: State, seat: int, card: dict[str, Any]) -> list[dict[str, Any]]:
    effect = card["effect"]
    everyone = units(state)
    mine = [u for u, d in everyone.items() if d["owner"] == seat]
    if effect == "damage":
        origins = [hero_of(state, seat)] if card["origin"] == "hero" else mine
        reach = ruler(card["range"])
        targets = [
            u
            for u, d in everyone.items()
            if d["owner"] != seat
            and not d["hero"]
            and any(o is not None and within(state, o, u, reach) and sees(state, o, u) for o in origins)
        ]
        return [{"target": u} for u in targets]
    if effect == "smoke":
        return [{"to": spot} for spot in smoke_spots(state, seat)]
    if effect == "reposition":
        return [{}] if any(is_character(state, u) for u in mine) else []
    if effect == "shield":
        return [{"target": u} for u in mine]
    if effect == "purge":
        return [{"target": b["id"]} for b in state["city"][1 - seat]] or [{}]
    return [{}]


def smoke_spots(state: State, seat: int) -> list[list[float]]:
    hero = hero_of(state, seat)
    if hero is None:
        return []
    hx, hy = units(state)[hero]["at"]
    toward = 1.0 if seat == 0 else -1.0
    return [[round(hx, 2), round(hy + toward * d, 2)] for d in (6.0, 12.0) if 0 < hy + toward * d < FIELD[1]]


def smoke_problem(state: State, seat: int, at: list[float]) -> str | None:
    hero = hero_of(state, seat)
    if hero is None:
        return "no hero"
    reach = ruler(CARDS["smoke_screen"]["range"])
    hero_unit = units(state)[hero]
    if field.distance(hero_unit["at"], at) - hero_unit["radius"] > reach + 1e-9:
        return f"the smoke must be centred within {reach:g} cm of your hero"
    if not (0 <= at[0] <= FIELD[0] and 0 <= at[1] <= FIELD[1]):
        return "the smoke must be centred on the field"
    return None


def play(state: State, seat: int, action: dict[str, Any], log: Log) -> None:
    """Pay for the card and put it in play; its effect follows in a queued step, after any
    tactic it triggers."""
    item = action["card"]
    card = card_of(item)
    economy.pay(state, seat, item)
    if card["kind"] == TACTIC:
        zones.move(state, f"hand:{seat}", f"tactics:{seat}", item)
        log.emit("tactic_set", seat=seat)
        return
    zones.move(state, f"hand:{seat}", f"play:{seat}", item)
    log.emit("play", seat=seat, card=name_of(card["id"]), at=[item])

    if card["kind"] == RELIC:
        equip(state, seat, item, action.get("replace"), log)
        return
    trigger = "enemy_plays_character" if card["kind"] == CHARACTER else "enemy_plays_spell"
    tactics.check(state, {"kind": trigger, "seat": seat, "item": item})
    kernel.queue_step(state, "resolve_card", action=dict(action), seat=seat)


def equip(state: State, seat: int, item: str, replace: str | None, log: Log) -> None:
    """Wear the relic; a replaced one goes to the Graveyard at once, whatever its tokens (TEXT)."""
    if replace is not None:
        old = next(r for r in worn(state, seat) if r["item"] == replace)
        combat.lose_relic(state, seat, old, log)
    info = card_of(item)
    worn(state, seat).append(
        {"item": item, "card": info["id"], "tokens": int(info.get("durability", 0)), "uses": int(info.get("uses", 0))}
    )


def step_resolve_card(state: State, data: dict[str, Any], log: Log) -> None:
    action, seat = data["action"], data["seat"]
    item = action["card"]
    if item in state["cancelled"]:
        state["cancelled"].remove(item)
        return
    card = card_of(item)
    if card["kind"] == CHARACTER:
        new_unit(state, seat, card["id"], item, action["to"], hero=False)
        return
    spells.resolve(state, seat, action, log)


# --- the moves of the cards: characters, spells, relics, tactics, terrain (§5)


CARD_KINDS = {"summon": CHARACTER, "set_tactic": TACTIC, "equip": RELIC}


def why_not_play(state: State, seat: int, action: Action) -> str | None:
    """A card of the hand, of the move's kind, paid for, at a target or place it may take."""
    reason = acting.between_activations(state, seat, action)
    if reason:
        return reason
    item = action["card"]
    if item not in acting.hand(state, seat):
        return "that card is not in your hand"
    kind, wanted = card_of(item)["kind"], CARD_KINDS.get(action["type"])
    if kind != wanted and (wanted is not None or kind in CARD_KINDS.values()):
        return f"{action['type']} is not how that card is played"
    reason = economy.payment_problem(state, seat, item)
    if reason:
        return reason
    if "to" in action:
        reason = acting.point_problem(action["to"])
        if reason:
            return reason
        if action["type"] == "summon":
            card = card_of(item)
            radius, ambush = float(card["base"]) / 2, bool(card["props"].get("ambush"))
            return place_problem(state, seat, radius, action["to"], ambush=ambush)
        if card_of(item)["effect"] == "smoke":
            return smoke_problem(state, seat, action["to"])
    if action not in plays_of(state, seat, item):
        return "no legal target or place for that card now"
    return None


def _plays_of(kind: str) -> Callable[[State, int], list[Action]]:
    """The card's plays on offer: for every card of the hand that could be played so, paid
    or not (the predicate asks for the price)."""

    def plays(state: State, seat: int) -> list[Action]:
        if acting.current(state) is not None:
            return []
        return [a for item in acting.hand(state, seat) for a in plays_of(state, seat, item) if a["type"] == kind]

    return plays


def _play(state: State, seat: int, action: Action, log: Log) -> None:
    play(state, seat, action, log)


def _card_move(kind: str, parts: dict[str, Part], offer: bool = False) -> Move:
    plays = _plays_of(kind)
    return Move(
        kind,
        parts=parts,
        candidates=plays,
        refuse=why_not_play,
        offer=(
            lambda state, seat: acting.points([a for a in plays(state, seat) if why_not_play(state, seat, a) is None])
        )
        if offer
        else None,
        effect=acting.marked(_play),
    )


SUMMON = _card_move("summon", {"card": Part("source", kind=str), "to": Part("point", kind=list)}, offer=True)
CAST = _card_move(
    "cast",
    {"card": Part("source", kind=str), "target": Part("target", optional=True), "to": Part("point", optional=True)},
    offer=True,
)
EQUIP = _card_move("equip", {"card": Part("", kind=str), "replace": Part("", kind=str, optional=True)})
SET_TACTIC = _card_move("set_tactic", {"card": Part("", kind=str)})


def why_not_terrain(state: State, seat: int, action: Action) -> str | None:
    """One terrain card a turn, from the pool, paid for, under the field limit, placed where
    terrain may lie (§5.2)."""
    reason = acting.between_activations(state, seat, action)
    if reason:
        return reason
    card = action["card"]
    if state["turn"]["terrain"]:
        return "one terrain card per turn"
    if card not in TERRAIN or card not in terrain_cards(state, seat):
        return "that terrain card cannot be played now (pool, prosperity or the field limit)"
    if action["angle"] not in angles(card):
        return f"turn it by one of {', '.join(f'{a:g}' for a in angles(card))} degrees"
    return acting.point_problem(action["to"]) or terrain_problem(
        state, seat, terrain_shape(card, action["to"], action["angle"])
    )


def terrain_places(state: State, seat: int) -> list[Action]:
    """A few places for each terrain card and turn that fit (bots choose among these)."""
    if acting.current(state) is not None:
        return []
    cards = terrain_cards(state, seat)
    if not cards:
        return []
    found: list[Action] = []
    layout, circles = terrain_layout(state), base_circles(state)
    for card in cards:
        for angle in angles(card):
            found += [
                {"type": "terrain", "card": card, "to": spot, "angle": angle}
                for spot in terrain_spots(state, seat, card, angle, layout, circles)
            ]
    return found


def _terrain(state: State, seat: int, action: Action, log: Log) -> None:
    place_terrain(state, seat, action["card"], action["to"], action["angle"], log)


TERRAIN_MOVE = Move(
    "terrain",
    parts={"card": Part("", kind=str), "to": Part("point", kind=list), "angle": Part("", kind=acting.NUMBER)},
    generate=terrain_places,
    refuse=why_not_terrain,
    offer=lambda state, seat: acting.points(terrain_places(state, seat)),
    effect=acting.marked(_terrain),
)
