"""The board description, options and the bot heuristic."""

from __future__ import annotations

import copy
import random
import re

import pytest

from boardwright.client.i18n import localise
from boardwright.client.layout import shown_board
from boardwright.framework import Engine, IllegalAction, kernel
from boardwright.framework.events import render, showing_places, text
from boardwright.framework.match import Match
from boardwright.plugins.book_of_war.rules import BookOfWar


def _element(board, kind, **fields):
    return next(e for e in board["elements"] if e["type"] == kind and all(e.get(k) == v for k, v in fields.items()))


def test_board_shows_hexes_castles_units_and_only_own_hand(table):
    table.unit(0, "hammerers", "c1", wounds=1, shields=2)
    table.unit(1, "swordsmen", "f3", ready=False)
    table.hand_units(0, ["archers"])
    table.hand_units(1, ["healers"])
    table.lands(1, "S")
    board = table.game.board(table.state, 0)
    grid = _element(board, "hexgrid")
    cells = {cell["id"]: cell for cell in grid["cells"]}
    assert len(cells) == 45 and "size" not in board and "items" not in board
    castles = {h: cell["label_colour"] for h, cell in cells.items() if cell.get("label") == "♜"}
    assert len(castles) == 8 and castles["a0"] == "#c8322b" and castles["g5"] == "#2f9a3a"
    assert castles["e1"] == "#b0b0b0"
    pieces = {piece["id"]: piece for piece in grid["pieces"]}
    assert pieces["red_hammerers"]["at"] == "c1" and pieces["red_hammerers"]["stats"] == ["♜", "✚1", "⛨2"]
    # a token shows its unit type's picture (as its card does); the name is its fallback and tip
    assert pieces["red_hammerers"]["art"] == "game-icons:flat-hammer" and not pieces["red_hammerers"]["faded"]
    assert localise(pieces["red_hammerers"]["label"], "ru") == "Молотоносцы"
    assert pieces["green_swordsmen"]["faded"], "a unit that has acted is drawn faded, not see-through"
    # hands are cards bound to the zones: the client shows the viewer's own, the others' as backs
    assert _element(board, "cards", zone="hand:0")["layout"] == "fan"
    assert _element(board, "cards", zone="hand:1")["layout"] == "pile"
    assert "green_healers" not in str(board) and "Unit cards in hand" not in str(board)
    shown = shown_board(table.game, board, table.game.view(table.state, 0), "en", ["A", "B"])
    titles = [item["face"]["title"] for item in shown["items"] if item["shape"] == "card" and item["face"]]
    assert "Archers" in titles and "Healers" not in titles
    backs = [item for item in shown["items"] if item["shape"] == "card" and item.get("count") == 1]
    assert backs and backs[0]["face"] is None  # the opponent's one unit card, face down


def test_hexes_castles_and_tokens_are_built_once_for_each_look_and_shared_by_every_board(table):
    """A hex, a castle and a unit token that look as they did are the same object in every
    board (the host's merge then finds them unchanged by identity); one that changed is
    built anew. Boards are read-only data: drawing one in the client leaves every part of
    it as it was."""
    table.unit(0, "hammerers", "c1", wounds=1)

    def drawn(seat):
        grid = _element(table.game.board(table.state, seat), "hexgrid")
        return {cell["id"]: cell for cell in grid["cells"]}, {piece["id"]: piece for piece in grid["pieces"]}

    board = table.game.board(table.state, 0)
    cells, tokens = drawn(0)
    again, tokens_again = drawn(1)
    assert again["c2"] is cells["c2"] and again["a0"] is cells["a0"]  # a0 holds a castle
    assert tokens_again["red_hammerers"] is tokens["red_hammerers"]
    table.state["castles"]["a0"] = 1  # taken by green
    table.state["units"]["red_hammerers"]["wounds"] = 2
    after, tokens_after = drawn(0)
    assert after["a0"] is not cells["a0"] and after["a0"]["label_colour"] == "#2f9a3a"
    assert cells["a0"]["label_colour"] == "#c8322b", "the first board is unchanged"
    assert tokens_after["red_hammerers"]["stats"] == ["♜", "✚2"] and tokens["red_hammerers"]["stats"] == ["♜", "✚1"]
    assert after["c2"] is cells["c2"] and after["e1"] is cells["e1"]
    before = copy.deepcopy(board)
    shown_board(table.game, board, table.game.view(table.state, 0), "en", ["A", "B"])
    assert board == before
    assert (
        again["c2"]["tip"] == {"en": "mountain (North)", "ru": "гора (Север)", "place": "c2"}
        and again["a0"]["label"] == "♜"
    )


def test_card_faces_come_from_the_data(table):
    messages = table.game.messages
    archers = table.game.card_face("red_archers")
    assert text(archers["title"], messages, "ru") == "Лучники" and archers["colour"] == "#c8322b"
    assert [text(k, messages) for k in archers["keywords"]] == ["Ranged"]
    assert text(archers["text"], messages) == "I: Attack 1 enemy within 2. II: Attack up to 2 enemies within 2."
    north = table.game.card_face("N3")
    assert text(north["title"], messages, "ru") == "Север" and table.game.card_face("N") == north
    fidea = table.game.card_face("fidea")
    assert fidea["stats"] == [["⚑", 3]] and text(fidea["keywords"][0], messages) == "Resurrection"
    assert table.game.card_face("a0") is None


def test_units_are_chosen_then_their_hex(table):
    """A unit is the source of its moves and the hex their target, so the client offers
    the unit, lights the hexes, and completes the move on the second click."""
    from boardwright.client.selection import Selection

    archers = table.unit(0, "archers", "c1")
    selection = Selection(table.legal(), [], table.game.action_parts)
    outcome = selection.click(archers)
    assert outcome.what == "select" and {"b1", "c0", "d1"} <= set(selection.active_ids())
    assert selection.click("b1").actions == [{"type": "manoeuvre", "unit": archers, "to": "b1"}]
    # with a West card the archers may also march through the forest c0 back to b1: a menu
    table.lands(0, "W")
    selection = Selection(table.legal(), [], table.game.action_parts)
    selection.click(archers)
    outcome = selection.click("b1")
    assert outcome.what == "menu"
    labels = [table.game.describe_action(table.state, action) for action in outcome.actions]
    # hexes are read by name; their coordinates only for a person who asked to see them
    assert labels == [
        "I Manoeuvre: Archers → mountain (North)",
        "II March +1: Archers → forest (West) → mountain (North) (West card)",
    ]
    ru = [table.game.describe_action(table.state, action, "ru") for action in outcome.actions]
    assert ru == [
        "I Манёвр: Лучники → гора (Север)",
        "II Поход +1: Лучники → лес (Запад) → гора (Север) (карта: Запад)",
    ]
    with showing_places():
        shown = [table.game.describe_action(table.state, action) for action in outcome.actions]
    assert shown == [
        "I Manoeuvre: Archers → mountain (North) b1",
        "II March +1: Archers → forest (West) c0 → mountain (North) b1 (West card)",
    ]


def test_no_text_of_a_whole_game_names_a_hex_by_its_coordinate():
    """Seeded random games: every action's label and every log line, in both languages, name
    hexes by terrain, castle and land; the log's lights still point at the hexes."""
    engine = Engine(BookOfWar())
    coordinate = re.compile(r"\b[a-g][0-9]\b")
    for seed in (3, 4):
        match = Match(engine, players=2, seed=seed)
        rng = random.Random(seed)
        for _ in range(150):
            if match.is_over():
                break
            actions = match.legal_actions()
            for action in actions[:20]:
                for lang in ("en", "ru"):
                    label = engine.game.describe_action(match.state, action, lang)
                    assert not coordinate.search(label), label
            match.apply(rng.choice(actions))
        lines = [render(e, engine.game.messages, lang) for e in match.log.events for lang in ("en", "ru")]
        assert lines and not [line for line in lines if coordinate.search(line)]
        assert any(e["params"].get("at") for e in match.log.events)


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


def test_the_war_track_is_a_panel_beside_the_map():
    """A hundred boxes above the map took a third of the board: the war track lies beside it,
    with both markers, and the map is the largest thing on the board."""
    from boardwright.framework import PluginHost
    from boardwright.framework.match import Match

    match = Match(PluginHost().engine("book_of_war"), 2, {}, 3)
    board = match.board(0)
    assert not [e for e in board["elements"] if e["type"] == "track"]
    (track,) = [panel for panel in board["panels"] if panel.get("track")]
    assert track["title"]["key"] == "war_track" and len(track["track"]["marks"]) == 2
    assert track["track"]["length"] == match.state["rules"]["target_vp"] + 1


def test_offensive_refusals_name_the_rule(table):
    """Digest 5.1's table: level up needs a normal unit and the general; a Planning is ended,
    not passed; a summon's cost follows the round's count [D-31]."""
    engine, state = table.engine, table.state
    h = table.unit(0, "hammerers", "b2")
    table.lands(0, "NN")
    table.u(h)["upgraded"] = True
    with pytest.raises(IllegalAction, match="upgraded already"):
        engine.apply(state, {"type": "level_up", "unit": h, "land": "N"})
    table.play(type="planning", unit=h, land="N")
    with pytest.raises(IllegalAction, match="end the planning first"):
        engine.apply(state, {"type": "pass"})
    with pytest.raises(IllegalAction, match="general was used"):
        engine.apply(state, {"type": "expedition", "unit": h, "land": "N", "to": "c1"})
    table.play(type="end_planning")
    table.turn(0)
    table.state["library"][0]["armus"] = "in_hand"
    table.state["rules"]["creatures_per_round"] = 3  # the scenario rule of [D-31]
    table.state["summons"][0] = 1
    with pytest.raises(IllegalAction, match="costs a land card"):
        engine.apply(state, {"type": "summon", "creature": "armus", "land": None, "targets": None})
