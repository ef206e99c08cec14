"""Improved abilities, creatures, and whole random games."""

from __future__ import annotations

import random

from boardwright.framework import Engine, EventLog, kernel
from boardwright.plugins.book_of_war.rules import BookOfWar


def test_poisoners_venom_strips_shields(table):
    p = table.unit(0, "poisoners", "e2", up=True)
    s = table.unit(1, "swordsmen", "e3", shields=3)
    table.play(type="ability", unit=p, improved=True, targets=[s])
    assert table.u(s)["shields"] == 0 and table.u(s)["wounds"] == 1


def test_mages_splash_hits_neighbours(table):
    m = table.unit(0, "mages", "d2", up=True)
    a = table.unit(1, "archers", "e3")
    b = table.unit(1, "seers", "f3")
    table.play(type="ability", unit=m, improved=True, targets=[a])
    # both ranged: both flee, 2 VP each
    assert table.vp == [4, 0]
    assert table.u(b)["hex"] != "f3"


def test_crossbowmen_need_a_straight_line(table):
    c = table.unit(0, "crossbowmen", "c1")
    on_line = table.unit(1, "archers", "c4")
    off_line = table.unit(1, "seers", "e3")
    targets = [a["targets"] for a in table.find(type="ability", unit=c, improved=False)]
    assert targets == [[on_line]]
    assert off_line not in str(targets)


def test_hammerers_improved_stuns_two(table):
    h = table.unit(0, "hammerers", "e3", up=True)
    a = table.unit(1, "swordsmen", "e4")
    b = table.unit(1, "companions", "f3")
    table.play(type="ability", unit=h, improved=True, targets=sorted([a, b]))
    assert not table.u(a)["ready"] and not table.u(b)["ready"]


def test_defenders_improved_shields_neighbours(table):
    d = table.unit(0, "defenders", "b2", up=True)
    f = table.unit(0, "hammerers", "b3")
    far = table.unit(0, "catapults", "a5")
    table.play(type="ability", unit=d, improved=True, targets=[])
    assert [table.u(x)["shields"] for x in (d, f, far)] == [1, 1, 0]


def test_carnifex_makes_a_shielded_unit_flee(table):
    table.turn(1)
    table.state["library"][1]["carnifex"] = "in_hand"
    table.unit(1, "swordsmen", "f3")
    foe = table.unit(0, "hammerers", "e3", up=True, shields=2)
    table.play(type="summon", creature="carnifex", targets=[foe])
    assert table.vp == [0, 3]
    assert table.u(foe)["shields"] == 0 and table.u(foe)["upgraded"] is False and table.u(foe)["hex"] == "c1"


def test_erezida_stuns_through_shields(table):
    table.turn(1)
    table.state["library"][1]["erezida"] = "in_hand"
    table.unit(1, "swordsmen", "f3")
    foe = table.unit(0, "hammerers", "e3", shields=2)
    table.play(type="summon", creature="erezida", targets=[foe])
    assert table.u(foe)["ready"] is False and table.u(foe)["shields"] == 2


def test_aquus_lets_a_unit_act_again(table):
    table.state["library"][0]["aquus"] = "in_hand"
    h = table.unit(0, "hammerers", "b2", ready=False)
    table.play(type="summon", creature="aquus", targets=[h])
    table.turn(0)
    assert table.find(type="manoeuvre", unit=h)


def test_tenebris_move_captures(table):
    table.state["library"][0]["tenebris"] = "in_hand"
    h = table.unit(0, "hammerers", "b2")
    table.play(type="summon", creature="tenebris", targets=[h])
    assert kernel.pending(table.state)["kind"] == "shadows"
    table.play(type="place", hex="c4")
    assert table.state["castles"]["c4"] == 0 and table.u(h)["ready"] is True


def test_random_games_finish():
    game = BookOfWar()
    engine = Engine(game)
    rng = random.Random(3)
    for players, scenario in ((2, None), (4, None), (2, "protorp")):
        state = engine.new_game(players=players, seed=rng.randrange(1000), scenario=scenario)
        log = EventLog()
        for _ in range(3000):
            if kernel.is_over(state):
                break
            legal = engine.legal_actions(state)
            assert legal
            engine.apply(state, rng.choice(legal), log=log)
        assert kernel.is_over(state), (players, scenario)
        assert max(state["vp"]) >= 100
        assert kernel.unpack(kernel.pack(state)) == state
        for event in log.events:
            for lang in ("en", "ru"):
                assert event["key"] in game.messages[lang]
            if event["key"].endswith("_secret") or event["key"] in ("draft_keep", "scout_keep"):
                seat = event["params"]["seat"]
                team = {seat, (seat + 2) % 4} if players == 4 else {seat}
                if event["key"] == "draft_passed_secret":  # the passing and the receiving side
                    assert team < set(event["to"]), event
                else:  # the seat and, with 4 players, its team-mate only [D-39]
                    assert set(event["to"]) == team, event


def test_replay_reproduces_hashes():
    game = BookOfWar()
    engine = Engine(game)
    rng = random.Random(8)
    state = engine.new_game(players=2, seed=42)
    actions, hashes = [], []
    for _ in range(150):
        action = rng.choice(engine.legal_actions(state))
        engine.apply(state, action)
        actions.append(action)
        hashes.append(kernel.state_hash(state))
    again = engine.new_game(players=2, seed=42)
    for action, expected in zip(actions, hashes, strict=True):
        engine.apply(again, action)
        assert kernel.state_hash(again) == expected


def test_round_cap_picks_the_leader():
    engine = Engine(BookOfWar())
    rng = random.Random(1)
    state = engine.new_game(players=2, seed=1, options={"round_cap": 2})
    while not kernel.is_over(state):
        engine.apply(state, rng.choice(engine.legal_actions(state)))
    outcome = kernel.outcome(state)
    assert outcome["capped"] and kernel.round_number(state) == 2
    vp = state["vp"]
    assert outcome["winners"] == ([] if vp[0] == vp[1] else [0 if vp[0] > vp[1] else 1])


def _creature(table, seat, name):
    table.state["library"][seat][name] = "in_hand"
    table.turn(seat)


def test_ignifer_attacks_every_neighbour_of_a_melee_unit(table):
    _creature(table, 1, "ignifer")
    s = table.unit(1, "swordsmen", "e3")
    a = table.unit(0, "archers", "e2")
    h = table.unit(0, "hammerers", "d4")
    table.play(type="summon", creature="ignifer", targets=[s])
    assert kernel.pending(table.state)["kind"] == "attack_order"
    table.play(type="attack_next", unit=h)
    assert table.vp == [0, 2]
    assert table.u(a)["hex"] != "e2" and table.u(h)["wounds"] == 1


def test_fidea_heals_and_shields_two_units_of_one_land(table):
    _creature(table, 0, "fidea")
    a = table.unit(0, "hammerers", "b2", wounds=1)
    b = table.unit(0, "catapults", "b3")
    table.unit(0, "mages", "f3")
    options = [x["targets"] for x in table.find(type="summon", creature="fidea") if x["targets"]]
    assert sorted([a, b]) in options and not any(len(o) == 2 and "red_mages" in o for o in options)
    table.play(type="summon", creature="fidea", targets=sorted([a, b]))
    assert [table.u(a)["wounds"], table.u(a)["shields"], table.u(b)["shields"]] == [0, 1, 1]


def test_caballus_upgrades_without_vp(table):
    _creature(table, 0, "caballus")
    a = table.unit(0, "hammerers", "b2", wounds=1)
    table.play(type="summon", creature="caballus", targets=[a])
    assert table.u(a)["upgraded"] and table.u(a)["wounds"] == 0 and table.vp == [0, 0]


def test_architectus_takes_a_castle_next_to_a_friend(table):
    _creature(table, 0, "architectus")
    table.unit(0, "hammerers", "f4")
    assert [x["targets"] for x in table.find(type="summon", creature="architectus") if x["targets"]] == [["e4"]]
    table.play(type="summon", creature="architectus", targets=["e4"])
    assert table.state["castles"]["e4"] == 0


def test_malleus_stuns_unshielded_neighbours(table):
    _creature(table, 0, "malleus")
    h = table.unit(0, "hammerers", "e3")
    a = table.unit(1, "swordsmen", "e4")
    b = table.unit(1, "companions", "f3", shields=1)
    table.play(type="summon", creature="malleus", targets=[h])
    assert table.u(a)["ready"] is False and table.u(b)["ready"] is True


def test_toxicum_strips_shields_then_attacks(table):
    _creature(table, 0, "toxicum")
    table.unit(0, "hammerers", "e2")
    a = table.unit(1, "archers", "f3", shields=2)
    table.play(type="summon", creature="toxicum", targets=[a])
    assert table.vp == [2, 0] and table.u(a)["hex"] == "e4"


def test_mortum_attacks_every_enemy_in_a_land(table):
    _creature(table, 0, "mortum")
    table.unit(0, "hammerers", "e2")
    a = table.unit(1, "archers", "f3")
    b = table.unit(1, "swordsmen", "g3")
    c = table.unit(1, "seers", "b2")
    table.play(type="summon", creature="mortum", targets=["S"])
    assert sorted(c["unit"] for c in kernel.pending(table.state)["choices"]) == sorted([a, b])
    table.play(type="attack_next", unit=b)
    assert table.vp == [2, 0]
    assert table.u(b)["wounds"] == 1 and table.u(c)["hex"] == "b2" and table.u(a)["hex"] != "f3"


def test_cerberus_two_manoeuvres_capture(table):
    _creature(table, 1, "cerberus")
    s = table.unit(1, "swordsmen", "b2")
    table.play(type="summon", creature="cerberus", targets=[s])
    table.play(type="place", hex="c2")
    table.play(type="place", hex="c1")
    assert table.state["castles"]["c1"] == 1 and table.u(s)["ready"] is True
    assert kernel.active(table.state) == 0


def test_arborus_sends_units_to_forests(table):
    _creature(table, 1, "arborus")
    s = table.unit(1, "swordsmen", "f3")
    c = table.unit(1, "companions", "f5")
    table.play(type="summon", creature="arborus", targets=sorted([c, s]))
    table.play(type="forest_move", unit=s, hex="a3")
    table.play(type="forest_move", unit=c, hex="b5")
    assert {table.u(s)["hex"], table.u(c)["hex"]} == {"a3", "b5"}


def test_arborus_moves_the_units_in_the_order_the_player_chooses(table):
    """Arborus: "Move each to a free forest hex anywhere on the board (one per hex)"; the
    targets "are chosen first, then resolved one by one in the order the player chooses"
    (12b). The swordsmen leave the forest c0 first, so the companions may take it."""
    from boardwright.client.selection import Selection

    _creature(table, 1, "arborus")
    s = table.unit(1, "swordsmen", "c0")
    c = table.unit(1, "companions", "d0")
    table.play(type="summon", creature="arborus", targets=sorted([c, s]))
    assert {choice["unit"] for choice in kernel.pending(table.state)["choices"]} == {s, c}
    table.play(type="forest_move", unit=s, hex="a3")
    # at the table: a click on the companions, then on the forest they leave for
    selection = Selection(table.legal(), [], table.game.action_parts)
    assert selection.click(c).what == "select" and "c0" in selection.active_ids()
    assert selection.click("c0").actions == [{"type": "forest_move", "unit": c, "hex": "c0"}]
    table.play(type="forest_move", unit=c, hex="c0")
    assert (table.u(s)["hex"], table.u(c)["hex"]) == ("a3", "c0")
    assert table.game.describe_action(table.state, {"type": "forest_move", "unit": c, "hex": "c0"}, "ru") == (
        "Лесная тропа: Сподвижники → лес (Запад)"
    )


def test_companions_improved_moves_two(table):
    table.turn(1)
    comp = table.unit(1, "companions", "f4", up=True)
    a = table.unit(1, "swordsmen", "g4")
    b = table.unit(1, "healers", "e3")
    table.play(type="ability", unit=comp, targets=sorted([a, b]))
    table.play(type="place", hex="d4")  # the healers first (targets in id order)
    table.play(type="place", hex="g3")
    assert {table.u(a)["hex"], table.u(b)["hex"]} == {"g3", "d4"}


def test_healers_improved_heals_all_in_reach(table):
    table.turn(1)
    h = table.unit(1, "healers", "f4", up=True)
    a = table.unit(1, "swordsmen", "f3", wounds=1)
    b = table.unit(1, "companions", "e4", wounds=1)
    table.play(type="ability", unit=h, improved=True, targets=[])
    assert table.u(a)["wounds"] == 0 and table.u(b)["wounds"] == 0


def test_seers_improved_reach_anywhere(table):
    table.turn(1)
    seers = table.unit(1, "seers", "g5", up=True)
    far = table.unit(1, "swordsmen", "a1")
    assert table.find(type="ability", unit=seers, targets=[far])
    table.u(seers)["upgraded"] = False
    assert not table.find(type="ability", unit=seers, targets=[far])


def test_planning_creature_must_target_the_planned_land(table):
    table.state["library"][0]["armus"] = "in_hand"
    m = table.unit(0, "mages", "d1", up=True)
    far = table.unit(0, "hammerers", "b2")
    table.lands(0, "W")
    table.play(type="planning", unit=m, land="W")
    targets = [x["targets"] for x in table.find(type="summon", creature="armus")]
    assert targets == [[m]] and [far] not in targets
    table.play(type="summon", creature="armus", targets=[m])
    assert not table.find(type="summon") and kernel.active(table.state) == 0
