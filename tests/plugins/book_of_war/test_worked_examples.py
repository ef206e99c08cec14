"""The worked examples of digest section 10 (T1-T24), with their exact numbers."""

from __future__ import annotations

from boardwright.framework import kernel
from boardwright.plugins.book_of_war import cards, war_track


def _known(zone):
    """The cards a redacted zone shows its viewer."""
    return [card for _index, card in zone["known"]]


def test_t1_manoeuvre(table):
    h = table.unit(0, "hammerers", "c1")
    table.play(type="manoeuvre", unit=h, to="b2")
    assert table.u(h)["hex"] == "b2"
    assert table.u(h)["ready"] is False
    assert table.vp == [0, 0]


def test_t1_manoeuvre_limits(table):
    h = table.unit(0, "hammerers", "c1")
    table.unit(1, "swordsmen", "b1")
    dests = {a["to"] for a in table.find(type="manoeuvre", unit=h)}
    assert "d3" not in dests and "b1" not in dests
    assert dests == {"c2", "b2", "c0", "d1", "d2"}
    table.u(h)["hex"] = "c2"
    table.state["occupants"] = {"c2": h, "b1": "green_swordsmen"}
    assert "d3" not in {a["to"] for a in table.find(type="manoeuvre", unit=h)}


def test_t2_march_with_north_card(table):
    m = table.unit(0, "mages", "c1")
    table.lands(0, "NEW")
    table.play(type="march", unit=m, land="N", via="d2", to="e1")
    assert table.u(m)["hex"] == "e1"
    assert table.state["castles"]["e1"] == 0
    assert table.vp == [1, 0]
    assert table.state["zones"]["discard"]["items"][-1][0] == "N"
    assert table.hand_letters(0) == ["E", "W"]
    assert table.u(m)["ready"] is False


def test_t2_march_terrain(table):
    m = table.unit(0, "mages", "c1")
    table.lands(0, "NEW")
    assert not table.find(type="march", unit=m, land="E")
    vias = {a["via"] for a in table.find(type="march", unit=m, land="W")}
    assert vias <= {"c0", "d1"} and vias
    table.unit(1, "swordsmen", "d2")
    north = table.find(type="march", unit=m, land="N")
    assert north and {a["via"] for a in north} <= {"b1", "c2"}


def test_t3_expedition(table):
    table.state["castles"]["e1"] = 0
    c = table.unit(0, "catapults", "a0")
    table.lands(0, "NSS")
    assert [a["to"] for a in table.find(type="expedition", unit=c)] == ["e1"]
    table.play(type="expedition", unit=c, to="e1")
    assert table.u(c)["hex"] == "e1"
    assert table.vp == [3, 0]
    assert table.state["general"][0] is False and table.u(c)["ready"] is False
    assert table.state["zones"]["discard"]["items"][-1][0] == "N"


def test_t3_expedition_needs_land_card_and_general(table):
    table.state["castles"]["e1"] = 0
    table.unit(0, "catapults", "a0")
    table.lands(0, "SSS")
    assert not table.find(type="expedition")
    table.lands(0, "NSS")
    table.state["general"][0] = False
    assert not table.find(type="expedition")


def _siege_table(table, catapult_hex="f3", others=("d4", "f5"), up=False):
    c = table.unit(0, "catapults", catapult_hex, up=up)
    for unit_type, hex_id in zip(("hammerers", "mages"), others, strict=False):
        table.unit(0, unit_type, hex_id)
    return c


def test_t4_siege_basic(table):
    c = _siege_table(table)
    table.play(type="ability", unit=c, improved=False, targets=["e4"])
    assert table.vp == [3, 0]
    assert table.state["castles"]["e4"] is None


def test_t4_siege_upgraded_and_improved(make_table):
    t = make_table()
    c = _siege_table(t, up=True)
    t.play(type="ability", unit=c, improved=True, land=None, targets=["e4"])
    assert t.vp == [4, 0]
    t = make_table()
    c = _siege_table(t)
    t.lands(0, "S")
    t.play(type="ability", unit=c, improved=True, land="S", targets=["e4"])
    assert t.vp == [5, 0]


def test_t4_siege_occupied_and_adjacent(make_table):
    t = make_table()
    c = _siege_table(t)
    t.unit(1, "swordsmen", "e4")
    t.play(type="ability", unit=c, improved=False, targets=["e4"])
    assert t.vp == [3, 0]
    assert t.state["castles"]["e4"] == 1
    t = make_table()
    c = _siege_table(t, catapult_hex="f4", others=("d4",))
    t.play(type="ability", unit=c, improved=False, targets=["e4"])
    assert t.vp == [2, 0]


def test_t4_siege_targets_only_enemy_castles(table):
    c = table.unit(0, "catapults", "d2")
    targets = {a["targets"][0] for a in table.find(type="ability", unit=c)}
    assert "e1" not in targets and "c1" not in targets


def test_t5_attack_and_flee(make_table):
    t = make_table()
    s = t.unit(1, "swordsmen", "f3", wounds=1)
    cav = t.unit(0, "cavalry", "f2")
    t.play(type="ability", unit=cav, targets=[s])
    assert t.u(s)["hex"] == "e4" and t.u(s)["wounds"] == 0
    assert t.vp == [2, 0]
    t = make_table()
    s = t.unit(1, "swordsmen", "f3", wounds=1, up=True)
    cav = t.unit(0, "cavalry", "f2")
    t.play(type="ability", unit=cav, targets=[s])
    assert t.u(s)["upgraded"] is False and t.vp == [3, 0]
    t = make_table()
    s = t.unit(1, "swordsmen", "f3")
    cav = t.unit(0, "cavalry", "f2")
    t.play(type="ability", unit=cav, targets=[s])
    assert t.u(s)["hex"] == "f3" and t.u(s)["wounds"] == 1 and t.vp == [0, 0]
    t = make_table()
    a = t.unit(1, "archers", "f3")
    cav = t.unit(0, "cavalry", "f2")
    t.play(type="ability", unit=cav, targets=[a])
    assert t.u(a)["hex"] == "e4" and t.vp == [2, 0]


def test_t6_flee_out_of_a_castle(make_table):
    t = make_table()
    s = t.unit(1, "swordsmen", "e4", wounds=1)
    att = t.unit(0, "swordsmen", "e3")
    t.play(type="ability", unit=att, targets=[s])
    assert t.u(s)["hex"] == "g5"
    t = make_table()
    s = t.unit(1, "swordsmen", "e4", wounds=1)
    att = t.unit(0, "swordsmen", "e3")
    t.unit(0, "mages", "g5")
    t.play(type="ability", unit=att, targets=[s])
    pending = kernel.pending(t.state)
    assert pending["seat"] == 1 and pending["kind"] == "flee"
    assert sorted(c["hex"] for c in pending["choices"]) == ["f6", "g2", "g3", "g4"]
    t.play(type="place", hex="g2")
    assert t.u(s)["hex"] == "g2"
    assert t.state["castles"]["e4"] == 1


def test_t7_shields(table):
    d = table.unit(1, "defenders", "e3")
    h = table.unit(0, "hammerers", "e2")
    a = table.unit(0, "archers", "f2")
    table.turn(1)
    table.play(type="ability", unit=d, targets=[d])
    assert table.u(d)["shields"] == 1
    assert not table.find(type="ability", unit=h)
    table.play(type="ability", unit=a, targets=[d])
    assert table.u(d)["shields"] == 0 and table.u(d)["wounds"] == 0 and table.vp == [0, 0]
    for wounds in (1,):
        table.u(a)["ready"] = True
        table.turn(0)
        table.play(type="ability", unit=a, targets=[d])
        assert table.u(d)["wounds"] == wounds
    table.u(a)["ready"] = True
    table.turn(0)
    table.play(type="ability", unit=a, targets=[d])
    assert table.vp == [2, 0] and table.u(d)["hex"] == "e4"


def test_t7_rest_phase_removes_shields(table):
    d = table.unit(1, "defenders", "e3", shields=2)
    table.unit(0, "hammerers", "a1")
    table.play(type="pass")
    table.play(type="pass")
    assert table.u(d)["shields"] == 0


def test_t8_heal(table):
    table.turn(1)
    h = table.unit(1, "healers", "g3")
    s = table.unit(1, "swordsmen", "f3", wounds=1)
    table.play(type="ability", unit=h, targets=[s])
    assert table.u(s)["wounds"] == 0
    table.u(h)["ready"] = True
    table.turn(1)
    assert not table.find(type="ability", unit=h)


def test_t9_level_up(table):
    table.turn(1)
    s = table.unit(1, "swordsmen", "f3", wounds=1, shields=1)
    table.lands(1, "SN")
    table.play(type="level_up", unit=s)
    unit = table.u(s)
    assert unit["upgraded"] and unit["wounds"] == 0 and unit["shields"] == 1 and not unit["ready"]
    assert table.vp == [0, 3]
    assert table.hand_letters(1) == ["N"]
    assert table.state["general"][1] is False


def test_t9_level_up_needs_the_units_land(table):
    table.turn(1)
    table.unit(1, "swordsmen", "f3")
    table.lands(1, "NN")
    assert not table.find(type="level_up")


def test_t10_improved_ability_of_a_normal_unit(table):
    table.turn(1)
    s = table.unit(1, "swordsmen", "f3")
    h = table.unit(0, "hammerers", "f2")
    table.lands(1, "S")
    table.play(type="ability", unit=s, improved=True, land="S", targets=[h])
    assert table.u(h)["hex"] == "c1"
    assert table.vp == [0, 3]


def test_t11_scouting(table):
    table.turn(1)
    s = table.unit(1, "swordsmen", "f3", up=True)
    table.lands(1, "SN")
    table.deck("EWN")
    table.play(type="scouting", unit=s)
    assert kernel.pending(table.state)["kind"] == "scout"
    table.play(type="scout_keep", land="W")
    assert table.hand_letters(1) == ["N", "W"]
    deck = table.state["zones"]["landdeck"]["items"]
    assert [deck[-1][0], deck[-2][0]] == ["E", "N"]
    assert table.state["zones"]["discard"]["items"][-1][0] == "S"
    assert table.vp == [0, 1]
    # only the scout knows the card it put back on top
    top = deck[-1]
    assert _known(table.engine.view(table.state, 1)["zones"]["landdeck"]) == [top]
    assert _known(table.engine.view(table.state, 0)["zones"]["landdeck"]) == []
    guess = table.game.determinize(table.engine.view(table.state, 1), 1, 5)
    assert guess["zones"]["landdeck"]["items"][-1] == top
    # when the opponent draws it, the scout knows it is in the opponent's hand
    cards.draw_lands(table.state, 0, table.log)
    assert top in _known(table.engine.view(table.state, 1)["zones"]["lands:0"])


def test_t11_scouting_needs_an_upgraded_unit(table):
    table.turn(1)
    table.unit(1, "swordsmen", "f3")
    table.lands(1, "SN")
    assert not table.find(type="scouting")


def test_t12_planning(table):
    m = table.unit(0, "mages", "d1", up=True)
    a = table.unit(0, "archers", "e0")
    cav = table.unit(0, "cavalry", "f1")
    cat = table.unit(0, "catapults", "c1")
    foe = table.unit(1, "swordsmen", "e2", shields=9)
    table.lands(0, "WWE")
    table.play(type="planning", unit=m, land="W")
    assert not table.find(unit=cat)
    table.play(type="ability", unit=a, improved=True, land="W", targets=[foe])
    assert table.vp == [1, 0]
    table.play(type="ability", unit=m, improved=True, land=None, targets=[foe])
    assert table.vp == [1, 0]
    table.play(type="march", unit=cav, land="E", via="f0", to="g0")
    assert table.state["castles"]["g0"] == 0 and table.vp == [2, 0]
    assert kernel.active(table.state) == 0
    table.play(type="end_planning")
    assert table.vp == [5, 0]
    # the planning card is discarded when the planning ends, after the cards spent inside
    assert [c[0] for c in table.state["zones"]["discard"]["items"]] == ["W", "E", "W"]
    assert table.hand_letters(0) == []
    assert [table.u(x)["ready"] for x in (m, a, cav, cat)] == [False, False, False, True]
    assert table.state["general"][0] is False
    assert kernel.active(table.state) == 1


def test_t13_haste(table):
    table.turn(1)
    seers = table.unit(1, "seers", "g3")
    s = table.unit(1, "swordsmen", "f3")
    a = table.unit(0, "archers", "e2")
    table.play(type="ability", unit=seers, targets=[s])
    table.play(type="haste_ability", targets=[a])
    assert table.vp == [0, 2]
    table.play(type="haste_move", to="e2")
    assert table.u(s)["hex"] == "e2"
    assert table.u(seers)["ready"] is False and table.u(s)["ready"] is False
    assert kernel.pending(table.state) is None and kernel.active(table.state) == 0


def test_t13_haste_needs_a_ready_target(table):
    table.turn(1)
    seers = table.unit(1, "seers", "g3")
    table.unit(1, "swordsmen", "f3", ready=False)
    assert not table.find(type="ability", unit=seers)


def test_t14_move(table):
    table.turn(1)
    c = table.unit(1, "companions", "f4")
    s = table.unit(1, "swordsmen", "f3")
    table.play(type="ability", unit=c, targets=[s])
    table.play(type="place", hex="e3")
    assert table.u(s)["hex"] == "e3" and table.u(s)["ready"] is True


def test_t14_move_does_not_capture(table):
    table.turn(1)
    table.state["castles"]["e4"] = None
    c = table.unit(1, "companions", "f4")
    s = table.unit(1, "swordsmen", "f5")
    table.play(type="ability", unit=c, targets=[s])
    table.play(type="place", hex="e4")
    assert table.u(s)["hex"] == "e4" and table.state["castles"]["e4"] is None


def test_t15_upgraded_cavalry(make_table):
    t = make_table()
    cav = t.unit(0, "cavalry", "d1", up=True)
    t.play(type="manoeuvre", unit=cav, to="b0")
    assert t.u(cav)["hex"] == "b0" and t.vp == [0, 0]
    t = make_table()
    cav = t.unit(0, "cavalry", "d1")
    assert not t.find(type="manoeuvre", unit=cav, to="b0")
    t = make_table()
    cav = t.unit(0, "cavalry", "d1", up=True)
    t.lands(0, "E")
    assert t.find(type="march", unit=cav, land="E", via="c0")


def test_t16_supply_and_hiring(table):
    st = table.state
    st["vp"] = [24, 30]
    st["castles"]["e1"] = 0
    for unit_type, hex_id in (("hammerers", "b2"), ("catapults", "b3"), ("mages", "d1")):
        table.unit(0, unit_type, hex_id)
    for unit_type, hex_id in (("swordsmen", "f3"), ("companions", "f5")):
        table.unit(1, unit_type, hex_id)
    table.hand_units(0, ["archers", "cavalry", "seers"])
    table.hand_units(1, ["healers", "defenders", "poisoners"])
    table.play(type="pass")
    table.play(type="pass")
    assert table.vp == [27, 32]
    assert kernel.phase(st) == "hire" and kernel.active(st) == 0
    assert {a["hex"] for a in table.legal()} == {"a0", "c1", "e1"}
    table.play(type="hire", card="red_archers", hex="a0")
    assert kernel.active(st) == 1
    assert st["library"][0]["armus"] == "locked"
    table.play(type="hire", card="green_healers", hex="g5")
    assert st["library"][1]["cerberus"] == "in_hand"
    table.play(type="hire", card="green_defenders", hex="e4")
    assert st["library"][1]["ignifer"] == "locked"
    assert kernel.phase(st) == "offensive"
    assert sum(1 for u in st["units"].values() if u["side"] == 0) == 4
    assert sum(1 for u in st["units"].values() if u["side"] == 1) == 4


def test_t16_army_limit_table():
    from boardwright.plugins.book_of_war.catalog import army_limit

    table = {0: 2, 12: 2, 13: 3, 25: 3, 26: 4, 37: 4, 38: 5, 50: 5, 51: 6, 62: 6, 63: 7, 75: 7, 76: 8, 100: 8, 130: 8}
    assert {vp: army_limit(vp) for vp in table} == table


def _supply_at(make_table, vp, castles):
    t = make_table()
    st = t.state
    st["vp"] = list(vp)
    st["castles"] = {c: None for c in st["castles"]}
    for side, owned in enumerate(castles):
        for c in owned:
            st["castles"][c] = side
    t.play(type="pass")
    t.play(type="pass")
    return t


def test_t17_victory(make_table):
    t = _supply_at(make_table, [96, 99], [["a0", "c1", "e1", "g0"], ["g5", "e4"]])
    assert t.vp == [100, 101]
    assert kernel.is_over(t.state) and kernel.outcome(t.state)["winners"] == [1]
    t = _supply_at(make_table, [96, 98], [["a0", "c1", "e1", "g0"], ["g5", "e4"]])
    assert t.vp == [100, 100]
    assert kernel.outcome(t.state)["draw"] is True


def test_t17_no_win_before_supply(make_table):
    t = make_table()
    t.state["vp"] = [104, 0]
    t.unit(0, "hammerers", "b2")
    assert not kernel.is_over(t.state)
    t = _supply_at(make_table, [104, 103], [[], ["g5", "e4"]])
    assert t.vp == [104, 105] and kernel.outcome(t.state)["winners"] == [1]


def test_t18_first_player_and_on_top(table):
    st = table.state
    assert war_track.first_side(st) == 0
    war_track.gain(st, 0, 5, table.log, "test")
    war_track.gain(st, 1, 3, table.log, "test")
    war_track.gain(st, 1, 2, table.log, "test")
    assert st["on_top"] == 1 and war_track.first_side(st) == 1
    war_track.gain(st, 0, 2, table.log, "test")
    war_track.gain(st, 1, 1, table.log, "test")
    assert st["vp"] == [7, 6] and war_track.first_side(st) == 1


def test_t18_first_player_starts_the_round(table):
    table.state["vp"] = [5, 5]
    table.state["on_top"] = 1
    table.unit(0, "hammerers", "b2")
    table.play(type="pass")
    table.play(type="pass")
    # both sides score 2 castles: 7 : 7, and red moved last onto the shared space
    assert table.vp == [7, 7] and table.state["on_top"] == 0
    assert kernel.phase(table.state) == "offensive" and kernel.active(table.state) == 0
    table.state["castles"] = {c: None for c in table.state["castles"]}
    table.state["vp"] = [5, 5]
    table.state["on_top"] = 1
    table.play(type="pass")
    table.play(type="pass")
    assert kernel.active(table.state) == 1


def test_t19_land_deck_rebuilt_without_shuffling(table):
    st = table.state
    pile = [table.take_land(x) for x in "NSE"]
    table.lands(0, "W")
    st["zones"]["landdeck"]["items"] = []
    st["zones"]["discard"]["items"] = pile
    cards.draw_lands(st, 0, table.log)
    assert table.hand_letters(0) == ["N", "S", "W"]
    assert [c[0] for c in st["zones"]["landdeck"]["items"]] == ["E"]
    assert st["zones"]["discard"]["items"] == []
