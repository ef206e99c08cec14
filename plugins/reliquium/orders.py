"""The actions of the plains and the mountains (digest 5.1-5.4): March, Melee order, Recruit
and Ranged order, each a move (`castles.peace_move`): the reason one is refused (its one
predicate), its effect, and a hand-written list of the legal ones for speed, which
`conformance.check_moves` holds to the predicate.

An order token on border b is ``tokens[b]`` = {"faction", "kind" (melee or ranged), "value",
"target" (the region it points at), "assigned" (supporting units per class), "militia"};
``melee_at[faction][i]`` / ``ranged_at[faction][i]`` hold the border of the token of the i-th
value (-1: in the supply).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from itertools import pairwise
from typing import Any

from boardwright.framework.moves import Move, Part

from . import text
from .actions import Why, counts_of, region_of, unit_class_of
from .castles import Consent, peace_move
from .pacts import ally_controlling, ranged_consent
from .units import (
    CLASSES,
    MELEE,
    RANGED,
    controlled,
    controls,
    count,
    has_melee_on,
    is_enemy_region,
    lowest,
    march_legal,
    move_units,
    seat,
)
from .world import WORLD

State = dict[str, Any]
Action = dict[str, Any]

# --- March ---


def marches(state: State, faction: int, out: list[Action]) -> None:
    w = WORLD
    units, adjacent, between = state["units"], w.adjacent, w.marches_between
    occupants, castles, neutral = state["occupant"], state["castle"], state["neutral"]
    limit = w.limit
    single = state["rules"]["single_march"]
    for origin, occupant in enumerate(occupants):
        if occupant != faction:
            continue
        here = tuple(units[origin])
        if not any(here):
            continue  # no part to march (and none to march alone)
        for target in adjacent[origin]:
            # `march_legal`, inline: this loop is a tenth of a Reliquium search
            other, castle = occupants[target], castles[target]
            if (other >= 0 and other != faction) or (castle >= 0 and castle != faction and not neutral[castle]):
                continue
            room = limit - sum(units[target])
            sizes, actions = between(origin, target, here)  # every part, smallest first
            out += actions if sizes[-1] <= room else actions[: bisect_right(sizes, room)]
        if single:
            _single_marches(state, faction, origin, out)


def _single_marches(state: State, faction: int, origin: int, out: list[Action]) -> None:
    """Single march: one unit alone may go two steps (digest 8.2)."""
    w = WORLD
    ids = w.region_ids
    for unit_class in CLASSES:
        if not state["units"][origin][unit_class]:
            continue
        counts = w.one_unit(unit_class)
        for via in w.adjacent[origin]:
            if not march_legal(state, faction, via):
                continue
            for target in w.adjacent[via]:
                if target != origin and count(state, target) >= w.limit:
                    continue
                if march_legal(state, faction, target):
                    out.append(
                        {"type": "march", "from": ids[origin], "via": ids[via], "to": ids[target], "units": counts}
                    )


def why_not_march(state: State, faction: int, action: Action) -> str | None:
    w = WORLD
    origin, target = region_of(action, "from"), region_of(action, "to")
    counts = counts_of(action)
    if state["occupant"][origin] != faction:
        return "no units of yours in the origin region"
    if sum(counts) < 1:
        return "a march moves at least one unit"
    if any(counts[c] > state["units"][origin][c] or counts[c] < 0 for c in CLASSES):
        return "you do not have these units in the origin region"
    path = [origin, target]
    if "via" in action:
        if not state["rules"]["single_march"]:
            return "two-step marches need the optional rule Single march"
        if sum(counts) != 1:
            return "only a single unit may march two steps (Single march)"
        path = [origin, region_of(action, "via"), target]
    for a, b in pairwise(path):
        if b not in w.adjacent[a]:
            return f"{w.region_ids[b]} is not adjacent to {w.region_ids[a]}"
        if not march_legal(state, faction, b):
            return f"{w.region_ids[b]} holds another player's units or castle"
    if target != origin and count(state, target) + sum(counts) > w.limit:
        return f"troop limit: at most {w.limit} units in a region"
    return None


def march(state: State, faction: int, action: Action, log: Any) -> None:
    index = WORLD.region_index
    origin, target = index[action["from"]], index[action["to"]]
    move_units(state, faction, origin, target, action["units"])
    if not log.recording:  # a bot's try: no texts to build (greedy tries every legal action)
        return
    via = action.get("via")
    log.emit(
        "march",
        seat=seat(state, faction),
        units=text.unit_text(action["units"]),
        origin=text.REGION_NAMES[origin],
        via=text.REGION_NAMES[index[via]] if via else "",
        region=text.REGION_NAMES[target],
        at=[action["to"], action["from"], *([via] if via else [])],
    )


MARCH = peace_move(
    "march",
    {
        "from": Part("source", kind=str),
        "to": Part("target", kind=str),
        "units": Part("", kind=list),
        "via": Part("", kind=str, optional=True),
    },
    why_not_march,
    march,
    generate=marches,
)


# --- Melee and Ranged orders ---


def melee_orders(state: State, faction: int, out: list[Action], presence: list[int] | None = None) -> None:
    """Melee orders with the lowest token in supply; `presence`: one of the two regions must be
    among these (an ability's order)."""
    w = WORLD
    value_index = lowest(state["melee_at"][faction])
    if value_index < 0:
        return
    value = w.melee_values[value_index]
    tokens, ids, adjacent = state["tokens"], w.region_ids, w.adjacent
    occupants, castles, neutral = state["occupant"], state["castle"], state["neutral"]
    for origin, mine in enumerate(controlled(state, faction)):
        if not mine:
            continue
        borders = w.border_between[origin]
        for target in adjacent[origin]:
            if tokens[borders[target]] is not None:
                continue
            # `is_enemy_region`, inline: another player's units, or another player's castle
            other, castle = occupants[target], castles[target]
            if not ((other >= 0 and other != faction) or (castle >= 0 and castle != faction and not neutral[castle])):
                continue
            if presence is not None and origin not in presence and target not in presence:
                continue
            out.append({"type": "melee", "from": ids[origin], "to": ids[target], "value": value})


def ranged_orders(state: State, faction: int, out: list[Action], presence: list[int] | None = None) -> None:
    w = WORLD
    value_index = lowest(state["ranged_at"][faction])
    if value_index < 0:
        return
    value = w.ranged_values[value_index]
    tokens, ids = state["tokens"], w.region_ids
    allies = state["rules"]["allies"]
    mine = controlled(state, faction)
    for origin, supporting in enumerate(mine):
        if not supporting:
            continue
        for target in w.adjacent[origin]:
            if not mine[target] and not allies:
                continue
            if tokens[w.border_between[origin][target]] is not None or not has_melee_on(state, target):
                continue
            if presence is not None and origin not in presence and target not in presence:
                continue
            if mine[target] or ally_controlling(state, faction, target) >= 0:
                out.append({"type": "ranged", "from": ids[origin], "to": ids[target], "value": value})


def _why_not_token(state: State, faction: int, action: Action, kind: str) -> str | None:
    """What a melee and a ranged order share: the lowest token, the border, adjacency."""
    w = WORLD
    origin, target = region_of(action, "from"), region_of(action, "to")
    values = w.melee_values if kind == MELEE else w.ranged_values
    value_index = lowest(state["melee_at" if kind == MELEE else "ranged_at"][faction])
    if value_index < 0:
        return f"all your {kind} tokens are on the map"
    if action.get("value") != values[value_index]:
        return f"you must use your lowest {kind} token in supply ({values[value_index]})"
    if not controls(state, faction, origin):
        role = "attack" if kind == MELEE else "supporting"
        return f"the {role} region must be yours (castle or unit)"
    if target not in w.adjacent[origin]:
        role = "defence" if kind == MELEE else "supported"
        return f"the {role} region is not adjacent to the {'attack' if kind == MELEE else 'supporting'} region"
    return None


def why_not_melee(state: State, faction: int, action: Action) -> str | None:
    reason = _why_not_token(state, faction, action, MELEE)
    if reason:
        return reason
    origin, target = region_of(action, "from"), region_of(action, "to")
    if not is_enemy_region(state, faction, target):
        return "the defence region holds no other player's units or castle"
    if state["tokens"][WORLD.border_between[origin][target]] is not None:
        return "that border already holds a token"
    return None


def why_not_ranged(state: State, faction: int, action: Action) -> str | None:
    reason = _why_not_token(state, faction, action, RANGED)
    if reason:
        return reason
    origin, target = region_of(action, "from"), region_of(action, "to")
    if not controls(state, faction, target) and not (
        state["rules"]["allies"] and ally_controlling(state, faction, target) >= 0
    ):
        return "the supported region must be yours (or an ally's)"
    if not has_melee_on(state, target):
        return "the supported region has no melee token on its borders"
    if state["tokens"][WORLD.border_between[origin][target]] is not None:
        return "that border already holds a token"
    return None


def _pointed(state: State, faction: int, kind: str) -> list[Action]:
    """An order with the lowest token from each region of the faction towards each neighbour,
    for the order's predicate to judge."""
    w = WORLD
    value_index = lowest(state["melee_at" if kind == MELEE else "ranged_at"][faction])
    if value_index < 0:
        return []
    value = (w.melee_values if kind == MELEE else w.ranged_values)[value_index]
    ids = w.region_ids
    return [
        {"type": kind, "from": ids[origin], "to": ids[target], "value": value}
        for origin, mine in enumerate(controlled(state, faction))
        if mine
        for target in w.adjacent[origin]
    ]


def _ordered(state: State, faction: int, action: Action, log: Any) -> None:
    index = WORLD.region_index
    place_order(state, faction, action["type"], index[action["from"]], index[action["to"]], log)


def _order_move(
    kind: str, why: Why, generate: Callable[[State, int, list[Action]], None], consent: Consent | None = None
) -> Move:
    parts = {"from": Part("source", kind=str), "to": Part("target", kind=str), "value": Part("", kind=int)}
    return peace_move(
        kind,
        parts,
        why,
        _ordered,
        generate=generate,
        candidates=lambda state, faction: _pointed(state, faction, kind),
        consent=consent,
    )


def place_order(state: State, faction: int, kind: str, origin: int, target: int, log: Any) -> None:
    """Put the lowest token of `kind` in supply on the border, pointing at `target`."""
    w = WORLD
    placed = state["melee_at" if kind == MELEE else "ranged_at"][faction]
    value_index = lowest(placed)
    border = w.border_between[origin][target]
    value = (w.melee_values if kind == MELEE else w.ranged_values)[value_index]
    state["tokens"][border] = {
        "faction": faction,
        "kind": kind,
        "value": value,
        "target": target,
        "assigned": w.no_units(),
        "militia": 0,
    }
    placed[value_index] = border
    if not log.recording:
        return
    log.emit(
        "melee_order" if kind == MELEE else "ranged_order",
        seat=seat(state, faction),
        value=value,
        origin=text.REGION_NAMES[origin],
        region=text.REGION_NAMES[target],
        at=[w.border_ids[border], *text.region_ids(target, origin)],
    )


# --- Recruit ---


def recruits(state: State, faction: int, out: list[Action], presence: list[int] | None = None) -> None:
    """`why_not_recruit`, in one pass over the castles (`presence`: only these regions, an
    ability's recruit)."""
    w = WORLD
    reserve = state["reserve"][faction]
    if not any(reserve):
        return
    castle = state["castle"]
    for region in range(len(castle)) if presence is None else presence:
        if castle[region] != faction or count(state, region) >= w.limit:
            continue
        for unit_class in CLASSES:
            if reserve[unit_class]:
                out.append({"type": "recruit", "region": w.region_ids[region], "unit": w.classes[unit_class]})


def _recruit_candidates(state: State, faction: int) -> list[Action]:
    """A recruit of each class in each region with the faction's castle, for `why_not_recruit`
    to judge."""
    w = WORLD
    return [
        {"type": "recruit", "region": w.region_ids[region], "unit": w.classes[unit_class]}
        for region, keeper in enumerate(state["castle"])
        if keeper == faction
        for unit_class in CLASSES
    ]


def why_not_recruit(state: State, faction: int, action: Action) -> str | None:
    region, unit_class = region_of(action, "region"), unit_class_of(action)
    if state["castle"][region] != faction:
        return "you can only recruit in a region with your castle"
    if not state["reserve"][faction][unit_class]:
        return f"no {action['unit']} left in your reserve"
    if count(state, region) >= WORLD.limit:
        return f"troop limit: at most {WORLD.limit} units in a region"
    return None


def recruit(state: State, faction: int, region: int, unit_class: int, log: Any) -> None:
    state["reserve"][faction][unit_class] -= 1
    state["units"][region][unit_class] += 1
    state["occupant"][region] = faction
    if not log.recording:
        return
    name = text.REGION_NAMES[region]
    log.emit(
        "recruit", seat=seat(state, faction), unit=text.class_text(unit_class), region=name, at=text.region_ids(region)
    )


def _recruited(state: State, faction: int, action: Action, log: Any) -> None:
    recruit(state, faction, WORLD.region_index[action["region"]], WORLD.class_index[action["unit"]], log)


MELEE_ORDER = _order_move(MELEE, why_not_melee, melee_orders)
RANGED_ORDER = _order_move(RANGED, why_not_ranged, ranged_orders, ranged_consent)  # an ally's region
RECRUIT = peace_move(
    "recruit",
    {"region": Part("target", kind=str), "unit": Part("", kind=str)},
    why_not_recruit,
    _recruited,
    generate=recruits,
    candidates=_recruit_candidates,
)
