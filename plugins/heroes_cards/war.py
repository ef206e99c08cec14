"""War between neighbours (digest 5.3): declaring it, capture attempts along the defender's
lines, sieges, interceptions, the capital and its contribution, peace."""

from __future__ import annotations

import math
from typing import Any

from boardwright.framework import kernel, zones
from boardwright.framework.moves import Move, Part

from . import battle as battles
from . import capital, cards
from .catalog import BATTLE, CAPITAL, CONFIG, creature, travel

State = dict[str, Any]


def neighbours(state: State, seat: int) -> list[int]:
    count = kernel.seats(state)
    return sorted({(seat + 1) % count, (seat - 1) % count} - {seat})


def war_between(state: State, a: int, b: int) -> dict[str, Any] | None:
    for war in state["wars"]:
        if {war["attacker"], war["defender"]} == {a, b}:
            return war
    return None


def declare_problem(state: State, seat: int, target: int, crusade: bool = False) -> str | None:
    """Why `seat` may not go to war with `target` now, or None (digest 5.3: a neighbour,
    any seat by a Crusade; never twice, never in a scenario without war, never after a
    fallen capital this week)."""
    if not state["war_allowed"]:
        return "this scenario forbids war"
    if not 0 <= target < kernel.seats(state) or target == seat:
        return "declare war on another player"
    if war_between(state, seat, target):
        return "you are at war with that player already"
    if state["war_blocked"][seat] or state["war_blocked"][target]:
        return "no new war after a fallen capital until the week ends"
    if not crusade and target not in neighbours(state, seat) + beyond_fallen(state, seat):
        return "declare war on a neighbour (a Crusade on anyone)"
    return None


def beyond_fallen(state: State, seat: int) -> list[int]:
    """The players next to those whose capital `seat` took this week, on their far side:
    when everything of the loser is taken, the attacker may attack the next player (digest
    5.3, rule 99)."""
    losers = [loser for loser, receiver in enumerate(state["contribution"]) if receiver == seat]
    return sorted({other for loser in losers for other in neighbours(state, loser)} - {seat, *losers})


def may_declare(state: State, seat: int, target: int, crusade: bool = False) -> bool:
    return declare_problem(state, seat, target, crusade) is None


def declare(state: State, seat: int, target: int, crusade: bool, log: Any) -> None:
    state["wars"].append({"attacker": seat, "defender": target, "crusade": crusade})
    log.emit("war_declared", seat=seat, target_seat=target)


def end_war(state: State, a: int, b: int) -> None:
    war = war_between(state, a, b)
    if war is not None:
        state["wars"].remove(war)


def capture_limit(state: State, seat: int, target: int) -> int:
    war = war_between(state, seat, target)
    return 2 if war is not None and war["attacker"] == seat else 1


def next_target(state: State, seat: int, target: int) -> str | None:
    """The first remaining card from the attacker's side; a garrison covering it comes first
    (digest 5.3); None: the capital itself."""
    slots = state["domain"][target]
    from_right = kernel.seats(state) > 2 and seat == (target - 1) % kernel.seats(state)
    order = list(reversed(slots)) if from_right else list(slots)
    for card in order:
        if card is None:
            continue
        for garrison, covered in state["covers"].items():
            if card in covered and garrison in slots:
                return str(garrison)
        return str(card)
    return None


def capture_problem(state: State, seat: int, target: int) -> str | None:
    """Why `seat` may not try a capture from `target` now, or None (digest 5.3: at war, two
    attempts a turn for the attacker and one for the defender, one siege initiated a turn,
    terrain paid in chests)."""
    if not 0 <= target < kernel.seats(state) or war_between(state, seat, target) is None:
        return "capture only from a player you are at war with"
    if state["captures"] >= capture_limit(state, seat, target):
        return "no capture attempt left against that player this turn"
    card = next_target(state, seat, target)
    if besieged(card) and state["initiated"]:
        return "one battle or siege initiated per turn"
    if card is not None and travel(card)["kind"] == "terrain" and len(cards.chests(state, seat)) < chest_price(card):
        return f"the next card is terrain: it costs {chest_price(card)} chests"
    return None


def capture_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """The capture attempts `seat` may make, war by war in the order they were declared."""
    out = []
    for war in state["wars"]:
        if seat not in (war["attacker"], war["defender"]):
            continue
        target = war["defender"] if war["attacker"] == seat else war["attacker"]
        if capture_problem(state, seat, target) is None:
            out.append({"type": "capture", "target": target})
    return out


def chest_price(card: str) -> int:
    return math.ceil(travel(card)["gold_cost"] / CONFIG["gold_per_chest"])


def capital_strength(state: State, seat: int) -> int:
    rule = CAPITAL["capital_strength"]
    return int(rule["base"] + rule["per_week"] * state["week"] + rule["per_tier"] * capital.tier(state, seat))


def besieged(card: str | None) -> bool:
    """A town, a garrison or the capital (None) is taken by a siege (digest 5.3)."""
    return card is None or travel(card)["kind"] in ("town", "garrison")


def capture(state: State, seat: int, target: int, log: Any) -> None:
    """One capture attempt: the defender may intercept first, unless its army already lost
    this turn (the retreat rule); a mine or reserve not intercepted is taken."""
    state["captures"] += 1
    card = next_target(state, seat, target)
    if card is not None and travel(card)["kind"] == "terrain":
        for _ in range(chest_price(card)):
            cards.return_chest(state, seat)
        take(state, seat, target, card, log)
    elif target in state["retreated"]:
        advance(state, seat, target, card, log)
    else:
        choices = [{"type": "intercept", "fight": False}, {"type": "intercept", "fight": True}]
        kernel.ask(state, target, "intercept", choices, attacker=seat, card=card)


def advance(state: State, seat: int, target: int, card: str | None, log: Any) -> None:
    """No interception: a siege the attacker initiates, or the card taken without a battle."""
    if not besieged(card):
        assert card is not None
        take(state, seat, target, card, log)
        return
    state["initiated"] += 1
    strength = capital_strength(state, target) if card is None else _printed(state, card)
    battles.start(
        state, "siege", card, battles.new_side(None, strength), war={"defender": target, "target": card}, owner=target
    )


def _printed(state: State, card: str) -> int:
    from .catalog import strength

    return strength(card, state["week"])


def answer_intercept(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
    """The interception is the defender's battle: it never counts as one the attacker
    initiated, so a siege may follow it in the same turn (digest 5.3, E30)."""
    seat, target, card = decision["data"]["attacker"], decision["seat"], decision["data"]["card"]
    if not choice["fight"]:
        advance(state, seat, target, card, log)
        return
    battles.start(state, "player", card, battles.new_side(target), war={"defender": target, "target": card})


def take(state: State, seat: int, target: int, card: str, log: Any) -> None:
    """The card leaves an empty place behind and joins the attacker's lines (digest 5.3)."""
    from .aftermath import join_domain

    slots = state["domain"][target]
    slots[slots.index(card)] = None
    state["covers"].pop(card, None)
    join_domain(state, seat, card, f"domain:{target}")
    log.emit("captured", seat=seat, target_seat=target, card={"key": f"travel_{card.split(':')[1]}"}, at=[card])


def after_battle(state: State, battle: dict[str, Any], result: str, log: Any) -> None:
    """A battle of the war decided (digest 5.3, 6.1, 8): its winner scores, whichever side
    won; a draw scores nothing and takes nothing (6.6 step 4, E31). A beaten interceptor
    retreats and its card (or its siege) is the attacker's; a beaten attacker takes nothing."""
    sides = battle["sides"]
    winner, loser = (sides[0], sides[1]) if result == "win" else (sides[1], sides[0])
    if result == "draw" or winner["seat"] is None:
        return  # a draw, or walls that held: nobody scores, nothing is taken
    seat, info = sides[0]["seat"], battle["war"]
    target, card = info["defender"], info["target"]
    vp, chests = rewards(state, battle, winner["seat"], loser)
    state["vp"][winner["seat"]] += vp
    cards.gain_chests(state, winner["seat"], chests)
    at = [card] if card is not None else [capital.plot_id(target, "palace")]
    log.emit("reward", seat=winner["seat"], vp=vp, chests=chests, at=at)
    if result != "win":
        return
    if battle["type"] == "player":
        state["retreated"].append(target)
        if besieged(card):
            return  # the interception is beaten; the siege is the attacker's next attempt
    if card is None:
        fall_of_capital(state, seat, target, log)
    else:
        take(state, seat, target, card, log)


def rewards(state: State, battle: dict[str, Any], seat: int, loser: dict[str, Any]) -> tuple[int, int]:
    """(VP, chests) for `seat`, the winner of a battle of the war: a field battle scores the
    losing army's creature units and its trophy; a siege 2 VP (the capital 5) and 2 chests;
    the Trophies policy adds a chest (digest 6.1, 6.9, 8); the crusader, and only the
    crusader, scores +1 VP in its crusade (5.3)."""
    from .aftermath import trophies

    if battle["type"] == "player":
        vp = len(loser["units"])  # creature units: an elemental has no place among them
    else:
        vp = BATTLE["siege_vp"] if battle["war"]["target"] is not None else BATTLE["capital_vp"]
    war = war_between(state, battle["sides"][0]["seat"], battle["war"]["defender"])
    if war is not None and war.get("crusade") and war["attacker"] == seat:
        vp += BATTLE["crusade_vp"]
    return int(vp), trophies(state, seat, battle["type"])


def fall_of_capital(state: State, seat: int, target: int, log: Any) -> None:
    """The war ends for the week; the treasury and this week's chests go to the winner."""
    for chest in list(cards.chests(state, target)):
        zones.move(state, f"chests:{target}", f"chests:{seat}", chest)
    state["contribution"][target] = seat
    end_war(state, seat, target)
    state["war_blocked"][target] = True
    log.emit("capital_fell", seat=seat, target_seat=target, at=[capital.plot_id(target, "palace")])


def peace_price(state: State, target: int) -> int:
    gold = sum(creature(card)["min"] for card in cards.creatures(state, target))
    return math.ceil(gold / CONFIG["gold_per_chest"])


def propose_peace(state: State, seat: int, target: int, log: Any) -> None:
    choices = [{"type": "peace", "accept": True}, {"type": "peace", "accept": False}]
    kernel.ask(state, target, "peace", choices, proposer=seat)


def answer_peace(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
    """Refused: the proposer may force peace by paying the opponent's creatures' gold, if it
    has the chests (DECISION 39)."""
    seat, target = decision["data"]["proposer"], decision["seat"]
    if choice["accept"]:
        make_peace(state, seat, target, log)
        return
    log.emit("peace_refused", seat=target)
    price = peace_price(state, target)
    if len(cards.chests(state, seat)) >= price:
        choices = [{"type": "force_peace", "pay": pay, "price": price} for pay in (False, True)]
        kernel.ask(state, seat, "force_peace", choices, target=target)


def answer_force_peace(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
    if not choice["pay"]:
        return
    for _ in range(choice["price"]):
        cards.return_chest(state, decision["seat"])
    make_peace(state, decision["seat"], decision["data"]["target"], log)


def make_peace(state: State, seat: int, target: int, log: Any) -> None:
    end_war(state, seat, target)
    state["peace"].append([seat, target])
    log.emit("peace_made", seat=seat, target_seat=target)


# --- the moves of war on a day (digest 5.2, 5.3)


def after_capture(state: State, action: dict[str, Any]) -> str | None:
    """Once a capture was tried, the turn holds only further captures and its end."""
    if state["captures"] and action["type"] not in ("capture", "pass"):
        return "after a capture only further captures or the end of the turn"
    return None


def _capture_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    return [{"type": "capture", "target": target} for target in range(kernel.seats(state))]


def _declare_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    return [{"type": "declare", "target": target} for target in range(kernel.seats(state))]


def why_not_declare(state: State, seat: int, action: dict[str, Any]) -> str | None:
    """A free declaration (digest 5.3, DECISION 23): after closure; before it a War card."""
    if not state["closure"]:
        return "before closure war is declared by playing a War card"
    return after_capture(state, action) or declare_problem(state, seat, action["target"])


CAPTURE = Move(
    "capture",
    parts={"target": Part("", kind=int)},
    candidates=_capture_candidates,
    refuse=lambda state, seat, action: capture_problem(state, seat, action["target"]),
    effect=lambda state, action, log: capture(state, kernel.active(state), action["target"], log),
)
DECLARE = Move(
    "declare",
    parts={"target": Part("", kind=int)},
    candidates=_declare_candidates,
    refuse=why_not_declare,
    effect=lambda state, action, log: declare(state, kernel.active(state), action["target"], False, log),
)
