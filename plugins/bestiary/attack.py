"""Attacks (digest §5.2-5.5): targets in the ability's area, strength against defence, wounds,
vampirism, Protorp victory points, and banishment back to the creature's castle."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from .boards import MASS_AREAS, combos
from .catalogue import CREATURES, NEGATIVE, PROTORP, creature_name
from .creatures import (
    State,
    attack_net,
    board_of,
    count,
    defence,
    free,
    haste_net,
    in_own_castle,
    inactive,
    index_of,
    is_protorp,
    lift,
)
from .siege import captured_towers, castle_damage

Action = dict[str, Any]
Log = Any


def attack_targets(state: State, index: int, hexes: list[int]) -> list[int]:
    """Enemy creatures on `hexes` the attack may hit (not in their own castle)."""
    creatures = state["creatures"]
    occupant = state["occupant"]
    creature = creatures[index]
    same_terrain = CREATURES[creature["id"]]["attack"].get("same_terrain")
    terrain = board_of(state).terrain
    out = []
    for h in hexes:
        target_index = occupant[h]
        if target_index < 0:
            continue
        target = creatures[target_index]
        if target["side"] == creature["side"] or in_own_castle(state, target):
            continue
        if same_terrain and (terrain[h] != terrain[creature["hex"]] or terrain[h] == "none"):
            continue
        out.append(target_index)
    return out


def mass_choices(state: State, base: Action, targets: list[int]) -> list[Action]:
    """A mass use hits every target; on Protorp at most `mass_cap` of them, chosen."""
    if not targets:
        return []
    cap = PROTORP["mass_cap"]
    if not is_protorp(state) or len(targets) <= cap:
        return [base]
    creatures, keys = state["creatures"], board_of(state).keys
    names = sorted((keys[creatures[t]["hex"]], creatures[t]["id"]) for t in targets)
    return [dict(base, targets=combo) for combo in combos([name for _, name in names], cap)]


def attack_actions(state: State, index: int) -> list[Action]:
    creature = state["creatures"][index]
    area = CREATURES[creature["id"]]["attack"]["area"]
    board = board_of(state)
    hexes = board.area(area, creature["hex"])
    name = creature["id"]
    if area not in MASS_AREAS:
        creatures = state["creatures"]
        return [
            {"type": "attack", "creature": name, "target": creatures[t]["id"]}
            for t in attack_targets(state, index, hexes)
        ]
    if area == "line_all":
        out = []
        for direction, ray in enumerate(hexes):
            base = {"type": "attack", "creature": name, "direction": direction}
            out += mass_choices(state, base, attack_targets(state, index, ray))
        return out
    return mass_choices(state, {"type": "attack", "creature": name}, attack_targets(state, index, hexes))


def strength(state: State, index: int, target_index: int) -> int:
    """The attack's strength against one target: its formula plus the net ATK markers."""
    creature = state["creatures"][index]
    target = state["creatures"][target_index]
    spec = CREATURES[creature["id"]]["attack"]
    kind = spec["strength"]
    base = spec.get("base", 0)
    board = board_of(state)
    if kind == "fixed":
        value = base
    elif kind == "target_slowed":
        value = base + (spec["bonus"] if haste_net(state, target) < 0 else 0)
    elif kind == "target_inaction":
        value = base + (spec["bonus"] if inactive(state, target) else 0)
    elif kind == "self_terrain":
        value = base + (spec["bonus"] if board.terrain[creature["hex"]] == spec["terrain"] else 0)
    elif kind == "self_defence":
        value = base + defence(creature)
    elif kind == "free_adjacent":
        value = min(spec["cap"], sum(1 for h in board.nbr[target["hex"]] if free(state, h)))
    elif kind == "occupied_adjacent":
        value = min(spec["cap"], sum(1 for h in board.nbr[target["hex"]] if not free(state, h)))
    elif kind == "towers":
        if is_protorp(state):
            value = min(spec["cap"], sum(1 for owner in state["castle_owners"] if owner == creature["seat"]))
        else:
            value = len(captured_towers(state, creature["side"]))
    elif kind == "negative_markers":
        value = sum(1 for marker in target["markers"] if marker[0] in NEGATIVE)
    elif kind == "self_damage":
        value = base + min(spec["cap"], creature["damage"])
    else:
        raise ValueError(f"unknown attack strength {kind!r}")
    return int(value) + attack_net(creature)


def chosen_targets(state: State, action: Action) -> list[int]:
    """The creatures an ability use names: several ("targets") or one ("target")."""
    if "targets" in action:
        return [index_of(state, name) for name in action["targets"]]
    return [index_of(state, action["target"])]


def strike(state: State, action: Action, log: Log) -> None:
    """Resolve an attack: wounds to each target, vampirism, Protorp VP; banishments follow as steps."""
    index = index_of(state, action["creature"])
    creatures = state["creatures"]
    creature = creatures[index]
    attack = CREATURES[creature["id"]]["attack"]
    hexes = board_of(state).area(attack["area"], creature["hex"])
    if "direction" in action:
        hexes = hexes[action["direction"]]
    if "target" in action or "targets" in action:
        targets = chosen_targets(state, action)
    else:
        targets = attack_targets(state, index, hexes)
    creature["attack_used"] = True
    wounds = [_wound(state, index, target, log) for target in targets]
    if sum(dealt for dealt, _ in wounds) > 0 and count(creature, "VAMP") and creature["damage"] > 0:
        creature["damage"] -= 1
        log.emit("vampirism", creature=creature_name(creature["id"]), at=[creature["id"]], show="+1")
    banished = [t for t in targets if creatures[t]["damage"] >= CREATURES[creatures[t]["id"]]["life"]]
    if is_protorp(state):
        taken = [min(dealt, life_left) for dealt, life_left in wounds]
        _victory_points(state, creature, list(zip(targets, taken, strict=True)), banished, log)
    tableaus = state["tableaus"]
    banished.sort(key=lambda t: (creatures[t]["seat"], tableaus[creatures[t]["seat"]].index(t)))
    kernel.queue_steps(state, [("banish", {"creature": t}) for t in banished], first=True)


def _wound(state: State, index: int, target_index: int, log: Log) -> tuple[int, int]:
    """One target's wounds; returns (damage dealt, wounds it could still take before)."""
    creature = state["creatures"][index]
    target = state["creatures"][target_index]
    attack = CREATURES[creature["id"]]["attack"]
    value = strength(state, index, target_index)
    guard = defence(target)
    dealt = max(0, value - guard)
    life_left = CREATURES[target["id"]]["life"] - target["damage"]
    target["damage"] += dealt
    if not log.recording:  # a bot's search or playout builds no texts (framework/events.py)
        return dealt, life_left
    log.emit(
        "attack",
        seat=creature["seat"],
        creature=creature_name(creature["id"]),
        ability={"en": attack["name_en"], "ru": attack["name_ru"]},
        target=creature_name(target["id"]),
        strength=value,
        defence=guard,
        damage=dealt,
        at=[target["id"], creature["id"]],  # the target first: the damage floats over it
        show=f"-{dealt} ({value}-{guard})",
    )
    return dealt, life_left


def _victory_points(
    state: State, creature: dict[str, Any], wounds: list[tuple[int, int]], banished: list[int], log: Log
) -> None:
    """Protorp: 5 VP a banishment for two players; for more, VP per wound plus a banishment bonus."""
    ffa = state["mode"] == "protorp_ffa"
    seat = creature["seat"]
    for target, taken in wounds:
        if ffa:
            points = taken * PROTORP["vp_per_wound_ffa"] + (PROTORP["vp_banish_bonus_ffa"] if target in banished else 0)
        else:
            points = PROTORP["vp_banish_duel"] if target in banished else 0
        if points:
            state["victory_points"][seat] += points
            log.emit("vp", seat=seat, vp=points, total=state["victory_points"][seat])


def banish(state: State, data: dict[str, Any], log: Log) -> None:
    """Step: a banished creature heals, loses its markers and goes back to its card (it enters
    its castle when free); outside Protorp its castle takes 1 damage."""
    target = state["creatures"][data["creature"]]
    target["damage"] = 0
    target["markers"] = []
    lift(state, data["creature"])
    log.emit("banished", seat=target["seat"], creature=creature_name(target["id"]), at=[target["id"]])

    if not is_protorp(state):
        castle_damage(state, target["side"], 1, log)
