"""What a position is worth to a seat, in victory points to be had by the end: the bots'
heuristic. VP already scored count in full; what can still become VP (cards to build
with, creatures to come at dawn, battles in hand, a battle under way) counts only while
turns remain to use it, so a searching bot sees the future and a finished game is judged
by the scoring rules alone (digest 8)."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel, zones

from . import army, capital, cards, scoring
from .catalog import BATTLE, CONFIG, RACES, creature, hero, neutral, strength, travel
from .week import DAY, day_of_week, from_watchman

State = dict[str, Any]
OUTLOOK = CONFIG["outlook"]
FIELD_KINDS = ("treasure", "mine", "reserve")
# the mean strike mark of each race's creature deck: what one revealed card adds
MEAN_MARK = {
    race: sum(sum(c["marks"]) for c in data["creatures"]) / sum(len(c["marks"]) for c in data["creatures"])
    for race, data in RACES.items()
}


def value(state: State, seat: int, w: dict[str, Any] = OUTLOOK) -> float:
    """Scored VP, the tie-breakers, and the VP still to be had while turns remain. `w`: the
    weights (game.toml's [outlook], or a table of the same numbers: the `learned` bot's)."""
    worth = (
        scoring.total(state, seat)
        + w["domain_tie"] * len(capital.domain_cards(state, seat))
        + w["chest_tie"] * len(cards.chests(state, seat))
    )
    if not kernel.is_over(state):
        # Charm pays its VP at every week end still to come while its hero stays (digest 6.9)
        worth += CONFIG["charm_vp"] * capital.policy_active(state, seat, 6) * week_ends_left(state)
    turns = turns_left(state, seat)
    if turns == 0:
        return worth
    dawns = dawns_left(state)
    hand = len(cards.hand(state, seat)) + zones.count(state, f"line:{seat}")
    worth += w["card_vp"] * min(hand + dawns * capital.creatures_at_dawn(state, seat), w["hand_turns"] * turns)
    worth += w["tier_vp"] * capital.tier(state, seat)
    worth += w["chest_vp"] * len(cards.chests(state, seat))
    worth += w["hero_courage_vp"] * sum(state["courage"].get(card, 0) for card in cards.heroes(state, seat))
    battles = min(turns_this_week(state, seat), len(cards.travel_hand(state, seat)))
    if battles:
        worth += w["luck_vp"] * state["ritual"][seat]
        worth += battles_in_hand(state, seat, battles, w)
    return worth + battle_under_way(state, seat, w)


def turns_left(state: State, seat: int) -> int:
    """Main actions the seat still takes in the game."""
    return (int(state["weeks"]) - int(state["week"])) * CONFIG["days_per_week"] + turns_this_week(state, seat)


def turns_this_week(state: State, seat: int) -> int:
    days = CONFIG["days_per_week"]
    if kernel.phase(state) != DAY:
        return int(days)
    order = from_watchman(state)
    acted = order.index(seat) < order.index(kernel.active(state))
    return int(days - day_of_week(state) + (0 if acted else 1))


def week_ends_left(state: State) -> int:
    return int(state["weeks"]) - int(state["week"]) + 1


def dawns_left(state: State) -> int:
    days = CONFIG["days_per_week"]
    this_week = days if kernel.phase(state) != DAY else days - day_of_week(state)
    return int((int(state["weeks"]) - int(state["week"])) * days + this_week)


def army_strength(state: State, seat: int) -> float:
    """The expected total of the seat's strongest line: units and hero, no bonuses."""
    race = state["race"][seat]
    mean = MEAN_MARK[race]
    units = sorted(
        (
            creature(card)["min"] + capital.barracks_upgrades(state, seat, creature(card)["level"]) + mean
            for card in cards.creatures(state, seat)
            if capital.recruited(state, seat, creature(card)["level"])
        ),
        reverse=True,
    )
    best_hero = max(
        (1 + mean + state["courage"].get(card, 0) for card in cards.heroes(state, seat)),
        default=0.0,
    )
    return float(sum(units[: capital.army_slots(state, seat)]) + best_hero + army.tower_bonus(state, seat, "field"))


def win_chance(mine: float, theirs: float, w: dict[str, Any] = OUTLOOK) -> float:
    return max(0.0, min(1.0, 0.5 + (mine - theirs) / (2 * w["battle_spread"])))


def field_prize(state: State, card: str, w: dict[str, Any] = OUTLOOK) -> tuple[float, float]:
    """(the neutral army's expected strength, the VP a win brings) for a field card."""
    data = travel(card)
    units = min(BATTLE["max_neutral_units"], max(int(data.get("guard", 0)), int(state["week"])))
    strength = units * w["neutral_strength"]
    prize = units + w["chest_vp"] * BATTLE["trophies"]["field"]
    if data["kind"] == "reserve":
        strength = max(strength, int(data["vp"]))
        prize += int(data["vp"])
    return strength, prize


def opponent_strength(state: State, card: str) -> float:
    """What a battle over this travel card is expected to face: a neutral army of its size,
    the army standing on it, or its printed strength this week (digest 6.3)."""
    data = travel(card)
    if data["kind"] in FIELD_KINDS:
        standing = state["standing"].get(card)
        if standing is not None:
            return float(sum(neutral(c)["strength"] for c in standing))
        return field_prize(state, card)[0]
    return float(strength(card, state["week"]))


def hopeless(state: State, seat: int, card: str, mine: float | None = None) -> bool:
    """A battle the seat's strongest army loses even with good luck (win_chance 0): the
    bots leave it; a person may still fight it (actions.py, open_actions). `mine`: the
    seat's `army_strength`, when the caller has it already."""
    if mine is None:
        mine = army_strength(state, seat)
    return mine + OUTLOOK["battle_spread"] <= opponent_strength(state, card)


def battles_in_hand(state: State, seat: int, battles: int, w: dict[str, Any] = OUTLOOK) -> float:
    """The best `battles` field cards in hand, each worth its prize times the chance to win it."""
    if state["closure"]:
        return 0.0
    mine = army_strength(state, seat)
    worths = []
    for card in cards.travel_hand(state, seat):
        if travel(card)["kind"] in FIELD_KINDS:
            strength, prize = field_prize(state, card, w)
            worths.append(win_chance(mine, strength, w) * prize)
    return sum(sorted(worths, reverse=True)[:battles])


def battle_under_way(state: State, seat: int, w: dict[str, Any] = OUTLOOK) -> float:
    """A field battle the seat is fighting: its prize times the chance it is won."""
    battle = state["battle"]
    if battle is None or battle["type"] != "field" or battle["card"] is None:
        return 0.0
    side, other = battle["sides"]
    if side["seat"] != seat:
        return 0.0
    if not side["units"] and side["hero"] is None and not side["done"]:
        mine = army_strength(state, seat)
    else:
        mine = side["total"] + remaining_damage(state, side)
    _, prize = field_prize(state, battle["card"], w)
    return win_chance(mine, other["total"], w) * prize


def remaining_damage(state: State, side: dict[str, Any]) -> float:
    """The expected damage of the slots not yet revealed."""
    if side["done"]:
        return 0.0
    seat = side["seat"]
    mean = MEAN_MARK[state["race"][seat]]
    expected = 0.0
    for unit in side["units"][side["next"] :]:
        data = creature(unit[0])
        expected += (data["min"] + capital.barracks_upgrades(state, seat, data["level"]) + mean) * len(unit)
    if side["hero"] is not None and side["next"] <= len(side["units"]) + (1 if side["elemental"] else 0):
        great = hero(side["hero"])["skill"] if hero(side["hero"])["class"] == 9 else 1
        expected += (1 + mean) * great + state["courage"].get(side["hero"], 0)
    return expected
