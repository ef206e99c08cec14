"""Creature abilities that the worked examples do not reach: each instant and formula once."""

from __future__ import annotations

from boardwright.plugins.bestiary.attack import strength
from boardwright.plugins.bestiary.creatures import period


def _supports(t, cid, s):
    return [a for a in t.uses_of(cid) if a["type"] == "use" and a["ability"] == s]


def test_recall_displaces_the_castle_occupant(table):
    t = table.duel(["redux", "messum", "fidea"])
    t.put("redux", "0,0")
    t.put("messum", "2,-2")
    t.put("fidea", "0,2")
    t.use("redux", 0, at="2,-2", hex="0,2")
    assert t.at("messum") == "0,2" and t.at("fidea") is None
    assert t.state["castle_damage"] == [2, 0]


def test_forest_path(table):
    t = table.duel(["arborus", "saxum", "fidea"])
    t.put("arborus", "0,1")
    t.put("saxum", "1,1")
    dests = {a["hex"] for a in _supports(t, "arborus", 1) if t.spot(a["target"]) == "1,1"}
    assert dests == {"-1,-1", "-1,0", "1,-2", "1,0"}
    t.use("arborus", 1, at="1,1", hex="1,-2")
    assert t.at("saxum") == "1,-2"


def test_hell_portal_swaps_into_the_castle(table):
    t = table.duel(["illesebra", "fidea", "saxum"])
    t.put("illesebra", "-2,2")
    t.put("fidea", "0,2")
    t.use("illesebra", 1, at="0,2")
    assert t.at("illesebra") == "0,2" and t.at("fidea") == "-2,2"


def test_drunken_stupor_cooldown_counts_the_targets_chips(table):
    t = table.duel(["brevus", "fidea", "saxum"])
    t.put("brevus", "0,1")
    t.put("armus", "0,-1")
    p = period(t.state)
    t.cr("armus")["ready_at"] = [p + 2, 0]
    t.use("brevus", 0, at="0,-1")
    assert t.cr("brevus")["ready_at"][0] == p + 4  # X = 5 - 1
    assert t.count("armus", "SILENCE") == 1


def test_gallop_is_faster_on_a_plain(table):
    for where, cooldown in (("0,1", 2), ("1,0", 3)):
        t = table.duel(["caballus", "fidea", "saxum"])
        t.put("caballus", where)
        t.use("caballus", 0, at=where)
        assert t.cr("caballus")["ready_at"][0] == period(t.state) + cooldown
        assert t.count("caballus", "HASTE") == 1


def test_entwine_pulls_one_hex_and_slows(table):
    t = table.duel(["lignum", "fidea", "saxum"])
    t.put("lignum", "0,1")
    t.put("armus", "0,-1")
    t.use("lignum", 0, at="0,-1")
    assert t.at("armus") == "0,0" and t.count("armus", "SLOW") == 1


def test_ram_needs_room_to_push(table):
    t = table.duel(["cornibus", "fidea", "saxum"])
    t.put("cornibus", "0,1")
    t.put("armus", "0,0")
    t.put("carnifex", "0,-1")
    assert not _supports(t, "cornibus", 1)  # no free hex behind: no movement, no DEF_DOWN
    t.put("carnifex", "2,-2")
    t.use("cornibus", 1, at="0,0")
    assert t.at("armus") == "0,-1" and t.count("armus", "DEF_DOWN") == 1


def test_piercing_scream_hits_one_whole_line(table):
    t = table.duel(["clamoris", "fidea", "saxum"])
    t.put("clamoris", "0,2")
    t.put("fidea", "0,1")
    t.put("armus", "0,0")
    t.put("carnifex", "0,-1")
    t.put("vinctum", "1,1")
    t.attack("clamoris", direction=2)
    assert [t.cr(c)["damage"] for c in ("armus", "carnifex", "vinctum", "fidea")] == [1, 1, 0, 0]


def test_catapult_cannot_hit_adjacent(table):
    t = table.duel(["catapultus", "fidea", "saxum"])
    t.put("catapultus", "0,1")
    t.put("armus", "0,0")
    t.put("carnifex", "2,-1")
    assert [t.spot(a["target"]) for a in t.uses_of("catapultus") if a["type"] == "attack"] == ["2,-1"]


def test_knowledge_is_power_needs_the_same_terrain(table):
    t = table([["librorum", "fidea", "saxum"], table.P2], options={"roster": "full32"}, castles="pustosh")
    t.clear()
    t.put("librorum", "0,1")  # plain
    t.put("armus", "0,-1")  # plain
    t.put("carnifex", "1,-1")  # water
    assert [t.spot(a["target"]) for a in t.uses_of("librorum") if a["type"] == "attack"] == ["0,-1"]
    t.put("librorum", "0,2")  # a castle has no terrain: no target
    assert not [a for a in t.uses_of("librorum") if a["type"] == "attack"]


def test_siege_barrage_counts_captured_towers(table):
    t = table.duel(["architectus", "fidea", "saxum"])
    t.put("architectus", "0,1")
    t.put("fidea", "2,0")
    t.put("saxum", "-2,2")
    t.put("armus", "0,-1")
    assert strength(t.state, t.ci("architectus"), t.ci("armus")) == 2
    t.put("carnifex", "2,-2")
    assert strength(t.state, t.ci("architectus"), t.ci("armus")) == 1


def test_protorp_mass_abilities_take_at_most_three(table):
    picks = [["armus", "fidea", "goetius", "temps"], ["cerberus", "malleus", "messum", "toxicum"]]
    t = table(picks, mode="protorp_duel", castles={0: "a0", 1: "g5"})
    for cid, where in (("armus", "c2"), ("cerberus", "b2"), ("malleus", "b3"), ("messum", "c1"), ("toxicum", "c3")):
        t.put(cid, where)
    t.do({"type": "land", "land": "N"})
    roars = _supports(t, "armus", 1)
    assert len(roars) == 4 and all(len(a["targets"]) == 3 for a in roars)
    t.do(roars[0])
    assert sum(t.count(c, "INACTION") for c in ("cerberus", "malleus", "messum", "toxicum")) == 3


def test_protorp_mass_targets_are_one_choice_of_three_on_the_board(table):
    """The four subsets of three are one open action: a person clicks three creatures."""
    picks = [["armus", "fidea", "goetius", "temps"], ["cerberus", "malleus", "messum", "toxicum"]]
    t = table(picks, mode="protorp_duel", castles={0: "a0", 1: "g5"})
    for cid, where in (("armus", "c2"), ("cerberus", "b2"), ("malleus", "b3"), ("messum", "c1"), ("toxicum", "c3")):
        t.put(cid, where)
    t.do({"type": "land", "land": "N"})
    (roar,) = [a for a in t.engine.open_actions(t.state) if a.get("ability") == 1]
    assert sorted(roar["targets"]["$choose"]) == ["cerberus", "malleus", "messum", "toxicum"]
    assert t.game.describe_action(t.state, dict(roar, targets="…")) == "Armus: Thunder Roar → …"
    t.do({"type": "use", "creature": "armus", "ability": 1, "targets": ["toxicum", "cerberus", "messum"]})
    assert [t.count(c, "INACTION") for c in ("cerberus", "malleus", "messum", "toxicum")] == [1, 0, 1, 1]
