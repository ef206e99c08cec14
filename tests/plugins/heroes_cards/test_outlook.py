"""The bots' heuristic: victory points scored, and the future only while turns remain."""

from __future__ import annotations

from boardwright.framework import Engine, zones
from boardwright.plugins.heroes_cards import outlook
from boardwright.plugins.heroes_cards.catalog import TRAVEL
from boardwright.plugins.heroes_cards.rules import HeroesCards

GAME = HeroesCards()
ENGINE = Engine(GAME)


def test_a_lead_in_victory_points_is_a_lead():
    state = ENGINE.new_game(2, {}, 1)
    state["vp"] = [6, 0]
    assert GAME.heuristic(state, 0) > 0 > GAME.heuristic(state, 1)


def test_the_future_counts_only_while_turns_remain():
    state = ENGINE.new_game(2, {"weeks": 1}, 1)
    early = outlook.value(state, 0)
    zones.zone(state, "chests:0")["items"].append("chest:extra")
    assert outlook.value(state, 0) > early + outlook.OUTLOOK["chest_vp"] / 2
    # the last day of the last week, after the watchman's turn: only VP and the tie-breakers
    watchman = state["watchman"]
    state["k"]["phase"], state["k"]["round"], state["k"]["active"] = "day", 1 + 7, 1 - watchman
    state["vp"][watchman] = 4
    assert outlook.turns_left(state, watchman) == 0
    assert outlook.turns_left(state, 1 - watchman) == 1
    chests = len(zones.items(state, f"chests:{watchman}"))
    assert outlook.value(state, watchman) == 4 + outlook.OUTLOOK["chest_tie"] * chests


def test_a_reserve_in_hand_is_worth_its_printed_vp_to_an_army_that_can_take_it():
    state = ENGINE.new_game(2, {}, 1)
    reserve = next(f"t:{key}:0" for key, data in TRAVEL.items() if data["kind"] == "reserve")
    _, prize = outlook.field_prize(state, reserve)
    assert prize > TRAVEL[reserve.split(":")[1]]["vp"]
    assert outlook.win_chance(5, 40) == 0.0 and outlook.win_chance(60, 40) == 1.0
