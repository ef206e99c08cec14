"""One conformance suite for every registered game (house style, point 7).

Parametrised over each installed game, each of its player counts and each scenario:
seeded random playouts end (or reach the round cap) with legal actions always on
offer; illegal, mutated and out-of-turn actions are refused with the state unchanged;
replays reproduce every hash; states survive msgpack; views hide what a seat may not
see; determinized states agree with the view they came from; boards and event text
are complete in English and Russian.
"""

from __future__ import annotations

import random

import msgpack
import pytest

from boardwright.framework import EventLog, IllegalAction, PluginHost, kernel, render
from boardwright.framework.zones import can_see

PLAYOUT_SEEDS = (1, 2)
MAX_ACTIONS = 20_000
SHAPES = {"polygon", "hex", "circle", "rect", "line", "text"}


def _cases():
    host = PluginHost()
    cases = []
    for game_id, game in host.games().items():
        engine = host.engine(game_id)
        seen = set()
        for players in game.spec.players:
            cases.append((game_id, players, None))
            seen.add((players, None))
        for scenario in engine.scenarios.values():
            for players in scenario.players or game.spec.players[:1]:
                if (players, scenario.id) not in seen:
                    cases.append((game_id, players, scenario.id))
                    seen.add((players, scenario.id))
    return cases


CASES = _cases()
IDS = [f"{g}-{p}p" + (f"-{s}" if s else "") for g, p, s in CASES]


def _new(host, game_id, players, scenario, seed, log=None):
    engine = host.engine(game_id)
    options = dict(engine.game.simulation_options)
    state = engine.new_game(players, options, seed, scenario, **({"log": log} if log else {}))
    return engine, state


def _playout(engine, state, seed, visit=None, log=None):
    """Random legal playout; calls visit(state, step) before each action. Returns the actions."""
    rng = random.Random(seed)
    actions = []
    while not kernel.is_over(state):
        legal = engine.legal_actions(state)
        assert legal, f"no legal action while the game runs (after {len(actions)} actions)"
        assert 0 <= kernel.to_move(state) < kernel.seats(state)
        if visit:
            visit(state, len(actions))
        action = legal[rng.randrange(len(legal))]
        if log is not None:
            engine.apply(state, action, log=log)
        else:
            engine.apply_unchecked(state, action)
        actions.append(action)
        assert len(actions) < MAX_ACTIONS, "the playout does not end; set a round cap in simulation_options"
    return actions


@pytest.mark.parametrize(("game_id", "players", "scenario"), CASES, ids=IDS)
def test_random_playouts_end_and_replay_to_the_same_hashes(host, game_id, players, scenario):
    for seed in PLAYOUT_SEEDS:
        engine, state = _new(host, game_id, players, scenario, seed)
        start = kernel.state_hash(state)
        hashes = []
        rng = random.Random(seed)
        actions = []
        while not kernel.is_over(state):
            legal = engine.legal_actions(state)
            assert legal, "no legal action while the game runs"
            action = legal[rng.randrange(len(legal))]
            engine.apply(state, action)
            actions.append(action)
            hashes.append(kernel.state_hash(state))
            assert len(actions) < MAX_ACTIONS, "the playout does not end"
        outcome = engine.outcome(state)
        assert outcome is not None and set(outcome["winners"]) <= set(range(players))
        assert engine.legal_actions(state) == []

        # a second run of the same seed and actions gives the same hashes, wire-decoded actions too
        engine2, again = _new(host, game_id, players, scenario, seed)
        assert kernel.state_hash(again) == start
        for action, expected in zip(actions, hashes, strict=True):
            engine2.apply(again, msgpack.unpackb(msgpack.packb(action)))
            assert kernel.state_hash(again) == expected


@pytest.mark.parametrize(("game_id", "players", "scenario"), CASES, ids=IDS)
def test_illegal_mutated_and_out_of_turn_actions_change_nothing(host, game_id, players, scenario):
    engine, state = _new(host, game_id, players, scenario, 11)
    probe = random.Random(5)

    def visit(state, step):
        if step % 7:
            return
        before = kernel.state_hash(state)
        legal = engine.legal_actions(state)
        attempts = [{"type": "no-such-action"}, {"column": 1}, "march", None]
        base = legal[probe.randrange(len(legal))]
        for key, value in base.items():
            if key == "type":
                continue
            if isinstance(value, bool) or value is None:
                mutated = not value
            elif isinstance(value, int):
                mutated = value + 1009
            elif isinstance(value, str):
                mutated = value + "-x"
            elif isinstance(value, list):
                mutated = [*value, "zz"]
            else:
                mutated = "zz"
            attempts.append({**base, key: mutated})
        attempts.append({**base, "extra": 1})
        for attempt in attempts:
            if attempt in legal:
                continue
            with pytest.raises(IllegalAction) as caught:
                engine.apply(state, attempt)
            assert caught.value.message
            assert kernel.state_hash(state) == before
        if players > 1:
            wrong = (kernel.to_move(state) + 1) % players
            with pytest.raises(IllegalAction):
                engine.apply(state, base, seat=wrong)
            assert kernel.state_hash(state) == before

    _playout(engine, state, 3, visit)
    with pytest.raises(IllegalAction):
        engine.apply(state, {"type": "anything"})


def _hidden_from(state, seat):
    """Zones `seat` may not see, with the items it does not know."""
    out = []
    for zone_id, zone in state.get("zones", {}).items():
        if not can_see(zone, seat):
            unknown = [i for i, item in enumerate(zone["items"]) if item not in zone["revealed"]]
            out.append((zone_id, unknown))
    return out


@pytest.mark.parametrize(("game_id", "players", "scenario"), CASES, ids=IDS)
def test_views_hide_secrets_and_determinize_agrees(host, game_id, players, scenario):
    engine, state = _new(host, game_id, players, scenario, 21)
    game = engine.game
    seats = [*range(players), None]

    def visit(state, step):
        if step % 5:
            return
        assert msgpack.unpackb(msgpack.packb(state), strict_map_key=False) == state
        for seat in seats:
            view = engine.view(state, seat)
            assert view["k"]["rng"] is None, "a view must not hold the random generator"
            msgpack.packb(view)
            # shuffling what the seat cannot see must not change what it sees
            scrambled = kernel.clone(state)
            hidden = _hidden_from(scrambled, seat)
            pool = [scrambled["zones"][z]["items"][i] for z, idx in hidden for i in idx]
            random.Random(step).shuffle(pool)
            for zone_id, idx in hidden:
                for i in idx:
                    scrambled["zones"][zone_id]["items"][i] = pool.pop()
            assert engine.view(scrambled, seat) == view, f"seat {seat}'s view shows what it may not see"
            if seat is not None and kernel.to_move(state) == seat:
                guess = game.determinize(view, seat, 99)
                assert engine.view(guess, seat) == view, "determinize disagrees with the view"
                assert engine.legal_actions(guess) == engine.legal_actions(state)

    _playout(engine, state, 4, visit)


@pytest.mark.parametrize(("game_id", "players", "scenario"), CASES, ids=IDS)
def test_board_and_event_text_are_complete(host, game_id, players, scenario):
    log = EventLog()
    engine, state = _new(host, game_id, players, scenario, 31, log)
    game = engine.game

    def visit(state, step):
        if step % 9:
            return
        for seat in [*range(players), None]:
            board = engine.board(state, seat)
            msgpack.packb(board)
            assert isinstance(board.get("items"), list) and board["items"], "a board with nothing to draw"
            for item in board["items"]:
                assert item.get("shape") in SHAPES, f"unknown shape in {item}"

    _playout(engine, state, 6, visit, log)
    assert log.events, "a whole game that logged nothing"
    names = [game.seat_name(state, s) for s in range(players)]
    for event in log.events:
        for lang in ("en", "ru"):
            assert event["key"] in game.messages.get(lang, {}), f"no {lang} text for event {event['key']!r}"
            text = render(event, game.messages, lang, names)
            assert "{" not in text, f"unfilled field in {lang} text: {text}"
