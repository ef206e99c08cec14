"""After the damage sequence (digest 6.4 steps 7-9): the result, losses and large-creature
saves, courage, trophies and VP, and what becomes of the travel card fought for."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel, zones

from . import capital, cards, war
from .battle import clash_result
from .catalog import BATTLE, CONFIG, creature, mark, travel
from .text import name_of

State = dict[str, Any]


def step_result(state: State, data: dict[str, Any], log: Any) -> None:
    battle = state["battle"]
    result = clash_result(battle)
    log.emit(
        "battle_" + result,
        seat=battle["sides"][0]["seat"],
        mine=battle["sides"][0]["total"],
        theirs=battle["sides"][1]["total"],
        at=fought_over(state, battle),
    )
    outcomes = {0: result, 1: {"win": "loss", "loss": "win", "draw": "draw"}[result]}
    for index, side in enumerate(battle["sides"]):
        if side["seat"] is not None:
            losses(state, side, outcomes[index], log)
    for neutral_card in list(zones.items(state, "army")):
        if result == "win":
            zones.move(state, "army", "neutral_discard", neutral_card)
    if battle.get("war"):
        war.after_battle(state, battle, result, log)
    elif result == "win":
        reward(state, battle, log)
    else:
        leave_on_table(state, battle)
    state["battle"] = None


def fought_over(state: State, battle: dict[str, Any]) -> list[str]:
    """The board items a battle is about: the travel card on the table or in the defender's
    domain, the capital's Palace in a siege of the capital, and both battle lines."""
    card = battle["card"]
    at = [card] if card is not None else ["palace"] if battle.get("war") else []
    for side in battle["sides"]:
        if side["seat"] is not None:
            at += zones.items(state, f"line:{side['seat']}")
    return at


def save(state: State, seat: int) -> bool:
    """A large creature's one save: a marked card keeps the unit (digest 6.4 step 8)."""
    card = cards.reveal_top(state, seat, f"strikes:{seat}")
    return card is not None and mark(card) > 0


def losses(state: State, side: dict[str, Any], outcome: str, log: Any) -> None:
    seat = side["seat"]
    lost: list[list[str]] = []
    for slot, unit in enumerate(side["units"]):
        saves = creature(unit[0]).get("large") or unit[0] in side["warded"]
        if slot in side["routed"] and not side["phoenix"] and not (saves and save(state, seat)):
            lost.append(unit)
    if lost and "first_aid_tent" in state["machines"][seat]:
        lost.remove(min(lost, key=lambda unit: creature(unit[0])["level"]))
    if lost:  # while the cards still lie in the battle line
        gone = [card for unit in lost for card in unit]
        log.emit("units_lost", seat=seat, count=len(gone), at=gone)
    for unit in side["units"]:
        for card in unit:
            target = f"discard:{seat}" if unit in lost else f"creatures:{seat}"
            zones.move(state, f"line:{seat}", target, card, show=[seat])
    hero_card = side["hero"]
    if hero_card is not None:
        warded = hero_card in side["warded"]  # Earth Ward: a large creature's save (digest 6.4 step 8)
        if side["hero_routed"] and not side["phoenix"] and not (warded and save(state, seat)):
            log.emit("hero_lost", seat=seat, at=[hero_card])
            cards.lose_hero(state, seat, hero_card)
            zones.move(state, f"line:{seat}", f"tavern_discard:{seat}", hero_card)
        else:
            cards.add_courage(state, hero_card, 1 - (outcome == "loss"))
            zones.move(state, f"line:{seat}", f"heroes:{seat}", hero_card, show=[seat])
    for card in list(zones.items(state, f"strikes:{seat}")):
        zones.move(state, f"strikes:{seat}", f"discard:{seat}", card)


def trophies(state: State, seat: int, battle_type: str) -> int:
    return int(BATTLE["trophies"].get(battle_type, 0) + capital.policy_active(state, seat, 2))


def reward(state: State, battle: dict[str, Any], log: Any) -> None:
    """A won battle over a travel card (digest 6.1, 6.4 step 9, 5.1 table)."""
    seat = battle["sides"][0]["seat"]
    card = battle["card"]
    data = travel(card)
    kind = data["kind"]
    if kind == "dungeon":  # the printed reward, and the Trophies policy's chest (digest 6.9)
        vp, chests = int(data["vp"]), int(data["chests"]) + trophies(state, seat, "dungeon")
    elif battle["type"] == "siege":
        vp, chests = int(BATTLE["siege_vp"]), trophies(state, seat, "siege")
    else:
        vp, chests = battle["units_vp"] + battle["mercenaries"], trophies(state, seat, "field")
    state["vp"][seat] += vp
    cards.gain_chests(state, seat, chests)
    log.emit("reward", seat=seat, vp=vp, chests=chests, at=[card])
    if kind == "treasure":
        treasure(state, seat, card, log)
        zones.move(state, "table", "travel_discard", card)
    elif kind == "dungeon":
        zones.move(state, "table", "removed", card)
    else:
        join_domain(state, seat, card, "table")


def treasure(state: State, seat: int, card: str, log: Any) -> None:
    data = travel(card)
    if "chests_by_week" in data:
        amount = int(data["chests_by_week"][min(state["week"], len(data["chests_by_week"])) - 1])
    else:
        amount = int(data["chests"])
    heroes = cards.heroes(state, seat)
    if data.get("experience") and heroes:
        # gold (the chests) or experience: as much courage to a hero in hand (digest 7.4, DECISION 32)
        choices = [{"type": "treasure", "hero": None, "amount": amount}]
        choices += [{"type": "treasure", "hero": hero_card, "amount": amount} for hero_card in heroes]
        kernel.ask(state, seat, "treasure", choices)
        return
    cards.gain_chests(state, seat, amount)
    if "discount" in data:
        state["cart_discount"][seat] = int(data["discount"])
    log.emit("treasure", seat=seat, chests=amount, at=[card])


def answer_treasure(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
    seat, amount, hero_card = decision["seat"], choice["amount"], choice["hero"]
    if hero_card is None:
        cards.gain_chests(state, seat, amount)
        log.emit("treasure", seat=seat, chests=amount)
        return
    cards.add_courage(state, hero_card, amount)
    log.emit("treasure_courage", seat=seat, hero={"key": f"hero_{hero_card.split(':')[2]}"}, courage=amount)


def join_domain(state: State, seat: int, card: str, source: str) -> None:
    """Appended at the end of the owner's lines (digest 7.6); closure at 9 cards. A garrison
    goes over domain cards its owner chooses (`ask_cover`)."""
    zones.move(state, source, f"domain:{seat}", card)
    state["domain"][seat].append(card)
    if travel(card)["kind"] == "garrison":
        state["covers"][card] = []
        ask_cover(state, seat, card)
    if len(capital.domain_cards(state, seat)) >= CONFIG["closure_threshold"]:
        state["closure"] = True


def ask_cover(state: State, seat: int, garrison: str) -> None:
    """A garrison won or captured is placed over up to `covers` (2) of its owner's domain
    cards, anywhere, and is never moved (digest 5.1 table, 5.3, 7.6): the owner picks them
    one at a time, the newest cards listed first; after the first it may stop."""
    covered = state["covers"][garrison]
    if len(covered) >= int(travel(garrison)["covers"]):
        return
    free = [c for c in reversed(capital.domain_cards(state, seat)) if c != garrison and c not in covered]
    choices = [{"type": "cover", "card": card} for card in free]
    if covered and choices:
        choices.append({"type": "covered"})
    if choices:
        kernel.ask(state, seat, "garrison", choices, auto=True, garrison=garrison)


def answer_garrison(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
    if choice["type"] == "covered":
        return
    garrison = decision["data"]["garrison"]
    state["covers"][garrison].append(choice["card"])
    log.emit("garrison_cover", seat=decision["seat"], card=name_of(choice["card"]), at=[garrison, choice["card"]])
    ask_cover(state, decision["seat"], garrison)


def leave_on_table(state: State, battle: dict[str, Any]) -> None:
    """A lost battle leaves the army on the card until the week ends (digest 6.4 step 9),
    with the mercenaries hired into it (they score for its winner, DECISION 26)."""
    card = battle["card"]
    state["standing"][card] = list(zones.items(state, "army"))
    if battle["mercenaries"]:
        state["hired"][card] = battle["mercenaries"]
    for neutral_card in list(zones.items(state, "army")):
        zones.move(state, "army", "standing", neutral_card)
