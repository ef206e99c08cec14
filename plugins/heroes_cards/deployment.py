"""Lining up an army (digest 6.2, 6.6 step 1).

Against a neutral army or a printed strength, a person lays the army out card by card and
a bot takes one of the prepared lineups: the ``army`` decision lists the prepared lineups
(army.py `candidates`), which is all a bot or a playout ever chooses from, and opens one
more choice to a person: pick the first card (``line_up``). From there the seat answers
``line_up`` decisions, one card a time: a creature card starts a new slot or goes on top
of a slot of the same creature (a column, where formations are allowed), the hero takes
the last slot, and ``lined_up`` ends it. The slot limit counts the hero's Leadership once
the hero is in line.

Between players (6.6 step 1, DECISION 14) the two sides line up in turn, everyone alike:
the defender's hero (or none), the attacker's hero, then one card each, the defender
first, each a ``duel`` decision. A side with nothing left to place passes by itself; two
passes in a row end the line-up, so a side that runs out of cards leaves the other to
place alone until it passes. A prepared lineup would be a whole army chosen before the
enemy's cards are seen, which the alternation rules out, so bots place card by card too.
Every placed card lies face up in the public ``line`` zone; what a seat still holds stays
in its hand, hidden from the other seat."""

from __future__ import annotations

from typing import Any

from boardwright.framework import choices, kernel, zones

from . import army, cards
from .catalog import creature, hero
from .text import name_of

State = dict[str, Any]
Action = dict[str, Any]
HERO_SLOT = -1


def step_deploy(state: State, data: dict[str, Any], log: Any) -> None:
    battle = state["battle"]
    if battle["sides"][1]["seat"] is not None:
        battle["lining"] = {"side": 1, "heroes": True, "passes": 0}
        ask_duel(state, log)
        return
    index = data["side"]
    seat = battle["sides"][index]["seat"]
    lineups = army.candidates(state, seat, battle["type"])
    pickable = [*_eligible(state, seat, battle["type"]), *cards.heroes(state, seat)]
    if not pickable:
        kernel.ask(state, seat, "army", lineups, auto=True, side=index)
        return
    first = {"type": "line_up", "cards": choices.choose(pickable, 1)}
    kernel.ask(state, seat, "army", lineups, open=[first], side=index)


def answer_army(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    index = decision["data"]["side"]
    side = state["battle"]["sides"][index]
    seat = side["seat"]
    if choice["type"] == "line_up":
        card = choice["cards"][0]
        place(state, side, card, HERO_SLOT if card in cards.heroes(state, seat) else 0)
        ask_next(state, index, log)
        return
    for unit in choice["units"]:
        slot = len(side["units"])
        for card in unit:
            place(state, side, card, slot)
    if choice["hero"] is not None:
        place(state, side, choice["hero"], HERO_SLOT)
    deployed(side, log)


def answer_line_up(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    index = decision["data"]["side"]
    side = state["battle"]["sides"][index]
    if choice["type"] == "lined_up":
        deployed(side, log)
        return
    place(state, side, choice["card"], choice["slot"])
    ask_next(state, index, log)


def place(state: State, side: dict[str, Any], card: str, slot: int) -> None:
    """One card into the line: the hero's slot, a new slot, or on top of a column."""
    seat = side["seat"]
    if slot == HERO_SLOT:
        side["hero"] = card
        zones.move(state, f"heroes:{seat}", f"line:{seat}", card)
        return
    if slot == len(side["units"]):
        side["units"].append([card])
    else:
        side["units"][slot].append(card)
    zones.move(state, f"creatures:{seat}", f"line:{seat}", card)


def placements(state: State, index: int) -> list[Action]:
    """Where each card of the hand may go next (digest 6.2): a new slot while slots are
    free, a column of the same creature where formations are allowed, the hero's slot."""
    battle = state["battle"]
    side = battle["sides"][index]
    seat, units = side["seat"], side["units"]
    columns = battle["type"] in ("field", "player")
    free = len(units) < army.slots(state, seat, side["hero"])
    out: list[Action] = []
    for card in _eligible(state, seat, battle["type"]):
        key = creature(card)["key"]
        if free:
            out.append({"type": "place", "card": card, "slot": len(units)})
        if columns:
            out.extend(
                {"type": "place", "card": card, "slot": slot}
                for slot, unit in enumerate(units)
                if creature(unit[0])["key"] == key
            )
    if side["hero"] is None:
        out.extend({"type": "place", "card": card, "slot": HERO_SLOT} for card in cards.heroes(state, seat))
    return out


def ask_next(state: State, index: int, log: Any) -> None:
    side = state["battle"]["sides"][index]
    more = placements(state, index)
    if not more:
        deployed(side, log)
        return
    kernel.ask(state, side["seat"], "line_up", [*more, {"type": "lined_up"}], side=index)


def deployed(side: dict[str, Any], log: Any) -> None:
    hero_card = side["hero"]
    named = {"key": f"hero_{hero(hero_card)['key']}"} if hero_card else {"key": "no_hero"}
    placed = [card for unit in side["units"] for card in unit] + ([hero_card] if hero_card else [])
    log.emit("deployed", seat=side["seat"], units=len(side["units"]), hero=named, at=placed)


# --- between players: one card each in turn (digest 6.6 step 1) ---


def duel_choices(state: State, index: int, heroes: bool) -> list[Action]:
    """What the side placing now may do: in the heroes' round a hero or none; then a card
    (strongest creatures first), or ``hold`` (a pass). Empty: nothing to place, a pass by itself."""
    side = state["battle"]["sides"][index]
    if heroes:
        held = cards.heroes(state, side["seat"])
        if not held:
            return []
        return [*({"type": "place", "card": card, "slot": HERO_SLOT} for card in held), {"type": "no_hero"}]
    out = [a for a in placements(state, index) if a["slot"] != HERO_SLOT]
    if not out:
        return []
    out.sort(key=lambda a: (-army.card_strength(a["card"]), a["slot"]))
    return [*out, {"type": "hold"}]


def ask_duel(state: State, log: Any) -> None:
    """Ask the side whose turn it is to place; a side with nothing to place passes. Two
    passes in a row (or both heroes' turns done) move the line-up on; each round ends in at
    most four passes, and every placement uses up a card, so this stops."""
    battle = state["battle"]
    lining = battle["lining"]
    while True:
        index = lining["side"]
        options = duel_choices(state, index, lining["heroes"])
        if options:
            kernel.ask(state, battle["sides"][index]["seat"], "duel", options, side=index)
            return
        if _duel_passed(state, lining, log):
            return


def _duel_passed(state: State, lining: dict[str, Any], log: Any) -> bool:
    """A pass (or a hero's turn without a hero) by the side placing; True when the line-up
    is over."""
    index = lining["side"]
    if lining["heroes"]:
        lining["side"] = 1 - index
        if index == 0:  # the attacker's hero is the last of the heroes' round
            lining["heroes"] = False
            lining["side"] = 1
        return False
    lining["passes"] += 1
    lining["side"] = 1 - index
    if lining["passes"] < 2:
        return False
    battle = state["battle"]
    del battle["lining"]
    for side in (battle["sides"][1], battle["sides"][0]):
        deployed(side, log)
    return True


def answer_duel(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    battle = state["battle"]
    lining = battle["lining"]
    index = decision["data"]["side"]
    side = battle["sides"][index]
    if choice["type"] == "place":
        place(state, side, choice["card"], choice["slot"])
        log.emit("placed", seat=side["seat"], card=name_of(choice["card"]), at=[choice["card"]])
        if not lining["heroes"]:
            lining["passes"] = 0
            lining["side"] = 1 - index
            ask_duel(state, log)
            return
    if not _duel_passed(state, lining, log):
        ask_duel(state, log)


def _eligible(state: State, seat: int, battle_type: str) -> list[str]:
    return [card for group in army.eligible(state, seat, battle_type).values() for card in group]
