"""`greedy`: the best action by one step of look-ahead, the same choices as a plain reference."""

from __future__ import annotations

import random
import tomllib
from importlib import resources

import pytest

from boardwright.bots import greedy
from boardwright.bots.evaluation import (
    copier,
    copies_views,
    heuristic_value,
    hides_nothing,
    sample_state,
    sampler,
    terminal_values,
)
from boardwright.framework import Engine, Game, GameSpec, PluginHost, conformance, kernel
from boardwright.framework.bots import Turn

GAMES = sorted(PluginHost().games())


def _reference_choice(engine, turn, rng):
    """Greedy as first written: a `kernel.clone` per action, the heuristic through `heuristic_value`."""
    legal = turn.legal
    if len(legal) == 1:
        return legal[0]
    sampled = sample_state(turn, rng.getrandbits(63))
    seats = kernel.seats(sampled)
    best, best_value = [], -1.0
    for action in legal:
        after = kernel.clone(sampled)
        engine.apply_unchecked(after, action)
        if kernel.is_over(after):
            value = terminal_values(after, seats)[turn.seat] * 2 - 0.5
        else:
            value = heuristic_value(engine, after, turn.seat)
        if value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return best[rng.randrange(len(best))]


@pytest.mark.parametrize("game_id", GAMES)
def test_greedy_makes_the_reference_choices_in_a_whole_game(host, game_id):
    """Four seats of greedy (or the fewest the game allows) play on; every choice is checked
    against the reference with the same seed, so a faster greedy plays the very same games."""
    engine = host.engine(game_id)
    players = engine.spec.players[-1] if game_id == "reliquium" else engine.spec.players[0]
    state = engine.new_game(players, dict(engine.game.simulation_options), 21)
    bots = [host.bots()["greedy"].make(engine, seat, 100 + seat, "normal") for seat in range(players)]
    references = [random.Random(100 + seat) for seat in range(players)]
    checked = 0
    while not kernel.is_over(state) and checked < 150:
        seat = kernel.to_move(state)
        legal = engine.legal_actions(state)
        expected = _reference_choice(engine, Turn(engine, state, seat, legal), references[seat])
        chosen = bots[seat].choose(Turn(engine, state, seat, legal))
        assert chosen == expected, f"{game_id}: action {checked}"
        engine.apply_unchecked(state, chosen)
        checked += 1
    assert checked >= 7 and (checked == 150 or kernel.is_over(state))


@pytest.mark.parametrize("game_id", GAMES)
def test_copies_from_one_snapshot_equal_clones_and_are_independent(host, game_id):
    engine = host.engine(game_id)
    state = engine.new_game(engine.spec.players[0], dict(engine.game.simulation_options), 8)
    rng = random.Random(8)
    for _ in range(40):
        if kernel.is_over(state):
            break
        engine.apply_unchecked(state, rng.choice(engine.legal_actions(state)))
    for copy in (copier(state), copier(state, compile_after=2)):  # read back, then compiled (a long search)
        copies = [copy() for _ in range(4)]
        for made in copies:
            assert made == state and kernel.state_hash(made) == kernel.state_hash(state)
            assert (made["k"]["after"] is made["k"]["handon"]) == (state["k"]["after"] is state["k"]["handon"])
        first, *others = copies
        if not kernel.is_over(first):
            engine.apply_unchecked(first, engine.legal_actions(first)[0])
            assert first != state and all(other == state for other in others)


def _played(engine, seed, actions):
    state = engine.new_game(engine.spec.players[-1], dict(engine.game.simulation_options), seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if kernel.is_over(state):
            break
        engine.apply_unchecked(state, rng.choice(engine.legal_actions(state)))
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_the_reseeded_view_is_the_state_determinize_samples(host, game_id):
    """Greedy reseeds the view instead of cloning it where the game keeps the default
    `determinize`: the same state, and the real state and its view are left as they were."""
    engine = host.engine(game_id)
    state = _played(engine, 9, 25)
    seat = kernel.to_move(state)
    before = kernel.state_hash(state)
    turn = Turn(engine, state, seat, engine.legal_actions(state))
    view_before = kernel.clone(turn.view())
    sampled = greedy._sample(turn, 1234)
    assert sampled == sample_state(turn, 1234)
    assert kernel.state_hash(sampled) == kernel.state_hash(sample_state(turn, 1234))
    assert turn.view() == view_before and kernel.state_hash(state) == before


def test_reliquium_heuristic_reads_only_the_parts_it_names(host):
    """Parts outside `heuristic_reads`, taken from another position, never change the heuristic;
    greedy relies on it to skip asking again after an action that changed none of them."""
    engine = host.engine("reliquium")
    reads = engine.game.heuristic_reads
    states = [_played(engine, seed, depth) for seed, depth in ((11, 30), (12, 80), (13, 150), (14, 220))]
    unread = set(states[0]) - reads
    assert "k" in unread and "creatures" in unread
    differed = 0
    for state in states:
        for other in states:
            mixed = {key: (state[key] if key in reads else other[key]) for key in state}
            differed += any(mixed[key] != state[key] for key in unread)
            for seat in range(kernel.seats(state)):
                assert engine.game.heuristic(mixed, seat) == engine.game.heuristic(state, seat)
    assert differed >= 10


def test_reliquium_heuristic_counts_what_its_data_file_says(host):
    """Castles, units and threatened castles, weighted as game.toml's [heuristic], seat against best rival."""
    engine = host.engine("reliquium")
    data = resources.files("boardwright.plugins.reliquium") / "data" / "game.toml"
    weights = tomllib.loads(data.read_text(encoding="utf-8"))["heuristic"]
    state = engine.new_game(4, {}, 5)
    rng = random.Random(5)
    seen = set()
    for _ in range(400):
        if kernel.is_over(state):
            break
        worth = []
        for faction in state["faction_of"]:
            castles = state["track"][faction].count(False)
            units = sum(sum(t) for o, t in zip(state["occupant"], state["units"], strict=True) if o == faction)
            threatened = sum(
                1
                for token in state["tokens"]
                if token
                and token["kind"] == "melee"
                and token["faction"] != faction
                and state["castle"][token["target"]] == faction
            )
            worth.append(
                weights["castle"] * castles + weights["unit"] * units - weights["threatened_castle"] * threatened
            )
        for seat in range(4):
            rival = max(w for other, w in enumerate(worth) if other != seat)
            expected = max(-1.0, min(1.0, (worth[seat] - rival) / weights["lead_scale"]))
            assert engine.game.heuristic(state, seat) == pytest.approx(expected)
            seen.add(round(expected, 3))
        engine.apply_unchecked(state, rng.choice(engine.legal_actions(state)))
    assert len(seen) > 5  # the states differed in what the heuristic counts


@pytest.mark.parametrize("game_id", GAMES)
def test_a_searchs_samples_are_what_determinize_makes(host, game_id):
    """`mcts` copies the view from one snapshot, reseeds each copy and lets the game deal what
    is hidden (`Game.deal_hidden`): for every seed the same state as `determinize`, and the
    view is left as it was."""
    engine = host.engine(game_id)
    game = engine.game
    state = _played(engine, 11, 30)
    seat = kernel.to_move(state) if not kernel.is_over(state) else 0
    view = engine.view(state, seat)
    before = kernel.state_hash(view)
    assert copies_views(game)  # every bundled game keeps the default determinize
    sample = sampler(game, view, seat, compile_after=2)  # the search's own samples, compiled from the third
    for seed in range(5):
        assert kernel.state_hash(sample(seed)) == kernel.state_hash(game.determinize(view, seat, seed))
    assert kernel.state_hash(view) == before


class _Secret(Game):
    """Hides a number outside any zone: its view blanks it and `deal_hidden` guesses it."""

    spec = GameSpec(id="secret_test", version="1", title_en="Secret", title_ru="Тайна", players=(2,))

    def setup(self, state, setup):
        state["secret"] = 5

    def legal_actions(self, state):
        return [{"type": "pass"}, {"type": "stop"}]

    def apply(self, state, action, log):
        if action["type"] == "stop":
            kernel.finish(state, winners=[], reason="stopped")

    def view(self, state, seat):
        return {**super().view(state, seat), "secret": None}

    def deal_hidden(self, state, seat, seed):
        state["secret"] = seed % 7


def test_greedy_samples_through_deal_hidden_when_nothing_is_in_zones():
    """A game that deals what it hides (`deal_hidden`) without zones: greedy's sample is the
    one `determinize` makes, the number guessed, never the blank of the view."""
    engine = Engine(_Secret())
    state = engine.new_game(2, {}, 1)
    turn = Turn(engine, state, 0, engine.legal_actions(state))
    assert not hides_nothing(engine.game)
    sampled = greedy._sample(turn, 1234)
    assert sampled["secret"] == 1234 % 7
    assert kernel.state_hash(sampled) == kernel.state_hash(sample_state(turn, 1234))
    assert state["secret"] == 5 and turn.view()["secret"] is None


TELLING = [g for g in GAMES if type(PluginHost().games()[g]).heuristic_after is not Game.heuristic_after]


def test_the_games_that_tell_the_heuristic_after_an_action():
    assert {"reliquium", "book_of_war", "signum"} <= set(TELLING)


@pytest.mark.parametrize("game_id", TELLING)
def test_in_greedy_games_every_heuristic_told_is_the_heuristic_after_applying(host, game_id):
    """Greedy games reach other positions than random ones (the conformance check's): at each
    decision, every value a game tells for the seat to move is what applying the action gives,
    and greedy makes the same choice as when it applies every action."""
    engine = host.engine(game_id)
    game = engine.game
    players = engine.spec.players[0]
    state = engine.new_game(players, dict(game.simulation_options), 31)
    bots = [host.bots()["greedy"].make(engine, seat, 310 + seat, "normal") for seat in range(players)]
    references = [random.Random(310 + seat) for seat in range(players)]
    told = []
    for _ in range(150):
        if kernel.is_over(state):
            break
        seat = kernel.to_move(state)
        legal = engine.legal_actions(state)
        told += conformance.check_told(engine, state, [seat])
        expected = _reference_choice(engine, Turn(engine, state, seat, legal), references[seat])
        chosen = bots[seat].choose(Turn(engine, state, seat, legal))
        assert chosen == expected
        engine.apply_unchecked(state, chosen)
    assert told
