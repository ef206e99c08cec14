"""Lining up between players (digest 6.6 step 1, DECISION 14): the defender's hero, the
attacker's hero, then one card each, the defender first; a side with nothing left passes by
itself and the other places alone; two passes in a row end it. What a seat has not placed
stays hidden from the other seat; a person places by clicking the card on the board."""

from __future__ import annotations

from typing import Any

from boardwright.client.layout import compose
from boardwright.client.selection import Selection
from boardwright.framework import EventLog, PluginHost, kernel
from boardwright.plugins.heroes_cards import cards

from .scenes import interception, move_card

ENGINE = PluginHost().engine("heroes_cards")
GAME = ENGINE.game


def asked(state: dict[str, Any]) -> tuple[str, int]:
    decision = kernel.pending(state)
    return decision["kind"], decision["seat"]


def test_heroes_first_the_defenders_then_one_card_each_the_defender_first():
    state, attacker, defender, held = interception(ENGINE, 1, {"attacker": 2, "defender": 2})
    assert asked(state) == ("duel", defender)
    choices = ENGINE.legal_actions(state)
    assert {"type": "no_hero"} in choices
    assert {c["card"] for c in choices if c["type"] == "place"} == set(cards.heroes(state, defender))
    assert all(c["slot"] == -1 for c in choices if c["type"] == "place")
    ENGINE.apply(state, {"type": "place", "card": cards.heroes(state, defender)[0], "slot": -1})
    assert asked(state) == ("duel", attacker)
    ENGINE.apply(state, {"type": "no_hero"})  # the attacker fights without its hero
    order = []
    while kernel.pending(state) and kernel.pending(state)["kind"] == "duel":
        _kind, seat = asked(state)
        order.append(seat)
        choices = ENGINE.legal_actions(state)
        assert choices[-1] == {"type": "hold"}
        assert not any(c.get("slot") == -1 for c in choices)  # the heroes' round is over
        ENGINE.apply(state, next(c for c in choices if c["type"] == "place" and c["slot"] == len(side(state, seat))))
    assert order == [defender, attacker, defender, attacker]
    battle = state["battle"]
    assert battle["sides"][0]["hero"] is None and battle["sides"][1]["hero"] is not None
    assert [u[0] for u in battle["sides"][0]["units"]] == held[attacker]
    assert [u[0] for u in battle["sides"][1]["units"]] == held[defender]


def side(state: dict[str, Any], seat: int) -> list[list[str]]:
    return next(s["units"] for s in state["battle"]["sides"] if s["seat"] == seat)


def test_a_side_out_of_cards_passes_and_the_other_places_alone_until_it_passes():
    state, attacker, defender, held = interception(ENGINE, 2, {"attacker": 1, "defender": 3})
    for seat in (defender, attacker):
        ENGINE.apply(state, {"type": "no_hero"}, seat)
    log = EventLog()
    ENGINE.apply(state, {"type": "place", "card": held[defender][0], "slot": 0}, defender, log)
    ENGINE.apply(state, {"type": "place", "card": held[attacker][0], "slot": 0}, attacker, log)
    # the attacker has nothing left: the defender places again, and again
    assert asked(state) == ("duel", defender)
    ENGINE.apply(state, {"type": "place", "card": held[defender][1], "slot": 1}, defender, log)
    assert asked(state) == ("duel", defender)
    ENGINE.apply(state, {"type": "hold"}, defender, log)  # with the attacker's own pass: two in a row
    assert kernel.pending(state) is None or kernel.pending(state)["kind"] != "duel"
    assert [u[0] for u in side(state, defender)] == held[defender][:2]
    assert held[defender][2] in cards.creatures(state, defender)
    placed = [e["params"]["at"] for e in log.events if e["key"] == "placed"]
    assert placed == [[held[defender][0]], [held[attacker][0]], [held[defender][1]]]
    deployed = [e["params"]["seat"] for e in log.events if e["key"] == "deployed"]
    assert deployed == [defender, attacker]


def test_a_pass_is_not_the_end_while_the_other_side_still_places():
    state, attacker, defender, held = interception(ENGINE, 3, {"attacker": 2, "defender": 2})
    for seat in (defender, attacker):
        ENGINE.apply(state, {"type": "no_hero"}, seat)
    ENGINE.apply(state, {"type": "hold"})  # the defender waits to see
    assert asked(state) == ("duel", attacker)
    ENGINE.apply(state, {"type": "place", "card": held[attacker][0], "slot": 0})
    assert asked(state) == ("duel", defender)  # one pass, then a card: the defender may still place
    ENGINE.apply(state, {"type": "place", "card": held[defender][0], "slot": 0})
    assert asked(state) == ("duel", attacker)


def test_what_a_seat_has_not_placed_stays_hidden_from_the_other_seat():
    state, attacker, defender, held = interception(ENGINE, 4, {"attacker": 2, "defender": 3})
    hero_card = cards.heroes(state, defender)[0]
    ENGINE.apply(state, {"type": "place", "card": hero_card, "slot": -1})
    ENGINE.apply(state, {"type": "no_hero"})
    ENGINE.apply(state, {"type": "place", "card": held[defender][0], "slot": 0})
    view = ENGINE.view(state, attacker)
    line = view["zones"][f"line:{defender}"]["items"]
    assert line == [hero_card, held[defender][0]]  # placed: face up to both
    hand = view["zones"][f"creatures:{defender}"]
    assert "items" not in hand and hand["count"] == 2 and hand["known"] == []  # not placed: backs only
    # the attacker's own choices are its own: the defender sees only that it is asked
    assert asked(state) == ("duel", attacker)
    theirs = ENGINE.view(state, defender)["k"]["pending"][-1]
    assert theirs == {"seat": attacker, "kind": "duel"}


def test_a_person_places_by_clicking_a_card_on_the_board():
    state, attacker, defender, held = interception(ENGINE, 5, {"attacker": 2, "defender": 2})
    for seat in (defender, attacker):
        ENGINE.apply(state, {"type": "no_hero"}, seat)
    board = compose(ENGINE.board(state, defender), ENGINE.view(state, defender)["zones"], GAME.card_face)
    ids = {item["id"] for item in board["items"] if item["shape"] == "card" and "id" in item}
    assert set(held[defender]) <= ids
    assert not set(held[attacker]) & ids  # the other seat's hand is backs only
    pick = Selection(ENGINE.legal_actions(state), ENGINE.open_actions(state), GAME.action_parts)
    outcome = pick.click(held[defender][1])
    assert outcome.what == "play" and outcome.actions[0]["card"] == held[defender][1]
    ENGINE.apply(state, ENGINE.check(state, outcome.actions[0], defender))
    assert side(state, defender) == [[held[defender][1]]]


def test_the_defender_names_its_spell_first_and_the_attackers_protection_answers_it():
    """Digest 6.6 step 2: both name a spell, the defender first; then they act, and a
    protection against the enemy's school cancels the enemy's spell."""
    state, attacker, defender, held = interception(ENGINE, 6, {"attacker": 1, "defender": 1})
    for seat, school in ((defender, "school:fire:0"), (attacker, "school:fire:1")):
        state["tower"][seat] = 2
        move_card(state, school, f"school:{seat}")
    for seat in (defender, attacker):
        ENGINE.apply(state, {"type": "place", "card": cards.heroes(state, seat)[0], "slot": -1}, seat)
    for seat in (defender, attacker):
        ENGINE.apply(state, {"type": "place", "card": held[seat][0], "slot": 0}, seat)
    assert asked(state) == ("spell", defender)
    log = EventLog()
    ENGINE.apply(state, {"type": "spell", "spell": "fireball"}, defender, log)
    assert state["battle"]["sides"][1]["total"] == 0  # named, not yet cast
    assert asked(state) == ("spell", attacker)
    assert {"type": "spell", "spell": "protection_from_fire"} in ENGINE.legal_actions(state)
    ENGINE.apply(state, {"type": "spell", "spell": "protection_from_fire"}, attacker, log)
    keys = [e["key"] for e in log.events]
    assert keys[:3] == ["spell_cast", "spell_cast", "spell_cancelled"]
    assert not any(line[0] == "spell" for line in state["battle"]["sides"][1]["ledger"])
