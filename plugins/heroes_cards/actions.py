"""A player's turn on a day (digest 5): one main action (build, upgrade, visit, attack a
standing army, capture during war, the luck ritual, pass) and free actions (spy, activate
a policy, declare war after closure)."""

from __future__ import annotations

from typing import Any

from boardwright.framework import choices, kernel, zones

from . import battle as battles
from . import capital, cards, war
from .catalog import BATTLE, CONFIG, hero, travel
from .outlook import army_strength
from .outlook import hopeless as beyond_hope

State = dict[str, Any]
Action = dict[str, Any]
ANNEXED = ("mine", "reserve", "town", "garrison", "terrain")
BATTLES = ("treasure", "mine", "reserve", "town", "garrison", "dungeon")  # played cards that are fought for
MAIN = ("build", "upgrade", "visit", "attack", "ritual", "pass")


def policy_cost(state: State) -> int:
    return int(state["week"] * CONFIG["policy_cost_per_week"])


def playable(state: State, seat: int, card: str) -> list[Action]:
    """The ways to play a travel card from hand now (digest 5.1 C and its table)."""
    data = travel(card)
    kind = data["kind"]
    if kind in ANNEXED and state["closure"]:
        return []
    if kind == "terrain" and len(cards.chests(state, seat)) < war.chest_price(card):
        return []
    if kind == "diplomacy":
        effect = data["effect"]
        seats = range(kernel.seats(state))
        if effect == "peace":
            targets = [t for t in seats if war.war_between(state, seat, t)]
        else:
            targets = [t for t in seats if war.may_declare(state, seat, t, crusade=effect == "crusade")]
        return [{"type": "visit", "card": card, "target": t} for t in targets]
    return [{"type": "visit", "card": card, "target": -1}]


def may_attack(state: State, card: str) -> bool:
    """A standing army or an untaken card on the table; after closure not one that would
    join a domain (digest 5.1 D, the closure rule)."""
    return not (state["closure"] and travel(card)["kind"] in ANNEXED)


def day_actions(state: State, seat: int) -> list[Action]:
    if state["captures"]:
        return [*war.capture_actions(state, seat), {"type": "pass"}]
    out: list[Action] = []
    pool = cards.payment_order(state, seat)
    for plot, cost in capital.build_costs(state, seat, capital.buildable(state, seat)).items():
        if cost <= len(pool):
            out.append({"type": "build", "plot": plot, "cards": pool[:cost]})
    for plot in capital.PLOTS:
        upgrade = capital.upgrade_cost(state, seat, plot)
        if upgrade is not None and upgrade <= len(pool):
            out.append({"type": "upgrade", "plot": plot, "cards": pool[:upgrade]})
    strength: list[float] = []  # the seat's army strength, worked out once if a battle asks
    for card in cards.travel_hand(state, seat):
        if not hopeless(state, seat, card, strength):
            out.extend(playable(state, seat, card))
    out.extend(
        {"type": "attack", "card": card}
        for card in zones.items(state, "table")
        if may_attack(state, card) and not hopeless(state, seat, card, strength)
    )
    out.extend(war.capture_actions(state, seat))
    if state["tower"][seat] and state["ritual"][seat] < CONFIG["ritual_luck_cap"]:
        out.append({"type": "ritual"})
    out.extend(free_actions(state, seat, pool))
    out.append({"type": "pass"})
    return out


def hopeless(state: State, seat: int, card: str, strength: list[float] | None = None) -> bool:
    """A battle over this card the seat's army cannot hope to win (outlook.py): not listed
    for bots, offered to a person as an open choice. `strength`: a list the caller keeps
    for several cards, holding the seat's army strength once it was worked out."""
    if travel(card)["kind"] not in BATTLES:
        return False
    if strength is None:
        return beyond_hope(state, seat, card)
    if not strength:
        strength.append(army_strength(state, seat))
    return beyond_hope(state, seat, card, strength[0])


def free_actions(state: State, seat: int, pool: list[str]) -> list[Action]:
    out: list[Action] = []
    if state["spy"][seat] > 0:
        out.append({"type": "spy", "what": "travel", "target": -1})
        out.append({"type": "spy", "what": "neutral", "target": -1})
        out.extend({"type": "spy", "what": "hand", "target": t} for t in range(kernel.seats(state)) if t != seat)
    for card in cards.heroes(state, seat):
        if card not in state["policies"][seat]:
            others = [c for c in pool if c != card]
            cost = policy_cost(state)
            if cost <= len(others):
                out.append({"type": "policy", "hero": card, "cards": others[:cost]})
    if state["closure"]:
        out.extend(
            {"type": "declare", "target": t} for t in range(kernel.seats(state)) if war.may_declare(state, seat, t)
        )
    return out


def open_actions(state: State, seat: int) -> list[Action]:
    """Costs paid with any cards of the hand, chosen by a person (framework/choices.py):
    builds, upgrades, and a policy's cards (digest 5.2)."""
    if state["captures"]:
        return []
    hand = cards.hand(state, seat)
    out: list[Action] = []
    for plot in capital.buildable(state, seat):
        cost = capital.build_cost(state, seat, plot)
        if cost <= len(hand):
            out.append({"type": "build", "plot": plot, "cards": choices.choose(hand, cost)})
    for plot in capital.PLOTS:
        upgrade = capital.upgrade_cost(state, seat, plot)
        if upgrade is not None and upgrade <= len(hand):
            out.append({"type": "upgrade", "plot": plot, "cards": choices.choose(hand, upgrade)})
    cost = policy_cost(state)
    for card in cards.heroes(state, seat):
        others = [c for c in hand if c != card]
        if card not in state["policies"][seat] and cost <= len(others):
            out.append({"type": "policy", "hero": card, "cards": choices.choose(others, cost)})
    # battles a bot would not start: a person picks the card (its one way to be played)
    visits = [c for c in cards.travel_hand(state, seat) if hopeless(state, seat, c) and playable(state, seat, c)]
    if visits:
        out.append({"type": "visit", "card": choices.choose(visits, 1), "target": -1})
    table = [c for c in zones.items(state, "table") if may_attack(state, c) and hopeless(state, seat, c)]
    if table:
        out.append({"type": "attack", "card": choices.choose(table, 1)})
    return out


def why_not(state: State, seat: int, action: Action) -> str | None:
    """The rule a day action breaks, or None when it is legal (the same predicates as above)."""
    kind = action["type"]
    if state["captures"] and kind != "capture" and kind != "pass":
        return "after a capture only further captures or the end of the turn"
    if kind in ("build", "upgrade"):
        plot = action.get("plot")
        if plot not in capital.PLOTS:
            return f"there is no plot {plot!r}"
        if kind == "build":
            if plot not in capital.buildable(state, seat):
                return "build only on an empty plot next to the Palace or one of your buildings"
            cost = capital.build_cost(state, seat, plot)
        else:
            upgrade = capital.upgrade_cost(state, seat, plot)
            if upgrade is None:
                return "this building cannot be upgraded now"
            cost = upgrade
        return _payment_problem(state, seat, action.get("cards"), cost)
    if kind == "policy":
        card = action.get("hero")
        if card not in cards.heroes(state, seat) or card in state["policies"][seat]:
            return "activate the policy of a hero in your hand whose policy is not active"
        return _payment_problem(state, seat, action.get("cards"), policy_cost(state), exclude=card)
    return "not possible now"


def _payment_problem(state: State, seat: int, paid: Any, cost: int, exclude: str | None = None) -> str | None:
    if type(paid) is not list:
        return "name the cards to discard"
    hand = [card for card in cards.hand(state, seat) if card != exclude]
    if any(card not in hand for card in paid):
        return "pay only with cards from your hand"
    if len(set(paid)) != len(paid):
        return "a card is named twice"
    if len(paid) != cost:
        return f"the cost is {cost} cards"
    return None


def one_card(action: Action) -> str:
    """The card of a visit or an attack: listed, or picked by a person (a list of one)."""
    card = action["card"]
    return str(card[0] if isinstance(card, list) else card)


def apply_day(state: State, seat: int, action: Action, log: Any) -> None:
    kind = action["type"]
    if kind == "build":
        capital.build(state, seat, action["plot"], action["cards"], log)
    elif kind == "upgrade":
        capital.upgrade(state, seat, action["plot"], action["cards"], log)
    elif kind == "visit":
        visit(state, seat, one_card(action), action["target"], log)
    elif kind == "attack":
        attack_table(state, seat, one_card(action), log)
    elif kind == "ritual":
        state["ritual"][seat] += 1
        zones.reveal_all(state, f"school:{seat}")
        log.emit("ritual", seat=seat, at=[capital.plot_id(seat, "tower")])
    elif kind == "capture":
        war.capture(state, seat, action["target"], log)
        return
    elif kind == "pass":
        log.emit("pass", seat=seat)
    else:
        apply_free_action(state, seat, action, log)
        return
    kernel.end_turn(state)


def apply_free_action(state: State, seat: int, action: Action, log: Any) -> None:
    kind = action["type"]
    if kind == "spy":
        spy(state, seat, action["what"], action["target"], log)
    elif kind == "policy":
        cards.pay(state, seat, action["cards"])
        state["policies"][seat].append(action["hero"])
        cards.show_hero(state, action["hero"])
        log.emit("policy", seat=seat, hero={"key": f"hero_{action['hero'].split(':')[2]}"}, at=[action["hero"]])
    elif kind == "declare":
        war.declare(state, seat, action["target"], False, log)


def spy(state: State, seat: int, what: str, target: int, log: Any) -> None:
    """Digest 5.2: shown to the spying seat alone (zones.reveal to=[seat])."""
    state["spy"][seat] -= 1
    if what == "travel":
        for other in range(kernel.seats(state)):
            zones.reveal_all(state, f"travel:{other}", to=[seat])
    elif what == "hand":
        for zone in ("creatures", "heroes", "travel"):
            zones.reveal_all(state, f"{zone}:{target}", to=[seat])
    else:
        deck = zones.items(state, "neutral_deck")
        for card in deck[-CONFIG["spy_neutral_cards"] :]:
            zones.reveal(state, "neutral_deck", card, to=[seat])
    log.emit("spy_" + what, seat=seat, target_seat=max(target, 0))


def visit(state: State, seat: int, card: str, target: int, log: Any) -> None:
    data = travel(card)
    kind = data["kind"]
    zones.move(state, f"travel:{seat}", "table", card)
    log.emit("visit", seat=seat, card={"key": f"travel_{card.split(':')[1]}"}, at=[card])
    if kind in ("treasure", "mine", "reserve"):
        units = min(BATTLE["max_neutral_units"], max(int(data["guard"]), state["week"]))
        opponent = battles.neutral_army(state, units)
        if kind == "reserve":
            opponent["total"] = max(opponent["total"], int(data["vp"]))
        battles.start(state, "field", card, opponent, units_vp=units)
    elif kind in ("town", "garrison", "dungeon"):
        battle_type = "dungeon" if kind == "dungeon" else "siege"
        battles.start(state, battle_type, card, battles.new_side(None, _strength(state, card)))
    elif kind == "terrain":
        for _ in range(war.chest_price(card)):
            cards.return_chest(state, seat)
        from .aftermath import join_domain

        join_domain(state, seat, card, "table")
    else:
        zones.move(state, "table", "travel_discard", card)
        if kind == "diplomacy":
            diplomacy(state, seat, data["effect"], target, log)
        else:
            other_card(state, seat, data, log)


def _strength(state: State, card: str) -> int:
    from .catalog import strength

    return strength(card, state["week"])


def diplomacy(state: State, seat: int, effect: str, target: int, log: Any) -> None:
    if effect == "peace":
        war.propose_peace(state, seat, target, log)
    else:
        war.declare(state, seat, target, effect == "crusade", log)


def other_card(state: State, seat: int, data: dict[str, Any], log: Any) -> None:
    effect = data["effect"]
    if effect == "spy":
        state["spy"][seat] += 1
    elif effect == "well":
        state["well"][seat] = True
    elif effect == "stables":
        from .week import draw_travel

        for _ in range(int(data["draws"])):
            draw_travel(state, seat, "travel_deck", log)
    elif effect in ("policy", "courage"):
        idle = [c for c in cards.heroes(state, seat) if effect == "courage" or c not in state["policies"][seat]]
        if idle:
            choices = [{"type": f"hero_{effect}", "hero": card} for card in idle]
            kernel.ask(state, seat, "hero", choices, auto=True)


def answer_hero(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Any) -> None:
    """The Stone of Experience's free policy or the Arena's courage, on the hero chosen."""
    seat = decision["seat"]
    if choice["type"] == "hero_policy":
        state["policies"][seat].append(choice["hero"])
        cards.show_hero(state, choice["hero"])
    else:
        cards.add_courage(state, choice["hero"], 1)


def attack_table(state: State, seat: int, card: str, log: Any) -> None:
    """A standing army, or an untaken siege or dungeon card, fought again (digest 5.1 D)."""
    data = travel(card)
    log.emit("attack_table", seat=seat, card={"key": f"travel_{card.split(':')[1]}"}, at=[card])
    if data["kind"] in ("town", "garrison", "dungeon"):
        state["standing"].pop(card, None)
        battle_type = "dungeon" if data["kind"] == "dungeon" else "siege"
        battles.start(state, battle_type, card, battles.new_side(None, _strength(state, card)))
        return
    opponent = battles.standing_army(state, card)
    units = min(BATTLE["max_neutral_units"], max(int(data["guard"]), state["week"]))
    battles.start(state, "field", card, opponent, units_vp=units, mercenaries=state["hired"].pop(card, 0))


def hero_class(card: str) -> int:
    return int(hero(card)["class"])
