"""The digest's worked examples (§9.2, §9.3) as tests, on real game states."""

from __future__ import annotations

import pytest

from boardwright.framework import IllegalAction, kernel
from boardwright.framework.engine import Engine
from boardwright.framework.events import EventLog
from boardwright.plugins.signum import activation, combat, economy, geometry, play, turn
from boardwright.plugins.signum.cards import CARDS
from boardwright.plugins.signum.rules import Signum

LOG = EventLog()


@pytest.fixture
def engine():
    return Engine(Signum())


def in_activation(engine, seed=1):
    """A game at the first player's activation phase, with no creatures but the heroes."""
    state = engine.new_game(seed=seed)
    while kernel.phase(state) != "turn" or kernel.stage(state) != "activation":
        legal = engine.legal_actions(state)
        pick = next((a for a in legal if a["type"] in ("go_first", "to_activation")), legal[0])
        engine.apply(state, pick)
    return state


def put(state, seat, card, at, hero=False):
    item = None if hero else f"{card}@{seat}.9"
    if item:
        state["zones"][f"play:{seat}"]["items"].append(item)
    uid = play.new_unit(state, seat, card, item, at, hero)
    state["units"][uid]["summoned"] = False
    return uid


def faces(*names):
    return [{"Tg": "target", "Ax": "axe", "SA": "shield_axe"}[n] for n in names]


def test_c1_the_d6_faces():
    assert [combat.face(v) for v in range(1, 7)] == faces("Tg", "Tg", "Ax", "Ax", "SA", "SA")


def test_c2_armour_takes_the_one_unblocked_hit():
    hits = combat.melee_hits(faces("Ax", "Tg", "SA"))
    blocks = combat.count_blocks(faces("SA", "Ax"), combat.MELEE)
    assert (hits, blocks) == (2, 1)
    assert combat.after_armour(hits - blocks, 1) == 0


def test_c3_stalwart_blocks_on_axes_and_the_riposte():
    hits = combat.melee_hits(faces("Ax", "Ax", "SA", "Tg"))
    blocks = combat.count_blocks(faces("Ax", "Tg", "SA"), combat.MELEE, stalwart=True)
    assert hits - blocks == 1
    riposte = combat.melee_hits(faces("Ax")) - combat.count_blocks(faces("Tg"), combat.MELEE)
    assert riposte == 1


def test_c3_berserk_after_a_wound(engine):
    state = in_activation(engine)
    gladiator = put(state, 0, "arena_gladiator", [30.0, 30.0])
    assert combat.melee_dice(state, gladiator, next(iter(state["units"]))) == 4
    state["units"][gladiator]["wounds"] = 1
    assert combat.melee_dice(state, gladiator, next(iter(state["units"]))) == 5


def test_c4_cover_rerolls_failed_defence():
    assert combat.shot_hits(faces("Tg", "Tg", "Ax")) == 2
    assert combat.count_blocks(faces("Ax", "Tg"), combat.SHOT) == 0
    assert combat.count_blocks(faces("SA", "Tg"), combat.SHOT) == 1


def test_c5_out_of_range_and_c6_sight(engine):
    state = in_activation(engine)
    shooter = put(state, 0, "guild_crossbowman", [10.0, 20.0])
    far = put(state, 1, "imperial_legionary", [10.0 + 26 + 3, 20.0])
    assert activation.shot_problem(state, shooter, far).startswith("out of range")
    near = put(state, 1, "imperial_legionary", [40.0, 40.0])
    state["units"][near]["at"] = [10.0, 40.0]
    assert activation.shot_problem(state, shooter, near) is None
    state["terrain"].append(
        {"id": "t", "card": "rocks", "owner": 1, "shape": geometry.terrain_shape("rocks", [10.0, 30.0], 0.0)}
    )
    assert activation.shot_problem(state, shooter, near) == "no line of sight"
    state["units"][near]["at"] = [16.0, 40.0]  # one outer tangent passes clear of the rocks' corner
    assert geometry.sees(state, shooter, near) == any(line["clear"] for line in geometry.sight(state, shooter, near))


def test_c7_armour_then_relic_tokens_then_wounds(engine):
    state = in_activation(engine, seed=3)
    demian = put(state, 1, "demian", [30.0, 30.0], hero=True)
    seat = 1
    state["relics"][seat] = [{"item": "heavy_plate@1.1", "card": "heavy_plate", "tokens": 4, "uses": 0}]
    state["zones"]["play:1"]["items"].append("heavy_plate@1.1")
    combat.physical(state, demian, 4, LOG)
    engine.runner.settle(state, LOG)  # one relic: the tokens it loses need no choice
    assert state["relics"][seat][0]["tokens"] == 1 and state["units"][demian]["wounds"] == 0
    combat.physical(state, demian, 3, LOG)
    engine.runner.settle(state, LOG)
    assert state["relics"][seat] == [] and state["units"][demian]["wounds"] == 1
    assert "heavy_plate@1.1" in state["zones"]["grave:1"]["items"]


def test_c8_magic_ignores_armour_and_tokens(engine):
    state = in_activation(engine, seed=3)
    demian = put(state, 1, "demian", [30.0, 30.0], hero=True)
    state["relics"][1] = [{"item": "heavy_plate@1.1", "card": "heavy_plate", "tokens": 4, "uses": 0}]
    assert combat.shot_hits(faces("Tg", "Ax", "Tg")) == 2
    combat.magical(state, demian, 2, LOG)
    assert state["units"][demian]["wounds"] == 2 and state["relics"][1][0]["tokens"] == 4


def test_c9_the_lance_adds_three_dice_once(engine):
    state = in_activation(engine, seed=3)
    demian = put(state, 1, "demian", [30.0, 30.0], hero=True)
    foe = put(state, 0, "vallor_watchman", [30.0, 33.5])
    state["relics"][1] = [{"item": "tournament_lance@1.1", "card": "tournament_lance", "tokens": 0, "uses": 1}]
    state["zones"]["play:1"]["items"].append("tournament_lance@1.1")
    assert combat.melee_dice(state, demian, foe) == 6
    combat.melee_dice(state, demian, foe, spend=True, log=LOG)
    assert state["relics"][1] == [] and "tournament_lance@1.1" in state["zones"]["grave:1"]["items"]


def test_c10_a_replaced_relic_goes_to_the_graveyard(engine):
    state = in_activation(engine, seed=3)
    state["relics"][1] = [{"item": "heavy_plate@1.1", "card": "heavy_plate", "tokens": 2, "uses": 0}]
    state["zones"]["play:1"]["items"] += ["heavy_plate@1.1", "cuirass_of_illusions@1.1"]
    play.equip(state, 1, "cuirass_of_illusions@1.1", "heavy_plate@1.1", LOG)
    assert [(r["card"], r["tokens"]) for r in state["relics"][1]] == [("cuirass_of_illusions", 2)]
    assert "heavy_plate@1.1" in state["zones"]["grave:1"]["items"]


def forest(state, at):
    state["terrain"].append(
        {"id": "f", "card": "dense_forest", "owner": 0, "shape": geometry.terrain_shape("dense_forest", at, 0.0)}
    )


def test_c11_c12_difficult_ground(engine):
    state = in_activation(engine)
    legionary = put(state, 1, "imperial_legionary", [10.0, 30.0])
    # the forest's edge is 4 cm + the base radius away along x
    forest(state, [10.0 + 1.5 + 4 + 7.5, 30.0])
    assert geometry.move_problem(state, legionary, [18.0, 30.0]) is None  # 4 + 4 = 8
    assert geometry.move_problem(state, legionary, [18.5, 30.0]) is not None
    knight = put(state, 1, "griffin_knight", [10.0, 45.0])
    state["terrain"][-1]["shape"] = geometry.terrain_shape("dense_forest", [10.0 + 2 + 0.5 + 9 + 7.5, 45.0], 0.0)
    assert geometry.move_problem(state, knight, [19.0, 45.0]) is None  # stops at contact after 9
    assert "stops" in geometry.move_problem(state, knight, [21.0, 45.0])


def test_c13_slow_walkers_and_flyers(engine):
    state = in_activation(engine)
    spearman = put(state, 1, "grypharim_spearman", [10.0, 30.0])
    forest(state, [25.0, 30.0])
    assert geometry.move_problem(state, spearman, [24.0, 30.0]) is None  # flies 14 cm over it


def test_c14_run_one_ruler_longer_never_through_difficult_ground(engine):
    state = in_activation(engine)
    legionary = put(state, 1, "imperial_legionary", [10.0, 20.0])
    assert geometry.allowance(state, legionary, True) == 15
    assert geometry.move_problem(state, legionary, [25.0, 20.0], run=True) is None
    forest(state, [20.0, 30.0])
    assert "run" in geometry.move_problem(state, legionary, [25.0, 24.0], run=True)
    halberdier = put(state, 1, "dwarf_halberdier", [50.0, 20.0])
    assert not any(a["type"] == "run" for a in activation.moves(state, halberdier))


def test_c15_impassable_rocks(engine):
    state = in_activation(engine)
    walker = put(state, 1, "imperial_legionary", [10.0, 30.0])
    flyer = put(state, 1, "grypharim_spearman", [10.0, 40.0])
    state["terrain"].append(
        {"id": "r", "card": "rocks", "owner": 0, "shape": geometry.terrain_shape("rocks", [17.0, 35.0], 90.0)}
    )
    assert geometry.move_problem(state, walker, [24.0, 30.0]) == "the way is blocked"
    assert geometry.move_problem(state, flyer, [24.0, 40.0]) is None
    assert geometry.move_problem(state, flyer, [17.0, 38.0]) == "the base may not end there"


def test_c16_distance_edge_to_edge(engine):
    state = in_activation(engine)
    a = put(state, 0, "vallor_watchman", [10.0, 30.0])
    b = put(state, 1, "imperial_legionary", [20.0, 30.0])
    assert geometry.edge_gap(state, a, b) == pytest.approx(7.0)


def test_c17_summoning_sickness_and_rush(engine):
    state = in_activation(engine)
    legionary = put(state, 0, "imperial_legionary", [10.0, 30.0])
    gladiator = put(state, 0, "arena_gladiator", [30.0, 30.0])
    state["units"][legionary]["summoned"] = state["units"][gladiator]["summoned"] = True
    assert not activation.may_activate(state, legionary)
    assert activation.may_activate(state, gladiator)


def test_c18_the_hero_falls_and_its_owner_loses(engine):
    state = in_activation(engine)
    brissa = next(u for u, d in state["units"].items() if d["card"] == "brissa")
    owner = state["units"][brissa]["owner"]
    combat.magical(state, brissa, 9, LOG)
    assert kernel.outcome(state)["winners"] == [1 - owner]


def test_c19_a_character_spell_cannot_target_a_hero(engine):
    state = in_activation(engine)
    seat = kernel.active(state)
    put(state, 1 - seat, "imperial_legionary", [30.0, 30.0])
    put(state, seat, "vallor_watchman", [30.0, 20.0])
    targets = play.spell_targets(state, seat, CARDS["fire_flask"])
    assert targets
    assert all(not state["units"][t["target"]]["hero"] for t in targets)


def test_c20_steal_and_c21_bounty(engine):
    state = in_activation(engine)
    pickpocket = put(state, 0, "pickpocket", [30.0, 30.0])
    victim = put(state, 1, "imperial_legionary", [30.0, 33.0])
    state["prosperity"] = [0, 4]
    combat.after_wounds(state, pickpocket, victim, 1, LOG)
    assert state["prosperity"] == [1, 3]
    combat.magical(state, victim, 4, LOG)
    assert victim not in state["units"] and state["prosperity"][0] == 2


def test_e1_income(engine):
    state = in_activation(engine)
    state["city"][0] = [
        {"id": f"b{i}", "type": t, "open": True, "locked": False}
        for i, t in enumerate(["barracks", "tavern", "range", "town_hall", "mint"])
    ]
    state["relics"][0] = []
    assert economy.income(state, 0) == 7
    state["relics"][0] = [{"item": "guild_purse@0.1", "card": "guild_purse", "tokens": 0, "uses": 0}]
    assert economy.income(state, 0) == 8


def test_e3_paying_closes_distinct_buildings(engine):
    state = in_activation(engine)
    seat = kernel.active(state)
    state["city"][seat] = [
        {"id": f"b{i}", "type": t, "open": True, "locked": False}
        for i, t in enumerate(["barracks", "tavern", "range", "forge"])
    ]
    state["prosperity"][seat] = 6
    state["zones"][f"hand:{seat}"]["items"].append("ogre_bouncer@0.5")
    assert economy.payment_problem(state, seat, "ogre_bouncer@0.5") is None
    economy.pay(state, seat, "ogre_bouncer@0.5")
    assert state["prosperity"][seat] == 1
    ways = kernel.pending(state)["choices"]  # "Any": the Range or the Forge, the owner chooses
    kinds = {b["id"]: b["type"] for b in state["city"][seat]}
    assert sorted(sorted(kinds[i] for i in way["buildings"]) for way in ways) == [
        ["barracks", "forge", "tavern"],
        ["barracks", "range", "tavern"],
    ]
    engine.apply(state, next(w for w in ways if "b3" in w["buildings"]))
    assert [b["type"] for b in state["city"][seat] if b["open"]] == ["range"]
    state["city"][seat] = state["city"][seat][:2]
    for b in state["city"][seat]:
        b["open"] = True
    state["prosperity"][seat] = 6
    assert economy.payment_problem(state, seat, "ogre_bouncer@0.5") is not None


def test_e8_e9_first_turn_and_one_building(engine):
    state = engine.new_game(seed=5)
    engine.apply(state, {"type": "go_first"})
    first = state["order"][0]
    while kernel.phase(state) != "turn":
        engine.apply(state, engine.legal_actions(state)[0])
    hand = len(state["zones"][f"hand:{first}"]["items"])
    assert state["prosperity"][first] == 8 and hand == 4  # 5 + 3, and no draw
    engine.apply(state, {"type": "build", "building": "barracks"})
    assert state["prosperity"][first] == 6
    with pytest.raises(IllegalAction, match="one building per turn"):
        engine.apply(state, {"type": "build", "building": "tavern"})


def test_e6_mulligan_shuffles_and_draws_back(engine):
    state = engine.new_game(seed=7)
    engine.apply(state, {"type": "go_first"})
    while kernel.phase(state) != "mulligan":
        engine.apply(state, engine.legal_actions(state)[0])
    seat = kernel.active(state)
    hand = list(state["zones"][f"hand:{seat}"]["items"])
    engine.apply(state, {"type": "mulligan", "cards": hand[:3]})
    assert len(state["zones"][f"hand:{seat}"]["items"]) == 4
    assert kernel.active(state) != seat or kernel.phase(state) != "mulligan"


def test_e2_prosperity_victory_at_the_start_phase(engine):
    state = in_activation(engine)
    other = 1 - kernel.active(state)
    state["prosperity"][other] = state["victory"] - 3
    engine.apply(state, {"type": "end_turn"})
    assert kernel.outcome(state)["reason"] == "prosperity"
    assert kernel.outcome(state)["winners"] == [other]


def test_round_limit_prolonged_game(engine):
    state = in_activation(engine)
    state["round"] = state["round_limit"]
    state["prosperity"] = [3, 9]
    turn.begin_round(state, LOG)
    assert kernel.outcome(state)["winners"] == [1]
