"""The board description, options and the bot heuristic."""

from __future__ import annotations

import random

import pytest

from boardwright.client.i18n import localise
from boardwright.framework import Engine, IllegalAction, kernel
from boardwright.plugins.book_of_war.rules import BookOfWar


def test_board_shows_hexes_castles_units_and_only_own_hand(table):
    table.unit(0, "hammerers", "c1", wounds=1, shields=2)
    table.hand_units(0, ["archers"])
    table.hand_units(1, ["healers"])
    table.lands(1, "S")
    board = table.game.board(table.state, 0)
    hexes = [i for i in board["items"] if i["shape"] == "hex"]
    assert len(hexes) == 45
    tiles = {i["id"]: i["fill"] for i in board["items"] if i["shape"] == "rect"}
    assert len(tiles) == 8 and tiles["a0"] == "#c8322b" and tiles["g5"] == "#2f9a3a" and tiles["e1"] == "#b0b0b0"
    unit = next(i for i in board["items"] if i.get("id") == "red_hammerers")
    label = localise(unit["label"], "en")
    assert "✚" in label and label.count("⛨") == 2
    red, green = board["panels"][1], board["panels"][2]
    assert [c["id"] for c in red["cards"]] == ["red_archers"]
    assert green["cards"] == [] and "Unit cards in hand: 1" in [localise(x, "en") for x in green["lines"]]
    assert "green_healers" not in str(board)


def test_bans_remove_factions():
    engine = Engine(BookOfWar())
    state = engine.new_game(players=2, seed=3, options={"bans": True})
    assert kernel.phase(state) == "ban"
    engine.apply(state, {"type": "ban", "faction": "horde"})
    engine.apply(state, {"type": "ban", "faction": "order"})
    assert kernel.phase(state) == "pick"
    assert [a["faction"] for a in engine.legal_actions(state)] == ["legion", "alliance", "brotherhood"]


def test_heuristic_prefers_the_leader(table):
    table.unit(0, "hammerers", "b2")
    table.unit(1, "swordsmen", "f3")
    table.state["vp"] = [40, 10]
    mine, theirs = table.game.heuristic(table.state, 0), table.game.heuristic(table.state, 1)
    assert -1 <= theirs < 0 < mine <= 1


def test_target_vp_option(make_table):
    t = make_table()
    t.state["rules"]["target_vp"] = 10
    t.state["vp"] = [8, 0]
    t.play(type="pass")
    t.play(type="pass")
    assert kernel.is_over(t.state) and kernel.outcome(t.state)["winners"] == [0]


def test_refusals_say_why(table):
    h = table.unit(0, "hammerers", "c1", ready=False)
    with pytest.raises(IllegalAction, match="already acted"):
        table.engine.apply(table.state, {"type": "manoeuvre", "unit": h, "to": "b2"})
    table.u(h)["ready"] = True
    table.engine._cached_state = None
    with pytest.raises(IllegalAction, match="no N land card"):
        table.engine.apply(table.state, {"type": "march", "unit": h, "land": "N", "via": "d2", "to": "e1"})
    before = kernel.state_hash(table.state)
    with pytest.raises(IllegalAction, match="not your unit"):
        table.engine.apply(table.state, {"type": "manoeuvre", "unit": "green_swordsmen", "to": "b2"})
    assert kernel.state_hash(table.state) == before
    with pytest.raises(IllegalAction):
        table.engine.apply(table.state, {"type": "manoeuvre", "unit": [h], "to": "b2"})


def test_scenario_file_checks():
    from boardwright.framework import ScenarioError
    from boardwright.framework.scenarios import parse_scenario

    game = BookOfWar()
    text = '[scenario]\ngame = "book_of_war"\nid = "x"\ntitle_en = "X"\n\n[data]\ncreatures_per_round = 3\nsummon_costs = [[0, false]]\n'
    with pytest.raises(ScenarioError, match="summon_costs"):
        parse_scenario(text, "x.toml", {"book_of_war": game})
    protorp = next(s for s in game.scenarios() if s.id == "protorp")
    assert protorp.data["hire_location"] == "protorp" and protorp.data["outer_castles_controllable"] is False


def test_no_rule_refuses_a_legal_action():
    """One legality: explain_illegal never gives a reason for an action on offer."""
    game = BookOfWar()
    engine = Engine(game)
    for players in (2, 4):
        state = engine.new_game(players, seed=5)
        rng = random.Random(5)
        while not kernel.is_over(state):
            legal = engine.legal_actions(state)
            if kernel.pending(state) is None:
                assert [a for a in legal if game.explain_illegal(state, a) is not None] == []
            engine.apply_unchecked(state, rng.choice(legal))


def test_ability_refusals_name_the_rule(table):
    table.turn(1)
    s = table.unit(1, "swordsmen", "f3")
    h = table.unit(0, "hammerers", "f2")
    table.lands(1, "SN")
    engine, state = table.engine, table.state
    ability = {"type": "ability", "unit": s, "targets": [h]}
    for fields, reason in (
        ({"improved": True, "land": None}, "needs a land card"),
        ({"improved": False, "land": "S"}, "needs no land card"),
        ({"improved": True, "land": "N"}, "must be of the land the unit stands in"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            engine.apply(state, {**ability, **fields})
