"""The war phase's support stage (digest 4.2, 6.1) and the militia (8.3).

In initiative order each player with ranged tokens assigns units of the supporting region to
them, one at a time, up to a token's arrows, each unit to one token only; ``support_done``
removes the tokens that carry nobody. A player with nothing to assign is done at once.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from . import text
from .actions import unit_class_of
from .units import CLASSES, MELEE, RANGED, acting, assigned_from, controls, seat, support_source
from .world import WORLD

State = dict[str, Any]
Action = dict[str, Any]

MILITIA = "militia"  # the unit of an assignment that is a militia castle
SUPPORT_DONE: Action = {"type": "support_done"}


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
    if not assign_choices(state, faction, None):
        finish(state, faction, log)
        kernel.end_turn(state)


def _full(token: dict[str, Any]) -> bool:
    return sum(token["assigned"]) + token["militia"] >= token["value"]


def assign_choices(state: State, faction: int, only: list[dict[str, Any]] | None) -> list[Action]:
    """Assignments of the faction's units to its ranged tokens. `only`: the units moved in a
    battle ({"region", "units": count per class}), which may join a token of their new region."""
    w = WORLD
    tokens, units = state["tokens"], state["units"]
    out: list[Action] = []
    for border in state["ranged_at"][faction]:
        if border < 0:
            continue
        token = tokens[border]
        if _full(token):
            continue
        source = support_source(border, token)
        border_id = w.border_ids[border]
        if only is None:
            if state["occupant"][source] == faction:
                for c in CLASSES:
                    if units[source][c] > assigned_from(state, faction, source, c):
                        out.append({"type": "assign", "border": border_id, "unit": w.classes[c]})
            if _militia_free(state, faction, source):
                out.append({"type": "assign", "border": border_id, "unit": MILITIA})
        else:
            for entry in only:
                if entry["region"] != source:
                    continue
                for c in CLASSES:
                    if entry["units"][c]:
                        out.append({"type": "assign", "border": border_id, "unit": w.classes[c]})
    return out


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


def support_actions(state: State, faction: int) -> list[Action]:
    out = assign_choices(state, faction, None)
    out.append(SUPPORT_DONE)
    return out


def why_not_support(state: State, faction: int, action: Action) -> str | None:
    if action["type"] == "support_done":
        return None
    if action["type"] != "assign":
        return "in the support stage you assign units to your ranged tokens or finish"
    name = action.get("border")
    border = WORLD.border_index.get(name) if type(name) is str else None
    token = state["tokens"][border] if border is not None else None
    if token is None or token["faction"] != faction or token["kind"] != RANGED:
        return "there is no ranged token of yours on that border"
    if _full(token):
        return f"that token carries at most {token['value']} units (its arrows)"
    source = support_source(border, token)  # type: ignore[arg-type]
    if action.get("unit") == MILITIA:
        return None if _militia_free(state, faction, source) else "no free militia castle in the supporting region"
    unit_class = unit_class_of(action)
    if state["occupant"][source] == faction and state["units"][source][unit_class] > assigned_from(
        state, faction, source, unit_class
    ):
        return None
    return "that unit is not free in the supporting region (a unit supports one region only)"


def apply_support(state: State, faction: int, action: Action, log: Any) -> None:
    if action["type"] == "support_done":
        finish(state, faction, log)
        kernel.end_turn(state)
        return
    assign(state, faction, action, log)


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
