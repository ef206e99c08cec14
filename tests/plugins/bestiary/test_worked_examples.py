"""The digest's worked examples (§9.1 T1-T25 and the duel ones of §9.2), with exact numbers.

Seat 0 is the first player and holds Пустошь (0,2); seat 1 holds Предлесье (0,-2).
"""

from __future__ import annotations

import pytest

from boardwright.framework import kernel
from boardwright.framework.errors import IllegalAction
from boardwright.plugins.bestiary import series
from boardwright.plugins.bestiary.attack import strength
from boardwright.plugins.bestiary.board_view import stage
from boardwright.plugins.bestiary.creatures import defence, period, siege_value
from boardwright.plugins.bestiary.rules import Bestiary
from boardwright.plugins.bestiary.supports import movable_chips

from .conftest import draft_schedule

RULES = Bestiary()


def test_t1_defence_reduces_every_attack(table):
    t = table.duel()
    t.put("messum", "0,1")
    t.put("fidea", "-2,1")
    t.put("armus", "0,-1")
    t.mark("armus", "DEF_UP")
    t.attack("messum", at="0,-1")
    assert t.cr("armus")["damage"] == 1  # 2 - 1
    t.attack("fidea", at="0,-1")
    assert t.cr("armus")["damage"] == 1  # 1 - 1 = 0 more


def test_t2_defence_never_below_zero(table):
    t = table.duel()
    t.put("messum", "0,1")
    t.put("armus", "0,-1")
    t.mark("armus", "DEF_DOWN", 2, side=0)
    assert defence(t.cr("armus")) == 0
    t.attack("messum", at="0,-1")
    assert t.cr("armus")["damage"] == 2


def test_t3_defence_is_up_minus_down(table):
    t = table.duel()
    t.mark("armus", "DEF_UP", 3)
    t.mark("armus", "DEF_DOWN", 1, side=0)
    assert defence(t.cr("armus")) == 2


def test_t4_siege_never_below_zero_and_takes_no_tower(table):
    t = table.duel()
    t.put("messum", "2,0")  # tower_e area
    t.mark("messum", "SIEGE_DOWN", 2, side=1)
    assert siege_value(t.cr("messum")) == 0
    t.end()
    assert t.state["castle_damage"] == [2, 0]


def test_t5_haste_against_slow(table):
    t = table.duel(p1=["cerberus", "fidea", "saxum"])
    t.put("cerberus", "0,0")
    t.put("armus", "1,-1")
    t.mark("cerberus", "HASTE", 2)
    t.mark("cerberus", "SLOW", 1, side=1)
    t.attack("cerberus", at="1,-1")
    decision = kernel.pending(t.state)
    assert decision["kind"] == "haste_move"
    assert {"type": "skip"} in decision["choices"]
    t.move("cerberus", "-1,0")
    assert t.at("cerberus") == "-1,0"
    assert t.cr("armus")["damage"] == 2

    t = table.duel(p1=["cerberus", "fidea", "saxum"])
    t.put("cerberus", "0,0")
    t.put("armus", "1,-1")
    t.mark("cerberus", "HASTE", 1)
    t.mark("cerberus", "SLOW", 2, side=1)
    kinds = {a["type"] for a in t.uses_of("cerberus")}
    assert "attack" in kinds and "move" not in kinds

    t = table.duel(p1=["cerberus", "fidea", "saxum"])
    t.put("cerberus", "0,0")
    t.put("armus", "1,-1")
    t.mark("cerberus", "HASTE", 1)
    t.mark("cerberus", "SLOW", 1, side=1)
    kinds = {a["type"] for a in t.uses_of("cerberus")}
    assert {"attack", "move"} <= kinds
    t.attack("cerberus", at="1,-1")
    assert kernel.pending(t.state) is None
    assert not [a for a in t.uses_of("cerberus") if a["type"] == "move"]


def test_t6_poison_clamps_cooldown_at_six(table):
    t = table.duel()
    t.put("saxum", "0,0")
    t.put("armus", "0,-1")
    t.mark("saxum", "POISON", 3, side=1)
    t.use("saxum", 1, at="0,-1")  # Обвал, cooldown 4
    assert t.cr("saxum")["ready_at"][1] == period(t.state) + 6


def test_t7_vampirism_heals_one(table):
    t = table.duel(p1=["malleus", "fidea", "saxum"])
    t.put("malleus", "0,0")
    t.put("armus", "0,-1")
    t.cr("malleus")["damage"] = 3
    t.mark("malleus", "VAMP")
    t.attack("malleus", at="0,-1")
    assert t.cr("armus")["damage"] == 2
    assert t.cr("malleus")["damage"] == 2

    t = table.duel(p1=["malleus", "fidea", "saxum"])
    t.put("malleus", "0,0")
    t.put("armus", "0,-1")
    t.cr("malleus")["damage"] = 3
    t.mark("malleus", "VAMP")
    t.mark("armus", "DEF_UP", 2)
    t.attack("malleus", at="0,-1")
    assert t.cr("armus")["damage"] == 0
    assert t.cr("malleus")["damage"] == 3


def test_t8_temps_returns_an_ally_chip_from_sector_one(table):
    t = table.duel(p1=["temps", "messum", "saxum"])
    t.put("temps", "0,1")
    t.put("messum", "1,1")
    t.put("armus", "1,-2")
    p = period(t.state)
    t.cr("messum")["ready_at"][1] = p + 1
    assert not [a for a in t.uses_of("messum") if a.get("ability") == 1]
    t.use("temps", 0, at="1,1", chips=[1])
    assert t.cr("messum")["ready_at"][1] == 0
    assert [a for a in t.uses_of("messum") if a.get("ability") == 1]


def test_t9_temps_pushes_enemy_chips_but_not_past_the_pointer(table):
    t = table.duel(p1=["temps", "messum", "saxum"])
    t.put("temps", "0,1")
    t.put("armus", "1,-2")
    p = period(t.state)
    t.cr("armus")["ready_at"] = [p + 3, p + 5]
    t.use("temps", 0, at="1,-2", chips=[0, 1])
    assert [c - p for c in t.cr("armus")["ready_at"]] == [4, 6]
    temps, armus = t.cr("temps"), t.cr("armus")
    assert movable_chips(t.state, temps, armus) == [0]  # sector 6 stays put


def test_t10_first_player_starts_damaged(table):
    t = table([table.P1, table.P2])
    assert t.state["castle_damage"] == [2, 0]


def test_t11_banishment(table):
    p2 = ["cerberus", "armus", "vinctum"]
    t = table.duel(p2=p2)
    t.put("messum", "0,1")
    t.put("cerberus", "0,-1")
    t.put("armus", "2,0")
    t.put("vinctum", "-2,0")
    cerb = t.cr("cerberus")
    cerb["damage"] = 2
    t.mark("cerberus", "SLOW", side=0)
    cerb["ready_at"][0] = period(t.state) + 2
    t.attack("messum", at="0,-1")
    assert t.at("cerberus") == "0,-2"
    assert cerb["damage"] == 0 and cerb["markers"] == []
    assert cerb["ready_at"][0] == period(t.state) + 2
    assert t.state["castle_damage"] == [2, 1]

    t = table.duel(p2=p2)
    t.put("messum", "0,1")
    t.put("cerberus", "0,-1")
    t.put("armus", "0,-2")
    t.put("vinctum", "-2,0")
    t.cr("cerberus")["damage"] = 2
    t.attack("messum", at="0,-1")
    assert t.at("cerberus") is None
    assert t.state["castle_damage"] == [2, 1]


def test_t12_tower_needs_a_strict_majority(table):
    p1 = ["messum", "fidea", "saxum"]
    t = table.duel(p1=p1)
    t.put("messum", "2,-2")
    t.put("fidea", "1,0")
    t.put("armus", "1,-1")
    t.put("carnifex", "2,0")
    t.put("saxum", "-1,2")
    t.put("vinctum", "-1,-1")
    t.end()
    assert t.state["castle_damage"] == [2, 0]  # 2 : 2, no shot
    t.end()  # seat 1's turn
    t.put("carnifex", "1,-2")  # P1 2 : P2 1
    t.end()
    assert t.state["castle_damage"] == [2, 1]
    t.end()  # P2's siege: 1 < 2, no shot for P2
    assert t.state["castle_damage"] == [2, 1]


def test_t13_an_inactive_creature_still_besieges(table):
    t = table.duel()
    t.put("messum", "2,0")
    t.mark("messum", "INACTION", side=1)
    assert t.uses_of("messum") == []
    t.end()
    assert t.state["castle_damage"] == [2, 1]


def test_t14_enemy_in_its_castle_is_immune(table):
    t = table.duel(p1=["manus", "fidea", "saxum"])
    t.put("manus", "0,1")
    t.put("armus", "0,-2")
    t.put("carnifex", "2,-1")
    uses = [a for a in t.uses_of("manus") if a["type"] == "use" and a["ability"] == 0]
    targets = {t.spot(a["target"]) for a in uses if "target" in a}
    assert "2,-1" in targets  # in the open: can be pulled
    assert "0,-2" not in targets  # in its own castle: immune
    t.use("manus", 0, at="2,-1")
    assert t.at("carnifex") == "1,0"  # pulled until adjacent to Манус


def test_t15_push_into_own_occupied_castle(table):
    p1 = ["vinctum", "fidea", "saxum"]
    p2 = ["armus", "carnifex", "messum"]
    t = table.duel(p1=p1, p2=p2)
    t.put("vinctum", "0,0")
    t.put("armus", "0,-1")
    t.put("carnifex", "0,-2")
    t.put("messum", "2,0")
    t.cr("carnifex")["damage"] = 1
    t.use("vinctum", 0, at="0,-1")
    assert t.at("armus") == "0,-2"
    assert t.at("carnifex") is None and t.cr("carnifex")["damage"] == 1
    assert t.state["castle_damage"] == [2, 0]
    assert t.count("armus", "SILENCE") == 1


def test_t16_shadows_count_a_free_castle(table):
    t = table.duel(p1=["tenebris", "messum", "fidea"], p2=["armus", "cerberus", "vinctum"])
    t.put("tenebris", "0,0")
    t.put("armus", "0,-1")
    t.put("messum", "1,-1")
    t.put("fidea", "1,-2")
    t.put("cerberus", "-1,-1")
    # free neighbours of (0,-1): the castle (0,-2) and (-1,0)
    assert strength(t.state, t.ci("tenebris"), t.ci("armus")) == 2
    t.attack("tenebris", at="0,-1")
    assert t.cr("armus")["damage"] == 2


def test_t17_ballista_counts_an_obstacle(table):
    t = table.duel(p1=["ballistirus", "messum", "fidea"])
    t.put("ballistirus", "0,1")
    t.put("armus", "0,-1")
    t.put("carnifex", "1,-1")
    t.state["board_markers"][t.board.index["-1,0"]] = ["OBSTACLE", 0, 99]
    t.touch()
    assert strength(t.state, t.ci("ballistirus"), t.ci("armus")) == 2
    t.attack("ballistirus", at="0,-1")
    assert t.cr("armus")["damage"] == 2


def test_t18_series_pool_shrinks_by_the_bans(table):
    from boardwright.framework import Engine

    engine = Engine(RULES)
    excluded: list[str] = []
    sizes = []
    for game_no in range(3):
        assert series.continues("base24", excluded)
        state = engine.new_game(
            players=2, options={"draft": "advanced", "series_excluded": ",".join(excluded)}, seed=game_no
        )
        sizes.append(len(state["draft"]["pool"]))
        while stage(state) == "draft":
            engine.apply(state, engine.legal_actions(state)[0])
        excluded = series.excluded_after(state, excluded)
    assert sizes == [24, 18, 12]
    assert not series.continues("base24", excluded)


def test_t19_team_setup_bans_and_picks(table):
    from boardwright.framework import Engine

    engine = Engine(RULES)
    state = engine.new_game(players=4, scenario="crossroads_teams", seed=0)
    kinds = [k for k, _ in draft_schedule(state)]
    assert kinds.count("ban") == 8 and kinds.count("pick") == 8
    assert [s for k, s in draft_schedule(state) if k == "ban"] == [0, 1, 2, 3, 0, 1, 2, 3]
    while stage(state) == "draft":
        engine.apply(state, engine.legal_actions(state)[0])
    assert [len(tab) for tab in state["tableaus"]] == [2, 2, 2, 2]
    assert len(state["draft"]["pool"]) == 24 - 16
    assert state["castle_damage"] == [2, 0]


def test_t20_lasting_effect_expiry(table):
    t = table.duel()
    t.put("saxum", "0,1")
    t.put("armus", "1,1")
    t.use("saxum", 0, at="0,1")  # P1 (first player), period 1
    assert t.count("saxum", "DEF_UP") == 1
    t.end()
    assert t.count("saxum", "DEF_UP") == 1  # through the opponent's turn
    t.use("armus", 0)  # P2 puts DEF_UP on Armus in period 1
    t.end()
    assert period(t.state) == 2
    assert t.count("saxum", "DEF_UP") == 0  # removed at P1's preparation, period 2
    assert t.count("armus", "DEF_UP") == 1  # P2's marker lasts through P1's turn of period 2
    t.end()
    assert t.count("armus", "DEF_UP") == 0  # removed at P2's preparation, period 2


def test_t21_slow_forbids_swiftness_not_dash(table):
    t = table.duel(p1=["cerberus", "cornibus", "saxum"])
    t.put("cerberus", "0,0")
    t.put("cornibus", "-1,2")
    t.mark("cerberus", "SLOW", side=1)
    t.mark("cornibus", "SLOW", side=1)
    assert not [a for a in t.uses_of("cerberus") if a["type"] == "use" and a["ability"] == 0]
    assert [a for a in t.uses_of("cornibus") if a["type"] == "use" and a["ability"] == 0]


def test_t22_summon_into_a_freed_castle(table):
    t = table([["messum", "fidea", "saxum"], table.P2], castles="pustosh")
    assert t.at("messum") == "0,2" and t.at("fidea") is None
    t.move("messum", "0,1")
    assert t.at("fidea") == "0,2"
    assert t.uses_of("fidea")


def test_t23_reconstruction(table):
    t = table.duel(p1=["architectus", "messum", "fidea"])
    t.put("architectus", "0,1")
    t.state["castle_damage"][0] = 3
    t.touch()
    t.use("architectus", 0)
    assert t.state["castle_damage"][0] == 2
    t = table.duel(p1=["architectus", "messum", "fidea"])
    t.put("architectus", "0,1")
    t.state["castle_damage"][0] = 0
    t.touch()
    assert not [a for a in t.uses_of("architectus") if a["type"] == "use" and a["ability"] == 0]


def test_t24_resurrection(table):
    t = table.duel()
    t.put("fidea", "0,1")
    t.put("saxum", "-2,2")
    t.cr("saxum")["damage"] = 2
    t.use("fidea", 0, at="-2,2")
    assert t.cr("saxum")["damage"] == 1


def test_t25_ritual_of_life(table):
    t = table.duel(p1=["goetius", "messum", "saxum"])
    t.put("goetius", "0,1")
    t.put("messum", "1,1")
    t.put("saxum", "-2,2")
    t.cr("messum")["damage"] = 1
    t.cr("goetius")["damage"] = 2
    t.use("goetius", 0, giver_at="0,1", at="-2,2")
    assert t.cr("goetius")["damage"] == 1 and t.cr("saxum")["damage"] == 1
    t2 = table.duel(p1=["goetius", "messum", "saxum"])
    t2.put("goetius", "0,1")
    t2.put("saxum", "-2,2")
    t2.cr("goetius")["damage"] = 2
    t2.cr("saxum")["damage"] = 4  # a fifth wound would reach its life
    assert not [a for a in t2.uses_of("goetius") if a.get("t") == "-2,2" and a["type"] == "use"]


def test_refusals_say_why(table):
    t = table.duel()
    t.put("messum", "0,1")
    t.put("armus", "0,-1")
    t.mark("messum", "SILENCE", side=1)
    with pytest.raises(IllegalAction, match="SILENCE"):
        t.use("messum", 1, at="0,-1")
    t.attack("messum", at="0,-1")
    with pytest.raises(IllegalAction, match="already used"):
        t.move("messum", "1,1")


def test_series_first_player(table):
    t = table([table.P1, table.P2])
    assert series.next_first(t.state) == 1
    kernel.finish(t.state, winners=[0])
    assert series.next_first(t.state, "loser") == 1
    kernel.finish(t.state, winners=[1])
    assert series.next_first(t.state, "loser") == 0


def _play_out(engine, state, seed):
    """Random legal actions to the end of the game."""
    import random

    rng = random.Random(seed)
    while not kernel.is_over(state):
        legal = engine.legal_actions(state)
        engine.apply(state, legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("rule", ["alternate", "loser"])
def test_t18_a_whole_series_through_the_kernel(rule):
    """Each finished game names the next one's options: bans stay out, the first player moves on."""
    from boardwright.framework import Engine

    engine = Engine(RULES)
    options = engine.spec.resolve_options({"draft": "advanced", "series_first": rule})
    pools, firsts = [], []
    for game_no in range(4):
        state = engine.new_game(players=2, options=options, seed=40 + game_no)
        pools.append(len(state["draft"]["pool"]))
        firsts.append(state["first_player"])
        _play_out(engine, state, game_no)
        following = engine.next_in_series(state, options)
        if following is None:
            break
        winners = kernel.outcome(state)["winners"]
        if rule == "loser" and winners:
            assert following["first_player"] == str(1 - winners[0] + 1)
        else:
            assert following["first_player"] == str(1 - state["first_player"] + 1)
        assert len(following["series_excluded"].split(",")) == 6 * (game_no + 1)
        options = following
    assert pools == [24, 18, 12]  # game 3 is the last (T18)
    if rule == "alternate":
        assert firsts == [firsts[0], 1 - firsts[0], firsts[0]]
