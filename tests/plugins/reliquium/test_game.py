"""Set-up, scenarios, victory, the round cap, the board description, messages, playouts and the bot heuristic."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from boardwright.cli.main import main as cli
from boardwright.framework import Engine, EventLog, OptionError, kernel, render
from boardwright.plugins.reliquium.rules import Reliquium
from boardwright.plugins.reliquium.units import acting
from boardwright.plugins.reliquium.world import WORLD

GAME = Reliquium()
SCENARIOS = Path(__file__).parents[3] / "plugins" / "reliquium" / "data" / "scenarios"


def test_standard_setup_for_four_players():
    engine = Engine(GAME)
    s = engine.new_game(4, options={"factions": "initiative"}, seed=5)
    w = WORLD
    expected = {
        "boundless_expanse": (0, [1, 0, 0]),
        "ashen_peaks": (0, [1, 0, 0]),
        "blackwood": (0, [0, 0, 1]),
        "blooming_meadow": (1, [1, 0, 0]),
        "mossy_ridge": (1, [0, 0, 1]),
        "sacrificial_forest": (1, [0, 0, 1]),
        "field_of_oaths": (2, [0, 1, 0]),
        "cliff_of_sorrow": (2, [0, 1, 0]),
        "dawn_pinewood": (2, [0, 0, 1]),
        "ancestors_bowl": (3, [1, 0, 0]),
        "volcano_valley": (3, [0, 1, 0]),
        "charcoal_wood": (3, [0, 1, 0]),
    }
    for region, (faction, units) in expected.items():
        r = w.region_index[region]
        assert s["castle"][r] == faction and s["occupant"][r] == faction and s["units"][r] == units
    assert sum(1 for c in s["castle"] if c >= 0) == 12
    assert s["reserve"] == [[1, 3, 2], [2, 3, 1], [3, 1, 2], [2, 1, 3]]
    assert s["track"] == [[True, True, False] * 3] * 4 and s["action_token"] == [2, 2, 2, 2]
    # round 1: every faction has exactly three turns, L A O B three times
    order = []
    while kernel.round_number(s) == 1:
        order.append("LAOB"[acting(s)])
        engine.apply(s, {"type": "pass"})
    assert "".join(order) == "LAOB" * 3


def test_faction_lot_is_seeded():
    engine = Engine(GAME)
    picks = {tuple(engine.new_game(2, seed=seed)["faction_of"]) for seed in range(12)}
    assert len(picks) > 1
    assert engine.new_game(2, seed=4)["faction_of"] == engine.new_game(2, seed=4)["faction_of"]


def test_factions_can_be_chosen():
    """Digest 3.2: "each player in turn picks one of the four factions, by lot or by
    agreement"; turns go in initiative order (4.1), whichever seat picked which."""
    engine = Engine(GAME)
    s = engine.new_game(2, options={"factions": "order,legion"}, seed=1)
    assert s["faction_of"] == [2, 0] and s["neutral"] == [False, True, False, True]
    assert kernel.active(s) == 1, "the Legion's seat acts first"
    s = engine.new_game(3, options={"factions": "lot,brotherhood,lot"}, seed=1)
    assert s["faction_of"][1] == 3 and len(set(s["faction_of"])) == 3
    with pytest.raises(OptionError, match="each different"):
        engine.new_game(2, options={"factions": "legion,legion"})


def test_turns_go_in_initiative_order_whichever_seat_picked_which():
    engine = Engine(GAME)
    s = engine.new_game(3, options={"factions": "brotherhood,legion,order"}, seed=2)
    acted = []
    for _ in range(3):
        acted.append(kernel.active(s))
        engine.apply(s, {"type": "pass"})
    assert acted == [1, 2, 0], "Legion, then Order, then Brotherhood"


def test_shipped_scenarios_validate(capsys):
    assert sorted(Engine(GAME).scenarios) == ["seven_castles", "standard"]
    for name in ("standard.toml", "seven_castles.toml"):
        assert cli(["scenario", "validate", str(SCENARIOS / name)]) == 0
    assert "ok" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ('blackwood = "mage"', 'blackwoods = "mage"', ":16: data.start.legion.blackwoods: unknown region"),
        ("castles_to_win = 7", "castles_to_win = 0", ":11: data.castles_to_win:"),
        ('blackwood = "mage"', 'blackwood = "dragon"', ":16: data.start.legion.blackwood:"),
        ('blackwood = "mage"', 'misty_bay = "mage"', ":16: data.start.legion.misty_bay: a start land cannot be water"),
        ('ashen_peaks = "warrior"', 'ashen_peaks = ["warrior", "warrior"]', ":10: data.start.legion: 4 warriors"),
    ],
)
def test_broken_scenario_is_rejected_with_file_line_and_field(tmp_path, capsys, old, new, where):
    text = (SCENARIOS / "seven_castles.toml").read_text(encoding="utf-8")
    assert old in text
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace(old, new), encoding="utf-8")
    assert cli(["scenario", "validate", str(broken)]) == 2
    assert f"broken.toml{where}" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("scenario", "castles_before", "wins"), [("standard", 8, True), ("standard", 6, False), ("seven_castles", 6, True)]
)
def test_the_winning_castle_ends_the_game_at_once(table, scenario, castles_before, wins):
    t = table(scenario=scenario)
    lands = ["boundless_expanse", "wasteland", "fallen_barrows", "ashen_peaks", "bone_highlands", "saxum_ridges"]
    lands += ["blackwood", "howling_wilds", "gloomy_thicket"][: castles_before - 6]
    for land in lands[:castles_before]:
        t.put(land, "L", castle=True)
    t.put("witchwood", "L", "W").turn("L", "forest").act({"type": "build", "region": "witchwood"})
    assert kernel.is_over(t.state) is wins
    if wins:
        assert t.engine.outcome(t.state)["winners"] == [0] and not t.engine.outcome(t.state)["capped"]


def test_seven_castles_changes_the_start():
    s = Engine(GAME).new_game(4, options={"factions": "initiative"}, scenario="seven_castles", seed=1)
    assert s["units"][WORLD.region_index["boundless_expanse"]] == [2, 0, 0] and s["rules"]["castles_to_win"] == 7


def test_round_cap_picks_the_leader_and_says_so():
    engine = Engine(GAME)
    s = engine.new_game(4, options={"factions": "initiative", "round_cap": 2}, seed=5)
    engine.apply(s, {"type": "march", "from": "boundless_expanse", "to": "wasteland", "units": [1, 0, 0]})
    while not kernel.is_over(s):
        legal = engine.legal_actions(s)
        build = [a for a in legal if a["type"] == "build"]
        engine.apply(s, build[0] if build else {"type": "pass"})
    outcome = engine.outcome(s)
    assert outcome["capped"] and outcome["reason"] == "round cap" and outcome["winners"] == [0]
    assert kernel.round_number(s) == 2


def test_last_faction_standing_wins(table):
    t = table(players=2, factions="legion,order")
    t.put("wasteland", "L", "WWW").put("fallen_barrows", "O", castle=True).put("blackwood", "L", castle=True)
    t.token("L", "melee", 1, "wasteland", "fallen_barrows")
    t.war()
    t.act({"type": "advance", "units": [1, 0, 0]})
    assert t.engine.outcome(t.state)["reason"] == "last faction standing"
    assert t.engine.outcome(t.state)["winners"] == [0]


def test_board_description(table):
    """An area map in the map's own units with pieces on regions, border slots and junctions,
    and the faction board of the person looking under it; no pixels."""
    t = table()
    t.put("forest_edge", "A", "WM", castle=True).put("oak_grove", "O", "D")
    t.token("A", "melee", 2, "forest_edge", "oak_grove").creature("aquus", "J13")
    board = GAME.board(t.state, 0)
    assert "size" not in board and "items" not in board
    area_map, track, cards = board["elements"]
    assert area_map["type"] == "areas" and track["type"] == "track" and cards["type"] == "cards"
    regions = {r["id"]: r for r in area_map["regions"] if "id" in r}
    assert all(region in regions for region in WORLD.region_ids)
    assert all(border in regions for border in WORLD.border_ids)
    assert all(junction in regions for junction in WORLD.junction_ids)
    assert regions["ashen_peaks"]["points"] == [[0, 0], [159, 0], [115, 177], [0, 177]]
    rivers = [r for r in area_map["regions"] if r.get("tip") == {"key": "river_tip"}]
    assert len(rivers) == sum(WORLD.river)
    pieces = area_map["pieces"]
    border = t.border("forest_edge", "oak_grove")
    token = next(p for p in pieces if p["at"] == border)
    assert token["id"] == border and token["label"].startswith("2")
    assert {"between": [border, "oak_grove"], "stroke": WORLD.colours["alliance"], "dash": False} in area_map["links"]
    creature = next(p for p in pieces if p["at"] == "J13")
    assert creature["id"] == "J13" and creature["label"] == "▲"
    assert [r["en"] for r in creature["tip"]["junction"]["regions"]] == [
        "Sacrificial Forest",
        "The Forest Edge",
        "Amber Grove",
    ]
    on_forest_edge = [p for p in pieces if p["at"] == "forest_edge"]
    assert [p["label"] if isinstance(p["label"], str) else p["label"]["en"] for p in on_forest_edge] == ["♜", "W", "M"]
    assert all(p["id"] == "forest_edge" for p in on_forest_edge)
    # the Legion looks: its track (castles, the action token, free divisions) and creatures
    assert track["length"] == 9 and track["title"]["faction"]["en"] == "Legion of Chaos"
    assert cards["cards"] == ["cerberus", "mortum", "goetius"]
    assert len(board["panels"]) == 4


def test_supporting_units_are_drawn_faded(table):
    t = table()
    t.put("forest_edge", "A", "W").put("oak_grove", "O", "D").put("cliff_of_sorrow", "O", "WD", castle=True)
    t.token("A", "melee", 1, "forest_edge", "oak_grove").token("O", "ranged", 1, "cliff_of_sorrow", "oak_grove")
    t.war()
    t.act({"type": "assign", "border": t.border("cliff_of_sorrow", "oak_grove"), "unit": "defender"})
    pieces = GAME.board(t.state, None)["elements"][0]["pieces"]
    units = {p["label"]["en"]: p for p in pieces if p["at"] == "cliff_of_sorrow" and p["tip"]["key"] != "castle_tip"}
    assert "faded" not in units["W"] and units["D"]["faded"]
    assert units["D"]["tip"]["key"] == "unit_support_tip"


def _clickable(board):
    area_map = board["elements"][0]
    ids = {r["id"] for r in area_map["regions"] if "id" in r} | {p["id"] for p in area_map["pieces"]}
    return ids | {card for element in board["elements"] if element["type"] == "cards" for card in element["cards"]}


def test_every_source_and_target_can_be_clicked_on_the_board():
    """Marches, orders, summons and abilities name a source and a target the board of the seat
    to move can click, all through a game with the optional rules."""
    engine = Engine(GAME)
    state = engine.new_game(4, options={"militia": True, "allies": True, "round_cap": 12}, seed=2)
    rnd = random.Random(2)
    seen = set()
    while not kernel.is_over(state):
        legal = engine.legal_actions(state)
        clickable = _clickable(GAME.board(state, kernel.to_move(state)))
        for action in legal:
            for field in GAME.action_parts.get(action["type"], {}).values():
                assert action[field] in clickable, action
                seen.add(action["type"])
        engine.apply(state, legal[rnd.randrange(len(legal))])
    assert {"march", "melee", "ranged", "summon", "assign", "recruit", "build"} <= seen, seen
    assert GAME.action_parts["march"] == {"source": "from", "target": "to"}


def test_map_data():
    w = WORLD
    assert len(w.region_ids) == 31 and len(w.borders) == 68 and len(w.junction_ids) == 38
    assert sum(w.is_water) == 3
    assert [w.terrain.count(t) for t in ("plains", "mountains", "forest")] == [10, 9, 9]
    ri = w.region_index
    assert sorted(w.region_ids[r] for r in w.adjacent[ri["wasteland"]]) == sorted(
        ["boundless_expanse", "bone_highlands", "saxum_ridges", "fallen_barrows", "howling_wilds"]
    )


def _playout(players, seed, options):
    engine = Engine(GAME)
    log = EventLog()
    s = engine.new_game(players, options={"round_cap": 12, **options}, seed=seed, log=log)
    rnd = random.Random(seed)
    while not kernel.is_over(s):
        legal = engine.legal_actions(s)
        assert legal
        engine.apply(s, legal[rnd.randrange(len(legal))], log=log)
        for f, g in enumerate(s["faction_of"]):
            on_map = [sum(s["units"][r][c] for r in range(31) if s["occupant"][r] == g) for c in range(3)]
            assert [a + b for a, b in zip(on_map, s["reserve"][g], strict=True)] == [3, 3, 3], f
        if kernel.pending(s) is None:  # a Cavalry Raid may overfill a region between its two moves
            assert all(sum(u) <= 3 for u in s["units"])
    return s, log


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_end_and_every_event_has_text(players):
    s, log = _playout(players, players, {"single_march": True, "militia": True, "allies": True})
    assert kernel.outcome(s) is not None
    names = [GAME.seat_name(s, seat) for seat in range(players)]
    for event in log.events:
        for lang in ("en", "ru"):
            assert event["key"] in GAME.messages[lang]
            line = render(event, GAME.messages, lang, names)
            assert "{" not in line, line


def test_every_action_has_a_label():
    engine = Engine(GAME)
    s = engine.new_game(4, options={"factions": "initiative", "allies": True}, seed=1)
    labels = {GAME.describe_action(s, a, "ru") for a in engine.legal_actions(s)}
    assert "Пас" in labels and any(label.startswith("Марш") for label in labels)
    assert (
        GAME.describe_action(s, {"type": "march", "from": "a", "to": "b", "units": [2, 0, 1]})
        == "March a → b 2 warriors, 1 mage"
    )


def test_heuristic():
    engine = Engine(GAME)
    s = engine.new_game(4, options={"factions": "initiative"}, seed=1)
    assert GAME.heuristic(s, 0) == 0.0
    s["track"][0][1] = False  # the Legion has one castle more
    s["castle"][WORLD.region_index["wasteland"]] = 0
    assert 0 < GAME.heuristic(s, 0) <= 1 and -1 <= GAME.heuristic(s, 1) < 0


def test_a_tuned_heuristic_weight_takes_effect_at_once(monkeypatch):
    """The weights are data (game.toml [heuristic]) read on each call: a balance script that
    tunes the loaded table changes the bots' judgement without a restart."""
    from boardwright.plugins.reliquium import heuristic

    engine = Engine(GAME)
    s = engine.new_game(4, options={"factions": "initiative"}, seed=1)
    s["track"][0][1] = False  # the Legion has one castle more
    before = GAME.heuristic(s, 0)
    monkeypatch.setitem(heuristic.WEIGHTS, "castle", heuristic.WEIGHTS["castle"] * 2)
    assert GAME.heuristic(s, 0) == pytest.approx(2 * before)


def test_action_labels_name_regions_and_creatures_in_both_languages():
    from boardwright.framework import PluginHost

    engine = PluginHost().engine("reliquium")
    state = engine.new_game(4, seed=1)
    game = engine.game
    march = {"type": "march", "from": "ashen_peaks", "to": "blackwood", "units": [1, 0, 0]}
    assert game.describe_action(state, march) == "March Ashen Peaks → Blackwood 1 warrior"
    assert game.describe_action(state, march, "ru") == "Марш Пепельные пики → Чернолесье воин ×1"
    summon = {"type": "summon", "creature": "cerberus", "junction": "J02"}
    assert game.describe_action(state, summon) == "Summon Cerberus where Ashen Peaks, Blackwood, Boundless Expanse meet"
    assert (
        game.describe_action(state, {"type": "recruit", "region": "ashen_peaks", "unit": "mage"}, "ru")
        == "Нанять: маг, Пепельные пики"
    )


def test_a_finished_game_s_status_says_so() -> None:
    """Once the game is over its header says so, not the round's phase it ended in."""
    import random

    from boardwright.framework import PluginHost, kernel
    from boardwright.framework.events import text

    engine = PluginHost().engine("reliquium")
    state = engine.new_game(2, seed=4, scenario="seven_castles")
    rng = random.Random(4)
    for _ in range(20000):
        if kernel.is_over(state):
            break
        engine.apply(state, rng.choice(engine.legal_actions(state)))
    assert kernel.is_over(state)
    status = engine.board(state, 0)["status"]
    assert text(status, engine.game.messages, "en").startswith("Game over after")
    assert text(status, engine.game.messages, "ru").startswith("Игра окончена")
