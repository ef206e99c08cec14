"""Setting up the table (digest 3): races, capitals, decks, the starting hands, the watchman."""

from __future__ import annotations

from typing import Any

from boardwright.framework import Setup, decks, kernel, seat_picks, zones

from . import cards
from .capital import new_capital
from .catalog import CONFIG, RACE_IDS, creature_deck, hero_cards, neutral_deck, school_tablets, travel_deck

State = dict[str, Any]
PUBLIC, OWNER, HIDDEN = zones.PUBLIC, zones.OWNER, zones.HIDDEN


def choose_races(state: State, players: int, chosen: str = "lot") -> list[str]:
    """Each player chooses a race, and races differ between players (digest 3.1): the
    races the players chose at the table, named in seat order ("castle,orcs"); a seat left
    to chance ("lot") draws one of the others."""
    return seat_picks.deal(state, "races", chosen, RACE_IDS, players)


def add_seat_zones(state: State, seat: int, race: str) -> None:
    for name in ("creatures", "heroes", "travel", "school"):
        zones.add_zone(state, f"{name}:{seat}", OWNER, owner=seat)
    zones.add_zone(state, f"chests:{seat}", PUBLIC)
    zones.add_zone(state, f"deck:{seat}", HIDDEN, items=creature_deck(seat, race))
    zones.add_zone(state, f"discard:{seat}", PUBLIC)
    zones.add_zone(state, f"tavern:{seat}", HIDDEN, items=hero_cards(seat, race))
    zones.add_zone(state, f"tavern_discard:{seat}", PUBLIC)
    zones.add_zone(state, f"buried:{seat}", HIDDEN)
    zones.add_zone(state, f"tavern_buried:{seat}", HIDDEN)
    zones.add_zone(state, f"domain:{seat}", PUBLIC)
    zones.add_zone(state, f"line:{seat}", PUBLIC)
    zones.add_zone(state, f"strikes:{seat}", PUBLIC)
    decks.shuffle(state, f"deck:{seat}")
    decks.shuffle(state, f"tavern:{seat}")


def setup(state: State, options: Setup) -> None:
    players = options.players
    opts = options.options
    state["weeks"] = opts["weeks"]
    state["war_allowed"] = opts["war_allowed"]
    state["piles"] = opts["piles"]
    state["week"] = 1
    state["race"] = choose_races(state, players, str(opts["races"]))
    state["watchman"] = kernel.rng_below(state, players)
    state["vp"] = [0] * players
    state["capital"] = [new_capital() for _ in range(players)]
    state["fresh"] = [None] * players
    state["tower"] = [0] * players
    state["machines"] = [[] for _ in range(players)]
    state["policies"] = [[] for _ in range(players)]
    state["courage"] = {}
    state["ritual"] = [0] * players
    state["spy"] = [0] * players
    state["cart_discount"] = [0] * players
    state["well"] = [False] * players
    state["domain"] = [[] for _ in range(players)]
    state["covers"] = {}
    state["travel_quota"] = [0] * players
    state["travel_drawn"] = [0] * players
    state["wars"] = []
    state["peace"] = []
    state["war_blocked"] = [False] * players
    state["contribution"] = [None] * players
    state["captures"] = 0
    state["initiated"] = 0
    state["retreated"] = []  # defenders whose army lost this turn (digest 5.3, retreat)
    state["closure"] = False
    state["chests_made"] = 0
    state["battle"] = None
    state["standing"] = {}
    state["hired"] = {}  # mercenaries in a standing army, still worth their VP (DECISION 26)
    copies = CONFIG["travel_deck_copies"][min(players, len(CONFIG["travel_deck_copies"]) - 1)]
    zones.add_zone(state, "travel_deck", HIDDEN, items=travel_deck(copies))
    for pile in range(CONFIG["max_piles"]):
        zones.add_zone(state, f"pile:{pile}", HIDDEN)
    for name in ("travel_discard", "table", "removed", "neutral_discard", "standing", "army", "bank"):
        zones.add_zone(state, name, PUBLIC)
    zones.add_zone(state, "neutral_deck", HIDDEN, items=neutral_deck())
    zones.add_zone(state, "travel_buried", HIDDEN)
    zones.add_zone(state, "schools", HIDDEN, items=school_tablets(players))
    decks.shuffle(state, "travel_deck")
    decks.shuffle(state, "neutral_deck")
    for seat, race in enumerate(state["race"]):
        add_seat_zones(state, seat, race)
    for seat in range(players):
        cards.draw_creatures(state, seat, CONFIG["start_creatures"])
        decks.draw(state, f"tavern:{seat}", f"heroes:{seat}", CONFIG["start_heroes"])
        cards.gain_chests(state, seat, CONFIG["start_chests"])
    options.log.emit("watchman", seat=state["watchman"])
