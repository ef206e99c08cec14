"""Battles (digest 6), as queued steps in the digest's order: deployment, the spell,
bonuses (formations, weapons and clashes, machines and tower, hero), luck, the damage
sequence left to right with bribe windows and the early stop, then losses, saves, courage
and rewards. Side 0 is the player who started the battle; side 1 its opponent: a neutral
army (cards in the public zone ``army``), a printed strength, or another player."""

from __future__ import annotations

from typing import Any

from boardwright.framework import decks, kernel, zones

from . import army, capital, cards, spells
from .catalog import BATTLE, creature, hero, mark, neutral

State = dict[str, Any]


def new_side(seat: int | None, total: int = 0) -> dict[str, Any]:
    return {
        "seat": seat,
        "units": [],
        "hero": None,
        "total": total,
        "next": 0,
        "done": seat is None,
        "routed": [],
        "hero_routed": False,
        "elemental": 0,  # the strength of the side's elementals, 0 with none
        "elemental_at": None,  # the elemental's slot among the units; None: just left of the hero
        "luck": 0,
        "ledger": [],
        "cards": [],
        "drum": False,
        "maximum": [],
        "shielded": [],
        "warded": [],
        "blinded": [],
        "phoenix": False,
        "dealt": [],
    }


def start(state: State, battle_type: str, card: str | None, opponent: dict[str, Any], **extra: Any) -> None:
    """Open a battle for the active seat and queue its steps."""
    seat = kernel.active(state)
    state["battle"] = {
        "type": battle_type,
        "card": card,
        "sides": [new_side(seat), opponent],
        "units_vp": 0,
        "mercenaries": 0,
        # between players the defender reveals first (DECISION 14)
        "turn": 1 if opponent["seat"] is not None else 0,
        "result": None,
        **extra,
    }
    # between players one step lines up both sides in turn (deployment.py)
    steps: list[tuple[str, dict[str, Any]]] = [("deploy", {"side": 0})]
    if opponent["seat"] is not None:
        steps.append(("cast", {"side": 1}))
    steps.append(("cast", {"side": 0}))
    if opponent["seat"] is not None:
        steps += [("spells", {"index": 1}), ("spells", {"index": 0})]  # both named; now they act, the defender first
    steps += [("bonuses", {}), ("sequence", {}), ("result", {})]
    kernel.queue_steps(state, steps, first=True)


def neutral_army(state: State, units: int) -> dict[str, Any]:
    """U cards from the neutral deck, face up, left to right (digest 6.3)."""
    drawn = decks.draw(state, "neutral_deck", "army", units, discard_id="neutral_discard")
    side = new_side(None, sum(neutral(card)["strength"] for card in drawn))
    side["cards"] = list(drawn)
    return side


def standing_army(state: State, card: str) -> dict[str, Any]:
    """The neutral army left on a table card after an earlier defeat (digest 5.1 D)."""
    for neutral_card in state["standing"].pop(card, []):
        zones.move(state, "standing", "army", neutral_card)
    side = new_side(None, sum(neutral(c)["strength"] for c in zones.items(state, "army")))
    side["cards"] = list(zones.items(state, "army"))
    return side


def neutral_luck(state: State) -> int:
    return int(state["week"]) - 1


def kingdom_luck(state: State, seat: int) -> int:
    luck = capital.policy_active(state, seat, 3) + state["ritual"][seat]
    if capital.built(state, seat, "unique") and capital.RACES[state["race"][seat]]["unique"] == "luck":
        luck += 1
    return int(luck)


# --- the spell ---


def step_cast(state: State, data: dict[str, Any], log: Any) -> None:
    battle = state["battle"]
    side = battle["sides"][data["side"]]
    choices = spells.choices(state, battle, data["side"])
    if len(choices) > 1:
        kernel.ask(state, side["seat"], "spell", choices, side=data["side"])


def answer_spell(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
    spells.announce(state, state["battle"], decision["data"]["side"], choice["spell"], log)


def step_spells(state: State, data: dict[str, Any], log: Any) -> None:
    spells.resolve(state, state["battle"], data["index"], log)


# --- steps 1-5 ---


def step_bonuses(state: State, data: dict[str, Any], log: Any) -> None:
    battle = state["battle"]
    for index, side in enumerate(battle["sides"]):
        if side["seat"] is not None:
            add_bonuses(state, battle, index)
    luck_step(state, battle, log)


def _add(side: dict[str, Any], what: str, value: int) -> None:
    if value:
        side["total"] += value
        side["ledger"].append([what, value])


def add_bonuses(state: State, battle: dict[str, Any], index: int) -> None:
    side = battle["sides"][index]
    seat, units, hero_card = side["seat"], side["units"], side["hero"]
    kind = battle["type"]
    opposing = army.opponent_types(battle, index)
    hero_class = hero(hero_card)["class"] if hero_card else 0
    if kind in ("field", "player"):
        name, bonus = army.formation_bonus(units, tactics=hero_class == 8)
        _add(side, f"formation_{name}", bonus)
        _add(side, "clash", army.clash_bonus(units, opposing))
    immune = any(o.get("immune") for o in opposing)
    _add(side, "weapon", army.weapon_bonus(kind, units, hero_card, immune))
    enemy_seat = battle["sides"][1 - index]["seat"]
    machines = army.machines_bonus(state, seat, kind, enemy_seat)
    _add(side, "machines", machines * (2 if hero_class == 7 else 1))
    _add(side, "tower", army.tower_bonus(state, seat, kind))
    state["well"][seat] = False
    _add(side, "hero", army.hero_bonus(hero_card, units))
    if army.elementalist(hero_card):  # step 4: the Elementalist's elemental (digest 6.4 step 6)
        army.summon(state, side, army.elementalist(hero_card), "hero")


def luck_delta(state: State, battle: dict[str, Any], index: int) -> int:
    side, other = battle["sides"][index], battle["sides"][1 - index]
    mine = kingdom_luck(state, side["seat"]) + side["luck"]
    if other["seat"] is not None:
        theirs = kingdom_luck(state, other["seat"]) + other["luck"]
        return max(0, mine - theirs)  # only the luckier side applies it (DECISION 13)
    theirs = 0 if battle.get("owner") is not None else neutral_luck(state)
    return mine - theirs


def luck_value(state: State, seat: int, delta: int) -> int:
    """Digest 6.4 step 5: reveal until a marked card (positive), or one card (negative)."""
    if delta == 0:
        return 0
    while True:
        card = cards.reveal_top(state, seat, f"strikes:{seat}")
        if card is None:
            return 0
        m = mark(card)
        if delta < 0:
            return int(BATTLE["blank_luck_penalty"]) if m == 0 else delta * m
        if m:
            return delta * m


def luck_step(state: State, battle: dict[str, Any], log: Any) -> None:
    for index, side in enumerate(battle["sides"]):
        if side["seat"] is None:
            continue
        strikes = f"strikes:{side['seat']}"
        before = zones.count(state, strikes)
        value = luck_value(state, side["seat"], luck_delta(state, battle, index))
        _add(side, "luck", value)
        if value:
            log.emit("luck", seat=side["seat"], value=value, at=zones.items(state, strikes)[before:])


# --- step 6: the damage sequence ---


def slot_count(side: dict[str, Any]) -> int:
    return len(side["units"]) + (1 if side["elemental"] else 0) + (1 if side["hero"] else 0)


def step_sequence(state: State, data: dict[str, Any], log: Any) -> None:
    """One slot of one side: the bribe window, the early stop, the reveal; then again."""
    battle = state["battle"]
    sides = battle["sides"]
    index = battle["turn"]
    side, other = sides[index], sides[1 - index]
    if side["done"]:
        if other["done"]:
            return
        battle["turn"] = 1 - index
        kernel.queue_step(state, "sequence", first=True)
        return
    if side["next"] >= slot_count(side) or (other["done"] and side["total"] > other["total"]):
        side["done"] = True  # all revealed, or the early stop: the rest stay in reserve
        kernel.queue_step(state, "sequence", first=True)
        return
    kernel.queue_steps(state, [("window", {"asked": 0}), ("reveal", {})], first=True)


def window_seats(state: State, battle: dict[str, Any]) -> list[int]:
    """Who may pay chests before a reveal (digest 6.5): against neutrals the fighter first,
    then the others clockwise; between players both sides, the attacker first; none in
    sieges and dungeons."""
    fighter, enemy = battle["sides"][0]["seat"], battle["sides"][1]["seat"]
    if battle["type"] == "player":
        return [fighter, enemy]
    if enemy is not None or battle["type"] != "field":
        return []
    count = kernel.seats(state)
    return [(fighter + i) % count for i in range(count)]


def bribe_target(battle: dict[str, Any], seat: int) -> int | None:
    """The slot a chest of `seat` bribes away: the enemy's weakest unit, ties to the right
    (DECISION 33); a player's elemental counts as level 7, a hero never goes (digest 6.5).
    A neutral card's index, or a player's slot in its line (army.line)."""
    sides = battle["sides"]
    enemy = sides[1] if sides[0]["seat"] == seat else sides[0]
    if enemy["seat"] is None:
        cards_left = enemy["cards"]
        if not cards_left:
            return None
        return min(reversed(range(len(cards_left))), key=lambda i: neutral(cards_left[i])["strength"])
    units = enemy["units"]
    levels = [int(BATTLE["elemental_level"]) if u is None else army.level(units[u]) for u in army.line(enemy)]
    if not levels:
        return None
    return min(reversed(range(len(levels))), key=lambda i: levels[i])


def step_window(state: State, data: dict[str, Any], log: Any) -> None:
    battle = state["battle"]
    seats = window_seats(state, battle)
    for position in range(data["asked"], len(seats)):
        if offer(state, battle, seats[position], position == 0 or battle["type"] == "player"):
            kernel.queue_step(state, "window", first=True, asked=position + 1)
            return


def offer(state: State, battle: dict[str, Any], seat: int, bribes: bool) -> bool:
    """Ask `seat` whether it pays a chest now, to bribe (`bribes`) or to hire a mercenary;
    False when it has no chest or nothing to pay for."""
    if not cards.chests(state, seat):
        return False
    if bribes and bribe_target(battle, seat) is not None:
        kind = "bribe"
    elif not bribes and zones.count(state, "neutral_deck") + zones.count(state, "neutral_discard"):
        kind = "mercenary"
    else:
        return False
    kernel.ask(state, seat, "window", [{"type": kind, "pay": False}, {"type": kind, "pay": True}])
    return True


def answer_window(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
    """A chest paid; the seat may pay another in the same window, as many as it holds
    (digest 6.5: any number of chests may be spent)."""
    if not choice["pay"]:
        return
    battle = state["battle"]
    seat = decision["seat"]
    cards.return_chest(state, seat)
    if choice["type"] == "bribe":
        bribe(state, battle, seat, log)
    else:
        hire(state, battle, seat, log)
    offer(state, battle, seat, choice["type"] == "bribe")


def hire(state: State, battle: dict[str, Any], seat: int, log: Any) -> None:
    """A mercenary: the neutral deck's top card joins the army another player fights."""
    opponent = battle["sides"][1]
    drawn = decks.draw(state, "neutral_deck", "army", 1, discard_id="neutral_discard")
    if drawn:
        opponent["cards"].append(drawn[0])
        opponent["total"] += neutral(drawn[0])["strength"]
        battle["mercenaries"] += 1
        log.emit("mercenary", seat=seat, card={"key": f"neutral_{drawn[0].split(':')[1]}"}, at=[drawn[0]])


def bribe(state: State, battle: dict[str, Any], seat: int, log: Any) -> None:
    """The weakest enemy unit leaves the battle: a neutral card to its discard (O drops by
    its strength); a player's unit back to its owner's hand, not routed, its damage taken
    off if it was revealed, or the elemental with the strength it added (digest 6.5).
    Bonuses added before the sequence stay as they are."""
    sides = battle["sides"]
    enemy = sides[1] if sides[0]["seat"] == seat else sides[0]
    slot = bribe_target(battle, seat)
    assert slot is not None
    if enemy["seat"] is None:
        weakest = enemy["cards"].pop(slot)
        enemy["total"] -= neutral(weakest)["strength"]
        log.emit("bribe", seat=seat, card={"key": f"neutral_{weakest.split(':')[1]}"}, at=[weakest])
        zones.move(state, "army", "neutral_discard", weakest)
        return
    owner = enemy["seat"]
    revealed = slot < enemy["next"]
    index = army.line(enemy)[slot]
    if index is None:
        enemy["total"] -= enemy["elemental"]
        enemy["elemental"], enemy["elemental_at"] = 0, None
        log.emit("bribe", seat=seat, card={"key": "elemental"})
    else:
        unit = enemy["units"][index]
        army.drop_unit(enemy, unit)
        enemy["total"] -= enemy["dealt"].pop(index) if revealed else 0
        enemy["routed"] = [r - (r > index) for r in enemy["routed"] if r != index]
        log.emit("bribe", seat=seat, card={"key": f"creature_{creature(unit[0])['key']}"}, at=list(unit))
        for card in unit:
            zones.move(state, f"line:{owner}", f"creatures:{owner}", card, show=[owner])
    if revealed:
        enemy["next"] -= 1


def step_reveal(state: State, data: dict[str, Any], log: Any) -> None:
    battle = state["battle"]
    index = battle["turn"]
    side = battle["sides"][index]
    other = battle["sides"][1 - index]
    if side["next"] >= slot_count(side) or (other["done"] and side["total"] > other["total"]):
        side["done"] = True  # a bribe in the window took its last slot away, or the early stop
    else:
        reveal_slot(state, side, log)
    if side["next"] >= slot_count(side):
        side["done"] = True
    if not other["done"]:
        battle["turn"] = 1 - index
    if not (side["done"] and other["done"]):
        kernel.queue_step(state, "sequence", first=True)


def strike(state: State, side: dict[str, Any]) -> int:
    """A strike mark: the top card face up under the slot; an empty deck gives 0."""
    seat = side["seat"]
    card = cards.reveal_top(state, seat, f"strikes:{seat}")
    m = mark(card) if card is not None else 0
    if m == 0 and card is not None and not side["drum"] and side["hero"]:
        if hero(side["hero"])["special"]["kind"] == "blood_drum":
            side["drum"] = True
            return strike(state, side)
    return m


def reveal_slot(state: State, side: dict[str, Any], log: Any) -> None:
    slot = side["next"]
    side["next"] += 1
    seat, units = side["seat"], side["units"]
    before = zones.count(state, f"strikes:{seat}")
    order = army.line(side)
    if slot < len(order) and order[slot] is None:
        return  # the elemental: counted when summoned, never routed (DECISION 31)
    if slot < len(order):
        index = order[slot]
        unit = units[index]
        data = creature(unit[0])
        least = data["min"] + capital.barracks_upgrades(state, seat, data["level"])
        m = spells.maximum_mark() if unit[0] in side["maximum"] else strike(state, side)
        counted = 0 if unit[0] in side["blinded"] else m  # blindness: only the Min, whatever the mark
        damage = (least + counted) * len(unit) * army.multiplier(side["hero"], unit)
        if m == 0 and unit[0] not in side["shielded"]:
            side["routed"].append(index)
        side["dealt"].append(damage)
        side["total"] += damage
        at = [*unit, *zones.items(state, f"strikes:{seat}")[before:]]
        log.emit("strike", seat=seat, unit={"key": f"creature_{data['key']}"}, mark=m, damage=damage, at=at)
    else:
        data = hero(side["hero"])
        m = spells.maximum_mark() if side["hero"] in side["maximum"] else strike(state, side)
        great = data["skill"] if data["class"] == 9 else 1
        damage = (1 + m) * great + state["courage"].get(side["hero"], 0)
        side["hero_routed"] = m == 0
        side["total"] += damage
        at = [side["hero"], *zones.items(state, f"strikes:{seat}")[before:]]
        hero_name = {"key": f"hero_{side['hero'].split(':')[2]}"}
        log.emit("strike", seat=seat, unit=hero_name, mark=m, damage=damage, at=at)


def clash_result(battle: dict[str, Any]) -> str:
    """win, loss or draw for side 0 (digest 6.4 step 7, 6.6)."""
    mine, theirs = battle["sides"][0]["total"], battle["sides"][1]["total"]
    if mine > theirs:
        return "win"
    if mine == theirs and battle["sides"][1]["seat"] is not None:
        return "draw"
    return "loss"
