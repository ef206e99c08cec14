"""The war phase's support stage (digest 4.2, 6.1) and the militia (8.3).

In initiative order each player with ranged tokens assigns units of the supporting region to
them, one at a time, up to a token's arrows, each unit to one token only; ``support_done``
removes the tokens that carry nobody. A player with nothing to assign is done at once.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from boardwright.framework import kernel
from boardwright.framework.moves import Move, Part

from . import text
from .actions import refusing, unit_class_of
from .units import CLASSES, MELEE, RANGED, acting, assigned_from, controls, seat, support_source, tokens_from
from .world import WORLD

State = dict[str, Any]
Action = dict[str, Any]

MILITIA = "militia"  # the unit of an assignment that is a militia castle


def begin_war(state: State, log: Any) -> None:
    """The war phase begins: the militia check, then the support stage."""
    log.emit("war")
    if state["rules"]["militia"]:
        _militia_check(state, log)


def _militia_check(state: State, log: Any) -> None:
    """Militia for a player attacked by melee tokens of at least two other players (digest 8.3;
    the number is data)."""
    factions = range(len(state["neutral"]))
    attackers: list[set[int]] = [set() for _ in factions]
    for token in state["tokens"]:
        if token is None or token["kind"] != MELEE:
            continue
        for faction in factions:
            if faction != token["faction"] and not state["neutral"][faction]:
                if controls(state, faction, token["target"]):
                    attackers[faction].add(token["faction"])
    for faction in factions:
        if len(attackers[faction]) >= WORLD.militia_attackers:
            state["militia"][faction] = True
            log.emit("militia", seat=seat(state, faction))


def has_no_ranged_tokens(state: State, by: int) -> bool:
    """Seats without ranged tokens on the map skip the support stage."""
    return all(border < 0 for border in state["ranged_at"][state["faction_of"][by]])


def begin_turn(state: State, log: Any) -> None:
    """A player whose tokens can take nobody is done at once."""
    faction = acting(state)
    if not ASSIGN.legal(state, kernel.active(state)):
        finish(state, faction, log)
        kernel.end_turn(state)


def _full(token: dict[str, Any]) -> bool:
    return sum(token["assigned"]) + token["militia"] >= token["value"]


def assign_choices(state: State, faction: int, moved: list[dict[str, Any]]) -> list[Action]:
    """Assignments of the units moved in a battle ({"region", "units": count per class}) to
    the faction's ranged tokens of their new region."""
    w = WORLD
    tokens = state["tokens"]
    out: list[Action] = []
    for border in state["ranged_at"][faction]:
        if border < 0 or _full(tokens[border]):
            continue
        source = support_source(border, tokens[border])
        for entry in moved:
            if entry["region"] == source:
                for c in CLASSES:
                    if entry["units"][c]:
                        out.append({"type": "assign", "border": w.border_ids[border], "unit": w.classes[c]})
    return out


def _shares(total: int, bins: list[int]) -> list[list[int]]:
    """Every way to take `total` units out of bins holding `bins` units each."""
    if not bins:
        return [[]] if total == 0 else []
    return [[taken, *rest] for taken in range(min(total, bins[0]), -1, -1) for rest in _shares(total - taken, bins[1:])]


def supporter_choices(state: State, faction: int, region: int, counts: list[int]) -> list[list[Action]] | None:
    """When `counts` units of a class leave `region` (die or march on) and they may be
    supporters of different ranged tokens or no supporters at all, the owner's ways to pick
    them (digest 6.3 step 5: "each owner chooses which of their units die"): for each way, the
    supporters among them by the token they leave ({"border", "units"}). None when there is
    one way only."""
    tokens = state["tokens"]
    borders = [border for border in tokens_from(state, faction, region) if any(tokens[border]["assigned"])]
    if not borders:
        return None
    units = state["units"][region]
    per_class = []
    for c in CLASSES:
        assigned = [tokens[border]["assigned"][c] for border in borders]
        per_class.append(_shares(counts[c], [units[c] - sum(assigned), *assigned]))
    if all(len(ways) == 1 for ways in per_class):
        return None
    ways: list[list[Action]] = []
    for picked in product(*per_class):
        way = []
        for index, border in enumerate(borders, 1):
            taken = [picked[c][index] for c in CLASSES]
            if any(taken):
                way.append({"border": WORLD.border_ids[border], "units": taken})
        ways.append(way)
    return ways


def release(state: State, supporters: list[Action]) -> None:
    """The chosen supporters leave their tokens (before they leave their region)."""
    tokens = state["tokens"]
    for entry in supporters:
        assigned = tokens[WORLD.border_index[entry["border"]]]["assigned"]
        for c in CLASSES:
            assigned[c] -= entry["units"][c]


def _assignments(state: State, by: int) -> list[Action]:
    """Each unit class and the militia on each of the faction's ranged tokens, for
    `why_not_assign` to judge."""
    ids, units = WORLD.border_ids, [*WORLD.classes, MILITIA]
    placed = state["ranged_at"][state["faction_of"][by]]
    return [
        {"type": "assign", "border": ids[border], "unit": unit} for border in placed if border >= 0 for unit in units
    ]


def _militia_free(state: State, faction: int, source: int) -> bool:
    """A militia castle in the supporting region that supports no other token yet."""
    if not state["militia"][faction] or state["castle"][source] != faction:
        return False
    tokens = state["tokens"]
    for border in state["ranged_at"][faction]:
        if border >= 0 and tokens[border]["target"] != source and source in WORLD.borders[border]:
            if tokens[border]["militia"]:
                return False
    return True


def why_not_assign(state: State, faction: int, action: Action) -> str | None:
    name = action["border"]
    border = WORLD.border_index.get(name)
    token = state["tokens"][border] if border is not None else None
    if token is None or token["faction"] != faction or token["kind"] != RANGED:
        return "there is no ranged token of yours on that border"
    if _full(token):
        return f"that token carries at most {token['value']} units (its arrows)"
    source = support_source(border, token)  # type: ignore[arg-type]
    if action["unit"] == MILITIA:
        return None if _militia_free(state, faction, source) else "no free militia castle in the supporting region"
    unit_class = unit_class_of(action)
    if state["occupant"][source] == faction and state["units"][source][unit_class] > assigned_from(
        state, faction, source, unit_class
    ):
        return None
    return "that unit is not free in the supporting region (a unit supports one region only)"


def assign(state: State, faction: int, action: Action, log: Any) -> None:
    border = WORLD.border_index[action["border"]]
    token = state["tokens"][border]
    if action["unit"] == MILITIA:
        token["militia"] += 1
        unit = text.MILITIA_TEXT
    else:
        unit_class = WORLD.class_index[action["unit"]]
        token["assigned"][unit_class] += 1
        unit = text.class_text(unit_class)
    log.emit(
        "assign",
        seat=seat(state, faction),
        unit=unit,
        origin=text.REGION_NAMES[support_source(border, token)],
        region=text.REGION_NAMES[token["target"]],
        at=[action["border"], *text.region_ids(support_source(border, token))],
    )


def _assigned(state: State, action: Action, log: Any) -> None:
    assign(state, acting(state), action, log)


def _done(state: State, action: Action, log: Any) -> None:
    finish(state, acting(state), log)
    kernel.end_turn(state)


ASSIGN = Move(
    "assign",
    effect=_assigned,
    parts={"border": Part("target", kind=str), "unit": Part("", kind=str)},
    refuse=refusing(why_not_assign),
    candidates=_assignments,
)
SUPPORT_DONE = Move("support_done", effect=_done)
MOVES = (ASSIGN, SUPPORT_DONE)


def finish(state: State, faction: int, log: Any) -> None:
    """Remove the faction's ranged tokens that carry nobody."""
    tokens = state["tokens"]
    placed = state["ranged_at"][faction]
    for value_index, border in enumerate(placed):
        if border >= 0:
            token = tokens[border]
            if not sum(token["assigned"]) + token["militia"]:
                tokens[border] = None
                placed[value_index] = -1
                name = text.REGION_NAMES[token["target"]]
                log.emit("ranged_unused", seat=seat(state, faction), region=name, at=text.region_ids(token["target"]))
