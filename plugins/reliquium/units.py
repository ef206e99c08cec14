"""Regions and the units in them (digest 2.4, 5.0): who controls a region, who may enter it,
and units moving, leaving and dying.

State: ``occupant[region]`` is the faction whose units stand there (-1: none) and
``units[region]`` counts them per class (the data's class order); ``castle[region]`` is the
faction whose castle stands there (-1: none; a neutral faction's castles are neutral).
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from .world import WORLD

State = dict[str, Any]

PEACE, SUPPORT, ATTACK = "peace", "support", "attack"  # the phases of a round
MELEE, RANGED = "melee", "ranged"  # the kinds of order token
CLASSES = WORLD.class_range


def acting(state: State) -> int:
    """The faction whose turn it is."""
    return int(state["faction_of"][kernel.active(state)])


def seat(state: State, faction: int) -> int:
    return int(state["seat_of"][faction])


def initiative_order(state: State) -> list[int]:
    """The seats in their factions' initiative order (Legion, Alliance, Order, Brotherhood):
    the turn order of every phase, whichever seat picked which faction."""
    return [by for by in state["seat_of"] if by >= 0]


def count(state: State, region: int) -> int:
    return sum(state["units"][region])


def controls(state: State, faction: int, region: int) -> bool:
    """A region is a faction's when its units or (for a player) its castle stand there."""
    return bool(
        state["occupant"][region] == faction or (state["castle"][region] == faction and not state["neutral"][faction])
    )


def controlled(state: State, faction: int) -> list[bool]:
    """`controls(state, faction, region)` for every region, in one pass."""
    if state["neutral"][faction]:
        return [occupant == faction for occupant in state["occupant"]]
    return [
        occupant == faction or castle == faction
        for occupant, castle in zip(state["occupant"], state["castle"], strict=True)
    ]


def is_enemy_region(state: State, faction: int, region: int) -> bool:
    """Another player's units or another player's castle (a neutral castle alone is nobody's)."""
    occupant = state["occupant"][region]
    if occupant >= 0 and occupant != faction:
        return True
    castle = state["castle"][region]
    return bool(castle >= 0 and castle != faction and not state["neutral"][castle])


def march_legal(state: State, faction: int, region: int) -> bool:
    """No castle of another player and no unit of another player (digest 5.0)."""
    occupant = state["occupant"][region]
    if occupant >= 0 and occupant != faction:
        return False
    castle = state["castle"][region]
    return bool(castle < 0 or castle == faction or state["neutral"][castle])


def has_room(state: State, region: int) -> bool:
    """Another unit fits under the troop limit."""
    return sum(state["units"][region]) < WORLD.limit


def has_melee_on(state: State, region: int) -> bool:
    tokens = state["tokens"]
    for border in WORLD.region_borders[region]:
        token = tokens[border]
        if token is not None and token["kind"] == MELEE:
            return True
    return False


def other_side(border: int, region: int) -> int:
    a, b = WORLD.borders[border]
    return b if a == region else a


def lowest(placed: list[int]) -> int:
    """The index of the lowest token still in supply (-1: all on the map)."""
    for value, border in enumerate(placed):
        if border < 0:
            return value
    return -1


def support_source(border: int, token: dict[str, Any]) -> int:
    """The region a ranged token's units support from."""
    return other_side(border, token["target"])


def tokens_from(state: State, faction: int, region: int) -> list[int]:
    """The borders of the faction's ranged tokens that take their units from `region`."""
    tokens = state["tokens"]
    return [
        border
        for border in state["ranged_at"][faction]
        if border >= 0 and tokens[border]["target"] != region and region in WORLD.borders[border]
    ]


def assigned_from(state: State, faction: int, region: int, unit_class: int) -> int:
    """How many of `faction`'s units of a class in `region` support (are assigned to its ranged tokens)."""
    tokens = state["tokens"]
    return sum(tokens[border]["assigned"][unit_class] for border in tokens_from(state, faction, region))


def _fix_assignments(state: State, faction: int, region: int) -> None:
    """Drop support assignments of units that are no longer in their supporting region (the
    owner chose which when that made a difference: supports.release)."""
    tokens = state["tokens"]
    units = state["units"][region]
    mine = [tokens[border]["assigned"] for border in tokens_from(state, faction, region)]
    if not mine:
        return
    for unit_class in CLASSES:
        assigned = sum(counts[unit_class] for counts in mine)
        for counts in mine:
            if assigned <= units[unit_class]:
                break
            drop = min(counts[unit_class], assigned - units[unit_class])
            counts[unit_class] -= drop
            assigned -= drop


def move_units(state: State, faction: int, source: int, target: int, counts: list[int]) -> None:
    leaving, arriving = state["units"][source], state["units"][target]
    for unit_class in CLASSES:
        leaving[unit_class] -= counts[unit_class]
        arriving[unit_class] += counts[unit_class]
    if sum(arriving):
        state["occupant"][target] = faction
    if not sum(leaving):
        state["occupant"][source] = -1
    if kernel.phase(state) != PEACE:
        _fix_assignments(state, faction, source)


def remove_units(state: State, faction: int, region: int, counts: list[int]) -> None:
    """Units leave the map for their owner's reserve (casualties, destroyed, sacrificed)."""
    units = state["units"][region]
    reserve = state["reserve"][faction]
    for unit_class in CLASSES:
        units[unit_class] -= counts[unit_class]
        reserve[unit_class] += counts[unit_class]
    if not sum(units):
        state["occupant"][region] = -1
    if kernel.phase(state) != PEACE:
        _fix_assignments(state, faction, region)
