"""Armies (digest 6.2) and the bonuses added before the damage sequence (6.4 steps 1-4):
formations, weapon and clash bonuses, war machines, the tower, hero skills."""

from __future__ import annotations

import itertools
from typing import Any

from boardwright.framework import kernel

from . import capital, cards
from .catalog import BATTLE, MACHINES, creature, hero, neutral

State = dict[str, Any]
Unit = list[str]  # one slot: a single creature card or a column of the same creature


def level(unit: Unit) -> int:
    return int(creature(unit[0])["level"])


def troop(unit: Unit) -> str:
    return str(creature(unit[0])["type"])


def formation_bonus(units: list[Unit], tactics: bool = False) -> tuple[str, int]:
    """Royal straight, then manoeuvre, then the longest line (digest 6.4 step 1)."""
    singles = all(len(unit) == 1 for unit in units)
    levels = [level(unit) for unit in units]
    name, bonus = "none", 0
    steps = {b - a for a, b in itertools.pairwise(levels)}
    if singles and len(units) >= BATTLE["royal_min_units"] and (steps == {1} or steps == {-1}):
        name, bonus = "royal", BATTLE["royal_per_unit"] * len(units)
    elif singles and len(units) == BATTLE["manoeuvre_units"] and len(set(levels)) == len(units):
        name, bonus = "manoeuvre", BATTLE["manoeuvre_bonus"]
    else:
        best = run = 1
        for a, b in itertools.pairwise(units):
            run = run + 1 if troop(a) == troop(b) else 1
            best = max(best, run)
        if best >= 2:
            name, bonus = "line", best
    if tactics:
        bonus = bonus * 3 // 2
    return name, bonus


def opponent_types(battle: dict[str, Any], side: int) -> list[dict[str, Any]]:
    """The opposing units left to right, as data: neutral cards or an enemy's units."""
    other = battle["sides"][1 - side]
    if other["seat"] is None:
        return [neutral(card) for card in other.get("cards", [])]
    return [creature(unit[0]) for unit in other["units"]]


def weapon_bonus(battle_type: str, units: list[Unit], hero_card: str | None, enemy_immune: bool) -> int:
    """+1 per unit of the favoured troop, +1 per mage unless the enemy has an immune creature;
    the hero counts as a unit of its attack type (digest 6.4 step 2, DECISION 30)."""
    favoured = BATTLE["weapon"][battle_type]
    fighters = [creature(unit[0]) for unit in units]
    if hero_card is not None:
        fighters.append(hero(hero_card))
    bonus = sum(1 for f in fighters if f["type"] == favoured)
    if not enemy_immune:
        bonus += sum(1 for f in fighters if f.get("mage"))
    return bonus


def clash_bonus(units: list[Unit], opposing: list[dict[str, Any]]) -> int:
    """+2 for each unit whose type beats the unit facing it (field battles only)."""
    beats = BATTLE["beats"]
    return sum(
        BATTLE["clash_bonus"]
        for unit, enemy in zip(units, opposing, strict=False)
        if beats[troop(unit)] == enemy["type"]
    )


def machines_bonus(state: State, seat: int, battle_type: str, enemy_seat: int | None) -> int:
    if battle_type == "dungeon":
        return 0
    column = "siege" if battle_type == "siege" else "field"
    barrier = enemy_seat is not None and "barrier" in state["machines"][enemy_seat]
    total = sum(MACHINES[m][column] for m in state["machines"][seat] if not barrier or m == "steam_tank")
    return int(total)


def tower_bonus(state: State, seat: int, battle_type: str) -> int:
    tower = state["tower"][seat]
    if not tower:
        return 0
    if battle_type == "dungeon":
        tower = min(tower, BATTLE["dungeon_tower_level"])
    damage = BATTLE["tower_damage_base"] + BATTLE["tower_damage_per_level"] * tower
    return int(damage * (2 if state["well"][seat] else 1))


def hero_bonus(hero_card: str | None, units: list[Unit]) -> int:
    """Tactical skills per troop type and the +X specials (digest 6.4 step 4)."""
    if hero_card is None:
        return 0
    data = hero(hero_card)
    per_type = {2: "shooter", 4: "melee", 5: "flyer"}.get(data["class"])
    bonus = data["skill"] * sum(1 for unit in units if troop(unit) == per_type) if per_type else 0
    special = data["special"]
    if special["kind"] == "unit_bonus":
        bonus += special["value"] * sum(1 for unit in units if unit[0].split(":")[1] == special["creature"])
    return int(bonus)


def elementalist(hero_card: str | None) -> int:
    """The strength of the elemental an Elementalist brings to every battle (digest 11.4), or 0."""
    special = hero(hero_card)["special"] if hero_card is not None else {}
    return int(special["value"]) if special.get("kind") == "elementalist" else 0


# --- the elemental's place in the line (digest 6.2, 6.4 step 6, DECISION 31) ---


def line(side: dict[str, Any]) -> list[int | None]:
    """The slots before the hero, left to right: each unit's index, None for the elemental,
    which stands where its summoner put it (`elemental_at`), else just left of the hero."""
    order: list[int | None] = list(range(len(side["units"])))
    if side["elemental"]:
        at = side["elemental_at"]
        order.insert(len(order) if at is None else min(at, len(order)), None)
    return order


def summon(state: State, side: dict[str, Any], strength: int, ledger: str) -> None:
    """An elemental joins the side with its strength, counted at once; the first one takes a
    slot of its own, and its summoner chooses where it stands among the units (the player
    arranges the line, digest 6.2): first listed, just left of the hero."""
    placed = bool(side["elemental"])
    side["elemental"] += strength
    side["total"] += strength
    side["ledger"].append([ledger, strength])
    if placed:
        return
    ends = [side["hero"]] if side["hero"] else [None]
    befores = [*ends, *(unit[0] for unit in side["units"])]
    choices = [{"type": "elemental", "before": card} for card in befores]
    kernel.ask(state, side["seat"], "elemental", choices, auto=True)


def place_elemental(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
    """The elemental stands just left of the unit named (or of the hero: last)."""
    battle = state["battle"]
    side = next(s for s in battle["sides"] if s["seat"] == decision["seat"])
    firsts = [unit[0] for unit in side["units"]]
    before = choice["before"]
    side["elemental_at"] = firsts.index(before) if before in firsts else None


def drop_unit(side: dict[str, Any], unit: Unit) -> int:
    """Take a unit out of the line (a bribe, a spell); the elemental keeps its neighbours.
    Returns the unit's index."""
    index = side["units"].index(unit)
    side["units"].pop(index)
    at = side["elemental_at"]
    if at is not None and index < at:
        side["elemental_at"] = at - 1
    return index


def multiplier(hero_card: str | None, unit: Unit) -> int:
    if hero_card is None:
        return 1
    special = hero(hero_card)["special"]
    if special["kind"] == "unit_mult" and unit[0].split(":")[1] == special["creature"]:
        return int(special["value"])
    return 1


def slots(state: State, seat: int, hero_card: str | None) -> int:
    extra = 1 if hero_card is not None and hero(hero_card)["class"] == 1 else 0
    return capital.army_slots(state, seat) + extra


def eligible(state: State, seat: int, battle_type: str) -> dict[str, list[str]]:
    """The creatures that may fight, grouped by creature: barracks built, no large ones in
    a dungeon (digest 6.1, 6.2)."""
    groups: dict[str, list[str]] = {}
    for card in cards.creatures(state, seat):
        data = creature(card)
        if not capital.recruited(state, seat, data["level"]):
            continue
        if battle_type == "dungeon" and data.get("large"):
            continue
        groups.setdefault(data["key"], []).append(card)
    return groups


def card_strength(card: str) -> int:
    """How strong a creature card is for lining up: its Min, then its level."""
    return _strength(creature(card)["key"])


def _strength(key: str) -> int:
    from .catalog import CREATURES

    return int(CREATURES[key]["min"] * 10 + CREATURES[key]["level"])


def candidates(state: State, seat: int, battle_type: str) -> list[dict[str, Any]]:
    """Armies to choose from: for each hero (or none), a royal straight, a manoeuvre, the
    strongest single cards, and the strongest columns (where formations are allowed)."""
    groups = eligible(state, seat, battle_type)
    formations = battle_type in ("field", "player")
    out: list[dict[str, Any]] = []
    for hero_card in [*cards.heroes(state, seat), None]:
        size = slots(state, seat, hero_card)
        by_strength = sorted(groups, key=_strength, reverse=True)
        options = [[[groups[key][0]] for key in by_strength[:size]]]
        if formations:
            options.append([groups[key] for key in by_strength[:size]])
            options.append(_royal(groups, size))
            options.append([[groups[key][0]] for key in by_strength[:3]])
        for units in options:
            choice = {"type": "army", "units": units, "hero": hero_card}
            if units is not None and choice not in out:
                out.append(choice)
    return out


def _royal(groups: dict[str, list[str]], size: int) -> list[Unit]:
    from .catalog import CREATURES

    by_level = {CREATURES[key]["level"]: key for key in groups}
    best: list[int] = []
    for start in sorted(by_level):
        run = [start]
        while run[-1] + 1 in by_level and len(run) < size:
            run.append(run[-1] + 1)
        if len(run) >= len(best):
            best = run
    if len(best) < BATTLE["royal_min_units"]:
        return [[groups[by_level[lvl]][0]] for lvl in sorted(by_level, reverse=True)[:size]]
    return [[groups[by_level[lvl]][0]] for lvl in best]
