"""Creatures on the field: heroes and characters, their stats with every modifier (§6.9).

A creature is ``state["units"][uid]``: its card (a character id or a hero id), the item of
its card (None for a hero), owner, base centre and radius, facing, wounds and flags.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import field

from .cards import CARDS, CONTACT, HEROES, RELICS_BY_ID, TERRAIN, ruler

State = dict[str, Any]


def units(state: State) -> dict[str, dict[str, Any]]:
    everyone: dict[str, dict[str, Any]] = state["units"]
    return everyone


def base(unit: dict[str, Any]) -> dict[str, Any]:
    return {"circle": unit["at"], "radius": unit["radius"]}


def data(unit: dict[str, Any]) -> dict[str, Any]:
    return HEROES[unit["card"]] if unit["hero"] else CARDS[unit["card"]]


def hero_of(state: State, seat: int) -> str | None:
    for uid, unit in units(state).items():
        if unit["hero"] and unit["owner"] == seat:
            return uid
    return None


def worn(state: State, seat: int) -> list[dict[str, Any]]:
    """The relics the seat's hero wears: {"item", "card", "tokens", "uses"}."""
    relics: list[dict[str, Any]] = state["relics"][seat]
    return relics


def relic_data(relic: dict[str, Any]) -> dict[str, Any]:
    return RELICS_BY_ID[relic["card"]]


def armoured_relic(relic: dict[str, Any], key: str) -> bool:
    """A durable relic's effect works while it has tokens; a permanent one always."""
    info = relic_data(relic)
    return bool(info.get(key)) and ("durability" not in info or relic["tokens"] > 0)


def prop(state: State, uid: str, name: str) -> Any:
    """A property of the creature's card, or a gained one (a relic, terrain), else None."""
    unit = units(state)[uid]
    value = data(unit)["props"].get(name)
    if value is not None:
        return value
    if name == "agile" and unit["hero"] and any(armoured_relic(r, "agile") for r in worn(state, unit["owner"])):
        return True
    if name == "stalwart" and _touches_own(state, uid, "stalwart"):
        return True
    return None


def has(state: State, uid: str, name: str) -> bool:
    return bool(prop(state, uid, name))


def _touches_own(state: State, uid: str, flag: str) -> bool:
    unit = units(state)[uid]
    return any(
        TERRAIN[t["card"]].get(flag) and t["owner"] == unit["owner"] and field.touches(base(unit), t["shape"], CONTACT)
        for t in state["terrain"]
    )


def movement_ruler(state: State, uid: str) -> str:
    return str(data(units(state)[uid])["move"])


def health(state: State, uid: str) -> int:
    return int(data(units(state)[uid])["health"])


def is_character(state: State, uid: str) -> bool:
    return not units(state)[uid]["hero"]


def friends(state: State, uid: str) -> list[str]:
    """The creature's side's other creatures."""
    owner = units(state)[uid]["owner"]
    return [other for other, u in units(state).items() if u["owner"] == owner and other != uid]


def enemies(state: State, uid: str) -> list[str]:
    owner = units(state)[uid]["owner"]
    return [other for other, u in units(state).items() if u["owner"] != owner]


def within(state: State, a: str, b: str, reach: float) -> bool:
    everyone = units(state)
    return field.within(base(everyone[a]), base(everyone[b]), reach)


def aura(state: State, uid: str, key: str) -> int:
    """The sum of a numeric aura `key` ([ruler, amount]) that friendly sources other than
    the creature give it; relic auras (the Griffin Banner) reach out from the hero."""
    total = 0
    for other in friends(state, uid):
        spec = prop(state, other, key)
        if spec and within(state, uid, other, ruler(spec[0])):
            total += int(spec[1])
    unit = units(state)[uid]
    hero = hero_of(state, unit["owner"])
    if not unit["hero"] and hero is not None:
        for relic in worn(state, unit["owner"]):
            spec = relic_data(relic).get(key)
            if spec and armoured_relic(relic, key) and within(state, uid, hero, ruler(spec[0])):
                total += int(spec[1])
    return total


def strength(state: State, uid: str) -> int:
    """Strength with markers: the Arena's bonus, Berserk while wounded, the Marshal's Helm."""
    unit = units(state)[uid]
    total = int(data(unit)["strength"]) + int(unit["bonus"].get("strength", 0))
    berserk = prop(state, uid, "berserk")
    if berserk and unit["wounds"] > 0:
        total += int(berserk)
    if unit["hero"]:
        total += sum(
            int(relic_data(r).get("strength", 0)) for r in worn(state, unit["owner"]) if armoured_relic(r, "strength")
        )
    return total


def magic_resistance(state: State, uid: str) -> int:
    unit = units(state)[uid]
    own = int(prop(state, uid, "magic_resistance") or 0)
    return own + aura(state, uid, "aura_magic_resistance") + (1 if unit.get("sanctuary") else 0)


def armour(state: State, uid: str) -> int:
    return int(prop(state, uid, "armour") or 0)
