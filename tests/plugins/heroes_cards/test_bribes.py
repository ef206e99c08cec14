"""Bribes between players (digest 6.5): in a player-vs-player battle both sides may pay a
chest before each reveal to send the enemy's weakest unit (lowest level, ties to the right)
back to its owner's hand, not routed, its damage taken off if it was revealed; heroes are
never bribed, and nobody adds mercenaries to a player's army; a seat may pay several chests in
one window."""

from __future__ import annotations

from typing import Any

from boardwright.framework import Engine, kernel, zones
from boardwright.plugins.heroes_cards import capital, cards
from boardwright.plugins.heroes_cards.battle import bribe_target
from boardwright.plugins.heroes_cards.catalog import RACES
from boardwright.plugins.heroes_cards.rules import HeroesCards

from .scenes import hold_only, war_over_a_mine

ENGINE = Engine(HeroesCards())


def interception(seed: int = 1) -> tuple[dict[str, Any], int, int, dict[int, list[str]]]:
    """Day 1 at war: the attacker tries to capture the defender's mine and the defender
    intercepts. Each side lines up a level-1 and a level-3 creature and its hero, and holds
    one chest. Returns (state, attacker, defender, {seat: [level-1 card, level-3 card]})."""
    state, attacker, defender = war_over_a_mine(ENGINE, seed)
    lines: dict[int, list[str]] = {}
    for seat in (attacker, defender):
        for plot in ("barracks1", "barracks3"):
            state["capital"][seat][capital.PLOT_INDEX[plot]] = 0
        creatures = RACES[state["race"][seat]]["creatures"]
        lines[seat] = [f"{seat}:{creatures[level]['key']}:0" for level in (0, 2)]
        hold_only(state, seat, lines[seat])
        while len(cards.chests(state, seat)) > 1:
            cards.return_chest(state, seat)
    ENGINE.apply(state, {"type": "capture", "target": defender})
    ENGINE.apply(state, {"type": "intercept", "fight": True})
    # the heroes first, the defender's, then one card each (digest 6.6 step 1)
    for seat in (defender, attacker):
        assert kernel.pending(state)["kind"] == "duel" and kernel.to_move(state) == seat
        ENGINE.apply(state, {"type": "place", "card": cards.heroes(state, seat)[0], "slot": -1})
    for slot in (0, 1):
        for seat in (defender, attacker):
            assert kernel.pending(state)["kind"] == "duel" and kernel.to_move(state) == seat
            ENGINE.apply(state, {"type": "place", "card": lines[seat][slot], "slot": slot})
    while kernel.pending(state)["kind"] == "elemental":  # an Elementalist's: where the digest puts it
        ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    return state, attacker, defender, lines


def test_both_sides_are_asked_to_bribe_the_attacker_first_and_a_bribed_unit_goes_home():
    state, attacker, defender, lines = interception()
    battle = state["battle"]
    assert battle["type"] == "player" and battle["turn"] == 1  # the defender reveals first
    decision = kernel.pending(state)
    assert decision["kind"] == "window" and decision["seat"] == attacker
    assert {c["type"] for c in decision["choices"]} == {"bribe"}  # no mercenaries against a player
    defending = battle["sides"][1]
    before = defending["total"]
    ENGINE.apply(state, {"type": "bribe", "pay": True})
    assert cards.chests(state, attacker) == []
    assert defending["units"] == [[lines[defender][1]]]  # the level-1 unit left, the hero stays
    assert lines[defender][0] in cards.creatures(state, defender)
    assert lines[defender][0] not in zones.items(state, f"line:{defender}")
    assert defending["total"] == before  # not revealed yet: nothing to take off
    decision = kernel.pending(state)
    assert decision["kind"] == "window" and decision["seat"] == defender


def test_a_revealed_unit_bribed_takes_its_damage_off_and_is_not_routed():
    state, attacker, defender, lines = interception()
    attacking = state["battle"]["sides"][0]
    # nobody bribes until the attacker's first unit has struck
    while attacking["next"] == 0:
        assert kernel.pending(state)["kind"] == "window"
        ENGINE.apply(state, {"type": "bribe", "pay": False})
    while kernel.pending(state)["seat"] != defender:
        ENGINE.apply(state, {"type": "bribe", "pay": False})
    dealt = attacking["dealt"][0]
    before = attacking["total"]
    ENGINE.apply(state, {"type": "bribe", "pay": True})
    assert attacking["total"] == before - dealt
    assert attacking["units"] == [[lines[attacker][1]]] and attacking["next"] == 0
    assert 0 not in attacking["routed"]
    assert lines[attacker][0] in cards.creatures(state, attacker)


def test_the_weakest_is_the_lowest_level_rightmost_an_elemental_counts_seven_a_hero_never():
    state, attacker, defender, lines = interception()
    battle = state["battle"]
    defending = battle["sides"][1]
    low, high = lines[defender]
    twin = f"{low.rsplit(':', 1)[0]}:1"
    defending["units"] = [[high], [low], [twin]]
    assert bribe_target(battle, attacker) == 2  # two level-1 units: the rightmost
    defending["units"] = [[high]]
    defending["elemental"] = 9
    assert bribe_target(battle, attacker) == 0  # level 3 is weaker than the elemental's 7
    defending["units"] = []
    assert bribe_target(battle, attacker) == 0  # the elemental, in the slot after the units
    ENGINE.apply(state, {"type": "bribe", "pay": True})
    assert defending["elemental"] == 0
    assert bribe_target(battle, attacker) is None  # the hero alone is never bribed
    assert defending["hero"] is not None


def test_a_seat_may_pay_several_chests_in_one_window():
    """Digest 6.5: "any number of chests may be spent"; each takes the weakest left."""
    state, attacker, defender, lines = interception()
    cards.gain_chests(state, attacker, 1)  # two chests
    ENGINE.apply(state, {"type": "bribe", "pay": True})
    decision = kernel.pending(state)
    assert decision["kind"] == "window" and decision["seat"] == attacker  # asked again
    ENGINE.apply(state, {"type": "bribe", "pay": True})
    assert state["battle"]["sides"][1]["units"] == []  # both units gone, the hero stays
    assert set(lines[defender]) <= set(cards.creatures(state, defender))
    decision = kernel.pending(state)
    assert decision["kind"] == "window" and decision["seat"] == defender  # out of chests: the next seat
