"""A player's turn on a day (digest 5): one main action (build, upgrade, visit, attack a
standing army, capture during war, the luck ritual, pass) and free actions (spy, activate
a policy, declare war after closure), each a move of the day phase (framework/moves.py):
its predicate (`why_not_...`) is the one coding of its rule, and `day_actions` lists the
legal ones of them all at once, fast, for bots and playouts (the conformance suite holds it
to the predicates)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.framework import choices, kernel, zones
from boardwright.framework.moves import Move, Part

from . import battle as battles
from . import capital, cards, war
from .catalog import BATTLE, CONFIG, travel
from .outlook import army_strength
from .outlook import hopeless as beyond_hope
from .war import after_capture

State = dict[str, Any]
Action = dict[str, Any]
ANNEXED = ("mine", "reserve", "town", "garrison", "terrain")
BATTLES = ("treasure", "mine", "reserve", "town", "garrison", "dungeon")  # played cards that are fought for


def policy_cost(state: State) -> int:
    return int(state["week"] * CONFIG["policy_cost_per_week"])


# --- the legal actions at once (bots, playouts, search)


def day_actions(state: State, seat: int) -> list[Action]:
    """The day phase's generator (`Phase.generate`): every legal action of `DAY_MOVES`, in
    their order, costs paid as a bot pays (`cards.payment_order`), no battle beyond hope;
    the hand's payment order and the army's strength worked out once for them all."""
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
    if ritual_problem(state, seat) is None:
        out.append({"type": "ritual"})
    out.extend(free_actions(state, seat, pool))
    out.append({"type": "pass"})
    return out


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


def _hopeless_listed(state: State, seat: int, action: Action) -> str | None:
    """A card named as it is (not picked by a person from an open choice, a list of one)
    for a battle the seat's army cannot hope to win: a bot's list leaves it out."""
    if type(action["card"]) is str and hopeless(state, seat, action["card"]):
        return "your army cannot hope to win that battle: pick the card yourself to fight it"
    return None


def before_capture(offer: Callable[[State, int], list[Action]]) -> Callable[[State, int], list[Action]]:
    """A person's open choices of a move, none once a capture was tried this turn."""

    def offered(state: State, seat: int) -> list[Action]:
        return [] if state["captures"] else offer(state, seat)

    return offered


def one_card(action: Action) -> str:
    """The card of a visit or an attack: listed, or picked by a person (a list of one)."""
    card = action["card"]
    return str(card[0] if isinstance(card, list) and card else card)


def open_visits(state: State, seat: int) -> list[Action]:
    """Battles a bot would not start: a person picks the card (its one way to be played)."""
    visits = [c for c in cards.travel_hand(state, seat) if hopeless(state, seat, c) and playable(state, seat, c)]
    return [{"type": "visit", "card": choices.choose(visits, 1), "target": -1}] if visits else []


def open_attacks(state: State, seat: int) -> list[Action]:
    table = [c for c in zones.items(state, "table") if may_attack(state, c) and hopeless(state, seat, c)]
    return [{"type": "attack", "card": choices.choose(table, 1)}] if table else []


# --- A and B: build and upgrade (digest 5.1)


def _payment_problem(state: State, seat: int, paid: list[Any], cost: int, exclude: str | None = None) -> str | None:
    """Cards of the hand, each once, as many as the cost (digest 5.1 A: any kind of card)."""
    hand = [card for card in cards.hand(state, seat) if card != exclude]
    if any(card not in hand for card in paid):
        return "pay only with cards from your hand"
    if len(set(paid)) != len(paid):
        return "a card is named twice"
    if len(paid) != cost:
        return f"the cost is {cost} cards"
    return None


def why_not_build(state: State, seat: int, action: Action) -> str | None:
    plot = action["plot"]
    reason = after_capture(state, action)
    if reason:
        return reason
    if plot not in capital.PLOTS:
        return f"there is no plot {plot!r}"
    if plot not in capital.buildable(state, seat):
        return "build only on an empty plot next to the Palace or one of your buildings"
    return _payment_problem(state, seat, action["cards"], capital.build_cost(state, seat, plot))


def why_not_upgrade(state: State, seat: int, action: Action) -> str | None:
    plot = action["plot"]
    reason = after_capture(state, action)
    if reason:
        return reason
    if plot not in capital.PLOTS:
        return f"there is no plot {plot!r}"
    cost = capital.upgrade_cost(state, seat, plot)
    if cost is None:
        return "this building cannot be upgraded now"
    return _payment_problem(state, seat, action["cards"], cost)


def _builds(state: State, seat: int) -> list[Action]:
    """Each plot open to build on, paid with the first cards of the bot's payment order."""
    pool = cards.payment_order(state, seat)
    costs = capital.build_costs(state, seat, capital.buildable(state, seat))
    return [{"type": "build", "plot": plot, "cards": pool[:cost]} for plot, cost in costs.items()]


def _upgrades(state: State, seat: int) -> list[Action]:
    pool = cards.payment_order(state, seat)
    return [
        {"type": "upgrade", "plot": plot, "cards": pool[: capital.upgrade_cost(state, seat, plot) or 0]}
        for plot in capital.PLOTS
    ]


def _build_offers(state: State, seat: int) -> list[Action]:
    """The cost paid with any cards of the hand, chosen by a person (framework/choices.py)."""
    hand = cards.hand(state, seat)
    costs = capital.build_costs(state, seat, capital.buildable(state, seat))
    return [
        {"type": "build", "plot": plot, "cards": choices.choose(hand, cost)}
        for plot, cost in costs.items()
        if cost <= len(hand)
    ]


def _upgrade_offers(state: State, seat: int) -> list[Action]:
    hand = cards.hand(state, seat)
    out = []
    for plot in capital.PLOTS:
        cost = capital.upgrade_cost(state, seat, plot)
        if cost is not None and cost <= len(hand):
            out.append({"type": "upgrade", "plot": plot, "cards": choices.choose(hand, cost)})
    return out


def _build(state: State, action: Action, log: Any) -> None:
    capital.build(state, kernel.active(state), action["plot"], action["cards"], log)
    kernel.end_turn(state)


def _upgrade(state: State, action: Action, log: Any) -> None:
    capital.upgrade(state, kernel.active(state), action["plot"], action["cards"], log)
    kernel.end_turn(state)


BUILD = Move(
    "build",
    parts={"plot": Part("target", kind=str), "cards": Part("", kind=list)},
    candidates=_builds,
    refuse=why_not_build,
    offer=before_capture(_build_offers),
    effect=_build,
)
UPGRADE = Move(
    "upgrade",
    parts={"plot": Part("target", kind=str), "cards": Part("", kind=list)},
    candidates=_upgrades,
    refuse=why_not_upgrade,
    offer=before_capture(_upgrade_offers),
    effect=_upgrade,
)


# --- C: visit an object, a travel card played from the hand (digest 5.1 and its table)


def visit_problem(state: State, seat: int, card: str, target: int) -> str | None:
    """Why a travel card of the hand may not be played so now, or None: no annexing after
    closure; terrain paid in chests; a Peace on a seat at war with the player, a War or a
    Crusade on one it may declare war on; any other card at no seat (-1)."""
    data = travel(card)
    kind = data["kind"]
    if kind in ANNEXED and state["closure"]:
        return "after closure no card joins a domain: discard it to pay a cost instead"
    if kind == "terrain" and len(cards.chests(state, seat)) < war.chest_price(card):
        return f"this terrain costs {war.chest_price(card)} chests"
    if kind != "diplomacy":
        return None if target == -1 else "this card is played on no player (target -1)"
    if data["effect"] == "peace":
        in_war = 0 <= target < kernel.seats(state) and war.war_between(state, seat, target)
        return None if in_war else "propose peace to a player you are at war with"
    return war.declare_problem(state, seat, target, crusade=data["effect"] == "crusade")


def why_not_visit(state: State, seat: int, action: Action) -> str | None:
    """A travel card from the hand (digest 5.1 C), played as `visit_problem` allows."""
    card = one_card(action)
    if card not in cards.travel_hand(state, seat):
        return "play a travel card from your hand"
    return (
        after_capture(state, action)
        or visit_problem(state, seat, card, action["target"])
        or _hopeless_listed(state, seat, action)
    )


def _visit_candidates(state: State, seat: int, card: str) -> list[Action]:
    targets = range(kernel.seats(state)) if travel(card)["kind"] == "diplomacy" else [-1]
    return [{"type": "visit", "card": card, "target": target} for target in targets]


def playable(state: State, seat: int, card: str) -> list[Action]:
    """The ways to play this travel card of the hand now."""
    return [a for a in _visit_candidates(state, seat, card) if visit_problem(state, seat, card, a["target"]) is None]


def _visits(state: State, seat: int) -> list[Action]:
    return [a for card in cards.travel_hand(state, seat) for a in _visit_candidates(state, seat, card)]


def _visit(state: State, action: Action, log: Any) -> None:
    visit(state, kernel.active(state), one_card(action), action["target"], log)
    kernel.end_turn(state)


VISIT = Move(
    "visit",
    parts={"card": Part("source", kind=(str, list)), "target": Part("", kind=int)},
    candidates=_visits,
    refuse=why_not_visit,
    offer=before_capture(open_visits),
    effect=_visit,
)


# --- D: attack a standing army, or an untaken card on the table (digest 5.1 D)


def may_attack(state: State, card: str) -> bool:
    """A standing army or an untaken card on the table; after closure not one that would
    join a domain (digest 5.1 D, the closure rule)."""
    return not (state["closure"] and travel(card)["kind"] in ANNEXED)


def why_not_attack(state: State, seat: int, action: Action) -> str | None:
    reason = after_capture(state, action)
    if reason:
        return reason
    card = one_card(action)
    if card not in zones.items(state, "table"):
        return "attack a card lying on the table"
    if not may_attack(state, card):
        return "after closure no card joins a domain"
    return _hopeless_listed(state, seat, action)


def _attack(state: State, action: Action, log: Any) -> None:
    attack_table(state, kernel.active(state), one_card(action), log)
    kernel.end_turn(state)


ATTACK = Move(
    "attack",
    parts={"card": Part("target", kind=(str, list))},
    candidates=lambda state, seat: [{"type": "attack", "card": card} for card in zones.items(state, "table")],
    refuse=why_not_attack,
    offer=before_capture(open_attacks),
    effect=_attack,
)


# --- F and G: the luck ritual, pass


def ritual_problem(state: State, seat: int) -> str | None:
    if not state["tower"][seat]:
        return "the ritual needs a Magic Tower"
    if state["ritual"][seat] >= CONFIG["ritual_luck_cap"]:
        return f"rituals stack up to +{CONFIG['ritual_luck_cap']} a week"
    return None


def _ritual(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    state["ritual"][seat] += 1
    zones.reveal_all(state, f"school:{seat}")
    log.emit("ritual", seat=seat, at=[capital.plot_id(seat, "tower")])
    kernel.end_turn(state)


def _pass(state: State, action: Action, log: Any) -> None:
    log.emit("pass", seat=kernel.active(state))
    kernel.end_turn(state)


RITUAL = Move(
    "ritual",
    refuse=lambda state, seat, action: after_capture(state, action) or ritual_problem(state, seat),
    effect=_ritual,
)
PASS = Move("pass", effect=_pass)


# --- free actions (digest 5.2): spy, activate a policy


SPIED = ("travel", "neutral", "hand")


def why_not_spy(state: State, seat: int, action: Action) -> str | None:
    what, target = action["what"], action["target"]
    reason = after_capture(state, action)
    if reason:
        return reason
    if state["spy"][seat] <= 0:
        return "no espionage use left this week"
    if what not in SPIED:
        return f"spy on one of {', '.join(SPIED)}"
    if what != "hand":
        return None if target == -1 else f"spying on {what} names no player (target -1)"
    if not 0 <= target < kernel.seats(state) or target == seat:
        return "look at another player's hand"
    return None


def _spies(state: State, seat: int) -> list[Action]:
    seats = range(kernel.seats(state))
    return [{"type": "spy", "what": what, "target": -1} for what in SPIED[:2]] + [
        {"type": "spy", "what": "hand", "target": target} for target in seats
    ]


def why_not_policy(state: State, seat: int, action: Action) -> str | None:
    card = action["hero"]
    reason = after_capture(state, action)
    if reason:
        return reason
    if card not in cards.heroes(state, seat) or card in state["policies"][seat]:
        return "activate the policy of a hero in your hand whose policy is not active"
    return _payment_problem(state, seat, action["cards"], policy_cost(state), exclude=card)


def _policies(state: State, seat: int) -> list[Action]:
    pool, cost = cards.payment_order(state, seat), policy_cost(state)
    return [
        {"type": "policy", "hero": card, "cards": [c for c in pool if c != card][:cost]}
        for card in cards.heroes(state, seat)
    ]


def _policy_offers(state: State, seat: int) -> list[Action]:
    hand, cost = cards.hand(state, seat), policy_cost(state)
    out = []
    for card in cards.heroes(state, seat):
        others = [c for c in hand if c != card]
        if card not in state["policies"][seat] and cost <= len(others):
            out.append({"type": "policy", "hero": card, "cards": choices.choose(others, cost)})
    return out


def _policy(state: State, action: Action, log: Any) -> None:
    seat, card = kernel.active(state), action["hero"]
    cards.pay(state, seat, action["cards"])
    state["policies"][seat].append(card)
    cards.show_hero(state, card)
    log.emit("policy", seat=seat, hero={"key": f"hero_{card.split(':')[2]}"}, at=[card])


SPY = Move(
    "spy",
    parts={"what": Part("", kind=str), "target": Part("", kind=int)},
    candidates=_spies,
    refuse=why_not_spy,
    effect=lambda state, action, log: spy(state, kernel.active(state), action["what"], action["target"], log),
)
POLICY = Move(
    "policy",
    parts={"hero": Part("", kind=str), "cards": Part("", kind=list)},
    candidates=_policies,
    refuse=why_not_policy,
    offer=before_capture(_policy_offers),
    effect=_policy,
)
# the day's moves, in the order `day_actions` lists them
DAY_MOVES = (BUILD, UPGRADE, VISIT, ATTACK, war.CAPTURE, RITUAL, SPY, POLICY, war.DECLARE, PASS)


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
