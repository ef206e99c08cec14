"""One spell per battle, cast by the hero (digest 6.4 step 3, 6.7): which spells may be
cast in this battle and what they do. Effects on the damage sequence (maximum damage, no
rout, an extra save, blindness, the phoenix) are marks on the battle's sides, by the first
card of the unit they touch, that battle.py and aftermath.py read."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel, zones
from boardwright.framework.choices import choose

from . import army, capital, cards
from .catalog import BATTLE, MACHINES, SPELLS, creature, hero, neutral

State = dict[str, Any]


def castable(spell: dict[str, Any], battle_type: str, tower: int) -> bool:
    if spell["level"] > tower:
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
    """Enemy units of level M (the tower level) a destroying spell may remove; Abyss takes
    one of any level, immune or not (digest 6.7)."""
    other = battle["sides"][1 - index]
    level = state["tower"][battle["sides"][index]["seat"]]
    found = []
    if other["seat"] is None:
        for card in other["cards"]:
            data = neutral(card)
            if _hit(spell, data, level):
                found.append((data["strength"], card))
    else:
        for unit in other["units"]:
            data = creature(unit[0])
            if _hit(spell, data, level):
                found.append((data["min"] * len(unit), unit))
    return found


def _hit(spell: dict[str, Any], data: dict[str, Any], level: int) -> bool:
    return (spell.get("any_level") or data["level"] == level) and (spell.get("any_immune") or not data.get("immune"))


def _own_units(side: dict[str, Any], troop: str = "any") -> list[list[str]]:
    """Own units a blessing may touch (magic immunity keeps blessings off too), strongest
    first; only those of `troop` unless it is ``any``."""
    units = [
        unit
        for unit in side["units"]
        if not creature(unit[0]).get("immune") and troop in ("any", creature(unit[0])["type"])
    ]
    return sorted(units, key=lambda unit: -creature(unit[0])["min"] * len(unit))


def _has_target(state: State, battle: dict[str, Any], index: int, spell: dict[str, Any]) -> bool:
    side, other = battle["sides"][index], battle["sides"][1 - index]
    effect = spell["effect"]
    if effect in ("destroy", "blind"):
        return bool(_targets(state, battle, index, spell))
    if effect == "add" and "unit" in spell:
        return bool(_own_units(side, spell["unit"]))
    if effect == "protection":
        return other["seat"] is not None and other["hero"] is not None
    if effect == "destroy_all":
        return bool(_targets(state, battle, index, spell)) and len(cards.chests(state, side["seat"])) >= spell["chests"]
    if effect == "maximum":
        if len(cards.creatures(state, side["seat"])) < spell.get("sacrifice", 0):
            return False
        return spell.get("all", False) or bool(_own_units(side))
    if effect == "shield":
        return bool(_own_units(side))
    if effect == "ward":
        return side["hero"] is not None or any(not creature(unit[0]).get("large") for unit in _own_units(side))
    if effect == "hero_loss":
        return other["seat"] is not None and other["hero"] is not None
    if effect == "devastation":
        return other["seat"] is not None
    if effect == "firestorm":
        return any(not o.get("immune") for o in army.opponent_types(battle, index))
    return True


def value(spell: dict[str, Any], hero_card: str, battle_type: str, count: int = 1, weaken: int = 0) -> int:
    """A strength value with the hero's skill: Blessing xX, Magic Strike +X (once in total);
    general spells get neither (digest 6.7, DECISIONS 28, 29); less `weaken` (an enemy's
    protection or Mystic Stone), not below 0."""
    base = spell.get("siege", spell["value"]) if battle_type == "siege" else spell["value"]
    amount = int(base) * count
    data = hero(hero_card)
    if spell["circle"] == "blessing" and data["class"] == 3:
        amount *= int(data["skill"])
    elif spell["circle"] == "destruction" and data["class"] == 6:
        amount += int(data["skill"])
    return max(0, amount - weaken)


def announce(state: State, battle: dict[str, Any], index: int, key: str, log: Any) -> None:
    """A spell named: cast at once against a neutral army or a printed strength; between
    players kept until both sides have named theirs, the defender first (digest 6.6 step 2),
    since a protection reacts to the enemy's choice (`resolve`)."""
    if battle["sides"][1]["seat"] is None:
        cast(state, battle, index, key, log)
        return
    if key:
        seat = battle["sides"][index]["seat"]
        log.emit("spell_cast", seat=seat, spell={"key": f"spell_{key}"}, at=_caster(battle, index))
        zones.reveal_all(state, f"school:{seat}")
    battle.setdefault("announced", {})[str(index)] = key


def resolve(state: State, battle: dict[str, Any], index: int, log: Any) -> None:
    """One side's spell between players: the defender's first, then the attacker's, each
    with its target chosen before the next acts. An enemy protection against the spell's
    school cancels it (an elemental is banished with it); any other protection, and the
    enemy's Mystic Stone, take their `weaken` off its strength value. A spell whose hero or
    target is gone by then (Stone of Fate, Abyss) is lost."""
    announced = battle.get("announced", {})
    key = announced.get(str(index), "")
    enemy_key = announced.get(str(1 - index), "")
    if index == 0:
        battle.pop("announced", None)  # the attacker's is the last
    if not key:
        return
    spell, side = SPELLS[key], battle["sides"][index]
    guard = SPELLS[enemy_key] if enemy_key and SPELLS[enemy_key]["effect"] == "protection" else None
    if guard is not None and guard["against"] == spell["school"]:
        log.emit("spell_cancelled", seat=side["seat"], spell={"key": f"spell_{key}"}, at=_caster(battle, index))
        return
    if side["hero"] is None or not _has_target(state, battle, index, spell):
        log.emit("spell_lost", seat=side["seat"], spell={"key": f"spell_{key}"}, at=_caster(battle, index))
        return
    enemy_seat = battle["sides"][1 - index]["seat"]
    weaken = int(guard["weaken"]) if guard is not None else 0
    weaken += sum(int(MACHINES[m].get("weaken", 0)) for m in state["machines"][enemy_seat])
    cast(state, battle, index, key, log, weaken, announced=True)


def _caster(battle: dict[str, Any], index: int) -> list[str]:
    hero_card = battle["sides"][index]["hero"]
    return [hero_card] if hero_card else []


def cast(
    state: State, battle: dict[str, Any], index: int, key: str, log: Any, weaken: int = 0, announced: bool = False
) -> None:
    if not key:
        return
    spell = SPELLS[key]
    side = battle["sides"][index]
    seat = side["seat"]
    effect = spell["effect"]
    if not announced:
        log.emit("spell_cast", seat=seat, spell={"key": f"spell_{key}"}, at=_caster(battle, index))
        zones.reveal_all(state, f"school:{seat}")
    if effect == "add":
        _add(side, value(spell, side["hero"], battle["type"], weaken=weaken))
    elif effect == "per_own":
        count = sum(1 for unit in _own_units(side) if army.troop(unit) == spell["troop"])
        _add(side, value(spell, side["hero"], battle["type"], count, weaken))
    elif effect == "per_enemy":
        count = sum(1 for o in army.opponent_types(battle, index) if o["type"] == spell["troop"])
        _add(side, value(spell, side["hero"], battle["type"], count, weaken))
    elif effect == "elemental":
        army.summon(state, side, value(spell, side["hero"], battle["type"], weaken=weaken), "spell")
    elif effect == "protection":
        return  # it acts on the enemy's spell (`resolve`)
    elif effect == "chest":
        cards.gain_chests(state, seat, 1)
    elif effect == "luck":
        side["luck"] += int(spell["value"])
    elif effect == "destroy_all":
        for _ in range(spell["chests"]):
            cards.return_chest(state, seat)
        for _, target in _targets(state, battle, index, spell):
            remove_unit(state, battle["sides"][1 - index], target)
    elif effect in HITS or (effect in MARKS and not spell.get("all")):
        if effect == "maximum":
            give_up(state, seat, cards.creatures(state, seat), spell.get("sacrifice", 0))
        aim(state, battle, index, key)
    else:
        marks(state, battle, index, spell)


# the spells that touch one unit of the caster's choice (digest 6.7): "one enemy unit of
# level M" (HITS), or "one of your units", with the mark each leaves on the caster's side
HITS = ("destroy", "blind")
MARKS = {"maximum": "maximum", "shield": "shielded", "ward": "warded"}


def aims(state: State, battle: dict[str, Any], index: int, spell: dict[str, Any]) -> list[str]:
    """The cards a spell may aim at, as the caster chooses: an enemy unit or neutral card it
    may hit, or an own unit (Earth Ward: an own unit without a save, or the hero); the one
    it would hit hardest first. A spell that names its target (Berserk: the strongest)
    offers that one alone."""
    effect = spell["effect"]
    if effect in HITS:
        found = sorted(_targets(state, battle, index, spell), key=lambda pair: -pair[0])
        names = [target if isinstance(target, str) else target[0] for _, target in found]
        return names[:1] if spell.get("strongest") else names
    side = battle["sides"][index]
    units = [unit[0] for unit in _own_units(side)]
    if effect == "ward":
        return [card for card in units if not creature(card).get("large")] + ([side["hero"]] if side["hero"] else [])
    return units


def aim(state: State, battle: dict[str, Any], index: int, key: str) -> None:
    """Ask the caster where the spell goes; one target is taken at once."""
    targets = aims(state, battle, index, SPELLS[key])
    choices = [{"type": "spell_target", "card": card} for card in targets]
    kernel.ask(state, battle["sides"][index]["seat"], "spell_target", choices, auto=True, side=index, spell=key)


def answer_spell_target(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
    """The spell lands on the card chosen: a mark on the caster's unit, or the enemy's unit
    destroyed or blinded (a neutral card blinded loses half its strength, rounded down)."""
    battle = state["battle"]
    index, card = decision["data"]["side"], choice["card"]
    effect = SPELLS[decision["data"]["spell"]]["effect"]
    side, other = battle["sides"][index], battle["sides"][1 - index]
    if effect in MARKS:
        side[MARKS[effect]].append(card)
        return
    if other["seat"] is None:
        target = card if card in other["cards"] else None
    else:
        target = next((unit for unit in other["units"] if unit[0] == card), None)
    if target is None:
        return  # gone before the spell landed
    if effect == "destroy":
        remove_unit(state, other, target)
    elif other["seat"] is None:
        strength = int(neutral(card)["strength"])
        _add(other, -(strength - strength // 2))
    else:
        other["blinded"].append(card)


def marks(state: State, battle: dict[str, Any], index: int, spell: dict[str, Any]) -> None:
    """The spells that change the damage sequence, the losses or the hands."""
    side, other = battle["sides"][index], battle["sides"][1 - index]
    seat, effect = side["seat"], spell["effect"]
    if effect == "maximum":  # Mass Blessing: every unit and the hero
        side["maximum"] = [unit[0] for unit in side["units"]] + ([side["hero"]] if side["hero"] else [])
    elif effect == "firestorm":
        hit = [o for o in army.opponent_types(battle, index) if not o.get("immune")]
        loss = (
            sum(min(spell["value"], int(o["strength"])) for o in hit)
            if other["seat"] is None
            else spell["value"] * len(hit)
        )
        _add(other, -loss)
    elif effect == "draw":
        cards.draw_creatures(state, seat, int(spell["value"]))
    elif effect == "phoenix":
        side["phoenix"] = True
    elif effect == "hero_loss":
        hero_card = other["hero"]
        other["hero"] = None
        cards.lose_hero(state, other["seat"], hero_card)
        zones.move(state, f"line:{other['seat']}", f"tavern_discard:{other['seat']}", hero_card)
    elif effect == "devastation":
        for card in cards.hand(state, other["seat"]):
            cards.discard_face_down(state, other["seat"], card)
    elif effect == "armageddon":
        for everyone in range(len(state["race"])):
            give_up(state, everyone, cards.hand(state, everyone), int(spell["discards"]), face_down=True)


def give_up(state: State, seat: int, pool: list[str], count: int, face_down: bool = False) -> None:
    """Cards a seat gives up of its choice (Armageddon face down, Sacrifice face up): a
    person picks them, a bot is offered those it would pay with first; with no choice they
    go at once."""
    count = min(count, len(pool))
    if count == len(pool) or count == 0:
        discard_cheapest(state, seat, pool, count, face_down)
        return
    cheapest = cards.cheapest_payment_from(list(pool), count)
    kernel.ask(
        state,
        seat,
        "give_up",
        [{"type": "give_up", "cards": cheapest}],
        open=[{"type": "give_up", "cards": choose(list(pool), count)}],
        face_down=face_down,
    )


def answer_give_up(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
    _give(state, decision["seat"], choice["cards"], decision["data"]["face_down"])


def discard_cheapest(state: State, seat: int, pool: list[str], count: int, face_down: bool = False) -> None:
    """The cards a seat gives up to a spell: those it would pay with first (digest 5.1 A)."""
    _give(state, seat, cards.cheapest_payment_from(list(pool), min(count, len(pool))) or [], face_down)


def _give(state: State, seat: int, given: list[str], face_down: bool) -> None:
    for card in given:
        if face_down:
            cards.discard_face_down(state, seat, card)
        else:
            cards.discard(state, seat, card)


def maximum_mark() -> int:
    return int(BATTLE["max_mark"])


def _add(side: dict[str, Any], amount: int) -> None:
    side["total"] += amount
    side["ledger"].append(["spell", amount])


def remove_unit(state: State, other: dict[str, Any], target: Any) -> None:
    """A neutral card discarded (O drops by its strength), or an enemy unit destroyed."""
    if other["seat"] is None:
        other["cards"].remove(target)
        other["total"] -= neutral(target)["strength"]
        zones.move(state, "army", "neutral_discard", target)
    else:
        army.drop_unit(other, target)
        for card in target:
            zones.move(state, f"line:{other['seat']}", f"discard:{other['seat']}", card)
