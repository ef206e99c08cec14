"""Set-up, the draft (T20), creatures (T21), the Horde (T22), "Protorp" (T23), four players (T24)."""

from __future__ import annotations

import random

import pytest

from boardwright.framework import Engine, EventLog, IllegalAction, kernel, render, zones
from boardwright.plugins.book_of_war import draft, supply
from boardwright.plugins.book_of_war.rules import BookOfWar


def _known(zone):
    """The cards a redacted zone shows its viewer."""
    return [card for _index, card in zone["known"]]


def _setup_until(engine, state, log, picks, colour="red", stop="draft_keep"):
    """Drive set-up: picks in seat order of choosing; stops at the phase `stop`."""
    while kernel.phase(state) != stop:
        phase = kernel.phase(state)
        legal = engine.legal_actions(state)
        if phase == "pick":
            picked = sum(1 for faction in state["faction"] if faction)
            chosen = next(a for a in legal if a["faction"] == picks[picked])
        elif phase == "colour":
            chosen = {"type": "colour", "colour": colour}
        else:
            chosen = legal[0]
        engine.apply(state, chosen, log=log)


def _new(players=2, scenario=None, seed=11):
    game = BookOfWar()
    engine = Engine(game)
    log = EventLog()
    state = engine.new_game(players=players, seed=seed, scenario=scenario, log=log)
    return game, engine, state, log


def test_t20_draft():
    _game, engine, state, log = _new()
    _setup_until(engine, state, log, ["brotherhood", "legion"])
    p1 = kernel.active(state)  # the first player drafts first
    p2 = 1 - p1
    z = state["zones"]
    deck = z["landdeck"]["items"]
    deck.extend(z[f"draft:{p1}"]["items"])
    z[f"draft:{p1}"]["items"] = []
    top = []
    for letter in "EEWNSN":
        card = next(c for c in deck if c[0] == letter and c not in top)
        top.append(card)
    rest = [c for c in deck if c not in top]
    z["landdeck"]["items"] = rest + list(reversed(top))
    draft.draw(state, log)
    engine._cached_state = None
    assert sorted(c[0] for c in z[f"draft:{p1}"]["items"]) == ["E", "E", "W"]
    engine.apply(state, {"type": "draft_keep", "land": "W"}, log=log)
    assert kernel.active(state) == p2
    assert engine.legal_actions(state) == [{"type": "draft_receive", "land": "E"}]
    engine.apply(state, {"type": "draft_receive", "land": "E"}, log=log)
    assert sorted(c[0] for c in z[f"draft:{p2}"]["items"]) == ["N", "N", "S"]
    engine.apply(state, {"type": "draft_keep", "land": "S"}, log=log)
    engine.apply(state, {"type": "draft_receive", "land": "N"}, log=log)
    hands = {seat: sorted(c[0] for c in z[f"lands:{seat}"]["items"]) for seat in (p1, p2)}
    assert hands == {p1: ["N", "N", "W"], p2: ["E", "S", "S"]}
    assert [c[0] for c in z["discard"]["items"]] == ["E", "N"]
    assert kernel.phase(state) == "offensive"
    # P1 knows P2's start card (S) and the passed E, but not P2's own pick
    seen = engine.view(state, p1)["zones"][f"lands:{p2}"]
    assert seen["count"] == 3 and "items" not in seen
    assert sorted(c[0] for c in _known(seen)) == ["E", "S"]
    seen = engine.view(state, p2)["zones"][f"lands:{p1}"]
    assert sorted(c[0] for c in _known(seen)) == ["N", "N"]


def test_draft_cards_reach_only_the_right_seats():
    game, engine, state, log = _new(seed=5)
    _setup_until(engine, state, log, ["order", "alliance"], stop="offensive")
    p1, p2 = 0, 1
    for seat, other in ((p1, p2), (p2, p1)):
        texts = [render(e, game.messages, "en") for e in log.visible_to(seat)]
        assert any(t.startswith("Drafted:") for t in texts)
        secret = [e for e in log.events if e["key"] == "draft_draw_secret" and e["params"]["seat"] == other]
        assert secret and all(e not in log.visible_to(seat) for e in secret)
        hands = [e for e in log.events if e["key"] == "draw_units_secret" and e["params"]["seat"] == other]
        assert hands and all(e not in log.visible_to(seat) for e in hands)


def test_t21_creature_refresh(table):
    lib = table.state["library"][0]
    lib.update({"armus": "spent", "malleus": "in_hand", "catapultus": "locked"})
    table.unit(0, "hammerers", "b2")
    table.play(type="summon", creature="malleus", targets=None)
    table.play(type="pass")
    table.play(type="pass")
    assert lib == {"armus": "in_hand", "malleus": "in_hand", "catapultus": "locked"}


def test_t21_refresh_waits_for_an_empty_hand(table):
    lib = table.state["library"][0]
    lib.update({"armus": "spent", "malleus": "in_hand", "catapultus": "locked"})
    table.play(type="pass")
    table.play(type="pass")
    assert lib["armus"] == "spent" and lib["malleus"] == "in_hand"


def test_one_creature_per_round(table):
    table.state["library"][0].update({"armus": "in_hand", "malleus": "in_hand"})
    h = table.unit(0, "hammerers", "b2")
    table.play(type="summon", creature="armus", targets=[h])
    assert table.u(h)["shields"] == 1
    table.play(type="pass")
    assert not table.find(type="summon")


def test_t22_horde_castles():
    _game, engine, state, log = _new(seed=3)
    _setup_until(engine, state, log, ["horde", "legion"], stop="castle")
    horde = state["faction"].index("horde")
    options = {a["castle"] for a in engine.legal_actions(state)}
    assert options == {"a0", "c1", "a5", "c4", "g0", "e1"}
    engine.apply(state, {"type": "castle", "castle": "c1"}, log=log)
    assert {a["castle"] for a in engine.legal_actions(state)} == {"a5", "c4", "g0", "e1"}
    engine.apply(state, {"type": "castle", "castle": "e1"}, log=log)
    assert kernel.phase(state) == "start_unit" and kernel.active(state) == horde
    assert engine.legal_actions(state) == [
        {"type": "start_unit", "unit_type": "poisoners", "castle": "c1"},
        {"type": "start_unit", "unit_type": "mages", "castle": "c1"},
    ]
    engine.apply(state, {"type": "start_unit", "unit_type": "mages", "castle": "c1"}, log=log)
    while kernel.phase(state) == "start_unit":
        engine.apply(state, engine.legal_actions(state)[0], log=log)
    assert state["units"][state["colour"][kernel.side_of(state, horde)] + "_mages"]["hex"] == "c1"
    assert kernel.phase(state) == "start_land" and kernel.active(state) == horde
    assert engine.legal_actions(state) == [{"type": "start_land", "land": "N"}, {"type": "start_land", "land": "W"}]
    units = sorted(u["hex"] for u in state["units"].values() if u["owner"] == horde)
    assert units == ["c1", "e1"]


def test_t23_protorp_setup():
    _game, engine, state, log = _new(scenario="protorp", seed=4)
    _setup_until(engine, state, log, ["brotherhood", "legion"], stop="start_unit")
    for _ in range(2):
        seat = kernel.active(state)
        engine.apply(state, engine.legal_actions(state)[0], log=log)
    castles = {c: owner for c, owner in state["castles"].items() if owner is not None}
    brother = state["faction"].index("brotherhood")
    assert castles == {"c1": kernel.side_of(state, brother), "e4": 1 - kernel.side_of(state, brother)}
    assert sorted(u["hex"] for u in state["units"].values()) == ["c1", "e4"]
    for seat in (0, 1):
        side = kernel.side_of(state, seat)
        assert len(state["zones"][f"units:{side}"]["items"]) + len(state["zones"][f"hand:{seat}"]["items"]) == 11


def test_t23_protorp_rules(make_table):
    t = make_table(scenario="protorp")
    st = t.state
    st["castles"] = {c: None for c in st["castles"]}
    st["castles"]["c1"] = 0
    t.unit(0, "hammerers", "b0")
    t.hand_units(0, ["archers"])
    assert sorted(supply.hire_hexes(st, 0)) == ["c2", "c3"]
    t.unit(1, "swordsmen", "c2")
    t.unit(1, "mages", "c3")
    assert sorted(supply.hire_hexes(st, 0)) == ["b2", "b3", "c1"]
    t.play(type="manoeuvre", unit="red_hammerers", to="a0")
    assert st["castles"]["a0"] is None


def test_t23_protorp_summon_costs(make_table):
    t = make_table(scenario="protorp")
    st = t.state
    st["library"][0] = {"armus": "in_hand", "malleus": "in_hand", "catapultus": "in_hand"}
    h = t.unit(0, "hammerers", "b2")
    t.lands(0, "NN")
    t.unit(1, "swordsmen", "f3")
    assert t.find(type="summon", land=None) and not t.find(type="summon", land="N")
    t.play(type="summon", creature="armus", targets=[h])
    assert t.vp == [0, 0]
    t.turn(0)
    assert not t.find(type="summon", land=None)
    t.play(type="summon", creature="malleus", land="N", targets=None)
    assert t.vp == [1, 0]
    t.turn(0)
    t.play(type="summon", creature="catapultus", land="N", targets=["e4"])
    assert t.vp == [1 + 3 + 2, 0]
    assert st["general"][0] is False and st["castles"]["e4"] is None
    t.turn(0)
    assert not t.find(type="summon")


def test_t24_four_player_hiring(make_table):
    t = make_table(players=4)
    st = t.state
    st["vp"] = [40, 0]
    t.unit(0, "hammerers", "b2")
    t.unit(0, "catapults", "b3")
    t.unit(2, "archers", "d1")
    t.unit(2, "seers", "d0")
    t.hand_units(0, ["cavalry", "mages"])
    t.hand_units(2, ["defenders", "healers"])
    for _ in range(4):
        t.play(type="pass")
    assert st["vp"][0] == 42 and kernel.phase(st) == "hire" and kernel.active(st) == 0
    assert t.find(type="defer")
    t.play(type="defer")
    assert kernel.active(st) == 2 and not t.find(type="defer")
    t.play(type="hire", card="red_defenders", hex="a0")
    assert kernel.phase(st) == "lead"


def test_t24_parity_and_shared_creatures(make_table):
    t = make_table(players=4)
    st = t.state
    st["vp"] = [52, 0]
    for unit_type, hex_id in (("hammerers", "b2"), ("catapults", "b3"), ("cavalry", "a2")):
        t.unit(0, unit_type, hex_id)
    t.unit(2, "archers", "d1")
    t.unit(2, "seers", "d0")
    t.hand_units(0, ["mages"])
    t.hand_units(2, ["defenders"])
    for _ in range(4):
        t.play(type="pass")
    assert kernel.active(st) == 2 and not t.find(type="defer")
    t = make_table(players=4)
    st = t.state
    st["vp"] = [13, 0]
    t.unit(0, "hammerers", "b2")
    t.unit(2, "archers", "d1")
    t.hand_units(0, ["mages"])
    for _ in range(4):
        t.play(type="pass")
    t.play(type="hire", card="red_mages", hex="a0")
    assert st["library"][0]["armus"] == "in_hand"
    assert st["library"][2]["fidea"] == "in_hand"


def test_four_player_turns_alternate_teams(make_table):
    t = make_table(players=4)
    for seat in range(4):
        t.unit(seat, ["hammerers", "swordsmen", "catapults", "companions"][seat], ["a1", "g3", "a2", "g4"][seat])
    seen = []
    for _ in range(4):
        seen.append(kernel.active(t.state))
        t.play(type="pass")
    assert seen == [0, 1, 2, 3]
    # 2 : 2 after the castles, green scored last: green's team chooses who leads
    assert t.vp == [2, 2] and kernel.phase(t.state) == "lead" and kernel.active(t.state) == 1
    assert t.legal() == [{"type": "lead", "seat": 1}, {"type": "lead", "seat": 3}]
    t.play(type="lead", seat=3)
    seen = []
    for _ in range(4):
        seen.append(kernel.active(t.state))
        t.play(type="pass")
    assert seen == [3, 0, 1, 2]


def test_views_show_the_team_mate_hand_and_hide_the_opponents_and_decks():
    """D-39: team-mates see each other's cards; opponents see counts only."""
    _game, engine, state, log = _new(players=4, seed=9)
    _setup_until(engine, state, log, ["brotherhood", "legion", "order", "alliance"], stop="lead")
    for seat in range(4):
        mate = (seat + 2) % 4
        view = engine.view(state, seat)
        for zone_id, z in state["zones"].items():
            shown = view["zones"][zone_id]
            if z["vis"] == zones.PUBLIC or (z["vis"] == zones.OWNER and z["owner"] in (seat, mate)):
                assert shown["items"] == z["items"]
            else:
                assert "items" not in shown and shown["count"] == len(z["items"])
        packed = kernel.pack(view)
        for other in range(4):
            if other not in (seat, mate):
                for card in state["zones"][f"hand:{other}"]["items"]:
                    assert card.encode() not in packed
        assert state["zones"][f"hand:{mate}"]["items"], "the team-mate holds cards to show"


def test_determinize_is_consistent_with_the_view():
    game, engine, state, log = _new(seed=2)
    _setup_until(engine, state, log, ["order", "horde"], stop="offensive")
    for seat in (0, 1):
        view = engine.view(state, seat)
        full = game.determinize(view, seat, 99)
        assert full["zones"][f"hand:{seat}"] == state["zones"][f"hand:{seat}"]
        assert full["zones"]["discard"] == state["zones"]["discard"]
        for zone_id, z in state["zones"].items():
            assert len(full["zones"][zone_id]["items"]) == len(z["items"])
        lands = sorted(c for zone_id, z in full["zones"].items() for c in z["items"] if c[0] in "NSEW")
        assert lands == sorted(c for z in state["zones"].values() for c in z["items"] if c[0] in "NSEW")
        assert full["units"] == state["units"]
        other = 1 - seat
        revealed = _known(view["zones"][f"lands:{other}"])
        assert set(revealed) <= set(full["zones"][f"lands:{other}"]["items"])
        assert engine.legal_actions(full)


def test_protorp_four_players_start_in_inner_castles():
    _game, engine, state, log = _new(players=4, scenario="protorp", seed=6)
    _setup_until(engine, state, log, ["brotherhood", "legion", "order", "horde"], stop="lead")
    held = sorted(c for c, owner in state["castles"].items() if owner is not None)
    assert held == ["c1", "c4", "e1", "e4"]
    assert sorted(u["hex"] for u in state["units"].values()) == held
    for seat in range(4):
        assert len(state["zones"][f"hand:{seat}"]["items"]) == 2
        assert len(state["zones"][f"lands:{seat}"]["items"]) == 2
    # the drafting player sees the cards it gave its team-mate: the team shows its hands
    given = next(e for e in log.events if e["key"] == "split")
    giver, mate = given["params"]["seat"], given["params"]["other_seat"]
    assert engine.view(state, giver)["zones"][f"lands:{mate}"]["items"] == state["zones"][f"lands:{mate}"]["items"]
    assert "items" not in engine.view(state, (giver + 1) % 4)["zones"][f"lands:{mate}"]


def test_a_determinized_game_plays_on_through_the_four_player_split():
    """An opponent's guess must hold the drafted cards a drafter still has to split."""
    import random

    game, engine, state, _log = _new(players=4, seed=kernel.derive_seed(3, 0))
    rng = random.Random(0)
    for _ in range(40):
        seat = kernel.to_move(state)
        view = engine.view(state, seat)
        for guess_seed in range(20):
            guess = game.determinize(view, seat, guess_seed)
            play = random.Random(guess_seed)
            for _ in range(60):
                if kernel.is_over(guess):
                    break
                legal = engine.legal_actions(guess)
                assert legal, f"a guessed state with no legal action in the {kernel.phase(guess)} phase"
                engine.apply_unchecked(guess, play.choice(legal))
        engine.apply_unchecked(state, rng.choice(engine.legal_actions(state)))


@pytest.mark.parametrize("players", [2, 4])
def test_series_the_loser_goes_first_in_the_next_game(players):
    """Digest 9.1: the loser of a game is the first player of the next one; a draw flips a coin."""
    from boardwright.framework.match import Match

    engine = Engine(BookOfWar())
    seen = set()
    for seed in range(6):
        match = Match(engine, players, {"target_vp": 20}, seed)
        rng = random.Random(seed)
        while not match.is_over():
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
        winners = match.outcome()["winners"]
        following = match.next_in_series()
        assert following["target_vp"] == 20
        if not winners:
            assert following["first_side"] == "random"
            continue
        loser_side = 1 - kernel.side_of(match.state, winners[0])
        assert following["first_side"] == str(loser_side + 1)
        nxt = engine.new_game(players, following, seed + 100)
        assert nxt["on_top"] == loser_side
        assert kernel.active(nxt) in [s for s in range(players) if kernel.side_of(nxt, s) == loser_side]
        seen.add(loser_side)
    assert seen == {0, 1}  # both sides lost once in these seeds, so both cases ran


def test_series_is_none_before_the_end():
    engine = Engine(BookOfWar())
    state = engine.new_game(2, {}, 1)
    assert engine.next_in_series(state, engine.spec.resolve_options({})) is None


def test_t22_the_horde_is_told_why_a_castle_is_refused():
    """Two castles in two different lands (3.2 step 5); a castle is taken once."""
    _game, engine, state, log = _new(seed=3)
    _setup_until(engine, state, log, ["horde", "legion"], stop="castle")
    engine.apply(state, {"type": "castle", "castle": "c1"}, log=log)
    with pytest.raises(IllegalAction, match="two lands"):
        engine.apply(state, {"type": "castle", "castle": "a0"}, log=log)
    with pytest.raises(IllegalAction, match="taken"):
        engine.apply(state, {"type": "castle", "castle": "c1"}, log=log)


def test_four_players_the_first_team_chooses_who_picks_a_faction_first():
    """3.3 step 3: "players pick factions one at a time, starting with any player of the
    first team and going clockwise"."""
    _game, engine, state, log = _new(players=4, seed=5)
    assert kernel.phase(state) == "pick_lead"
    first = kernel.active(state)
    mate = next(seat for seat in kernel.team_of(state, first) if seat != first)
    assert engine.legal_actions(state) == [{"type": "lead", "seat": seat} for seat in kernel.team_of(state, first)]
    engine.apply(state, {"type": "lead", "seat": mate}, log=log)
    picked = []
    while kernel.phase(state) == "pick":
        picked.append(kernel.active(state))
        engine.apply(state, engine.legal_actions(state)[0], log=log)
    assert picked == [(mate + step) % 4 for step in range(4)]


def test_two_players_pick_from_the_first_player_with_no_one_to_choose():
    """3.2 step 3: "Starting with the first player, each player picks" (the coin flip's)."""
    for seed in range(4):
        _game, _engine, state, _log = _new(players=2, seed=seed)
        assert kernel.phase(state) == "pick" and kernel.active(state) == state["on_top"]
