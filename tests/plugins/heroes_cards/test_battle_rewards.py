"""The rewards and losses of the war's battles (digest 5.3, 6.1, 6.4 steps 8-9, 6.6, 6.9,
8): the winner of a field battle against a player scores the losing army's creature units
in VP and a chest, whichever side won; a beaten attacker takes nothing and pays its routed
units; a draw scores nobody (E31); sieges, the capital and dungeons pay their trophies;
the mercenaries hired into a standing neutral army score for whoever beats it later."""

from __future__ import annotations

from typing import Any

from boardwright.framework import EventLog, PluginHost, kernel, zones
from boardwright.plugins.heroes_cards import actions, aftermath, battle, cards
from boardwright.plugins.heroes_cards.catalog import mark

from .scenes import first_day, interception, move_card

ENGINE = PluginHost().engine("heroes_cards")
MINE = "t:iron_mine:0"
TROPHIES_HERO = "0:hero:ivor"  # class 2, Marksman: the Trophies policy, +1 chest per battle won (6.9)


def stack(state: dict[str, Any], seat: int, marked: bool, count: int) -> None:
    """`count` blank (or marked) cards of the seat's deck on its top, to be its next strikes."""
    deck = zones.items(state, f"deck:{seat}")
    chosen = [card for card in deck if (mark(card) > 0) == marked][:count]
    for card in chosen:
        deck.remove(card)
    deck.extend(chosen)


def fight_out(state: dict[str, Any]) -> None:
    """Every choice of the battle left to its first listing (no spell, no chest paid)."""
    while state["battle"] is not None:
        ENGINE.apply(state, ENGINE.legal_actions(state)[0])


def no_heroes(state: dict[str, Any], defender: int, attacker: int, log: EventLog) -> None:
    for seat in (defender, attacker):
        ENGINE.apply(state, {"type": "no_hero"}, seat, log)


def test_a_defender_who_wins_its_interception_scores_the_attackers_units_and_a_chest():
    """Digest 6.1 and 8: "number of creature units in the losing army" and 1 chest to the
    winner; 5.3: a beaten attacker takes nothing, and its routed units are lost (6.4 step 8)."""
    state, attacker, defender, held = interception(ENGINE, 7, {"attacker": 2, "defender": 3})
    no_heroes(state, defender, attacker, EventLog())
    for seat in (defender, attacker, defender, attacker, defender):
        ENGINE.apply(state, {"type": "place", "card": held[seat].pop(0), "slot": len(units_of(state, seat))}, seat)
    stack(state, attacker, marked=False, count=2)  # both attackers miss: routed, Min 1 each
    stack(state, defender, marked=True, count=3)
    vp, chests = list(state["vp"]), [len(cards.chests(state, s)) for s in (0, 1)]
    fight_out(state)
    assert state["vp"][defender] == vp[defender] + 2  # the attacker's two units
    assert len(cards.chests(state, defender)) == chests[defender] + 1
    assert state["vp"][attacker] == vp[attacker]
    assert len(cards.chests(state, attacker)) == chests[attacker]
    assert MINE in state["domain"][defender] and MINE not in state["domain"][attacker]
    assert len(zones.items(state, f"discard:{attacker}")) >= 2  # its routed units are gone
    assert not cards.creatures(state, attacker)
    assert defender not in state["retreated"]  # the winner does not retreat


def units_of(state: dict[str, Any], seat: int) -> list[list[str]]:
    return next(side["units"] for side in state["battle"]["sides"] if side["seat"] == seat)


def test_a_draw_between_players_captures_nothing_and_scores_nobody_e31():
    state, attacker, defender, _held = interception(ENGINE, 8, {"attacker": 0, "defender": 0})
    vp, chests = list(state["vp"]), [len(cards.chests(state, s)) for s in (0, 1)]
    log = EventLog()
    no_heroes(state, defender, attacker, log)  # nobody has anything to place: 0 against 0
    assert state["battle"] is None
    assert "battle_draw" in [event["key"] for event in log.events]
    assert state["vp"] == vp and [len(cards.chests(state, s)) for s in (0, 1)] == chests
    assert MINE in state["domain"][defender]
    assert defender not in state["retreated"]


def decided(winner: str, crusade: bool = False) -> tuple[dict[str, Any], int, int]:
    """An interception over the defender's mine at its result: the attacker with two units,
    the defender with three, each with its hero, the `winner` ("attacker" or "defender")
    ahead and the loser's first unit routed. (state, attacker, defender)."""
    state = first_day(ENGINE, 1)
    attacker, defender = kernel.active(state), 1 - kernel.active(state)
    state["wars"] = [{"attacker": attacker, "defender": defender, "crusade": crusade}]
    move_card(state, MINE, "table")
    aftermath.join_domain(state, defender, MINE, "table")
    sides = [battle.new_side(attacker), battle.new_side(defender)]
    for side, count in zip(sides, (2, 3), strict=True):
        seat = side["seat"]
        for card in cards.creatures(state, seat)[:count]:
            side["units"].append([card])
            move_card(state, card, f"line:{seat}")
    for side in sides:
        side["hero"] = cards.heroes(state, side["seat"])[0]
        move_card(state, side["hero"], f"line:{side['seat']}")
    ahead = 0 if winner == "attacker" else 1
    sides[ahead]["total"], sides[1 - ahead]["total"] = 20, 10
    sides[1 - ahead]["routed"] = [0]
    state["battle"] = {
        "type": "player",
        "card": MINE,
        "sides": sides,
        "units_vp": 0,
        "mercenaries": 0,
        "turn": 0,
        "result": None,
        "war": {"defender": defender, "target": MINE},
    }
    return state, attacker, defender


def test_the_losing_defenders_hero_keeps_its_courage_and_the_attacker_takes_the_mine():
    """6.4 step 9 and DECISION 8: +1 courage to a hero in battle, -1 for a survived defeat;
    5.3: the beaten interceptor retreats and the mine is captured."""
    state, attacker, defender = decided("attacker")
    heroes = [side["hero"] for side in state["battle"]["sides"]]
    vp = state["vp"][attacker]
    aftermath.step_result(state, {}, EventLog())
    assert state["vp"][attacker] == vp + 3  # the defender's three units; a hero is no creature unit
    assert state["courage"].get(heroes[1], 0) == 0 and heroes[1] in cards.heroes(state, defender)
    assert state["courage"][heroes[0]] == 1
    assert MINE in state["domain"][attacker] and defender in state["retreated"]


def test_a_beaten_attacker_loses_its_routed_unit_keeps_its_heros_courage_and_takes_nothing():
    """5.3: "if the attacker loses, the usual defeat consequences apply and nothing is
    captured": its routed units are discarded (6.4 step 8), its hero gains +1 and loses 1
    (DECISION 8), and the winner does not retreat."""
    state, attacker, defender = decided("defender")
    routed, hero_card = state["battle"]["sides"][0]["units"][0][0], state["battle"]["sides"][0]["hero"]
    aftermath.step_result(state, {}, EventLog())
    assert routed in zones.items(state, f"discard:{attacker}")
    assert state["courage"].get(hero_card, 0) == 0 and hero_card in cards.heroes(state, attacker)
    assert MINE in state["domain"][defender] and defender not in state["retreated"]


def test_the_trophies_policy_adds_its_chest_to_a_won_interception():
    """Digest 6.9, class 2: +1 chest per battle won, a battle of the war too."""
    state, _attacker, defender = decided("defender")
    state["policies"][defender].append(TROPHIES_HERO)
    chests = len(cards.chests(state, defender))
    aftermath.step_result(state, {}, EventLog())
    assert len(cards.chests(state, defender)) == chests + 2


def test_only_the_crusader_scores_the_crusades_extra_vp():
    """Digest 5.3: "during that war, each battle you win scores +1 VP", you the crusader."""
    for winner, extra in (("attacker", 1), ("defender", 0)):
        state, attacker, defender = decided(winner, crusade=True)
        seat = attacker if winner == "attacker" else defender
        losing_units = 3 if winner == "attacker" else 2
        vp = state["vp"][seat]
        aftermath.step_result(state, {}, EventLog())
        assert state["vp"][seat] == vp + losing_units + extra


def besieged(card: str | None, won: bool = True) -> tuple[dict[str, Any], int, int]:
    """The attacker's siege of the defender's `card` (None: its capital) at its result, won
    or lost."""
    state = first_day(ENGINE, 2)
    attacker, defender = kernel.active(state), 1 - kernel.active(state)
    state["wars"] = [{"attacker": attacker, "defender": defender, "crusade": False}]
    if card is not None:
        move_card(state, card, "table")
        aftermath.join_domain(state, defender, card, "table")
    sides = [battle.new_side(attacker, 60 if won else 40), battle.new_side(None, 50)]
    state["battle"] = {
        "type": "siege",
        "card": card,
        "sides": sides,
        "units_vp": 0,
        "mercenaries": 0,
        "turn": 0,
        "result": None,
        "war": {"defender": defender, "target": card},
        "owner": defender,
    }
    return state, attacker, defender


def test_a_town_siege_won_in_war_scores_2_vp_and_2_chests_e28():
    state, attacker, _defender = besieged("t:village:0")
    vp, chests = state["vp"][attacker], len(cards.chests(state, attacker))
    aftermath.step_result(state, {}, EventLog())
    assert state["vp"][attacker] == vp + 2
    assert len(cards.chests(state, attacker)) == chests + 2
    assert "t:village:0" in state["domain"][attacker]


def test_a_siege_lost_in_war_scores_nobody_and_takes_nothing():
    state, _attacker, defender = besieged("t:village:0", won=False)
    vp, chests = list(state["vp"]), [len(cards.chests(state, s)) for s in (0, 1)]
    aftermath.step_result(state, {}, EventLog())
    assert state["vp"] == vp and [len(cards.chests(state, s)) for s in (0, 1)] == chests
    assert "t:village:0" in state["domain"][defender]


def test_the_fallen_capital_scores_5_vp_and_the_sieges_2_chests_beside_the_treasury():
    """Digest 6.1: a siege of a town, garrison or capital pays 2 chests; the capital 5 VP;
    5.3: the loser's chests in hand go to the winner too."""
    state, attacker, defender = besieged(None)
    vp, chests = state["vp"][attacker], len(cards.chests(state, attacker))
    treasury = len(cards.chests(state, defender))
    aftermath.step_result(state, {}, EventLog())
    assert state["vp"][attacker] == vp + 5
    assert len(cards.chests(state, attacker)) == chests + 2 + treasury
    assert not cards.chests(state, defender)


def test_a_dungeon_won_with_the_trophies_policy_pays_its_printed_chests_and_one_more_e28():
    state = first_day(ENGINE, 3)
    seat = kernel.active(state)
    state["policies"][seat].append(TROPHIES_HERO.replace("0:", f"{seat}:"))
    move_card(state, "t:dragon_graveyard:0", "table")
    state["battle"] = {
        "type": "dungeon",
        "card": "t:dragon_graveyard:0",
        "sides": [battle.new_side(seat, 60), battle.new_side(None, 30)],
        "units_vp": 0,
        "mercenaries": 0,
        "turn": 0,
        "result": None,
    }
    vp, chests = state["vp"][seat], len(cards.chests(state, seat))
    aftermath.step_result(state, {}, EventLog())
    assert state["vp"][seat] == vp + 5
    assert len(cards.chests(state, seat)) == chests + 3 + 1


def test_mercenaries_hired_into_a_standing_army_still_score_for_its_later_winner():
    """DECISION 26: VP = the original U plus the mercenary units other players added; a
    lost battle leaves the army, mercenaries and all, on the card (6.4 step 9)."""
    state = first_day(ENGINE, 4)
    seat = kernel.active(state)
    move_card(state, MINE, "table")
    army = ["n:peasants:0", "n:rogues:0", "n:trolls:0"]
    for card in army:
        move_card(state, card, "army")
    neutrals = battle.new_side(None, 23)
    neutrals["cards"] = list(army)
    state["battle"] = {
        "type": "field",
        "card": MINE,
        "sides": [battle.new_side(seat, 5), neutrals],
        "units_vp": 2,
        "mercenaries": 1,  # the trolls, hired by the other seat
        "turn": 0,
        "result": None,
    }
    aftermath.step_result(state, {}, EventLog())
    assert state["standing"][MINE] == army and state["hired"][MINE] == 1
    actions.attack_table(state, seat, MINE, EventLog())
    fought = state["battle"]
    assert fought["mercenaries"] == 1 and MINE not in state["hired"]
    fought["sides"][0]["total"] = 99
    vp = state["vp"][seat]
    aftermath.step_result(state, {}, EventLog())
    assert state["vp"][seat] == vp + fought["units_vp"] + 1
