"""One spell per battle, cast by the hero (digest 6.4 step 3, 6.7): which spells may be
cast in this battle and what they do. Spells whose effect is `none` in schools.toml are
shown on the tablet but not offered yet."""

from __future__ import annotations

from typing import Any

from boardwright.framework import zones

from . import army, capital, cards
from .catalog import SPELLS, creature, hero, neutral

State = dict[str, Any]


def castable(spell: dict[str, Any], battle_type: str, tower: int) -> bool:
    if spell["effect"] == "none" or spell["level"] > tower:
        return False
    destruction = spell["circle"] == "destruction"
    if (
        battle_type == "siege"
        and destruction
        and (spell.get("siege_banned") or ("siege" not in spell and not spell.get("siege_only")))
    ):
        return False
    if battle_type != "siege" and spell.get("siege_only"):
        return False
    if battle_type == "dungeon":
        if destruction and not spell.get("dungeon"):
            return False
        if spell["effect"] == "elemental" and spell.get("large"):
            return False
    return True


def choices(state: State, battle: dict[str, Any], index: int) -> list[dict[str, Any]]:
    side = battle["sides"][index]
    seat = side["seat"]
    school = capital.school_of(state, seat)
    out: list[dict[str, Any]] = [{"type": "spell", "spell": ""}]
    if side["hero"] is None or school is None:
        return out
    tower = state["tower"][seat]
    for key, spell in SPELLS.items():
        if (
            spell["school"] == school
            and castable(spell, battle["type"], tower)
            and _has_target(state, battle, index, spell)
        ):
            out.append({"type": "spell", "spell": key})
    return out


def _targets(state: State, battle: dict[str, Any], index: int, spell: dict[str, Any]) -> list[tuple[int, Any]]:
    """Enemy units of level M (the tower level) a destroying spell may remove."""
    other = battle["sides"][1 - index]
    level = state["tower"][battle["sides"][index]["seat"]]
    found = []
    if other["seat"] is None:
        for card in other["cards"]:
            data = neutral(card)
            if data["level"] == level and (spell.get("any_immune") or not data.get("immune")):
                found.append((data["strength"], card))
    else:
        for unit in other["units"]:
            data = creature(unit[0])
            if data["level"] == level and (spell.get("any_immune") or not data.get("immune")):
                found.append((data["min"], unit))
    return found


def _has_target(state: State, battle: dict[str, Any], index: int, spell: dict[str, Any]) -> bool:
    return spell["effect"] != "destroy" or bool(_targets(state, battle, index, spell))


def value(spell: dict[str, Any], hero_card: str, battle_type: str, count: int = 1) -> int:
    """A strength value with the hero's skill: Blessing xX, Magic Strike +X (once in total);
    general spells get neither (digest 6.7, DECISIONS 28, 29)."""
    base = spell.get("siege", spell["value"]) if battle_type == "siege" else spell["value"]
    amount = int(base) * count
    data = hero(hero_card)
    if spell["circle"] == "blessing" and data["class"] == 3:
        return amount * int(data["skill"])
    if spell["circle"] == "destruction" and data["class"] == 6:
        return amount + int(data["skill"])
    return amount


def cast(state: State, battle: dict[str, Any], index: int, key: str, log: Any) -> None:
    if not key:
        return
    spell = SPELLS[key]
    side = battle["sides"][index]
    seat = side["seat"]
    effect = spell["effect"]
    log.emit("spell_cast", seat=seat, spell={"key": f"spell_{key}"})
    zones.reveal_all(state, f"school:{seat}")
    if effect == "add":
        _add(side, value(spell, side["hero"], battle["type"]))
    elif effect == "per_own":
        count = sum(1 for unit in side["units"] if army.troop(unit) == spell["troop"])
        _add(side, value(spell, side["hero"], battle["type"], count))
    elif effect == "per_enemy":
        count = sum(1 for o in army.opponent_types(battle, index) if o["type"] == spell["troop"])
        _add(side, value(spell, side["hero"], battle["type"], count))
    elif effect == "elemental":
        side["elemental"] = value(spell, side["hero"], battle["type"])
        _add(side, side["elemental"])
    elif effect == "chest":
        cards.gain_chests(state, seat, 1)
    elif effect == "luck":
        side["luck"] += int(spell["value"])
    elif effect == "destroy":
        destroy(state, battle, index, spell)


def _add(side: dict[str, Any], amount: int) -> None:
    side["total"] += amount
    side["ledger"].append(["spell", amount])


def destroy(state: State, battle: dict[str, Any], index: int, spell: dict[str, Any]) -> None:
    other = battle["sides"][1 - index]
    _, target = max(_targets(state, battle, index, spell), key=lambda pair: pair[0])
    if other["seat"] is None:
        other["cards"].remove(target)
        other["total"] -= neutral(target)["strength"]
        zones.move(state, "army", "neutral_discard", target)
    else:
        other["units"].remove(target)
        for card in target:
            zones.move(state, f"line:{other['seat']}", f"discard:{other['seat']}", card)
