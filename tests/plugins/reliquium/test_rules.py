"""Legality rules of digest section 5 (each refused with its reason), creature abilities, optional rules."""

from __future__ import annotations

import pytest

from boardwright.framework import kernel
from boardwright.plugins.reliquium.actions import march, melee, ranged, summon
from boardwright.plugins.reliquium.battle import aura
from boardwright.plugins.reliquium.units import acting as acting_faction
from boardwright.plugins.reliquium.world import WORLD


def assign(t, origin, target, unit):
    return {"type": "assign", "border": t.border(origin, target), "unit": unit}


def home(table, **options):
    """Legion at home with units, Brotherhood next door in saxum_ridges."""
    t = table(**options)
    t.put("boundless_expanse", "L", "WM", castle=True).put("ashen_peaks", "L", "W", castle=True)
    t.put("blackwood", "L", castle=True).put("wasteland", "L", "D")
    t.put("saxum_ridges", "B", "WD").put("ancestors_bowl", "B", castle=True)
    return t


# --- section 5: every legality rule refused with a reason ---


@pytest.mark.parametrize(
    ("terrain", "action", "reason"),
    [
        ("plains", march("boundless_expanse", "saxum_ridges", "W"), "not adjacent"),
        ("plains", march("wasteland", "saxum_ridges", "D"), "another player's units"),
        ("plains", march("wasteland", "ancestors_bowl", "D"), "not adjacent"),
        ("plains", march("boundless_expanse", "wasteland", "WMM"), "do not have these units"),
        ("plains", march("bone_highlands", "wasteland", "W"), "no units of yours"),
        ("plains", march("boundless_expanse", "wasteland", ""), "at least one unit"),
        ("plains", melee("bone_highlands", "howling_wilds"), "must be yours"),
        ("plains", melee("boundless_expanse", "bone_highlands"), "no other player's units or castle"),
        ("plains", melee("wasteland", "boundless_expanse"), "no other player's units or castle"),
        ("plains", melee("wasteland", "saxum_ridges", value=3), "lowest melee token"),
        ("plains", melee("boundless_expanse", "saxum_ridges"), "not adjacent"),
        ("plains", {"type": "recruit", "region": "boundless_expanse", "unit": "mage"}, "not an action of the plains"),
        ("mountains", {"type": "recruit", "region": "wasteland", "unit": "mage"}, "region with your castle"),
        ("mountains", ranged("boundless_expanse", "wasteland"), "no melee token"),
        ("mountains", ranged("wasteland", "saxum_ridges"), "must be yours"),
        ("mountains", ranged("bone_highlands", "wasteland"), "supporting region must be yours"),
        ("forest", {"type": "build", "region": "boundless_expanse"}, "already holds a castle"),
        ("forest", {"type": "build", "region": "bone_highlands"}, "unit of yours"),
        ("forest", {"type": "build", "region": "misty_bay"}, "water"),
        ("forest", summon("cerberus", "E03"), "never on the board edge"),
        ("forest", summon("armus", "J20"), "not yours"),
        ("forest", summon("cerberus", "J38"), "presence regions is yours"),
    ],
)
def test_illegal_actions_say_why(table, terrain, action, reason):
    t = home(table)
    t.turn("L", terrain)
    assert reason in t.refused(action)


def test_limits_of_tokens_reserve_and_track(table):
    t = home(table)
    t.turn("L", "plains").act(melee("wasteland", "saxum_ridges"))
    t.turn("L", "plains")
    assert "already holds a token" in t.refused(melee("wasteland", "saxum_ridges", value=2))
    t.token("L", "melee", 2, "ashen_peaks", "blackwood").token("L", "melee", 3, "blackwood", "bone_highlands")
    t.turn("L", "plains")
    assert "all your melee tokens" in t.refused(melee("wasteland", "howling_wilds"))
    t.state["reserve"][0] = [0, 0, 0]
    t.turn("L", "mountains")
    assert "no mage left" in t.refused({"type": "recruit", "region": "boundless_expanse", "unit": "mage"})
    t.put("boundless_expanse", "L", "WWM", castle=True).turn("L", "mountains")
    assert t.state["reserve"][0][1] == 2
    assert "troop limit" in t.refused({"type": "recruit", "region": "boundless_expanse", "unit": "defender"})
    # every plains castle of the Legion is on the map: no plains castle left on the track
    t.put("bone_highlands", "L", "W").put("golden_fields", "L", "W")
    t.put("fourways", "L", castle=True).put("salt_flats", "L", castle=True).turn("L", "forest")
    assert "no plains castle left" in t.refused({"type": "build", "region": "golden_fields"})
    t.act({"type": "build", "region": "bone_highlands"})
    assert t.castle("bone_highlands") == "L"


def test_summon_limits(table):
    t = home(table)
    t.creature("armus", "J12").turn("L", "forest")
    assert "already holds a creature" in t.refused(summon("cerberus", "J12"))
    t.act(summon("cerberus", "J06"))  # no enemy next door: nothing to ask, the turn ends
    t.turn("L", "forest")
    assert "already on the map" in t.refused(summon("cerberus", "J02"))
    assert {"type": "pass"} in t.legal()


def test_a_pass_uses_up_the_division(table):
    t = home(table)
    t.turn("L", "plains")
    marker = t.state["action_token"][0]
    t.act({"type": "pass"})
    assert t.state["action_token"][0] == marker + 3  # P3 -> M3: the Legion has one castle of each type


def test_recruit_into_a_castle_only_region(table):
    t = home(table)
    t.turn("L", "mountains").act({"type": "recruit", "region": "blackwood", "unit": "defender"})
    assert t.units("blackwood") == "D" and t.state["reserve"][0] == [1, 1, 2]


def test_melee_from_a_castle_only_region_is_removed_at_resolution(table):
    t = home(table)
    t.put("bone_highlands", "B", "M").turn("L", "plains").act(melee("blackwood", "bone_highlands"))
    t.war()
    assert t.events("battle_skipped") and t.units("bone_highlands") == "M"


def test_battle_against_a_region_taken_earlier(table):
    """D11: a melee token into a region the attacker took earlier this war phase is removed."""
    t = home(table)
    t.put("saxum_ridges", "B", "W").put("howling_wilds", "L", "W")
    t.token("L", "melee", 2, "wasteland", "saxum_ridges").token("L", "melee", 1, "howling_wilds", "saxum_ridges")
    t.war()
    t.act({"type": "advance", "units": [0, 1, 0]})
    assert t.owner("saxum_ridges") == "L"
    assert len(t.events("battle")) == 1 and len(t.events("battle_skipped")) == 1


def test_fled_units_may_join_a_ranged_token_with_free_arrows(table):
    """D10: right after fleeing, a unit may be assigned to its owner's ranged token pointing out of its new region."""
    t = table()
    t.put("wasteland", "L", "WW").put("boundless_expanse", "L", "M", castle=True).put("howling_wilds", "B", "DD")
    t.put("bone_highlands", "L", "D").put("saxum_ridges", "B", "WWW")
    t.token("B", "melee", 1, "howling_wilds", "wasteland").token(
        "L", "ranged", 2, "boundless_expanse", "bone_highlands"
    )
    t.token("B", "melee", 2, "saxum_ridges", "wasteland").token("L", "melee", 1, "bone_highlands", "howling_wilds")
    t.war()
    t.act(assign(t, "boundless_expanse", "bone_highlands", "mage")).act({"type": "support_done"})
    # B's 2-sword battle: W W W attack 6 + 2 = 8 against W W defence 2; L loses 1, the other warrior flees
    assert (t.events("battle")[0]["attack"], t.events("battle")[0]["defence"]) == (8, 2)
    t.act({"type": "flee", "unit": "warrior", "to": "boundless_expanse"})
    t.act({"type": "advance", "units": [0, 0, 0]})  # the victory march comes before re-assignments (digest 12)
    assign_w = assign(t, "boundless_expanse", "bone_highlands", "warrior")
    assert t.pending()["choices"] == [assign_w, {"type": "skip"}]
    t.act(assign_w)
    assert t.tok("boundless_expanse", "bone_highlands")[4:] == [1, 0, 1, 0]


# --- the twelve creatures ---


def test_cerberus_gives_an_extra_melee_order(table):
    t = home(table)
    t.turn("L", "forest").act(summon("cerberus", "J20"))
    orders = [c for c in t.pending()["choices"] if c["type"] == "melee"]
    assert orders == [melee("wasteland", "saxum_ridges")]
    t.act(orders[0])
    assert t.tok("wasteland", "saxum_ridges")[:3] == [0, 0, 1]


def test_mortum_trades_one_unit_for_one(table):
    t = home(table)
    t.turn("L", "forest").act(summon("mortum", "J20"))
    t.act(
        {
            "type": "blood_price",
            "region": "wasteland",
            "unit": "defender",
            "enemy_region": "saxum_ridges",
            "enemy_unit": "warrior",
        }
    )
    assert t.units("wasteland") == "" and t.units("saxum_ridges") == "D"
    assert t.state["reserve"][0][1] == 3 and t.state["reserve"][3][0] == 3


def test_goetius_banishes_a_neighbouring_creature(table):
    t = home(table)
    t.creature("armus", "J23").creature("malleus", "J38")
    t.turn("L", "forest").act(summon("goetius", "J20"))
    banish = [c for c in t.pending()["choices"] if c["type"] == "banish"]
    assert banish == [{"type": "banish", "junction": "J23"}]  # J38 shares no presence region
    t.act(banish[0])
    assert t.state["creatures"][WORLD.junction_index["J23"]] is None and t.state["creature_at"][3][1] == -1


def test_aquus_removes_an_enemy_ranged_token(table):
    t = table()
    t.put("forest_edge", "A", "W").put("oak_grove", "O", "D").put("dawn_pinewood", "O", "D")
    t.put("mossy_ridge", "A", castle=True)
    t.token("O", "ranged", 1, "dawn_pinewood", "oak_grove").token("A", "melee", 1, "forest_edge", "oak_grove")
    t.turn("A", "forest").act(summon("aquus", "J18"))
    t.act({"type": "remove_token", "border": t.border("dawn_pinewood", "oak_grove")})
    assert t.tok("dawn_pinewood", "oak_grove") is None and t.state["ranged_at"][2] == [-1, -1, -1]


def test_cornibus_pushes_an_enemy_unit(table):
    t = table()
    t.put("forest_edge", "A", "W").put("oak_grove", "O", "D").put("amber_grove", "A", "M")
    push = {"type": "push", "region": "oak_grove", "unit": "defender", "to": "witchwood"}
    t.turn("A", "forest").act(summon("cornibus", "J18"))
    targets = {c["to"] for c in t.pending()["choices"] if c["type"] == "push"}
    assert "forest_edge" not in targets and "amber_grove" not in targets and "witchwood" in targets
    t.act(push)
    assert t.units("oak_grove") == "" and t.units("witchwood") == "D" and t.owner("witchwood") == "O"


def test_caballus_raids_with_two_units(table):
    t = table()
    t.put("oak_grove", "O", "WD").put("dawn_pinewood", "O", castle=True)
    t.turn("O", "forest").act(summon("caballus", "J30"))
    t.act({"type": "raid", "from": "oak_grove", "unit": "warrior", "via": "witchwood", "to": "fourways"})
    t.act({"type": "raid", "from": "oak_grove", "unit": "defender", "to": "great_sea"})
    assert t.pending() is None
    assert t.units("fourways") == "W" and t.units("great_sea") == "D" and t.units("oak_grove") == ""


def test_caballus_may_pass_through_a_full_region_if_it_ends_within_the_limit(table):
    t = table()
    t.put("oak_grove", "O", "W").put("dawn_pinewood", "O", "DDD", castle=True)
    t.turn("O", "forest").act(summon("caballus", "J30"))
    t.act({"type": "raid", "from": "oak_grove", "unit": "warrior", "to": "dawn_pinewood"})
    choices = t.pending()["choices"]
    # dawn_pinewood holds 4: the second move must take a defender out, and stopping is not offered
    assert {"type": "skip"} not in choices and {c["from"] for c in choices} == {"dawn_pinewood"}
    assert {c["unit"] for c in choices} == {"defender"}
    t.act({"type": "raid", "from": "dawn_pinewood", "unit": "defender", "to": "oak_grove"})
    assert t.units("dawn_pinewood") == "WDD" and t.units("oak_grove") == "D" and t.pending() is None


def test_fideia_calls_a_unit_from_anywhere(table):
    t = table()
    t.put("golden_fields", "O", "M").put("dawn_pinewood", "O", castle=True)
    t.turn("O", "forest").act(summon("fideia", "J30"))
    t.act({"type": "call", "from": "golden_fields", "unit": "mage", "to": "oak_grove"})
    assert t.units("oak_grove") == "M" and t.units("golden_fields") == ""


def test_malleus_recruits_in_a_presence_castle(table):
    t = table()
    t.put("ancestors_bowl", "B", "W", castle=True).put("charcoal_wood", "B", castle=True).put(
        "fourways", "B", castle=True
    )
    t.turn("B", "forest").act(summon("malleus", "J38"))
    regions = {c["region"] for c in t.pending()["choices"] if c["type"] == "recruit"}
    assert regions == {"ancestors_bowl", "charcoal_wood"}
    t.act({"type": "recruit", "region": "charcoal_wood", "unit": "mage"})
    assert t.units("charcoal_wood") == "M"


def test_catapultus_gives_an_extra_ranged_order(table):
    t = table()
    t.put("saxum_ridges", "B", "M").put("volcano_valley", "B", "D", castle=True).put("wasteland", "L", "W")
    t.token("L", "melee", 1, "wasteland", "saxum_ridges")
    t.turn("B", "forest").act(summon("catapultus", "J33"))
    orders = [c for c in t.pending()["choices"] if c["type"] == "ranged"]
    assert ranged("volcano_valley", "saxum_ridges") in orders
    t.act(ranged("volcano_valley", "saxum_ridges"))
    assert t.tok("volcano_valley", "saxum_ridges")[:3] == [3, 1, 1]


def test_arborus_respects_the_troop_limit(table):
    t = table()
    t.put("sacrificial_forest", "A", "WW", castle=True).put("forest_edge", "A", "MM").put(
        "mossy_ridge", "A", castle=True
    )
    t.turn("A", "forest").act(summon("arborus", "J10"))
    t.act({"type": "gather_to", "region": "sacrificial_forest"})
    t.act({"type": "gather", "from": "forest_edge", "unit": "mage"})
    assert t.pending() is None and t.units("sacrificial_forest") == "WWM" and t.units("forest_edge") == "M"


def test_a_summon_can_skip_its_ability_and_keeps_the_aura(table):
    t = home(table)
    t.turn("L", "forest").act(summon("cerberus", "J12")).act({"type": "skip"})
    ri = WORLD.region_index
    assert aura(t.state, 0, 0, ri["boundless_expanse"]) == 1 and aura(t.state, 0, 0, ri["ashen_peaks"]) == 0


# --- optional rules ---


def test_militia_supports_and_never_dies(table):
    t = table(militia=True)
    t.put("oak_grove", "O", "D", castle=True).put("dawn_pinewood", "O", castle=True)
    t.put("forest_edge", "A", "WWW").put("grey_crags", "B", "W")
    t.token("A", "melee", 1, "forest_edge", "oak_grove").token("B", "melee", 1, "grey_crags", "oak_grove")
    t.token("O", "ranged", 1, "dawn_pinewood", "oak_grove")
    t.war()
    assert {"type": "assign", "border": t.border("dawn_pinewood", "oak_grove"), "unit": "militia"} in t.legal()
    t.act({"type": "assign", "border": t.border("dawn_pinewood", "oak_grove"), "unit": "militia"}).act(
        {"type": "support_done"}
    )
    # A: 2+2+2+1 = 7; O: defender 2 + militia castle 1 + militia support 1 = 4
    first = t.events("battle")[0]
    assert (first["attack"], first["defence"]) == (7, 4)
    assert t.units("oak_grove") == ""  # the defender died, the militia castle did not
    t.act({"type": "advance", "units": [1, 0, 0]})
    assert t.castle("oak_grove") is None


def test_no_militia_when_attacked_by_one_player(table):
    t = table(militia=True)
    t.put("oak_grove", "O", "D", castle=True).put("forest_edge", "A", "W").put("amber_grove", "A", "W")
    t.token("A", "melee", 1, "forest_edge", "oak_grove").token("A", "melee", 2, "amber_grove", "oak_grove")
    t.war()
    assert not t.events("militia")


def test_alliance_is_proposed_accepted_and_ended(table):
    t = home(table, allies=True)
    t.turn("L", "plains").act({"type": "propose_alliance", "faction": "brotherhood", "by": t.seat("L")})
    assert t.pending()["kind"] == "alliance" and t.pending()["seat"] == t.seat("B")
    t.act({"type": "alliance", "accept": True})
    assert t.state["allies"][0][3] and t.state["allies"][3][0]
    # pacts are free actions, never among the moves; allies may still attack each other
    assert not any(a["type"].endswith("alliance") for a in t.legal())
    assert melee("wasteland", "saxum_ridges") in t.legal()
    t.act({"type": "pass"})
    t.turn("B", "plains").act({"type": "end_alliance", "faction": "legion", "by": t.seat("B")})
    assert not t.state["allies"][0][3]


def test_pacts_are_made_and_ended_at_any_moment_by_any_seat(table):
    """Digest 8.4: "at any moment": while the Legion is to move, the Order proposes to the
    Brotherhood; the Brotherhood answers; the Legion's turn goes on; either ends the pact."""
    t = home(table, allies=True)
    t.put("oak_grove", "O", "D", castle=True)  # the Order is in play too
    t.turn("L", "plains")
    order, brotherhood, legion = t.seat("O"), t.seat("B"), t.seat("L")
    offer = {"type": "propose_alliance", "faction": "brotherhood", "by": order}
    assert offer in t.engine.free_actions(t.state, order)
    moves_before = t.legal()
    t.act(offer)
    assert t.pending()["kind"] == "alliance" and t.pending()["seat"] == brotherhood
    assert t.engine.free_actions(t.state, legion) == []  # one proposal waits for its answer first
    t.act({"type": "alliance", "accept": True})
    assert t.state["allies"][2][3] and kernel.to_move(t.state) == legion and t.legal() == moves_before
    end = {"type": "end_alliance", "faction": "order", "by": brotherhood}
    assert end in t.engine.free_actions(t.state, brotherhood)
    t.act(end)
    assert not t.state["allies"][2][3] and kernel.to_move(t.state) == legion
    # another seat's free action, or one for a seat not taking it, is refused and changes nothing;
    # a pact already ended is refused with the rule's own words
    assert "cannot act for seat" in refused_for(t, offer, legion)
    assert "not allied" in t.refused({"type": "end_alliance", "faction": "order", "by": brotherhood})


def test_without_the_allies_rule_there_are_no_pacts(table):
    t = home(table)
    t.turn("L", "plains")
    assert all(t.engine.free_actions(t.state, seat) == [] for seat in range(4))
    assert "optional rule Allies" in t.refused({"type": "propose_alliance", "faction": "order", "by": t.seat("L")})


def refused_for(t, action, seat):
    """The refusal when `seat` sends `action`; the state stays as it was."""
    from boardwright.framework import NotYourTurn

    before = kernel.state_hash(t.state)
    with pytest.raises(NotYourTurn) as err:
        t.engine.apply(t.state, action, seat)
    assert kernel.state_hash(t.state) == before
    return str(err.value)


def test_allied_tokens_are_not_ability_targets(table):
    t = home(table, allies=True)
    t.token("L", "melee", 1, "wasteland", "saxum_ridges")
    t.state["allies"][0][3] = t.state["allies"][3][0] = True
    t.put("saxum_ridges", "B", "WD").turn("B", "forest").act(summon("armus", "J20"))
    assert t.pending() is None  # no enemy token to remove: the summon ends the turn


def test_summon_on_allied_land_needs_consent(table):
    t = table(allies=True)
    t.put("ancestors_bowl", "B", "W", castle=True).put("blackwood", "L", castle=True)
    t.state["allies"][0][3] = t.state["allies"][3][0] = True
    t.turn("L", "forest").act(summon("goetius", "J27"))
    assert t.pending()["kind"] == "consent" and t.pending()["seat"] == t.seat("B")
    t.act({"type": "consent", "allow": True})
    assert t.state["creature_at"][0][2] == WORLD.junction_index["J27"]


@pytest.mark.parametrize("allow", [True, False])
def test_abilities_move_allied_units_with_consent(table, allow):
    t = table(allies=True)
    t.put("golden_fields", "A", "M").put("dawn_pinewood", "O", castle=True).put("salt_flats", "O", "W")
    t.state["allies"][1][2] = t.state["allies"][2][1] = True
    t.turn("O", "forest").act(summon("fideia", "J30"))
    call = {"type": "call", "from": "golden_fields", "unit": "mage", "to": "oak_grove"}
    assert call in t.pending()["choices"]
    t.act(call)
    assert t.pending()["kind"] == "ability_consent" and t.pending()["seat"] == t.seat("A")
    t.act({"type": "consent", "allow": allow})
    if allow:
        assert t.units("oak_grove") == "M" and t.owner("oak_grove") == "A"
    else:
        assert t.units("golden_fields") == "M" and call not in t.pending()["choices"]
        assert {"type": "call", "from": "salt_flats", "unit": "warrior", "to": "oak_grove"} in t.pending()["choices"]


def test_mortum_may_sacrifice_an_allied_unit_with_consent(table):
    t = home(table, allies=True)
    t.put("howling_wilds", "A", "W")
    t.state["allies"][0][1] = t.state["allies"][1][0] = True
    t.turn("L", "forest").act(summon("mortum", "J20"))
    price = {
        "type": "blood_price",
        "region": "howling_wilds",
        "unit": "warrior",
        "enemy_region": "saxum_ridges",
        "enemy_unit": "defender",
    }
    t.act(price)
    assert t.pending()["seat"] == t.seat("A")
    t.act({"type": "consent", "allow": True})
    assert t.units("howling_wilds") == "" and t.units("saxum_ridges") == "W" and t.state["reserve"][1][0] == 3


# --- fewer players: neutral factions ---


@pytest.mark.parametrize(
    ("factions", "neutral_castles"),
    [
        ("alliance,order,brotherhood", 5),
        ("legion,order,brotherhood", 6),
        ("legion,alliance,brotherhood", 5),
        ("legion,alliance,order", 6),
        ("legion,order", 12),
        ("alliance,brotherhood", 10),
        ("legion,alliance", 11),
    ],
)
def test_neutral_castles(table, factions, neutral_castles):
    t = table(players=len(factions.split(",")), factions=factions)
    s = t.state
    neutral = [r for r, f in enumerate(s["castle"]) if f >= 0 and s["neutral"][f]]
    assert len(neutral) == neutral_castles
    for r in neutral:
        assert WORLD.terrain[r] != "water"


def test_neutral_castle_survives_a_victory_march_and_blocks_building(table):
    t = table(players=2, factions="legion,order")
    t.put("amber_grove", "O", "WWW").put("forest_edge", "L", "W").put("blackwood", "L", castle=True)
    t.token("O", "melee", 1, "amber_grove", "forest_edge")
    t.war()
    t.act({"type": "advance", "units": [2, 0, 0]})
    assert t.castle("forest_edge") == "A" and t.owner("forest_edge") == "O"
    assert t.state["track"][1] == [True] * 9 or t.state["neutral"][1]


def test_neutral_factions_take_no_turns(table):
    t = table(players=2, factions="legion,order")
    t.state = t.engine.new_game(2, options={"factions": "legion,order"}, seed=2)
    acting = set()
    while t.state["k"]["round"] == 1:
        acting.add(acting_faction(t.state))
        t.act({"type": "pass"})
    assert acting == {0, 2}
