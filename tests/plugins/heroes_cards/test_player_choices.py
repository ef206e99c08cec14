"""Choices the rules leave to a player, asked as decisions: where a garrison won or captured
goes over its owner's domain cards (digest 5.1 table, 5.3, 7.6), where a summoned
elemental stands in the line, the Elementalist's too (6.2, 6.4 step 6, 11.4), whether a
refused Peace is forced (5.3), and which cards pay for a policy (5.2); and each player's
race, chosen before the game (3.1). Each is described in
both languages; those about a card are chosen by a click on the board."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.client.layout import compose
from boardwright.client.selection import Selection
from boardwright.framework import EventLog, OptionError, PluginHost, kernel
from boardwright.plugins.heroes_cards import aftermath, army, battle, cards, war
from boardwright.plugins.heroes_cards.catalog import creature_deck

from .scenes import first_day, move_card

ENGINE = PluginHost().engine("heroes_cards")
GAME = ENGINE.game
FORT = "t:fort:0"
HOLDINGS = ["t:iron_mine:0", "t:quarry:0", "t:farmstead:0"]


def holding(state: dict[str, Any], seat: int, domain: list[str]) -> None:
    for card in domain:
        move_card(state, card, "table")
        aftermath.join_domain(state, seat, card, "table")


def choices_of(state: dict[str, Any]) -> list[dict[str, Any]]:
    return kernel.pending(state)["choices"]


def test_a_garrison_won_goes_over_the_domain_cards_its_owner_chooses():
    state = first_day(ENGINE, 1)
    seat = kernel.active(state)
    holding(state, seat, HOLDINGS)
    move_card(state, FORT, "table")
    aftermath.join_domain(state, seat, FORT, "table")
    decision = kernel.pending(state)
    assert decision["kind"] == "garrison" and decision["seat"] == seat
    assert choices_of(state) == [{"type": "cover", "card": card} for card in reversed(HOLDINGS)]
    ENGINE.apply(state, {"type": "cover", "card": HOLDINGS[0]})
    # one more, or none: up to 2 (digest 7.6)
    assert {"type": "covered"} in choices_of(state)
    assert {"type": "cover", "card": HOLDINGS[0]} not in choices_of(state)
    ENGINE.apply(state, {"type": "cover", "card": HOLDINGS[2]})
    assert state["covers"][FORT] == [HOLDINGS[0], HOLDINGS[2]]
    assert kernel.pending(state) is None or kernel.pending(state)["kind"] != "garrison"
    # an enemy must take the garrison before any card it covers (digest 5.3)
    assert war.next_target(state, 1 - seat, seat) == FORT


def test_a_garrison_may_cover_a_single_card_and_one_with_nothing_to_cover_asks_nothing():
    state = first_day(ENGINE, 2)
    seat = kernel.active(state)
    move_card(state, FORT, "table")
    aftermath.join_domain(state, seat, FORT, "table")
    assert state["covers"][FORT] == [] and kernel.pending(state) is None
    state = first_day(ENGINE, 2)
    holding(state, seat, HOLDINGS[:2])
    move_card(state, FORT, "table")
    aftermath.join_domain(state, seat, FORT, "table")
    ENGINE.apply(state, {"type": "cover", "card": HOLDINGS[1]})
    ENGINE.apply(state, {"type": "covered"})
    assert state["covers"][FORT] == [HOLDINGS[1]]


def test_a_captured_garrison_is_placed_anew_by_its_captor():
    """Digest 5.3: "a captured garrison is placed anywhere in the attacker's domain"."""
    state = first_day(ENGINE, 3)
    attacker, defender = kernel.active(state), 1 - kernel.active(state)
    holding(state, attacker, HOLDINGS[:2])
    holding(state, defender, [HOLDINGS[2], FORT])
    ENGINE.apply(state, {"type": "cover", "card": HOLDINGS[2]})  # the defender's own placement
    war.take(state, attacker, defender, FORT, EventLog())
    decision = kernel.pending(state)
    assert decision["kind"] == "garrison" and decision["seat"] == attacker
    assert {c["card"] for c in choices_of(state)} == set(HOLDINGS[:2])
    ENGINE.apply(state, {"type": "cover", "card": HOLDINGS[0]})
    ENGINE.apply(state, {"type": "covered"})
    assert state["covers"][FORT] == [HOLDINGS[0]]


def test_a_person_covers_a_domain_card_by_clicking_it():
    state = first_day(ENGINE, 4)
    seat = kernel.active(state)
    holding(state, seat, HOLDINGS[:2])
    move_card(state, FORT, "table")
    aftermath.join_domain(state, seat, FORT, "table")
    board = compose(ENGINE.board(state, seat), ENGINE.view(state, seat)["zones"], GAME.card_face)
    assert set(HOLDINGS[:2]) <= {item.get("id") for item in board["items"]}
    pick = Selection(ENGINE.legal_actions(state), ENGINE.open_actions(state), GAME.action_parts)
    outcome = pick.click(HOLDINGS[0])
    assert outcome.what == "play" and outcome.actions == [{"type": "cover", "card": HOLDINGS[0]}]


# --- the elemental's place in the line ---


def elementalist_battle(units: list[list[str]]) -> dict[str, Any]:
    """Seat 0 (Castle) with Sister Adelina, the Elementalist (+6, an extra unit), and these
    units, against a neutral army of 30, at its bonuses."""
    state = ENGINE.new_game(2, {}, 1)
    state["race"] = ["castle", "orcs"]
    side = battle.new_side(0)
    side["units"] = units
    side["hero"] = "0:hero:adelina"
    for card in [c for unit in units for c in unit] + [side["hero"]]:
        move_card(state, card, "line:0")
    state["battle"] = {
        "type": "field",
        "card": None,
        "sides": [side, battle.new_side(None, 30)],
        "units_vp": 0,
        "mercenaries": 0,
        "turn": 0,
        "result": None,
    }
    battle.add_bonuses(state, state["battle"], 0)
    return state


def test_the_elementalists_elemental_takes_a_slot_its_player_chooses():
    units = [["0:pikemen:0"], ["0:swordsmen:0"]]
    state = elementalist_battle(units)
    side = state["battle"]["sides"][0]
    assert side["elemental"] == 6 and ["hero", 6] in side["ledger"]
    decision = kernel.pending(state)
    assert decision["kind"] == "elemental" and decision["seat"] == 0
    # just left of the hero (digest 6.2) first, then before each unit
    assert [c["before"] for c in choices_of(state)] == ["0:hero:adelina", "0:pikemen:0", "0:swordsmen:0"]
    state["k"]["pending"].pop()
    army.place_elemental(state, decision, {"type": "elemental", "before": "0:swordsmen:0"}, EventLog())
    assert army.line(side) == [0, None, 1]
    total = side["total"]
    side["next"] = 1
    battle.reveal_slot(state, side, EventLog())  # the elemental's slot: no card, no damage
    assert side["total"] == total and side["next"] == 2 and not side["routed"]


def test_a_bribe_takes_the_elemental_from_its_place_and_its_strength_with_it():
    """Digest 6.5, DECISION 31, 33: the weakest goes, ties to the right; the elemental counts
    as level 7 and takes off the strength it added."""
    units = [["0:angels:0"]]
    for before, expected in (("0:hero:adelina", [0]), ("0:angels:0", [None])):
        state = elementalist_battle([list(u) for u in units])
        side = state["battle"]["sides"][0]
        decision = state["k"]["pending"].pop()
        army.place_elemental(state, decision, {"type": "elemental", "before": before}, EventLog())
        state["battle"]["sides"][1]["seat"] = 1  # a player's chest bribes
        state["battle"]["type"] = "player"
        total = side["total"]
        battle.bribe(state, state["battle"], 1, EventLog())
        assert army.line(side) == expected
        assert side["total"] == (total - 6 if expected == [0] else total)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_new_choices_are_described(lang):
    state = elementalist_battle([["0:pikemen:0"]])
    names = {
        "cover": {"type": "cover", "card": HOLDINGS[0]},
        "covered": {"type": "covered"},
        "spell_target": {"type": "spell_target", "card": "0:pikemen:0"},
        "elemental": {"type": "elemental", "before": "0:pikemen:0"},
        "elemental_last": {"type": "elemental", "before": None},
    }
    texts = {name: GAME.describe_action(state, action, lang) for name, action in names.items()}
    assert len(set(texts.values())) == len(texts)
    assert all(text and "{" not in text and not text.startswith("action_") for text in texts.values())
    assert GAME.describe_action(state, {"type": "pass"}, lang) not in texts.values()
    for name in ("cover", "spell_target", "elemental"):
        assert GAME.action_parts[names[name]["type"]]["target"] in names[name]


# --- peace forced, and a policy's price ---


def at_war_with_chests(seed: int, chests: int) -> tuple[dict[str, Any], int, int]:
    """Day 1, the seat to act at war with the other and holding `chests` chests, its Peace
    proposed and refused: (state, proposer, opponent)."""
    state = first_day(ENGINE, seed)
    seat, target = kernel.active(state), 1 - kernel.active(state)
    state["wars"] = [{"attacker": seat, "defender": target, "crusade": False}]
    while len(cards.chests(state, seat)) > chests:
        cards.return_chest(state, seat)
    cards.gain_chests(state, seat, chests - len(cards.chests(state, seat)))
    war.propose_peace(state, seat, target, EventLog())
    ENGINE.apply(state, {"type": "peace", "accept": False}, target)
    return state, seat, target


def test_a_refused_peace_is_forced_only_if_its_proposer_chooses_to_pay():
    """Digest 5.3, DECISION 39: the player of Peace *may* force peace by paying gold equal
    to the opponent's creatures, 1 chest per 15 gold."""
    for pay in (False, True):
        state, seat, target = at_war_with_chests(5, 9)
        price = war.peace_price(state, target)
        decision = kernel.pending(state)
        assert decision["kind"] == "force_peace" and decision["seat"] == seat
        ENGINE.apply(state, {"type": "force_peace", "pay": pay, "price": price}, seat)
        assert (war.war_between(state, seat, target) is None) == pay
        assert len(cards.chests(state, seat)) == 9 - (price if pay else 0)
    state, seat, target = at_war_with_chests(5, 0)
    assert kernel.pending(state) is None and war.war_between(state, seat, target) is not None


def test_a_person_chooses_the_cards_that_pay_for_a_policy():
    """Digest 5.2: a policy costs cards equal to the week number, any cards of the hand."""
    state = first_day(ENGINE, 6)
    seat = kernel.active(state)
    hero_card = cards.heroes(state, seat)[0]
    chosen = cards.creatures(state, seat)[-1]
    listed = next(a for a in ENGINE.legal_actions(state) if a["type"] == "policy")
    assert listed["cards"] != [chosen]  # a bot pays with its cheapest card, not this one
    offered = next(a for a in ENGINE.open_actions(state) if a["type"] == "policy" and a["hero"] == hero_card)
    for lang in ("en", "ru"):
        assert GAME.describe_action(state, offered, lang) != GAME.describe_action(state, listed, lang)
    action = ENGINE.check(state, {"type": "policy", "hero": hero_card, "cards": [chosen]}, seat)
    ENGINE.apply(state, action, seat)
    assert hero_card in state["policies"][seat] and chosen not in cards.creatures(state, seat)


def test_each_player_chooses_a_race_and_races_differ():
    """Digest 3.1: each player chooses a race; races must differ between players. The
    players name theirs before the game, in seat order; unnamed, they are drawn by lot."""
    state = ENGINE.new_game(3, {"races": "rampart,castle,necropolis"}, 5)
    assert state["race"] == ["rampart", "castle", "necropolis"]
    assert set(cards.creatures(state, 0)) <= set(creature_deck(0, "rampart"))  # its own race's cards
    with pytest.raises(OptionError, match="each different"):
        ENGINE.new_game(2, {"races": "orcs,orcs"}, 5)
    with pytest.raises(OptionError, match="expected 3 of"):
        ENGINE.new_game(3, {"races": "orcs,castle"}, 5)
    drawn = ENGINE.new_game(4, {}, 5)["race"]
    assert sorted(drawn) == sorted(set(drawn))
    # a seat left to chance draws a race nobody named
    mixed = ENGINE.new_game(3, {"races": "lot,orcs,lot"}, 5)["race"]
    assert mixed[1] == "orcs" and len(set(mixed)) == 3
