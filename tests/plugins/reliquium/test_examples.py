"""The worked examples of the rules digest, section 9 (T1-T22), with their exact numbers."""

from __future__ import annotations

import pytest

from boardwright.framework import kernel
from boardwright.plugins.reliquium.actions import march, melee, ranged
from boardwright.plugins.reliquium.battle import aura, battle_result
from boardwright.plugins.reliquium.units import acting, controls
from boardwright.plugins.reliquium.world import WORLD


def assign(t, origin, target, unit):
    return {"type": "assign", "border": t.border(origin, target), "unit": unit}


# --- T1-T7: the rulebook's chain of examples on the west side ---


def t1(table):
    t = table()
    t.put("boundless_expanse", "L", "WWM", castle=True).put("ashen_peaks", "L", castle=True)
    t.turn("L", "plains")
    return t


def test_t1_march(table):
    t = t1(table)
    assert "not adjacent" in t.refused(march("boundless_expanse", "saxum_ridges", "WW"))
    assert "at least one unit" in t.refused(march("boundless_expanse", "wasteland", ""))
    t.act(march("boundless_expanse", "wasteland", "WW"))
    assert t.units("boundless_expanse") == "M" and t.castle("boundless_expanse") == "L"
    assert t.units("wasteland") == "WW" and t.owner("wasteland") == "L"
    # the action token moved on from P3 to the next free division, M3
    assert t.state["action_token"][0] == 5


def test_t1_troop_limit(table):
    t = t1(table)
    t.put("wasteland", "L", "WW").turn("L", "plains")
    assert "troop limit" in t.refused(march("boundless_expanse", "wasteland", "WW"))


def t2(table):
    t = t1(table)
    t.act(march("boundless_expanse", "wasteland", "WW"))
    t.put("ancestors_bowl", "B", "W", castle=True).put("saxum_ridges", "B", "WM")
    t.turn("B", "plains")
    t.act(march("ancestors_bowl", "saxum_ridges", "W"))
    return t


def test_t2_march_to_the_limit(table):
    t = t2(table)
    assert t.units("saxum_ridges") == "WWM"
    assert t.units("ancestors_bowl") == "" and t.castle("ancestors_bowl") == "B"
    assert controls(t.state, 3, WORLD.region_index["ancestors_bowl"])
    t.turn("L", "plains")
    assert "another player's units" in t.refused(march("wasteland", "saxum_ridges", "W"))
    t.put("fallen_barrows", "B", "D").turn("B", "plains")
    assert "troop limit" in t.refused(march("fallen_barrows", "saxum_ridges", "D"))


def t3(table):
    t = t2(table)
    t.put("howling_wilds", "B", "DD")
    t.turn("L", "plains").act(melee("wasteland", "saxum_ridges"))
    t.turn("B", "plains")
    return t


def test_t3_melee_orders(table):
    t = t3(table)
    tok = t.tok("wasteland", "saxum_ridges")
    assert tok[:4] == [0, 0, 1, WORLD.region_index["saxum_ridges"]]
    assert [b >= 0 for b in t.state["melee_at"][0]] == [True, False, False]
    assert "already holds a token" in t.refused(melee("saxum_ridges", "wasteland"))
    t.act(melee("howling_wilds", "wasteland"))
    tok = t.tok("howling_wilds", "wasteland")
    assert tok[0] == 3 and tok[2] == 1 and tok[3] == WORLD.region_index["wasteland"]


def test_t3_negatives(table):
    t = t2(table)
    t.turn("L", "plains")
    assert "lowest melee token" in t.refused(melee("wasteland", "saxum_ridges", value=2))
    assert "no other player's units or castle" in t.refused(melee("boundless_expanse", "bone_highlands"))
    # three players, Brotherhood neutral: a neutral castle alone is never a target
    n = table(players=3)
    n.put("wasteland", "L", "WW").turn("L", "plains")
    assert n.castle("saxum_ridges") == "B" and n.state["neutral"][3]
    assert "no other player's units or castle" in n.refused(melee("wasteland", "saxum_ridges"))


def t4(table):
    t = t3(table)
    t.act(melee("howling_wilds", "wasteland"))
    t.put("volcano_valley", "B", castle=True)
    t.turn("L", "mountains").act(ranged("boundless_expanse", "wasteland"))
    t.turn("B", "mountains").act(ranged("volcano_valley", "saxum_ridges"))
    t.turn("B", "mountains").act(ranged("saxum_ridges", "howling_wilds", value=2))
    return t


def test_t4_ranged_orders(table):
    t = t4(table)
    ri = WORLD.region_index
    assert t.tok("boundless_expanse", "wasteland")[:4] == [0, 1, 1, ri["wasteland"]]
    assert t.tok("volcano_valley", "saxum_ridges")[:4] == [3, 1, 1, ri["saxum_ridges"]]
    assert t.tok("saxum_ridges", "howling_wilds")[:4] == [3, 1, 2, ri["howling_wilds"]]
    t.turn("B", "mountains")
    assert "no melee token" in t.refused(ranged("saxum_ridges", "ancestors_bowl", value=3))
    t.turn("L", "mountains")
    assert "already holds a token" in t.refused(ranged("boundless_expanse", "wasteland", value=2))


def t5(table):
    t = t4(table)
    t.turn("B", "forest").act({"type": "summon", "creature": "armus", "junction": "J20"})
    return t


def test_t5_armus_removes_the_legion_attack(table):
    t = t5(table)
    choices = t.pending()["choices"]
    removable = [c for c in choices if c["type"] == "remove_token"]
    # only enemy melee tokens: Legion's on wasteland-saxum_ridges, not Brotherhood's own, not Legion's ranged
    assert removable == [{"type": "remove_token", "border": t.border("saxum_ridges", "wasteland")}]
    t.act(removable[0])
    assert t.tok("wasteland", "saxum_ridges") is None
    assert t.state["melee_at"][0] == [-1, -1, -1]
    assert t.tok("volcano_valley", "saxum_ridges") is not None
    ri = WORLD.region_index
    # Armus (strength): +1 to Brotherhood defenders in the three regions
    assert aura(t.state, 3, 1, ri["howling_wilds"]) == 1
    assert aura(t.state, 3, 1, ri["ancestors_bowl"]) == 0


def test_t5_negatives(table):
    t = t4(table)
    t.turn("B", "forest")
    assert "never on the board edge" in t.refused({"type": "summon", "creature": "armus", "junction": "E01"})
    t.put("boundless_expanse", "L", "M", castle=True).turn("B", "forest")
    assert "presence regions is yours" in t.refused({"type": "summon", "creature": "armus", "junction": "J02"})


def t6(table):
    t = t5(table)
    t.act({"type": "remove_token", "border": t.border("saxum_ridges", "wasteland")})
    t.war()
    # Legion distributes first: its mage to the token toward wasteland
    t.act(assign(t, "boundless_expanse", "wasteland", "mage")).act({"type": "support_done"})
    return t


def test_t6_brotherhood_support(table):
    t = t6(table)
    assert kernel.phase(t.state) == "support" and acting(t.state) == 3
    t.act(assign(t, "saxum_ridges", "howling_wilds", "warrior")).act(assign(t, "saxum_ridges", "howling_wilds", "mage"))
    assert "at most 2 units" in t.refused(assign(t, "saxum_ridges", "howling_wilds", "warrior"))
    assert t.tok("saxum_ridges", "howling_wilds")[4:] == [1, 0, 1, 0]
    t.act({"type": "support_done"})
    # the token from volcano_valley carried nobody and is gone
    assert t.tok("volcano_valley", "saxum_ridges") is None


def test_t7_the_battle_that_follows(table):
    t = t6(table)
    t.act(assign(t, "saxum_ridges", "howling_wilds", "warrior")).act(assign(t, "saxum_ridges", "howling_wilds", "mage"))
    t.act({"type": "support_done"})
    battle = t.events("battle")[-1]
    assert (battle["attack"], battle["defence"]) == (8, 4)
    assert t.events("battle_won")[-1]["losses"] == 0 and t.events("battle_won")[-1]["other_losses"] == 1
    # one warrior died; the other must flee, and is asked where
    decision = t.pending()
    assert decision["seat"] == t.seat("L")
    assert {c["to"] for c in decision["choices"]} == {"boundless_expanse", "bone_highlands", "fallen_barrows"}
    t.act({"type": "flee", "unit": "warrior", "to": "boundless_expanse"})
    assert t.units("boundless_expanse") == "WM" and t.state["reserve"][0][0] == 2
    # the Legion token on boundless_expanse is full (1 arrow): no re-assignment is offered; Brotherhood's victory march
    decision = t.pending()
    assert decision["seat"] == t.seat("B")
    assert [c["units"] for c in decision["choices"]] == [[0, 0, 0], [0, 1, 0], [0, 2, 0]]
    t.act({"type": "advance", "units": [0, 2, 0]})
    assert t.units("wasteland") == "DD" and t.owner("wasteland") == "B"
    # cleanup: ranged tokens and Armus back, next round's peace phase
    assert kernel.phase(t.state) == "peace" and t.state["creature_at"][3] == [-1, -1, -1]
    assert all(tok is None for tok in t.state["tokens"])


# --- T8-T11: summons and support distributions ---


def test_t8_arborus_gathers_three_units(table):
    t = table()
    t.put("mossy_ridge", "A", castle=True).put("sacrificial_forest", "A", castle=True)
    t.put("forest_edge", "A", "W").put("amber_grove", "A", "MM").put("eagle_heights", "A", "D")
    t.turn("A", "forest").act({"type": "summon", "creature": "arborus", "junction": "J10"})
    destinations = {c["region"] for c in t.pending()["choices"] if c["type"] == "gather_to"}
    assert "amber_grove" not in destinations and "sacrificial_forest" in destinations
    t.act({"type": "gather_to", "region": "sacrificial_forest"})
    sources = {c["from"] for c in t.pending()["choices"] if c["type"] == "gather"}
    assert sources == {"forest_edge", "amber_grove", "mossy_ridge"} - {"mossy_ridge"}
    t.act({"type": "gather", "from": "forest_edge", "unit": "warrior"})
    t.act({"type": "gather", "from": "amber_grove", "unit": "mage"})
    t.act({"type": "gather", "from": "amber_grove", "unit": "mage"})
    assert t.pending() is None
    assert t.units("sacrificial_forest") == "WMM" and t.units("amber_grove") == "" and t.units("forest_edge") == ""
    ri = WORLD.region_index
    assert aura(t.state, 1, 2, ri["sacrificial_forest"]) == 1


def test_t9_architectus_builds_in_oak_grove(table):
    t = table()
    t.put("oak_grove", "O", "DD").put("cliff_of_sorrow", "O", "WD", castle=True)
    t.put("dawn_pinewood", "O", "W", castle=True).put("field_of_oaths", "O", castle=True)
    t.turn("O", "forest")
    assert t.track("O") == "##. ##. ##."
    t.act({"type": "summon", "creature": "architectus", "junction": "J30"})
    builds = [c for c in t.pending()["choices"] if c["type"] == "build"]
    assert builds == [{"type": "build", "region": "oak_grove"}]
    t.act(builds[0])
    assert t.castle("oak_grove") == "O" and t.track("O") == "##. ##. #.."
    # the action token wrapped to O's first free division (P3) and O is done
    assert t.state["action_token"][2] == 2 and kernel.has_passed(t.state, t.seat("O"))


def test_t10_alliance_support_distribution(table):
    t = table()
    t.put("sacrificial_forest", "A", "WMM", castle=True).put("mossy_ridge", "A", castle=True)
    t.put("forest_edge", "A", "W").put("eagle_heights", "B", "W").put("oak_grove", "O", "D")
    t.token("A", "ranged", 3, "sacrificial_forest", "mossy_ridge").token(
        "A", "ranged", 1, "sacrificial_forest", "forest_edge"
    )
    t.token("A", "ranged", 2, "blooming_meadow", "mossy_ridge")
    t.token("B", "melee", 1, "eagle_heights", "mossy_ridge").token("A", "melee", 1, "forest_edge", "oak_grove")
    t.war()
    t.act(assign(t, "sacrificial_forest", "mossy_ridge", "mage")).act(
        assign(t, "sacrificial_forest", "mossy_ridge", "mage")
    )
    t.act(assign(t, "sacrificial_forest", "mossy_ridge", "warrior"))
    # the same unit on two tokens: nothing is left for the forest_edge token
    assert "supports one region only" in t.refused(assign(t, "sacrificial_forest", "forest_edge", "warrior"))
    t.act({"type": "support_done"})
    assert t.tok("sacrificial_forest", "mossy_ridge")[4:] == [1, 0, 2, 0]
    assert t.tok("sacrificial_forest", "forest_edge") is None


def test_t10_split_distribution(table):
    t = table()
    t.put("sacrificial_forest", "A", "WMM", castle=True).put("mossy_ridge", "A", castle=True)
    t.put("forest_edge", "A", "W").put("eagle_heights", "B", "W").put("oak_grove", "O", "D")
    t.token("A", "ranged", 3, "sacrificial_forest", "mossy_ridge").token(
        "A", "ranged", 1, "sacrificial_forest", "forest_edge"
    )
    t.token("B", "melee", 1, "eagle_heights", "mossy_ridge").token("A", "melee", 1, "forest_edge", "oak_grove")
    t.war()
    t.act(assign(t, "sacrificial_forest", "mossy_ridge", "mage")).act(
        assign(t, "sacrificial_forest", "mossy_ridge", "mage")
    )
    t.act(assign(t, "sacrificial_forest", "forest_edge", "warrior")).act({"type": "support_done"})
    assert t.tok("sacrificial_forest", "mossy_ridge")[4:] == [0, 0, 2, 0]
    assert t.tok("sacrificial_forest", "forest_edge")[4:] == [1, 0, 0, 0]


def test_t11_order_support_distribution(table):
    t = table()
    t.put("cliff_of_sorrow", "O", "WD", castle=True).put("great_sea", "O", "M").put("oak_grove", "O", "D")
    t.put("grey_crags", "B", "W").put("salt_flats", "A", "W")
    t.token("O", "ranged", 1, "cliff_of_sorrow", "great_sea").token("O", "ranged", 2, "cliff_of_sorrow", "oak_grove")
    t.token("B", "melee", 1, "grey_crags", "oak_grove").token("A", "melee", 1, "salt_flats", "great_sea")
    t.war()
    t.act(assign(t, "cliff_of_sorrow", "great_sea", "warrior")).act(
        assign(t, "cliff_of_sorrow", "oak_grove", "defender")
    )
    assert "supports one region only" in t.refused(assign(t, "cliff_of_sorrow", "oak_grove", "warrior"))
    t.act({"type": "support_done"})
    assert t.tok("cliff_of_sorrow", "great_sea")[4:] == [1, 0, 0, 0]
    assert t.tok("cliff_of_sorrow", "oak_grove")[4:] == [0, 1, 0, 0]


# --- T12-T18: the attack stage ---


def test_t12_order_of_battles(table):
    t = table()
    pairs = [
        ("L", 1, "ashen_peaks", "blackwood"),
        ("L", 2, "boundless_expanse", "wasteland"),
        ("A", 1, "mossy_ridge", "eagle_heights"),
        ("A", 2, "forest_edge", "witchwood"),
        ("A", 3, "amber_grove", "silver_pass"),
        ("O", 1, "dawn_pinewood", "field_of_oaths"),
        ("B", 1, "charcoal_wood", "volcano_valley"),
        ("B", 2, "fallen_barrows", "ancestors_bowl"),
        ("B", 3, "gloomy_thicket", "salt_flats"),
    ]
    for faction, value, origin, target in pairs:
        t.token(faction, "melee", value, origin, target)
    t.put("ashen_peaks", "L", castle=True)  # somebody must keep a castle for the round to go on
    t.war()
    order = [("LAOB"[t.state["faction_of"][e["seat"]]], e["value"]) for e in t.events("battle_skipped")]
    assert order == [("A", 3), ("B", 3), ("L", 2), ("A", 2), ("B", 2), ("L", 1), ("A", 1), ("O", 1), ("B", 1)]


def t13(table):
    t = table()
    t.put("forest_edge", "A", "WM").put("mossy_ridge", "A", "D", castle=True).put(
        "sacrificial_forest", "A", "WM", castle=True
    )
    t.put("oak_grove", "O", "DD", castle=True).put("cliff_of_sorrow", "O", "D", castle=True)
    t.put("dawn_pinewood", "O", "W", castle=True).put("field_of_oaths", "O", castle=True)
    t.token("A", "melee", 1, "forest_edge", "oak_grove")
    t.token("A", "ranged", 1, "mossy_ridge", "forest_edge").token("A", "ranged", 2, "sacrificial_forest", "forest_edge")
    t.token("O", "ranged", 1, "dawn_pinewood", "oak_grove").token("O", "ranged", 2, "cliff_of_sorrow", "oak_grove")
    t.creature("aquus", "J13").creature("architectus", "J30")
    return t


def test_t13_alliance_10_against_order_9(table):
    t = t13(table)
    assert t.track("O") == "##. ##. #.." and t.state["action_token"][2] == 2
    t.war()
    t.act(assign(t, "mossy_ridge", "forest_edge", "defender"))
    t.act(assign(t, "sacrificial_forest", "forest_edge", "warrior")).act(
        assign(t, "sacrificial_forest", "forest_edge", "mage")
    )
    t.act({"type": "support_done"})
    t.act(assign(t, "dawn_pinewood", "oak_grove", "warrior")).act(assign(t, "cliff_of_sorrow", "oak_grove", "defender"))
    t.act({"type": "support_done"})
    battle = t.events("battle")[-1]
    assert (battle["attack"], battle["defence"]) == (10, 9)
    # "warriors 3+2, defenders 1, mages 1+2, sword 1" against "warriors 1, defenders 3+3+2"
    assert battle["attack_parts"] == {"units": 3, "support": 4, "aura": 2, "militia": 0, "swords": 1}
    assert battle["defence_parts"] == {"units": 4, "support": 2, "aura": 3, "militia": 0}
    won = t.events("battle_won")[-1]
    assert (won["losses"], won["other_losses"]) == (0, 2)
    assert t.units("oak_grove") == "" and t.state["reserve"][2][1] == 3 - 1
    t.act({"type": "advance", "units": [1, 0, 0]})
    assert t.units("forest_edge") == "M" and t.units("oak_grove") == "W" and t.owner("oak_grove") == "A"
    assert t.castle("oak_grove") is None
    assert t.track("O") == "##. ##. ##." and t.state["action_token"][2] == 2
    # supporting units did not move and took no losses
    assert (
        t.units("sacrificial_forest") == "WM" and t.units("cliff_of_sorrow") == "D" and t.units("dawn_pinewood") == "W"
    )


def test_t14_track_and_number_of_actions(table):
    t = table()
    t.state = t.engine.new_game(4, options={"factions": "initiative"}, seed=1)
    t.act(march("boundless_expanse", "wasteland", "W"))
    for _ in range(3):
        t.act({"type": "pass"})
    t.act({"type": "pass"})  # L on M3
    for _ in range(3):
        t.act({"type": "pass"})
    t.act({"type": "build", "region": "wasteland"})
    assert t.track("L") == "#.. ##. ##." and t.state["action_token"][0] == 1 and kernel.has_passed(t.state, t.seat("L"))
    while kernel.phase(t.state) == "peace" and t.state["k"]["round"] == 1:
        t.act({"type": "pass"})
    assert t.state["k"]["round"] == 2
    seats = []
    while t.state["k"]["round"] == 2 and kernel.phase(t.state) == "peace":
        seats.append("LAOB"[acting(t.state)])
        t.act({"type": "pass"})
    assert "".join(seats) == "LAOBLAOBLAOBL"


def test_t15_destroyed_castle_pushes_the_action_token(table):
    t = table()
    t.put("boundless_expanse", "L", castle=True).put("wasteland", "L", castle=True)
    t.put("ashen_peaks", "L", castle=True).put("blackwood", "L", castle=True)
    t.put("howling_wilds", "B", "W").token("B", "melee", 1, "howling_wilds", "wasteland")
    assert t.track("L") == "#.. ##. ##." and t.state["action_token"][0] == 1
    t.war()
    t.act({"type": "advance", "units": [1, 0, 0]})
    assert t.castle("wasteland") is None
    assert t.track("L") == "##. ##. ##." and t.state["action_token"][0] == 2


@pytest.mark.parametrize("march_in", [True, False])
def test_t16_undefended_castle(table, march_in):
    t = table()
    t.put("silver_pass", "O", castle=True).put("cliff_of_sorrow", "O", castle=True).put(
        "field_of_oaths", "O", castle=True
    )
    t.put("amber_grove", "A", "W").token("A", "melee", 1, "amber_grove", "silver_pass")
    assert t.track("O") == "##. #.. ###"
    t.war()
    assert t.pending()["choices"] == [{"type": "advance", "units": [0, 0, 0]}, {"type": "advance", "units": [1, 0, 0]}]
    t.act({"type": "advance", "units": [1 if march_in else 0, 0, 0]})
    if march_in:
        assert t.castle("silver_pass") is None and t.track("O") == "##. ##. ###" and t.state["action_token"][2] == 2
    else:
        assert t.castle("silver_pass") == "O" and t.track("O") == "##. #.. ###"


def test_t16_variant_no_attackers_left(table):
    t = table()
    t.put("silver_pass", "O", castle=True).put("field_of_oaths", "O", castle=True).put("amber_grove", "A", castle=True)
    t.token("A", "melee", 1, "amber_grove", "silver_pass")
    t.war()
    assert t.events("battle_skipped") and t.castle("silver_pass") == "O" and t.pending() is None


@pytest.mark.parametrize(
    ("attack", "defence", "result", "attacker_losses", "defender_losses"),
    [
        (21, 12, "attacker", 1, 3),
        (7, 7, "draw", 0, 0),
        (10, 10, "draw", 1, 1),
        (9, 30, "defender", 4, 0),
        (10, 9, "attacker", 0, 2),
    ],
)
def test_t17_loss_arithmetic(table, attack, defence, result, attacker_losses, defender_losses):
    assert battle_result(attack, defence) == (result, attacker_losses, defender_losses)


def test_t17_losses_capped_at_the_units_there(table):
    t = table()
    t.put("wasteland", "L", "W").put("saxum_ridges", "B", "DDD").put("ancestors_bowl", "B", castle=True)
    t.token("L", "melee", 1, "wasteland", "saxum_ridges")
    t.war()
    battle = t.events("battle")[-1]
    assert (battle["attack"], battle["defence"]) == (3, 6)
    assert t.units("wasteland") == "" and t.units("saxum_ridges") == "DDD" and t.state["reserve"][0] == [3, 3, 3]


def test_t18_blocked_retreat(table):
    t = table()
    t.put("fallen_barrows", "B", "DD").put("ancestors_bowl", "B", "WDM", castle=True).put("saxum_ridges", "B", "WWM")
    t.put("wasteland", "L", "WWW").token("L", "melee", 1, "wasteland", "fallen_barrows")
    t.war()
    battle = t.events("battle")[-1]
    assert (battle["attack"], battle["defence"]) == (7, 4)
    assert t.events("destroyed") and t.units("fallen_barrows") == ""
    assert t.state["reserve"][3][1] == 3 - 1  # both defenders of fallen_barrows back in the reserve
    assert [c["units"] for c in t.pending()["choices"]] == [[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0]]


# --- T19-T22: fewer players and the optional rules ---


def test_t19_neutral_lands(table):
    t = table(players=3)
    neutral = sorted(WORLD.region_ids[r] for r, f in enumerate(t.state["castle"]) if f == 3)
    assert neutral == sorted(
        ["ancestors_bowl", "volcano_valley", "charcoal_wood", "saxum_ridges", "fallen_barrows", "gloomy_thicket"]
    )
    t.put("wasteland", "L", "W").put("boundless_expanse", "L", castle=True).put("ashen_peaks", "L", castle=True)
    t.put("blackwood", "L", castle=True).put("grey_crags", "O", "WW").put("field_of_oaths", "O", castle=True)
    t.turn("L", "plains").act(march("wasteland", "saxum_ridges", "W"))
    assert t.owner("saxum_ridges") == "L" and t.castle("saxum_ridges") == "B"
    t.turn("L", "forest")
    assert "already holds a castle" in t.refused({"type": "build", "region": "saxum_ridges"})
    t.turn("L", "mountains")
    assert "your castle" in t.refused({"type": "recruit", "region": "saxum_ridges", "unit": "warrior"})
    t.turn("O", "plains")
    assert "no other player's units or castle" in t.refused(melee("grey_crags", "gloomy_thicket"))
    t.act(melee("grey_crags", "saxum_ridges"))
    t.war()
    assert t.events("battle")[-1]["attack"] == 5
    t.act({"type": "advance", "units": [1, 0, 0]})
    assert t.owner("saxum_ridges") == "O" and t.castle("saxum_ridges") == "B"


def test_t20_militia_draws_both_battles(table):
    t = table(militia=True)
    t.put("oak_grove", "O", "D", castle=True).put("forest_edge", "A", "W").put("grey_crags", "B", "W")
    t.token("A", "melee", 1, "forest_edge", "oak_grove").token("B", "melee", 1, "grey_crags", "oak_grove")
    t.war()
    assert [t.state["faction_of"][e["seat"]] for e in t.events("militia")] == [2]
    assert [(e["attack"], e["defence"]) for e in t.events("battle")] == [(3, 3), (3, 3)]
    assert len(t.events("battle_draw")) == 2 and t.units("oak_grove") == "D" and t.castle("oak_grove") == "O"


def test_t20_without_militia(table):
    t = table()
    t.put("oak_grove", "O", "D", castle=True).put("forest_edge", "A", "W").put("grey_crags", "B", "W")
    t.token("A", "melee", 1, "forest_edge", "oak_grove").token("B", "melee", 1, "grey_crags", "oak_grove")
    t.war()
    assert (t.events("battle")[0]["attack"], t.events("battle")[0]["defence"]) == (3, 2)
    assert t.units("oak_grove") == ""
    t.act({"type": "advance", "units": [1, 0, 0]})
    assert t.castle("oak_grove") is None and t.events("castle_destroyed")
    # Brotherhood's token then fights the Alliance warrior that marched into oak_grove (D11)
    second = t.events("battle")[1]
    assert (second["attack"], second["defence"]) == (3, 1) and t.state["seat_of"][1] == second["other_seat"]
    assert t.units("oak_grove") == "" and t.state["reserve"][1][0] == 3
    assert t.pending()["seat"] == t.seat("B")
    t.act({"type": "advance", "units": [1, 0, 0]})
    assert t.owner("oak_grove") == "B"


def test_t21_single_march(table):
    t = table(single_march=True)
    t.put("boundless_expanse", "L", "WM", castle=True).turn("L", "plains")
    assert "only a single unit" in t.refused(march("boundless_expanse", "fallen_barrows", "WM", via="wasteland"))
    t.act(march("boundless_expanse", "fallen_barrows", "W", via="wasteland"))
    assert t.units("fallen_barrows") == "W" and t.units("wasteland") == ""
    t2_ = table(single_march=True)
    t2_.put("boundless_expanse", "L", "WM", castle=True).put("wasteland", "B", "D").turn("L", "plains")
    assert "another player's units" in t2_.refused(march("boundless_expanse", "fallen_barrows", "W", via="wasteland"))
    off = table()
    off.put("boundless_expanse", "L", "WM", castle=True).turn("L", "plains")
    assert "Single march" in off.refused(march("boundless_expanse", "fallen_barrows", "W", via="wasteland"))


def t22(table, arborus=False, fideia=False):
    t = table(allies=True)
    t.put("oak_grove", "O", "D").put("cliff_of_sorrow", "O", castle=True).put("grey_crags", "B", "W")
    t.put("forest_edge", "A", "M").put("mossy_ridge", "A", castle=True)
    t.state["allies"][1][2] = t.state["allies"][2][1] = True
    t.token("B", "melee", 1, "grey_crags", "oak_grove")
    if arborus:
        t.creature("arborus", "J19")
    if fideia:
        t.creature("fideia", "J18")
    t.turn("A", "mountains")
    return t


@pytest.mark.parametrize(("arborus", "fideia", "defence"), [(False, False, 4), (True, False, 5), (False, True, 4)])
def test_t22_allied_support(table, arborus, fideia, defence):
    t = t22(table, arborus, fideia)
    t.act(ranged("forest_edge", "oak_grove"))
    assert t.pending()["kind"] == "consent" and t.pending()["seat"] == t.seat("O")
    assert t.tok("forest_edge", "oak_grove") is None
    t.act({"type": "consent", "allow": True})
    assert t.tok("forest_edge", "oak_grove")[:3] == [1, 1, 1]
    t.war()
    t.act(assign(t, "forest_edge", "oak_grove", "mage")).act({"type": "support_done"})
    assert (t.events("battle")[-1]["attack"], t.events("battle")[-1]["defence"]) == (3, defence)
    assert t.units("oak_grove") == "D"


def test_t22_refused_consent(table):
    t = t22(table)
    t.act(ranged("forest_edge", "oak_grove")).act({"type": "consent", "allow": False})
    assert t.tok("forest_edge", "oak_grove") is None and acting(t.state) == 1
    assert "refused" in t.refused(ranged("forest_edge", "oak_grove"))
