"""The owner's choices (which relic loses a token, what Purge removes), both heroes falling at
once, the worked examples E7 and E10, and every tactic trigger besides Secret Bribe (E4)."""

from __future__ import annotations

import pytest

from boardwright.framework import kernel
from boardwright.framework.engine import Engine
from boardwright.framework.events import EventLog
from boardwright.plugins.signum import combat, geometry
from boardwright.plugins.signum.rules import Signum
from boardwright.plugins.signum.units import hero_of

from .test_examples import in_activation, put


@pytest.fixture
def engine():
    return Engine(Signum())


def city(state, seat, *types, prosperity=10):
    state["city"][seat] = [{"id": f"b{80 + i}", "type": t, "open": True, "locked": False} for i, t in enumerate(types)]
    state["prosperity"][seat] = prosperity


def in_hand(state, seat, card):
    item = f"{card}@{seat}.7"
    state["zones"][f"hand:{seat}"]["items"].append(item)
    return item


def face_down(state, seat, card):
    item = f"{card}@{seat}.8"
    state["zones"][f"tactics:{seat}"]["items"].append(item)
    return item


def keys(log):
    return [event["key"] for event in log.events]


# --- E7, E10 ---


def test_e7_the_library_shuffles_a_card_from_hand_into_the_deck(engine):
    state = in_activation(engine)
    seat = kernel.active(state)
    city(state, seat, "library")
    deck, hand = (state["zones"][f"{z}:{seat}"]["items"] for z in ("deck", "hand"))
    before = len(deck)
    engine.apply(state, {"type": "ability", "building": "b80", "target": None})
    choices = kernel.pending(state)["choices"]
    assert {c["type"] for c in choices} == {"put_back"} and len(choices) == len(hand)
    back = choices[0]["card"]
    log = EventLog()
    engine.apply(state, choices[0], log=log)
    assert back in deck and back not in hand and len(deck) == before
    assert "put_back" in keys(log) and state["prosperity"][seat] == 9 and not state["city"][seat][0]["open"]


def test_e10_a_second_terrain_in_one_activation_phase_is_illegal(engine):
    state = in_activation(engine)
    seat = kernel.active(state)
    state["prosperity"][seat] = 10
    first = next(a for a in engine.legal_actions(state) if a["type"] == "terrain")
    engine.apply(state, first)
    assert not any(a["type"] == "terrain" for a in engine.legal_actions(state))
    again = {**first, "card": next(iter(state["pool"][seat]["terrain"]))}
    assert Signum().explain_illegal(state, again) == "one terrain card per turn"


# --- the owner's choices ---


def test_the_owner_chooses_which_relic_loses_each_token(engine):
    state = in_activation(engine)
    seat = 1 - kernel.active(state)
    hero = hero_of(state, seat)
    state["relics"][seat] = [
        {"item": f"{card}@{seat}.1", "card": card, "tokens": 2, "uses": 0}
        for card in ("cloak_of_shadows", "griffin_banner")
    ]
    state["zones"][f"play:{seat}"]["items"] += [r["item"] for r in state["relics"][seat]]
    hit = 1 + combat.armour(state, hero)  # one point past the hero's Armour
    assert combat.physical(state, hero, hit, EventLog()) == 0  # a token takes it
    engine.runner.settle(state, EventLog())
    decision = kernel.pending(state)
    assert decision["seat"] == seat and {c["card"] for c in decision["choices"]} == {
        f"cloak_of_shadows@{seat}.1",
        f"griffin_banner@{seat}.1",
    }
    engine.apply(state, {"type": "lose_token", "card": f"griffin_banner@{seat}.1"}, seat=seat)
    assert [r["tokens"] for r in state["relics"][seat]] == [2, 1]
    assert state["units"][hero]["wounds"] == 0


def test_purge_lets_the_caster_choose_the_lasting_spell(engine):
    state = in_activation(engine)
    seat = kernel.active(state)
    other = 1 - seat
    city(state, seat, "monastery")
    city(state, other, "barracks")
    purge = in_hand(state, seat, "purge")
    smoke, shield = f"smoke_screen@{other}.1", f"divine_shield@{other}.1"
    state["zones"][f"play:{other}"]["items"] += [smoke, shield]
    state["smoke"].append({"owner": other, "item": smoke, "shape": {"circle": [30.0, 30.0], "radius": 3.0}})
    guard = put(state, other, "legion_shieldbearer", [20.0, 40.0])
    state["units"][guard].update(shields=2, shield_item=shield)
    engine.apply(state, {"type": "cast", "card": purge, "target": "b80"})
    choices = kernel.pending(state)["choices"]
    assert sorted(c["card"] for c in choices) == sorted([smoke, shield])
    engine.apply(state, {"type": "purge_spell", "card": shield})
    assert state["units"][guard]["shields"] == 0 and shield in state["zones"][f"grave:{other}"]["items"]
    assert state["smoke"] and smoke in state["zones"][f"play:{other}"]["items"]
    assert state["city"][other][0]["locked"] and not state["city"][other][0]["open"]


def test_both_heroes_falling_to_one_effect_gives_the_active_player_the_win(engine):
    state = in_activation(engine)
    seat = kernel.active(state)
    log = EventLog()
    combat.destroy(state, hero_of(state, 1 - seat), log)
    combat.destroy(state, hero_of(state, seat), log)
    assert kernel.outcome(state)["winners"] == [seat]


# --- the tactic triggers (E4 and E5 are Secret Bribe's) ---


def test_inquisitions_judgement_cancels_a_spell_whose_costs_stay_paid(engine):
    state = in_activation(engine)
    seat = kernel.active(state)
    judgement = face_down(state, 1 - seat, "inquisitions_judgement")
    city(state, seat, "mint", "magic_school", prosperity=5)
    rain = in_hand(state, seat, "golden_rain")
    engine.apply(state, {"type": "cast", "card": rain})
    assert kernel.to_move(state) == 1 - seat
    engine.apply(state, {"type": "reveal", "card": judgement}, seat=1 - seat)
    assert state["prosperity"][seat] == 4, "the spell paid 1 and gave nothing"
    assert (
        rain in state["zones"][f"grave:{seat}"]["items"] and judgement in state["zones"][f"grave:{1 - seat}"]["items"]
    )
    assert not any(b["open"] for b in state["city"][seat])


def test_a_spell_a_judgement_cancelled_asks_no_second_judgement(engine):
    state = in_activation(engine)
    seat = kernel.active(state)
    first = face_down(state, 1 - seat, "inquisitions_judgement")
    second = f"inquisitions_judgement@{1 - seat}.9"  # a deck may hold two copies of a tactic
    state["zones"][f"tactics:{1 - seat}"]["items"].append(second)
    city(state, seat, "mint", "magic_school", prosperity=5)
    rain = in_hand(state, seat, "golden_rain")
    engine.apply(state, {"type": "cast", "card": rain})
    engine.apply(state, {"type": "reveal", "card": first}, seat=1 - seat)
    assert kernel.to_move(state) == seat and rain in state["zones"][f"grave:{seat}"]["items"]
    assert second in state["zones"][f"tactics:{1 - seat}"]["items"]


def melee_ready(engine, tactic):
    state = in_activation(engine)
    seat = kernel.active(state)
    attacker = put(state, seat, "imperial_legionary", [30.0, 30.0])
    target = put(state, 1 - seat, "legion_shieldbearer", [30.0, 33.2])
    item = face_down(state, 1 - seat, tactic)
    return state, seat, attacker, target, item


def test_feint_steps_the_target_away_and_wastes_the_attack(engine):
    state, seat, attacker, target, feint = melee_ready(engine, "feint")
    log = EventLog()
    engine.apply(state, {"type": "attack", "unit": attacker, "target": target}, log=log)
    engine.apply(state, {"type": "reveal", "card": feint}, seat=1 - seat, log=log)
    engine.apply(state, engine.legal_actions(state)[0], seat=1 - seat, log=log)
    assert not geometry.in_contact(state, attacker, target)
    assert state["units"][target]["at"][1] > 33.2 and state["units"][target]["wounds"] == 0
    assert "attack_wasted" in keys(log)


def test_feint_owner_chooses_how_far_up_to_s_the_character_moves_away(engine):
    """VT3 Feint: "your character moves up to S away": S or less, as its owner chooses."""
    state, seat, attacker, target, feint = melee_ready(engine, "feint")
    engine.apply(state, {"type": "attack", "unit": attacker, "target": target})
    engine.apply(state, {"type": "reveal", "card": feint}, seat=1 - seat)
    assert kernel.to_move(state) == 1 - seat
    offered = engine.legal_actions(state)
    assert [a["to"][1] for a in offered] == [41.2, 39.2, 37.2, 35.2]  # S = 8 cm, 6, 4 and 2 away
    engine.apply(state, {"type": "feint_step", "unit": target, "to": [30.0, 35.2]}, seat=1 - seat)
    assert state["units"][target]["at"] == [30.0, 35.2] and state["units"][target]["wounds"] == 0


def test_shield_wall_answers_a_declared_shot(engine):
    state = in_activation(engine)
    seat = kernel.active(state)
    shooter = put(state, seat, "guild_crossbowman", [30.0, 20.0])
    target = put(state, 1 - seat, "legion_shieldbearer", [30.0, 35.0])
    wall = face_down(state, 1 - seat, "shield_wall")
    log = EventLog()
    engine.apply(state, {"type": "shoot", "unit": shooter, "target": target}, log=log)
    engine.apply(state, {"type": "reveal", "card": wall}, seat=1 - seat, log=log)
    assert "shoot" in keys(log) and "shield_wall" not in state, "the shot was made, with axes blocking"
    assert combat.count_blocks(["axe", "target"], combat.SHOT, axe_blocks=True) == 1


def move_ending(engine, tactic, gap):
    """The active seat's character moves straight up to `gap` cm from an enemy character."""
    state = in_activation(engine)
    seat = kernel.active(state)
    mover = put(state, seat, "imperial_legionary", [30.0, 20.0])
    waiting = put(state, 1 - seat, "legion_shieldbearer", [30.0, 30.0])
    item = face_down(state, 1 - seat, tactic)
    to = [30.0, 30.0 - 3.0 - gap]
    assert geometry.move_problem(state, mover, to) is None
    return state, seat, mover, waiting, item, to


def test_counter_charge_strikes_a_creature_that_ends_in_contact(engine):
    state, seat, mover, waiting, charge, to = move_ending(engine, "counter_charge", 0.2)
    log = EventLog()
    engine.apply(state, {"type": "move", "unit": mover, "to": to}, log=log)
    decision = kernel.pending(state)
    assert decision["seat"] == 1 - seat
    engine.apply(state, {"type": "reveal", "card": charge, "unit": waiting}, seat=1 - seat, log=log)
    assert "melee" in keys(log) and charge in state["zones"][f"grave:{1 - seat}"]["items"]


def test_alley_ambush_closes_in_and_attacks(engine):
    state, seat, mover, waiting, ambush, to = move_ending(engine, "alley_ambush", 4.0)
    log = EventLog()
    engine.apply(state, {"type": "move", "unit": mover, "to": to}, log=log)
    engine.apply(state, {"type": "reveal", "card": ambush, "unit": waiting}, seat=1 - seat, log=log)
    assert mover not in state["units"] or geometry.in_contact(state, mover, waiting)
    assert "melee" in keys(log)
