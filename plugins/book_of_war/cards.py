"""Cards (digest 2, 3.2, 5.5, 8.2, 13): hands, the unit decks, the land deck and its
discard pile, the general card, and Scouting's look at the land deck.

Cards in hands and decks live in zones, which also keep what each seat knows of them:
``hand:N`` (unit cards) and ``lands:N`` (land cards) for each seat, shown to its
team-mate [D-39]; ``units:S`` (a side's unit deck), ``landdeck`` (hidden), ``discard``
(public, in order [D-35]), ``planned`` (the land card of a running Planning), and the
set-up zones ``draft:N``, ``kept:N`` and ``scout:N``. Land cards of one land are alike;
actions name the land, and the first such card of the hand is used.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import decks, kernel, zones

from .catalog import CONFIG, UNITS
from .text import land_name, name, unit_type_of
from .war_track import gain

State = dict[str, Any]
Action = dict[str, Any]


def lands_zone(seat: int) -> str:
    return f"lands:{seat}"


def hand_zone(seat: int) -> str:
    return f"hand:{seat}"


def unit_deck(side: int) -> str:
    return f"units:{side}"


def all_land_cards() -> list[str]:
    """Every land card, in a fixed order: "N0" ... "W5" (digest 12d)."""
    return [f"{land}{index}" for land, count in CONFIG["land_cards"].items() for index in range(count)]


def hand_limit(state: State) -> list[int]:
    """[unit cards, land cards] a player may hold (digest 5.5); read only."""
    limits: list[int] = CONFIG["hand_limit"][str(kernel.seats(state))]
    return limits


def land_cards(state: State, seat: int) -> list[str]:
    return zones.items(state, lands_zone(seat))


def card_of_land(state: State, seat: int, land: str) -> str:
    """A land card of `land` from the seat's hand."""
    return next(card for card in land_cards(state, seat) if card[0] == land)


def hand_lands(state: State, seat: int) -> list[str]:
    """The lands of the seat's land cards, each once, sorted."""
    return sorted({card[0] for card in land_cards(state, seat)})


def holds_land(state: State, seat: int, land: Any) -> bool:
    return any(card[0] == land for card in land_cards(state, seat))


def draw_units(state: State, seat: int, log: Any) -> None:
    """Draw unit cards from the side's deck up to the hand limit; an empty deck gives nothing [D-36]."""
    hand = hand_zone(seat)
    want = hand_limit(state)[0] - zones.count(state, hand)
    if want <= 0:
        return
    got = decks.draw(state, unit_deck(kernel.side_of(state, seat)), hand, want)
    if got and log.recording:  # a bot's search or playout builds no texts (framework/events.py)
        log.emit("draw_units", seat=seat, count=len(got))
        cards = [name(UNITS, unit_type_of(card)) for card in got]
        log.emit("draw_units_secret", seat=seat, to=kernel.team_of(state, seat), cards=cards)


def draw_from_land_deck(state: State, target: str, count: int) -> list[str]:
    """Draw land cards; an empty deck is rebuilt from the discard pile without shuffling."""
    return decks.draw(state, "landdeck", target, count, discard_id="discard", reshuffle=False)


def draw_lands(state: State, seat: int, log: Any) -> None:
    """Draw land cards up to the hand limit (digest 8.2 step 5)."""
    want = hand_limit(state)[1] - zones.count(state, lands_zone(seat))
    if want <= 0:
        return
    got = draw_from_land_deck(state, lands_zone(seat), want)
    if got and log.recording:
        log.emit("draw_lands", seat=seat, count=len(got))
        lands = [land_name(card[0]) for card in got]
        log.emit("draw_lands_secret", seat=seat, to=kernel.team_of(state, seat), lands=lands)


def discard_land(state: State, source: str, card: str) -> None:
    """A land card goes face up onto the discard pile: everyone sees which one."""
    zones.move(state, source, "discard", card, observed=True)


def spend_land(state: State, seat: int, land: str, log: Any) -> None:
    """Play a land card of `land` for an action: to the discard pile, +1 VP."""
    discard_land(state, lands_zone(seat), card_of_land(state, seat, land))
    gain(state, kernel.side_of(state, seat), CONFIG["vp_land_card"], log, "land")


def spend_general(state: State, seat: int, log: Any) -> None:
    """The general card goes to the front line for a level-III action: +2 VP."""
    side = kernel.side_of(state, seat)
    state["general"][side] = False
    gain(state, side, CONFIG["vp_general"], log, "general")


# --- Scouting (digest 5.3): draw two land cards, keep one, put the other back on top


def scout_zone(seat: int) -> str:
    return f"scout:{seat}"


def play_for_scouting(state: State, seat: int, land: str, log: Any) -> str:
    """The Scouting's land card is played face up; it lies by the scout until the look is over."""
    card = card_of_land(state, seat, land)
    zones.move(state, lands_zone(seat), scout_zone(seat), card, observed=True)
    gain(state, kernel.side_of(state, seat), CONFIG["vp_land_card"], log, "land")
    return card


def step_scout(state: State, data: dict[str, Any], log: Any) -> None:
    seat = data["seat"]
    zone = scout_zone(seat)
    got = draw_from_land_deck(state, zone, CONFIG["scout_draw"])
    discard_land(state, zone, data["card"])
    log.emit("scout_draw", seat=seat, count=len(got))
    lands = sorted({card[0] for card in got})
    if lands:
        # cards of one land are alike: with one land drawn there is nothing to choose
        kernel.ask(state, seat, "scout", [{"type": "scout_keep", "land": land} for land in lands], auto=True)


def resume_scout(state: State, decision: dict[str, Any], choice: Action, log: Any) -> None:
    seat = decision["seat"]
    zone = scout_zone(seat)
    keep = next(card for card in zones.items(state, zone) if card[0] == choice["land"])
    zones.move(state, zone, lands_zone(seat), keep)
    log.emit("scout_keep", seat=seat, to=kernel.team_of(state, seat), land=land_name(keep[0]))
    team = kernel.team_of(state, seat)
    for card in list(zones.items(state, zone)):
        # put back face down: the scout's team knows it; the others lose track of it
        zones.move(state, zone, "landdeck", card, show=team)
