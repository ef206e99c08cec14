"""Drafts, modes, the event text, the board description and the bot heuristic."""

from __future__ import annotations

import random

import msgpack
import pytest

from boardwright.framework import Engine, kernel
from boardwright.framework.events import EventLog, render, text
from boardwright.plugins.bestiary.board_view import stage
from boardwright.plugins.bestiary.catalogue import CREATURES
from boardwright.plugins.bestiary.creatures import board_of
from boardwright.plugins.bestiary.rules import Bestiary

from .conftest import draft_schedule

RULES = Bestiary()
ENGINE = Engine(RULES)
MODES = {"duel": 2, "crossroads_duel": 2, "crossroads_teams": 4, "protorp_duel": 2, "protorp_ffa": 3}


def _steps(state):
    return draft_schedule(state)


def test_roster_has_32_creatures_with_three_abilities():
    assert len(CREATURES) == 32
    assert sum(1 for c in CREATURES.values() if c["set"] == "base") == 24
    assert all(len(c["support"]) == 2 and "attack" in c for c in CREATURES.values())
    assert {c["life"] for c in CREATURES.values()} <= {2, 3, 4, 5}


def test_beginner_bundles_must_not_share_a_creature():
    state = ENGINE.new_game(2, options={"draft": "beginner"}, seed=0)
    ENGINE.apply(state, {"type": "castle", "castle": "0,2"})  # Пустошь
    ENGINE.apply(state, {"type": "bundle", "bundle": 2})
    offered = [a["bundle"] for a in ENGINE.legal_actions(state)]
    assert offered == [1, 3, 4]  # bundle 5 shares Фригус with bundle 2
    ENGINE.apply(state, {"type": "bundle", "bundle": 3})
    # cards are laid out alternately, each player choosing the order of their own
    assert {a["creature"] for a in ENGINE.legal_actions(state)} == {"caballus", "carnifex", "frigus"}
    for cid in ("frigus", "cerberus", "caballus", "cornibus", "carnifex", "mortum"):
        ENGINE.apply(state, {"type": "place", "creature": cid})
    assert [state["creatures"][i]["id"] for i in state["tableaus"][0]] == ["frigus", "caballus", "carnifex"]
    board = board_of(state)
    assert board.keys[state["creatures"][state["tableaus"][0][0]]["hex"]] == "0,2"  # the leftmost enters
    assert board.keys[state["creatures"][state["tableaus"][1][0]]["hex"]] == "0,-2"


def test_draft_orders():
    adv = ENGINE.new_game(2, options={"draft": "advanced"}, seed=0)
    assert _steps(adv) == [("castle", 0)] + [("ban", s) for s in (0, 1) * 3] + [("pick", s) for s in (0, 1) * 3]
    comb = ENGINE.new_game(2, options={"draft": "combined"}, seed=0)
    assert _steps(comb) == [("castle", 0)] + [("ban", 0), ("ban", 1), ("pick", 0), ("pick", 1)] * 3
    second = ENGINE.new_game(2, options={"draft": "middle", "first_player": "2"}, seed=0)
    assert _steps(second)[:3] == [("castle", 1), ("pick", 1), ("pick", 0)]
    cross = ENGINE.new_game(2, options={"draft": "combined"}, scenario="crossroads_duel", seed=0)
    assert _steps(cross)[-2:] == [("pick", 0), ("pick", 1)] and sum(1 for k, _ in _steps(cross) if k == "pick") == 8


def test_protorp_bans_only_while_the_pool_allows():
    two = ENGINE.new_game(2, options={"draft": "advanced", "roster": "base24"}, scenario="protorp_duel", seed=0)
    assert sum(1 for k, _ in _steps(two) if k == "ban") == 6  # 24 - 6 >= 16
    three = ENGINE.new_game(3, options={"draft": "advanced", "roster": "base24"}, scenario="protorp_ffa", seed=0)
    assert sum(1 for k, _ in _steps(three) if k == "ban") == 0  # 24 - 3 < 24


def test_crossroads_duel_setup():
    state = ENGINE.new_game(2, scenario="crossroads_duel", seed=0)
    ENGINE.apply(state, {"type": "castles", "castles": ["-2,-1", "-2,3"]})  # north-west, south-west
    while stage(state) == "draft":
        ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    assert [len(t) for t in state["tableaus"]] == [4, 4]
    on_board = [sum(1 for i in tab if state["creatures"][i]["hex"] >= 0) for tab in state["tableaus"]]
    assert on_board == [2, 2]
    assert state["castle_damage"] == [2, 0]
    assert {"type": "end"} in ENGINE.legal_actions(state)


def test_team_lead_can_be_chosen():
    state = ENGINE.new_game(4, options={"team_lead": "choose"}, scenario="crossroads_teams", seed=0)
    while stage(state) == "draft":
        ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    assert ENGINE.legal_actions(state) == [{"type": "lead", "seat": 0}, {"type": "lead", "seat": 2}]
    ENGINE.apply(state, {"type": "lead", "seat": 2})
    assert kernel.to_move(state) == 2


@pytest.mark.parametrize("mode", list(MODES))
def test_playouts_finish_with_english_and_russian_text(mode):
    for seed in range(2):
        log = EventLog()
        state = ENGINE.new_game(MODES[mode], seed=seed, scenario=mode, log=log)
        pick = random.Random(seed)
        while not ENGINE.is_over(state):
            legal = ENGINE.legal_actions(state)
            assert legal
            ENGINE.apply(state, legal[pick.randrange(len(legal))], log=log)
        assert msgpack.unpackb(msgpack.packb(state), strict_map_key=False) == state
        keys = {e["key"] for e in log.events}
        assert {"period", "pick", "summon"} <= keys
        for event in log.events:
            for lang in ("en", "ru"):
                assert event["key"] in RULES.messages[lang]
                text = render(event, RULES.messages, lang, ["A", "B", "C", "D"])
                assert "{" not in text, text


def test_board_description():
    """A hex map by axial coordinates (no pixels): castles named and outlined, the towers' areas,
    creatures as pieces clickable by the ids the actions use, with their stats; the tableaus
    and the pool as creature cards; the castle tracks, the time disc and the towers beside it."""
    state = ENGINE.new_game(2, seed=3)
    first = RULES.board(state, 0)
    assert "size" not in first and "items" not in first
    castles = [c for c in first["elements"][0]["cells"] if c.get("width") == 4 and not c.get("dash")]
    assert {c["id"] for c in castles} == {a["castle"] for a in ENGINE.legal_actions(state)}  # click a castle
    assert {text(c["label"], RULES.messages) for c in castles} == {"Wasteland", "Forest-edge"}
    ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    draft = RULES.board(state, 0)
    pool = draft["elements"][0]
    assert pool["type"] == "cards" and set(pool["cards"]) == {a["creature"] for a in ENGINE.legal_actions(state)}
    while stage(state) == "draft":
        ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    desc = RULES.board(state, 0)
    grid = desc["elements"][0]
    assert grid["type"] == "hexgrid" and grid["orientation"] == "flat" and len(grid["cells"]) == 19
    assert not [c for c in grid["cells"] if isinstance(c.get("label"), dict)]  # creatures stand on the castles
    assert sum(1 for c in grid["cells"] if c.get("label") == "♜") == 2  # the two tower hexes
    pieces = grid["pieces"]
    assert len(pieces) == 2  # one creature in each castle
    sources = {a["creature"] for a in ENGINE.legal_actions(state) if "creature" in a}
    assert sources <= {p["id"] for p in pieces}
    assert all(len(p["stats"]) == 3 for p in pieces)
    tableaus = [e for e in desc["elements"] if e["type"] == "cards"]
    assert [len(e["cards"]) for e in tableaus] == [3, 3]
    seats = [RULES.seat_name(state, seat) for seat in range(2)]
    titles = [text(p["title"], RULES.messages, "en", seats) for p in desc["panels"]]
    assert titles == ["Castle of Player 1", "Castle of Player 2", "Time disc", "Towers"]
    protorp = ENGINE.new_game(2, seed=3, scenario="protorp_duel")
    grid = RULES.board(protorp, None)["elements"][0]
    assert grid["orientation"] == "pointy" and len(grid["cells"]) == 45
    assert any(c["fill"] == "#111111" for c in grid["cells"])  # the rift


def test_heuristic_follows_castle_damage():
    state = ENGINE.new_game(2, seed=3)
    while stage(state) == "draft":
        ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    assert RULES.heuristic(state, 0) < 0 < RULES.heuristic(state, 1)  # seat 0 starts with 2 damage
    state["castle_damage"] = [2, 9]
    assert -1 <= RULES.heuristic(state, 1) < 0 < RULES.heuristic(state, 0) <= 1
    assert RULES.scores(state) == [8.0, 1.0]


@pytest.mark.parametrize(
    ("scenario", "players", "options"),
    [
        ("crossroads_teams", 4, {"team_lead": "choose", "first_player": "2"}),
        ("duel", 2, {"first_player": "random", "draft": "combined"}),
        ("duel_beginner", 2, {"first_player": "2"}),
        ("crossroads_duel", 2, {"creatures": 3, "draft": "advanced"}),
        ("protorp_ffa", 4, {"first_player": "3", "draft": "advanced"}),
    ],
)
def test_option_playouts_finish(scenario, players, options):
    for seed in range(3):
        state = ENGINE.new_game(players, options=options, seed=seed, scenario=scenario)
        pick = random.Random(seed)
        while not ENGINE.is_over(state):
            legal = ENGINE.legal_actions(state)
            assert legal
            ENGINE.apply(state, legal[pick.randrange(len(legal))])
        assert kernel.outcome(state)["reason"]


def test_action_labels_name_creatures_and_targets_in_both_languages():
    from boardwright.framework import PluginHost

    engine = PluginHost().engine("bestiary")
    game = engine.game
    state = engine.new_game(seed=0)
    labels = {game.describe_action(state, a) for a in engine.legal_actions(state)}
    labels_ru = {game.describe_action(state, a, "ru") for a in engine.legal_actions(state)}
    assert all("=" not in label and "castle_" not in label for label in labels | labels_ru)
    assert any(label.startswith(("Castle: ", "Pick: ", "Ban: ")) for label in labels)
    assert any(label.startswith(("Замок: ", "Выбор: ", "Запрет: ")) for label in labels_ru)


def test_teams_the_second_team_shares_out_its_two_castles():
    """§3.4 step 4: the first team takes two castles, one each; the second team splits the other two."""
    engine = Engine(Bestiary())
    state = engine.new_game(players=4, scenario="crossroads_teams", seed=0)
    first = kernel.to_move(state)
    castles = engine.legal_actions(state)
    assert all(a["type"] == "castles" for a in castles) and len(castles) == 12  # ordered: mine, my mate's
    engine.apply(state, castles[0])
    splitter = kernel.to_move(state)
    assert splitter == (first + 1) % 4
    split = engine.legal_actions(state)
    assert [a["type"] for a in split] == ["split", "split"]
    assert RULES.describe_action(state, split[1], "ru").startswith("Беру замок")
    engine.apply(state, split[1])
    board = board_of(state)
    mine = board.castle_keys.index(split[1]["castle"])
    assert state["castle_owners"][mine] == splitter
    assert sorted(state["castle_owners"]) == [0, 1, 2, 3]
    assert state["castle_owners"][board.castle_keys.index(castles[0]["castles"][0])] == first
    assert state["castle_owners"][board.castle_keys.index(castles[0]["castles"][1])] == (first + 2) % 4
    assert engine.legal_actions(state)[0]["type"] == "ban"


def test_each_refusal_comes_from_its_moves_rule():
    """The draft's turns come in their order, and a duel's side ends its turn while 2v2
    teammates pass: each move says so itself (the kernel names a move of another phase)."""
    from boardwright.framework import IllegalAction

    state = ENGINE.new_game(2, options={"draft": "advanced"}, seed=0)
    refusals = {
        "hire is not a move of the castles phase (its moves: castle, castles, split)": {
            "type": "hire",
            "creature": "x",
            "castle": "",
        },
        "this draft turn is a castle, not a split": {"type": "split", "castle": "0,2"},
        "no castle 'nowhere'": {"type": "castle", "castle": "nowhere"},
    }
    for reason, action in refusals.items():
        with pytest.raises(IllegalAction) as refused:
            ENGINE.apply(state, action)
        assert refused.value.message == reason
    ENGINE.apply(state, {"type": "castle", "castle": "0,2"})
    banned = state["draft"]["pool"][0]
    with pytest.raises(IllegalAction, match="this draft turn is a ban, not a pick"):
        ENGINE.apply(state, {"type": "pick", "creature": banned})
    ENGINE.apply(state, {"type": "ban", "creature": banned})
    with pytest.raises(IllegalAction, match=f"{banned!r} is not in the pool"):
        ENGINE.apply(state, {"type": "ban", "creature": banned})
    rng = random.Random(3)
    while kernel.phase(state) in ("castles", "draft"):
        legal = ENGINE.legal_actions(state)
        ENGINE.apply(state, legal[rng.randrange(len(legal))])
    while kernel.pending(state) is not None:
        ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    with pytest.raises(IllegalAction, match=r"a side ends its turn here \(end\)"):
        ENGINE.apply(state, {"type": "pass"})
