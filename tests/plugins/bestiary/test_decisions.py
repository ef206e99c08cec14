"""The reconstructed examples of §9.2 (R1-R12), effect semantics, areas, 2v2 turns and Protorp."""

from __future__ import annotations

from boardwright.framework import kernel
from boardwright.framework.events import EventLog
from boardwright.plugins.bestiary.attack import strength
from boardwright.plugins.bestiary.board_view import stage
from boardwright.plugins.bestiary.catalogue import BOARDS
from boardwright.plugins.bestiary.creatures import haste_net, new_creature, period
from boardwright.plugins.bestiary.hiring import army_limit
from boardwright.plugins.bestiary.summons import summon


def _supports(t, cid, s):
    return [a for a in t.uses_of(cid) if a["type"] == "use" and a["ability"] == s]


# --- §9.2 on the duel board


def test_r1_guilty_verdict_inverts_all_markers_of_one_effect(table):
    t = table.duel(p1=["carnifex", "fidea", "saxum"], p2=["armus", "messum", "vinctum"])
    t.put("carnifex", "0,1")
    t.put("armus", "0,-1")
    t.mark("armus", "ATK_UP", 2)
    t.mark("armus", "DEF_UP", 1)
    t.use("carnifex", 0, at="0,-1", effect="ATK_UP")
    assert t.count("armus", "ATK_DOWN") == 2 and t.count("armus", "ATK_UP") == 0
    assert t.count("armus", "DEF_UP") == 1
    assert all(m[1] == 0 for m in t.cr("armus")["markers"] if m[0] == "ATK_DOWN")
    assert t.cr("carnifex")["ready_at"][0] == period(t.state) + 3  # X = 1 + 2 replaced


def test_r2_fluidity_copies_the_latest_positive_marker(table):
    t = table.duel(p1=["aquus", "fidea", "saxum"])
    t.put("aquus", "0,1")
    t.put("armus", "1,-2")
    t.mark("armus", "DEF_UP")
    t.mark("armus", "HASTE")
    t.use("aquus", 0, at="1,-2")
    assert [m[:2] for m in t.cr("aquus")["markers"]] == [["HASTE", 0]]


def test_r3_web_stops_enemies_and_hastes_allies(table):
    t = table.duel(p1=["erezida", "vinctum", "saxum"], p2=["armus", "carnifex", "messum"])
    t.put("erezida", "-1,1")
    t.put("vinctum", "0,0")
    t.put("armus", "1,-1")
    t.put("carnifex", "-2,0")
    t.put("messum", "-1,-1")
    t.put("saxum", "-1,2")
    t.use("erezida", 0, at="2,-2")
    t.use("vinctum", 0, at="1,-1")  # pushed onto the web
    assert t.at("armus") == "2,-2"
    t.end()
    assert kernel.active(t.state) == 1
    assert t.uses_of("armus") == []
    assert t.uses_of("carnifex")
    t.end()
    # the web is P1's and lasted through P2's turn; it is gone at P1's preparation
    assert t.state["board_markers"][t.board.index["2,-2"]] is None


def test_r3_own_web_hastes(table):
    t = table.duel(p1=["erezida", "fidea", "saxum"])
    t.put("erezida", "-1,1")
    t.use("erezida", 0, at="-1,0")
    t.state["creatures"][t.ci("erezida")]["attack_used"] = False
    t.touch()
    t.move("erezida", "-1,0")  # onto its own web: HASTE, so the attack may follow
    assert haste_net(t.state, t.cr("erezida")) == 1


def test_r4_bundle_three_takes_both_towers_on_turn_one(table):
    t = table([["cornibus", "cerberus", "mortum"], table.P2], castles="pustosh")
    assert t.at("cornibus") == "0,2"
    t.use("cornibus", 0, at="2,0")
    assert t.at("cerberus") == "0,2"
    t.use("cerberus", 0, at="-2,2")
    assert t.at("mortum") == "0,2"
    t.end()
    assert t.state["castle_damage"] == [2, 2]


def test_r5_thunder_roar_feeds_sting(table):
    t = table.duel(p1=["armus", "illesebra", "fidea"], p2=["vinctum", "saxum", "messum"])
    t.put("armus", "0,0")
    t.put("vinctum", "0,-1")
    t.put("saxum", "1,-1")
    t.put("illesebra", "-1,0")
    t.use("armus", 1)
    assert t.count("vinctum", "INACTION") == 1 and t.count("saxum", "INACTION") == 1
    t.attack("illesebra", at="0,-1")
    assert t.cr("vinctum")["damage"] == 4


def test_r6_stone_fist_scales_with_defence(table):
    t = table.duel(p1=["saxum", "fidea", "messum"])
    t.put("saxum", "2,0")  # mountain
    t.put("armus", "2,-1")
    t.use("saxum", 0, at="2,0")
    assert t.count("saxum", "DEF_UP") == 2  # doubled on a mountain
    t.mark("armus", "DEF_UP")
    t.attack("saxum", at="2,-1")
    assert t.cr("armus")["damage"] == 2  # 1 + 2 - 1


def test_r7_icy_wind_hits_slowed_enemies(table):
    t = table.duel(p1=["frigus", "fidea", "messum"])
    t.put("frigus", "0,1")
    t.put("armus", "0,-1")
    t.put("carnifex", "2,-2")
    t.put("vinctum", "-2,0")
    t.mark("armus", "SLOW", side=0)
    t.mark("carnifex", "SLOW", side=0)
    t.attack("frigus")
    assert [t.cr(c)["damage"] for c in ("armus", "carnifex", "vinctum")] == [1, 1, 0]


def test_r8_toxin_counts_negative_markers_not_the_web(table):
    t = table.duel(p1=["toxicum", "fidea", "messum"])
    t.put("toxicum", "0,1")
    t.put("vinctum", "2,-2")
    t.state["board_markers"][t.board.index["2,-2"]] = ["WEB", 0, 99]
    t.mark("vinctum", "SLOW", side=0)
    t.mark("vinctum", "POISON", 2, side=0)
    t.mark("vinctum", "ATK_DOWN", side=0)
    assert strength(t.state, t.ci("toxicum"), t.ci("vinctum")) == 4
    t.attack("toxicum", at="2,-2")
    assert t.cr("vinctum")["damage"] == 4


# --- effect semantics


def test_attack_markers_change_strength(table):
    t = table.duel()
    t.put("messum", "0,1")
    t.put("vinctum", "0,-1")
    t.mark("messum", "ATK_UP", 2)
    t.mark("messum", "ATK_DOWN", 1, side=1)
    t.attack("messum", at="0,-1")
    assert t.cr("vinctum")["damage"] == 3


def test_siege_up_wins_a_tower(table):
    t = table.duel()
    t.put("messum", "2,0")
    t.put("armus", "2,-2")
    t.mark("messum", "SIEGE_UP")
    t.end()
    assert t.state["castle_damage"] == [2, 1]


def test_swim_moves_along_a_clear_line(table):
    t = table.duel()
    t.put("messum", "0,1")
    t.mark("messum", "SWIM")
    assert "0,-1" in {a["hex"] for a in t.uses_of("messum") if a["type"] == "move"}
    assert "0,-2" not in {a["hex"] for a in t.uses_of("messum") if a["type"] == "move"}  # enemy castle
    t.state["board_markers"][t.board.index["0,0"]] = ["OBSTACLE", 1, 99]
    t.touch()
    assert "0,-1" not in {a["hex"] for a in t.uses_of("messum") if a["type"] == "move"}


def test_resist_blocks_enemy_supports_not_attacks(table):
    t = table.duel()
    t.put("messum", "0,1")
    t.put("vinctum", "0,-1")
    t.mark("vinctum", "RESIST")
    assert not _supports(t, "messum", 1)
    assert [a for a in t.uses_of("messum") if a["type"] == "attack"]


def test_silence_blocks_supports_only(table):
    t = table.duel()
    t.put("messum", "0,1")
    t.put("vinctum", "0,-1")
    t.mark("messum", "SILENCE", side=1)
    kinds = {a["type"] for a in t.uses_of("messum")}
    assert "use" not in kinds and "attack" in kinds and "move" in kinds


def test_poison_adds_to_the_cooldown(table):
    t = table.duel()
    t.put("messum", "0,1")
    t.put("vinctum", "0,-1")
    t.mark("messum", "POISON", 1, side=1)
    t.use("messum", 1, at="0,-1")  # Метка жертвы, cooldown 2
    assert t.cr("messum")["ready_at"][1] == period(t.state) + 3
    assert t.count("vinctum", "DEF_DOWN") == 1


def test_obstacle_blocks_and_never_goes_on_a_castle(table):
    t = table.duel(p1=["architectus", "fidea", "messum"])
    t.put("architectus", "0,1")
    t.put("fidea", "1,0")
    targets = {t.spot(a["target"]) for a in _supports(t, "architectus", 1)}
    assert "0,2" not in targets and "0,-2" not in targets and "0,0" in targets
    t.use("architectus", 1, at="0,0")
    assert "0,0" not in {a["hex"] for a in t.uses_of("fidea") if a["type"] == "move"}


def test_charge_pushes_and_follows(table):
    t = table.duel(p1=["caballus", "fidea", "messum"])
    t.put("caballus", "0,1")
    t.put("armus", "0,0")
    t.use("caballus", 1, at="0,0")
    assert t.at("armus") == "0,-1" and t.at("caballus") == "0,0"
    assert t.count("armus", "SLOW") == 1


def test_shadow_step_never_lands_on_an_enemy_castle(table):
    t = table.duel(p1=["tenebris", "mortum", "messum"])
    t.put("tenebris", "0,1")
    t.put("mortum", "-2,2")
    targets = {t.spot(a["target"]) for a in _supports(t, "tenebris", 1)}
    assert "0,-2" not in targets  # enemy castle
    t.use("tenebris", 1, at="0,-1")
    assert t.at("tenebris") == "0,-1"


def test_mortum_swaps_with_an_ally_on_a_line(table):
    t = table.duel(p1=["mortum", "messum", "fidea"])
    t.put("mortum", "-2,2")
    t.put("messum", "1,-1")  # (−2,2) → (1,−1) on a line
    t.use("mortum", 0, at="1,-1")
    assert t.at("mortum") == "1,-1" and t.at("messum") == "-2,2"


def test_on_wings_jumps_an_ally_two_hexes(table):
    t = table.duel()
    t.put("fidea", "0,1")
    t.put("saxum", "1,1")
    dests = {a["hex"] for a in _supports(t, "fidea", 1) if t.spot(a["target"]) == "1,1"}
    assert "1,-1" in dests
    t.use("fidea", 1, at="1,1", hex="1,-1")
    assert t.at("saxum") == "1,-1"


def test_temps_cannot_touch_attack_chips(table):
    t = table.duel(p1=["temps", "messum", "saxum"])
    t.put("temps", "0,1")
    t.put("armus", "1,-2")
    t.cr("armus")["attack_used"] = True
    assert not _supports(t, "temps", 0)


# --- areas


def test_every_area_shape_on_the_duel_board():
    board = BOARDS["duel"]
    centre = board.index["0,0"]
    sizes = {
        name: len(board.area(name, centre))
        for name in (
            "self",
            "adjacent",
            "adjacent_or_self",
            "line_skip1",
            "line_any",
            "any",
            "any_or_self",
            "all_adjacent",
            "all_adjacent_and_self",
            "ring2",
            "all",
            "all_and_self",
        )
    }
    assert sizes == {
        "self": 1,
        "adjacent": 6,
        "adjacent_or_self": 7,
        "line_skip1": 6,
        "line_any": 12,
        "any": 18,
        "any_or_self": 19,
        "all_adjacent": 6,
        "all_adjacent_and_self": 7,
        "ring2": 12,
        "all": 18,
        "all_and_self": 19,
    }
    rays = board.area("line_all", board.index["0,2"])
    assert sorted(len(r) for r in rays) == [0, 0, 0, 2, 2, 4]
    assert [board.keys[h] for h in rays[2]] == ["0,1", "0,0", "0,-1", "0,-2"]


def test_protorp_areas_are_cut_to_radius_three():
    board = BOARDS["protorp"]
    outer, inner = board.index["a0"], board.index["c1"]
    assert len(board.area("any", outer)) == 13
    assert len(board.area("any", inner)) == 25  # the rift is never a target
    assert board.index["d3"] not in board.area("line_any", board.index["d2"])


# --- 2v2 turns


def test_team_turns_alternate_and_pass(table):
    picks = [["messum", "fidea"], ["armus", "carnifex"], ["saxum", "mortum"], ["vinctum", "cerberus"]]
    t = table(picks, mode="crossroads_teams", castles=["castle_sw", "castle_se"])
    assert t.state["castle_damage"] == [2, 0]
    assert t.at("messum") == "-2,3" and t.at("saxum") == "2,1"
    assert t.at("armus") == "-2,-1" and t.at("vinctum") == "2,-3"
    assert kernel.to_move(t.state) == 0
    t.move("messum", "-1,2")
    assert t.at("fidea") == "-2,3"  # summoned into seat 0's own castle
    assert kernel.to_move(t.state) == 2  # one use, then the teammate
    t.do({"type": "pass"})
    assert kernel.to_move(t.state) == 0
    t.move("fidea", "-2,2")
    assert kernel.to_move(t.state) == 0  # the teammate passed: seat 0 continues alone
    t.do({"type": "pass"})
    assert kernel.to_move(t.state) == 1  # team B, B1 starts in period 1
    t.do({"type": "pass"})
    assert kernel.to_move(t.state) == 3
    t.do({"type": "pass"})
    assert period(t.state) == 2
    assert kernel.to_move(t.state) == 2  # period 2: the other teammate starts


# --- Protorp


def _protorp(table, picks, mode="protorp_duel", castles=None):
    t = table(picks, mode=mode, castles=castles or {0: "a0", 1: "g5", 2: "a5", 3: "g0"})
    return t


def _finish_period(t):
    current = period(t.state)
    while period(t.state) == current and stage(t.state) in ("land", "play") and not kernel.is_over(t.state):
        legal = t.legal()
        t.do(legal[0] if stage(t.state) == "land" else {"type": "pass"})


def test_r9_control_ties_keep_the_owner(table):
    for b_siege_up, owner, vp in ((0, 0, [4, 2]), (1, 1, [2, 4])):
        t = _protorp(table, [["malleus"], ["cerberus"]])
        c1 = t.board.castle_ids.index("c1")
        t.state["castle_owners"][c1] = 0
        t.put("malleus", "c2")
        t.put("cerberus", "c0")
        if b_siege_up:
            t.mark("cerberus", "SIEGE_UP")
        _finish_period(t)
        assert t.state["castle_owners"][c1] == owner
        assert t.state["victory_points"] == vp


def test_r10_radius_three(table):
    t = _protorp(table, [["goetius", "fidea"], ["cerberus", "malleus"]])
    t.put("goetius", "a0")
    t.put("cerberus", "e0")  # distance 4
    t.do({"type": "land", "land": "N"})
    assert not [a for a in t.uses_of("goetius") if a["type"] == "attack"]
    t.put("cerberus", "d0")  # distance 3
    assert [t.spot(a["target"]) for a in t.uses_of("goetius") if a["type"] == "attack"] == ["d0"]


def test_r11_stage_order(table):
    t = _protorp(table, [["goetius"], ["cerberus"]])
    seen = []
    while period(t.state) == 1 and stage(t.state) in ("land", "play"):
        if stage(t.state) == "land":
            chooser = kernel.to_move(t.state)
            t.do(t.legal()[0])
            seen.append((chooser, kernel.order(t.state)))
        else:
            t.do({"type": "pass"})
    assert seen == [(0, [0, 1]), (1, [1, 0]), (0, [0, 1]), (1, [1, 0])]


def test_r12_banishment_vp(table):
    for mode, players, expected in (("protorp_ffa", 3, 7), ("protorp_duel", 2, 5)):
        picks = [["malleus"], ["cerberus"], ["goetius"]][:players]
        t = _protorp(table, picks, mode=mode)
        t.put("malleus", "b1")
        t.put("cerberus", "b2")
        t.mark("malleus", "ATK_UP")
        t.cr("cerberus")["damage"] = 1
        t.do({"type": "land", "land": "N"})
        t.attack("malleus", at="b2")
        assert t.state["victory_points"][0] == expected
        assert t.at("cerberus") == "g5"  # respawned in its own free castle


def test_protorp_army_limit_and_hiring(table):
    assert [army_limit(v) for v in (0, 12, 13, 25, 26, 38, 51, 63, 76, 100)] == [2, 2, 3, 3, 4, 5, 6, 7, 8, 8]
    t = _protorp(table, [["goetius"], ["cerberus"]])
    _finish_period(t)
    assert stage(t.state) == "hire" and t.state["victory_points"] == [2, 2]
    t.do({"type": "hire", "creature": "malleus", "castle": ""})  # own castle occupied: waits on its card
    assert t.at("malleus") is None and len(t.state["tableaus"][0]) == 2
    t.do({"type": "hire_done"})
    assert period(t.state) == 2 and kernel.phase(t.state) == "land"


def test_protorp_player_without_castle_loses(table):
    t = _protorp(table, [["goetius"], ["cerberus"]])
    t.put("cerberus", "b1")  # in a0's control area, beside A's castle
    t.put("goetius", "b2")  # outside it
    _finish_period(t)
    assert kernel.is_over(t.state)
    assert kernel.outcome(t.state)["winners"] == [1]


def test_protorp_vp_goal(table):
    t = _protorp(table, [["goetius"], ["cerberus"]])
    t.state["victory_points"] = [99, 50]
    _finish_period(t)
    assert kernel.outcome(t.state)["winners"] == [0]
    assert t.state["victory_points"][0] == 101


LASTING = [
    "ATK_UP",
    "ATK_DOWN",
    "DEF_UP",
    "DEF_DOWN",
    "SIEGE_UP",
    "SIEGE_DOWN",
    "HASTE",
    "SLOW",
    "SWIM",
    "RESIST",
    "INACTION",
    "SILENCE",
    "VAMP",
    "POISON",
]


def test_every_card_effect_lasts_one_opponent_turn(table):
    t = table.duel()
    t.put("messum", "-1,2")
    t.put("armus", "1,-2")
    for effect in LASTING:
        t.mark(
            "armus" if effect.endswith("DOWN") or effect in ("SLOW", "INACTION", "SILENCE", "POISON") else "messum",
            effect,
            side=0,
        )
    t.end()  # P2's turn: P1's markers still there
    assert sum(len(t.cr(c)["markers"]) for c in ("messum", "armus")) == len(LASTING)
    t.end()  # period 2, P1's preparation removes them all
    assert t.cr("messum")["markers"] == [] and t.cr("armus")["markers"] == []


def test_board_markers_expire_with_their_owner(table):
    t = table.duel(p1=["architectus", "erezida", "fidea"])
    t.put("architectus", "0,1")
    t.put("erezida", "-1,1")
    t.use("architectus", 1, at="0,0")
    t.use("erezida", 0, at="1,-1")
    kinds = sorted(m[0] for m in t.state["board_markers"] if m)
    assert kinds == ["OBSTACLE", "WEB"]
    t.end()
    assert sorted(m[0] for m in t.state["board_markers"] if m) == ["OBSTACLE", "WEB"]
    t.end()
    assert not any(t.state["board_markers"])


def test_protorp_effects_end_at_the_next_preparation(table):
    t = _protorp(table, [["goetius"], ["cerberus"]])
    t.mark("goetius", "DEF_UP", side=0)
    t.mark("cerberus", "SLOW", side=0)
    _finish_period(t)
    while stage(t.state) == "hire":
        t.do({"type": "hire_done"})
    assert period(t.state) == 2
    assert t.cr("goetius")["markers"] == [] and t.cr("cerberus")["markers"] == []


def test_team_siege_sums_teammates_and_hits_the_shared_track(table):
    picks = [["messum", "fidea"], ["armus", "carnifex"], ["saxum", "mortum"], ["vinctum", "cerberus"]]
    for siege_up, track in ((1, 0), (0, 1)):
        t = table(picks, mode="crossroads_teams", castles=["castle_sw", "castle_se"])
        t.put("messum", "-2,1")
        t.put("saxum", "-1,0")
        t.put("armus", "-1,1")
        if siege_up:
            t.mark("armus", "SIEGE_UP", side=1)
        t.do({"type": "pass"})
        t.do({"type": "pass"})
        assert t.state["castle_damage"] == [2, track]


def test_team_banishment_returns_to_the_owners_own_castle(table):
    picks = [["messum", "fidea"], ["armus", "carnifex"], ["saxum", "mortum"], ["vinctum", "cerberus"]]
    t = table(picks, mode="crossroads_teams", castles=["castle_sw", "castle_se"])
    t.put("vinctum", "0,0")  # castle_ne (seat 3's) is now free
    t.put("messum", "-1,2")
    t.put("cerberus", "1,0")  # (−1,2) → (1,0) on a line
    t.cr("cerberus")["damage"] = 2
    t.attack("messum", at="1,0")
    assert t.at("cerberus") == "2,-3"  # seat 3's castle, not the teammate's
    assert t.state["castle_damage"] == [2, 1]


def test_protorp_owner_chooses_the_castle_even_when_every_free_castle_fills(table):
    """§5.4: "Protorp: any free castle the player controls, chosen by the player [T]". With
    two free castles and two creatures waiting, the leftmost still picks which castle it enters."""
    t = _protorp(table, [["goetius"], ["cerberus"]])
    c1 = t.board.castle_ids.index("c1")
    t.state["castle_owners"][c1] = 0
    t.put("goetius", None)
    new_creature(t.state, 0, "fidea")
    t.touch()
    summon(t.state, {}, EventLog())
    t.touch()
    assert sorted(a["castle"] for a in t.legal()) == ["a0", "c1"]
    assert {a["creature"] for a in t.legal()} == {"goetius"}
    t.do({"type": "enter", "creature": "goetius", "castle": "c1"})
    assert t.at("goetius") == "c1" and t.at("fidea") == "a0"
