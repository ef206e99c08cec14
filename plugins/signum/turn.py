"""Setup (§3) and the turn (§4): who goes first, heroes on their edges, the opening hand and
its mulligan; each turn's start, building, activation and end phases; the victory checks (§8)."""

from __future__ import annotations

from typing import Any

from boardwright.framework import OptionError, Setup, choices, decks, kernel, zones
from boardwright.framework.moves import Move, Part

from . import acting, activation, combat, economy, play
from . import decks as deck_rules
from .cards import BASIC_BUILDINGS, BUILDINGS, CONFIG, FACTIONS, TERRAIN, hero_faction, make_item, ruler
from .play import edge_spots, edge_y, new_unit, place_problem
from .units import base, hero_of, units, worn

State = dict[str, Any]
Log = Any
Action = dict[str, Any]
END_TURN: Action = {"type": "end_turn"}
FIRST, PLACE, MULLIGAN, TURN = "first", "place", "mulligan", "turn"
BUILDING, ACTIVATION = "building", "activation"  # the stages of a turn (the kernel's)


def setup(state: State, setup: Setup) -> None:
    options = setup.options
    chosen = [deck_rules.checked(str(options["deck_a"])), deck_rules.checked(str(options["deck_b"]))]
    formats = {deck_rules.deck_format(deck_rules.size(d)) for d in chosen}
    if len(formats) != 1:
        raise OptionError("signum: both decks must follow the same format (starter 20 cards, or standard 30-40)")
    fmt = formats.pop() or "starter"
    state.update(
        heroes=[d["hero"] for d in chosen],
        format=fmt,
        victory=int(CONFIG["formats"][fmt]["prosperity_victory"]),
        round_limit=int(options["rounds"]),
        round=0,
        prosperity=[0, 0],
        order=[0, 1],
        units={},
        relics=[[], []],
        city=[[], []],
        terrain=[],
        smoke=[],
        cancelled=[],
        next_id=0,
        turns_taken=[0, 0],
        turn=fresh_turn(),
        last=None,
        decklists=[[], []],
    )
    state["pool"] = [city_pool(hero) for hero in state["heroes"]]
    for seat, deck in enumerate(chosen):
        items = [make_item(card, seat, n) for card, count in sorted(deck["cards"].items()) for n in range(1, count + 1)]
        state["decklists"][seat] = items
        zones.add_zone(state, f"deck:{seat}", zones.HIDDEN, owner=seat, items=items)
        zones.add_zone(state, f"hand:{seat}", zones.OWNER, owner=seat)
        zones.add_zone(state, f"tactics:{seat}", zones.OWNER, owner=seat)
        zones.add_zone(state, f"play:{seat}", zones.PUBLIC, owner=seat)
        zones.add_zone(state, f"grave:{seat}", zones.PUBLIC, owner=seat)
        decks.shuffle(state, f"deck:{seat}")
        decks.draw(state, f"deck:{seat}", f"hand:{seat}", int(CONFIG["start_hand"]))
    rolls = [0, 0]
    while rolls[0] == rolls[1]:  # ties are rerolled (TEXT)
        rolls = [kernel.rng_int(state, 1, 6), kernel.rng_int(state, 1, 6)]
    state["roll_winner"] = 0 if rolls[0] > rolls[1] else 1
    setup.log.emit("first_roll", seat=state["roll_winner"], high=max(rolls), low=min(rolls))


def fresh_turn() -> dict[str, Any]:
    return {"built": False, "terrain": False, "mercenary_discount": False, "marshal": False, "current": None}


def city_pool(hero: str) -> dict[str, dict[str, int]]:
    """All basic buildings (2 each), the faction's unique ones, neutral and own terrain (§3.3)."""
    faction = hero_faction(hero)
    buildings = {b: int(CONFIG["basic_building_copies"]) for b in BASIC_BUILDINGS}
    for b in FACTIONS[faction]["unique_buildings"]:
        buildings[b] = int(CONFIG["unique_building_copies"])
    terrain = {t: 1 for t, data in TERRAIN.items() if data.get("faction", faction) == faction}
    return {"buildings": buildings, "terrain": terrain}


# --- the set-up phases ---


def roll_winner(state: State) -> list[int]:
    return [int(state["roll_winner"])]


def turn_order(state: State) -> list[int]:
    return list(state["order"])


def choose_order(state: State, go_first: bool, log: Log) -> None:
    seat = kernel.active(state)
    first = seat if go_first else 1 - seat
    state["order"] = [first, 1 - first]
    start = CONFIG["start_prosperity"]
    state["prosperity"][first], state["prosperity"][1 - first] = int(start[0]), int(start[1])
    log.emit("goes_first", seat=first)


def hero_spots(state: State, seat: int) -> list[list[float]]:
    return edge_spots(state, seat, hero_radius(state, seat), int(CONFIG["offers"]["hero_spots"]))


def hero_radius(state: State, seat: int) -> float:
    from .cards import HEROES

    return float(HEROES[state["heroes"][seat]]["base"]) / 2


def place_hero(state: State, seat: int, at: list[float], log: Log) -> None:
    uid = new_unit(state, seat, state["heroes"][seat], None, at, hero=True)
    log.emit("hero_placed", seat=seat, at=[uid])


def mulligan(state: State, seat: int, cards: list[str], log: Log) -> None:
    """Up to 4 cards go back, the deck is shuffled, as many are drawn; once (TEXT)."""
    for item in cards:
        zones.move(state, f"hand:{seat}", f"deck:{seat}", item)
    if cards:
        decks.shuffle(state, f"deck:{seat}")
        decks.draw(state, f"deck:{seat}", f"hand:{seat}", len(cards))
    log.emit("mulligan", seat=seat, count=len(cards))


# --- the turn ---


def begin_round(state: State, log: Log) -> None:
    state["round"] += 1
    if state["round"] > state["round_limit"]:
        prolonged(state, log)
    else:
        log.emit("round", number=state["round"])


def prolonged(state: State, log: Log) -> None:
    """After the last round: more prosperity wins, then fewer wounds on the hero, else a draw (§8)."""
    winners = cap_winners(state)
    log.emit("prolonged", seat=winners[0] if winners else -1) if winners else log.emit("prolonged_draw")
    kernel.finish(state, winners=winners, reason="round limit")


def cap_winners(state: State) -> list[int]:
    p = state["prosperity"]
    if p[0] != p[1]:
        return [0 if p[0] > p[1] else 1]
    wounds = [units(state)[h]["wounds"] if (h := hero_of(state, s)) else 99 for s in (0, 1)]
    if wounds[0] != wounds[1]:
        return [0 if wounds[0] < wounds[1] else 1]
    return []


def start_phase(state: State, log: Log) -> None:
    """§4.1: open buildings, clear flags, income, start-of-turn effects, draw, prosperity victory."""
    seat = kernel.active(state)
    state["turn"] = fresh_turn()
    economy.open_buildings(state, seat)
    for unit in units(state).values():
        if unit["owner"] == seat:
            unit.update(activated=False, summoned=False, moved=0.0, bonus={}, sanctuary=False)
    gained = economy.income(state, seat)
    state["prosperity"][seat] += gained
    for terrain in state["terrain"]:
        heals = TERRAIN[terrain["card"]].get("heals")
        if heals:
            for unit in units(state).values():
                if unit["owner"] == seat and _touches(unit, terrain["shape"]):
                    unit["wounds"] = max(0, unit["wounds"] - int(heals))
    for smoke in [s for s in state["smoke"] if s["owner"] == seat]:
        state["smoke"].remove(smoke)
        zones.move(state, f"play:{seat}", f"grave:{seat}", smoke["item"])
    first_turn = state["turns_taken"][seat] == 0 and seat == state["order"][0]
    state["turns_taken"][seat] += 1
    drawn = [] if first_turn else decks.draw(state, f"deck:{seat}", f"hand:{seat}")
    log.emit("income", seat=seat, amount=gained, total=state["prosperity"][seat], cards=len(drawn))
    if state["prosperity"][seat] >= state["victory"]:
        log.emit("prosperity_victory", seat=seat, total=state["prosperity"][seat])
        kernel.finish(state, winners=[seat], reason="prosperity")


def _touches(unit: dict[str, Any], shape: dict[str, Any]) -> bool:
    from boardwright.framework import field

    from .cards import CONTACT

    return field.touches(base(unit), shape, CONTACT)


def end_turn(state: State, log: Log) -> None:
    kernel.queue_steps(state, [("end_phase", {}), ("hand_limit", {}), ("finish_turn", {})])


def step_end_phase(state: State, data: dict[str, Any], log: Log) -> None:
    """The Bottomless Well: each enemy character within S of it takes one physical hit."""
    seat = kernel.active(state)
    for terrain in list(state["terrain"]):
        reach = TERRAIN[terrain["card"]].get("well_range")
        if not reach or terrain["owner"] != seat:
            continue
        for uid, unit in list(units(state).items()):
            if uid in units(state) and unit["owner"] != seat and not unit["hero"]:
                from boardwright.framework import field

                if field.within(base(unit), terrain["shape"], ruler(reach)):
                    blocked = combat.defend(state, uid, 1, combat.MELEE, log)
                    combat.physical(state, uid, 1 - blocked, log)


def step_hand_limit(state: State, data: dict[str, Any], log: Log) -> None:
    seat = kernel.active(state)
    hand = state["zones"][f"hand:{seat}"]["items"]
    if len(hand) > int(CONFIG["hand_limit"]):
        kernel.ask(state, seat, "discard", [{"type": "discard", "card": item} for item in hand])


def answer_discard(state: State, decision: dict[str, Any], choice: dict[str, Any], log: Log) -> None:
    seat = decision["seat"]
    zones.move(state, f"hand:{seat}", f"grave:{seat}", choice["card"])
    log.emit("discard", seat=seat)
    kernel.queue_step(state, "hand_limit", first=True)


def step_finish_turn(state: State, data: dict[str, Any], log: Log) -> None:
    seat = kernel.active(state)
    for unit in units(state).values():
        if unit["owner"] == seat:
            unit["bonus"] = {}
    log.emit("turn_ends", seat=seat)
    kernel.end_turn(state)


__all__ = ["BUILDINGS", "edge_y", "worn"]


# --- the moves of the set-up (§3) and of the turn's stages (§4)


def _go_first(state: State, seat: int, action: Action, log: Log) -> None:
    choose_order(state, action["type"] == "go_first", log)


def _place_hero(state: State, seat: int, action: Action, log: Log) -> None:
    place_hero(state, seat, action["to"], log)


def why_not_place_hero(state: State, seat: int, action: Action) -> str | None:
    to = action["to"]
    return acting.point_problem(to) or place_problem(state, seat, hero_radius(state, seat), to)


def _hero_places(state: State, seat: int) -> list[Action]:
    return [{"type": "place_hero", "to": spot} for spot in hero_spots(state, seat)]


def _mulligans(state: State, seat: int) -> list[Action]:
    """Keep the hand, put back one card, or the whole hand: a bot's choices."""
    hand = acting.hand(state, seat)
    return [
        {"type": "mulligan", "cards": []},
        *({"type": "mulligan", "cards": [item]} for item in hand),
        {"type": "mulligan", "cards": hand},
    ]


def why_not_mulligan(state: State, seat: int, action: Action) -> str | None:
    cards, hand = action["cards"], acting.hand(state, seat)
    if len(cards) > int(CONFIG["mulligan_max"]):
        return f"put back at most {int(CONFIG['mulligan_max'])} cards"
    if any(type(item) is not str or item not in hand for item in cards):
        return "that card is not in your hand"
    if len(set(cards)) != len(cards):
        return "name each card once"
    return None


def _mulligan(state: State, seat: int, action: Action, log: Log) -> None:
    mulligan(state, seat, action["cards"], log)


def _mulligan_offer(state: State, seat: int) -> list[Action]:
    hand = acting.hand(state, seat)
    return [
        {"type": "mulligan", "cards": choices.choose(hand, min(int(CONFIG["mulligan_max"]), len(hand)), at_least=0)}
    ]


GO_FIRST = Move("go_first", effect=acting.marked(_go_first))
GO_SECOND = Move("go_second", effect=acting.marked(_go_first))
PLACE_HERO = Move(
    "place_hero",
    parts={"to": Part("point", kind=list)},
    generate=_hero_places,
    refuse=why_not_place_hero,
    offer=lambda state, seat: acting.points(_hero_places(state, seat)),
    effect=acting.marked(_place_hero),
)
MULLIGAN_MOVE = Move(
    "mulligan",
    parts={"cards": Part("", kind=list)},
    candidates=_mulligans,
    refuse=why_not_mulligan,
    offer=_mulligan_offer,
    effect=acting.marked(_mulligan),
)


def _to_activation(state: State, seat: int, action: Action, log: Log) -> None:
    kernel.set_stage(state, ACTIVATION)


TO_ACTIVATION_MOVE = Move("to_activation", effect=acting.marked(_to_activation))


def _end_turn(state: State, seat: int, action: Action, log: Log) -> None:
    end_turn(state, log)


END_TURN_MOVE = Move("end_turn", refuse=acting.between_activations, effect=acting.marked(_end_turn))


ACTIVATION_MOVES = (
    activation.ACTIVATE,
    activation.MOVE,
    activation.RUN,
    activation.ATTACK,
    activation.SHOOT,
    activation.HEAL,
    activation.HOLD,
    activation.DONE,
    play.SUMMON,
    play.CAST,
    play.EQUIP,
    play.SET_TACTIC,
    play.TERRAIN_MOVE,
    economy.ABILITY,
    END_TURN_MOVE,
)
BUILDING_MOVES = (economy.BUILD, TO_ACTIVATION_MOVE)


def activation_actions(state: State, seat: int) -> list[Action]:
    """Every move of the activation stage at once, in the order bots have always seen them:
    the acting creature's choices; else each creature's openings, the cards, the terrain,
    the abilities and the end of the turn."""
    current = acting.current(state)
    if current is not None:
        return activation.continuations(state, current)
    found: list[Action] = []
    for uid, unit in units(state).items():
        if unit["owner"] == seat and activation.may_activate(state, uid):
            found += activation.openings(state, uid)
    found += play.card_plays(state, seat)
    found += play.terrain_places(state, seat)
    for b in state["city"][seat]:
        ability = BUILDINGS[b["type"]].get("ability")
        if b["open"] and ability:
            for target in economy.ability_targets(state, seat, ability) or []:
                found.append({"type": "ability", "building": b["id"], "target": target})
    found.append(END_TURN)
    return found
