"""Set-up (digest 3): the first player, faction bans and picks, colours, starting castles,
starting units, hands, and the starting land cards. The land draft is in draft.py.

Each step is a phase of the flow (phases.py); this module declares its moves (``BAN``,
``PICK``, ``COLOUR``, ``CASTLE``, ``START_UNIT``, ``START_LAND``: each with its one
predicate, ``why_not_*``, and its effect) and the automatic parts (castles and land cards
nobody has to choose).
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import Setup, decks, kernel, zones
from boardwright.framework.moves import Move, Part

from . import cards, units
from .catalog import BOARD, CONFIG, FACTIONS, UNITS
from .text import colour_name, hex_text, land_name, name
from .war_track import first_seat, from_first_player, other_side, seats_of

State = dict[str, Any]
Action = dict[str, Any]

RULE_KEYS = (
    "start_castles",
    "start_units",
    "hire_location",
    "outer_castles_controllable",
    "creatures_per_round",
    "summon_costs",
)


def team_game(state: State) -> bool:
    """Four players in two teams (digest 3.3, 9.2)."""
    return kernel.teams(state) is not None


def inner_start(state: State) -> bool:
    """Scenario "Protorp": one inner castle to start with [D-29]."""
    return bool(state["rules"]["start_castles"] == "inner")


def new_state(state: State, setup: Setup) -> None:
    """Fill a new game's state; the flow's first phase (bans) begins after."""
    players = setup.players
    sides = len(kernel.sides(state))
    rules = {key: CONFIG["rules"][key] for key in RULE_KEYS}
    if setup.scenario is not None:
        rules.update({key: value for key, value in setup.scenario.data.items() if key in rules})
    rules["target_vp"] = setup.options["target_vp"]
    state["rules"] = rules
    state["faction"] = [None] * players
    state["banned"] = []
    state["colour"] = [None] * sides
    state["vp"] = [0] * sides
    # a coin flip, or the loser of the previous game of a series (see next_in_series)
    choice = setup.options["first_side"]
    state["on_top"] = kernel.rng_int(state, 0, sides - 1) if choice == "random" else int(choice) - 1
    state["castles"] = {castle: None for castle in BOARD.castles}
    state["units"] = {}
    state["occupants"] = {}
    state["general"] = [True] * sides
    state["library"] = [{} for _ in range(players)]
    state["summons"] = [0] * players
    state["planning"] = None
    state["start_lands"] = [[] for _ in range(players)]
    state["start_castles"] = [[] for _ in range(players)]
    # the seat that leads the running phase, fixed when the phase starts (digest 4)
    state["leader"] = first_seat(state)
    state["hire_deferred"] = False
    # bans (2 players, an option) and how many draft rounds are done
    state["setup"] = {"bans": bool(setup.options["bans"]) and not team_game(state), "drafts": 0}
    add_zones(state)
    setup.log.emit("first_player", seat=state["leader"])


def add_zones(state: State) -> None:
    for seat in range(kernel.seats(state)):
        # team-mates show each other their cards [D-39]
        mates = kernel.team_of(state, seat)
        for zone in (cards.hand_zone(seat), cards.lands_zone(seat), f"draft:{seat}", f"kept:{seat}"):
            zones.add_zone(state, zone, zones.OWNER, seat, shared=mates)
        zones.add_zone(state, cards.scout_zone(seat), zones.OWNER, seat, shared=mates)
    for side in range(len(kernel.sides(state))):
        zones.add_zone(state, cards.unit_deck(side), zones.HIDDEN)
    zones.add_zone(state, "landdeck", zones.HIDDEN)
    zones.add_zone(state, "discard", zones.PUBLIC)
    zones.add_zone(state, "planned", zones.PUBLIC)


# --- bans, picks, colours


def no_bans(state: State, seat: int) -> bool:
    return not state["setup"]["bans"]


def factions(state: State, seat: int) -> list[str]:
    return list(FACTIONS)


def why_not_ban(state: State, seat: int, action: Action) -> str | None:
    return "this faction is banned already" if action["faction"] in state["banned"] else None


def apply_ban(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    state["banned"].append(action["faction"])
    log.emit("ban", seat=seat, faction=name(FACTIONS, action["faction"]))


def why_not_pick(state: State, seat: int, action: Action) -> str | None:
    faction = action["faction"]
    if faction in state["banned"]:
        return "this faction is banned"
    if faction in state["faction"]:
        return "another player has this faction"
    return None


def apply_pick(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    faction = action["faction"]
    state["faction"][seat] = faction
    state["library"][seat] = {creature: "locked" for creature in FACTIONS[faction]["creatures"]}
    log.emit("pick", seat=seat, faction=name(FACTIONS, faction))


def first_player_only(state: State) -> list[int]:
    return [first_seat(state)]


def colours(state: State, seat: int) -> list[str]:
    return list(CONFIG["colours"])


def apply_colour(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    colour = action["colour"]
    side = kernel.side_of(state, seat)
    state["colour"][side] = colour
    state["colour"][other_side(side)] = next(c for c in CONFIG["colours"] if c != colour)
    log.emit("colour", seat=seat, colour=colour_name(colour))


# --- starting castles


def start_land_of(state: State, seat: int) -> str:
    return str(FACTIONS[state["faction"][seat]]["start_land"])


def take_castle(state: State, seat: int, castle: str) -> None:
    state["castles"][castle] = kernel.side_of(state, seat)
    state["start_castles"][seat].append(castle)
    land = BOARD.land[castle]
    if land not in state["start_lands"][seat]:
        state["start_lands"][seat].append(land)


def assign_fixed_castles(state: State, log: Any) -> None:
    """Castles nobody chooses: a faction's starting land [D-29]; with four players the outer
    castle, and for the Horde the land no other faction starts in [D-21]."""
    team = team_game(state)
    which = 1 if inner_start(state) else 0  # BOARD.land_castles: [outer, inner]
    for seat in from_first_player(state):
        land = start_land_of(state, seat)
        if land:
            castles = BOARD.land_castles[land]
            chosen = [castles[which]] if team or inner_start(state) else list(castles)
        elif team:
            used = {FACTIONS[faction]["start_land"] for faction in state["faction"] if faction}
            free_land = next(x for x in BOARD.lands if x not in used)
            chosen = [BOARD.land_castles[free_land][which]]
        else:
            continue
        for castle in chosen:
            take_castle(state, seat, castle)


def castles_to_choose(state: State, seat: int) -> int:
    """How many castles the duel's Horde still picks (digest 3.2 step 5, [D-20])."""
    if start_land_of(state, seat) or team_game(state):
        return 0
    wanted = 1 if inner_start(state) else len(BOARD.land_castles[BOARD.lands[0]])
    return wanted - len(state["start_castles"][seat])


def has_its_castles(state: State, seat: int) -> bool:
    return castles_to_choose(state, seat) <= 0


def castles(state: State, seat: int) -> list[str]:
    return BOARD.castles


def why_not_castle(state: State, seat: int, action: Action) -> str | None:
    """Two castles in two lands, none in the opponent's starting land (Protorp: inner)."""
    castle = action["castle"]
    if castle not in state["castles"]:
        return f"{castle} is not a castle"
    land = BOARD.land[castle]
    if state["castles"][castle] is not None:
        return "this castle is taken"
    if land in {start_land_of(state, other) for other in seats_of(state, other_side(kernel.side_of(state, seat)))}:
        return "no starting castle in the opponent's starting land"
    if land in {BOARD.land[own] for own in state["start_castles"][seat]}:
        return "the starting castles lie in two lands"
    if inner_start(state) and BOARD.castle_kind[castle] != "inner":
        return "the starting castle is an inner castle"
    return None


def apply_castle(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    take_castle(state, seat, action["castle"])
    log.emit("castle_taken", seat=seat, castle=hex_text(action["castle"]), at=[action["castle"]])


# --- starting units, hands


def faction_units(state: State, seat: int) -> list[str]:
    return list(FACTIONS[state["faction"][seat]]["units"])


def first_castle(state: State, seat: int) -> list[str]:
    """The chosen unit starts in the seat's first castle."""
    return state["start_castles"][seat][:1]


def both_start_units(state: State) -> bool:
    """In the base duel both starting units go out, the chosen one to the first castle; with
    four players, or the `start_units = "one"` rule, only the chosen one [D-29]."""
    return not team_game(state) and state["rules"]["start_units"] == "all"


def apply_start_unit(state: State, action: Action, log: Any) -> None:
    """The chosen unit goes to the first castle; in the base duel the other to the second."""
    seat = kernel.active(state)
    chosen = [action["unit_type"]]
    if both_start_units(state):
        chosen += [t for t in FACTIONS[state["faction"][seat]]["units"] if t != action["unit_type"]]
    for unit_type, castle in zip(chosen, state["start_castles"][seat], strict=False):
        unit_id = units.place(state, seat, unit_type, castle, ready=True)
        log.emit("start_unit", seat=seat, unit=name(UNITS, unit_type), hex=hex_text(castle), at=[unit_id, castle])


def deal(state: State, log: Any) -> None:
    """Unit decks shuffled, hands drawn, the land cards put into one deck."""
    for side, colour in enumerate(state["colour"]):
        deck = cards.unit_deck(side)
        zones.items(state, deck).extend(c for c in (f"{colour}_{t}" for t in UNITS) if c not in state["units"])
        decks.shuffle(state, deck)
    for seat in from_first_player(state):
        cards.draw_units(state, seat, log)
    zones.items(state, "landdeck").extend(cards.all_land_cards())


# --- starting land cards (digest 3.2 step 10, [D-27])


def take_start_land(state: State, seat: int, land: str, log: Any) -> None:
    """Taken openly: every seat knows the card in the hand."""
    card = next(c for c in zones.items(state, "landdeck") if c[0] == land)
    zones.move(state, "landdeck", cards.lands_zone(seat), card, show=zones.ALL)
    log.emit("start_land", seat=seat, land=land_name(land))


def take_single_start_lands(state: State, log: Any) -> None:
    for seat in from_first_player(state):
        lands = state["start_lands"][seat]
        if len(lands) == 1 and not cards.land_cards(state, seat):
            take_start_land(state, seat, lands[0], log)


def holds_a_land(state: State, seat: int) -> bool:
    return bool(cards.land_cards(state, seat))


def start_lands(state: State, seat: int) -> list[str]:
    return list(state["start_lands"][seat])


def apply_start_land(state: State, action: Action, log: Any) -> None:
    seat = kernel.active(state)
    take_start_land(state, seat, action["land"], log)


def shuffle_land_deck(state: State, log: Any) -> None:
    decks.shuffle(state, "landdeck")


BAN = Move("ban", parts={"faction": Part("", values=factions, kind=str)}, refuse=why_not_ban, effect=apply_ban)
PICK = Move("pick", parts={"faction": Part("", values=factions, kind=str)}, refuse=why_not_pick, effect=apply_pick)
COLOUR = Move("colour", parts={"colour": Part("", values=colours, kind=str)}, effect=apply_colour)
CASTLE = Move(
    "castle", parts={"castle": Part("target", values=castles, kind=str)}, refuse=why_not_castle, effect=apply_castle
)
START_UNIT = Move(
    "start_unit",
    parts={
        "unit_type": Part("source", values=faction_units, kind=str),  # a card of the faction's units
        "castle": Part("target", values=first_castle, kind=str),
    },
    effect=apply_start_unit,
)
START_LAND = Move("start_land", parts={"land": Part("", values=start_lands, kind=str)}, effect=apply_start_land)
