"""`Engine.prepare`: a series' set-up checked once gives the same games as `new_game`, and
the games it makes share nothing a game may change."""

from __future__ import annotations

import pytest

from boardwright.framework import Engine, Game, GameSpec, OptionError, PluginHost, kernel


@pytest.fixture(scope="module")
def host():
    return PluginHost()


def _setups(host):
    """(game, players, scenario) for every registered game: each player count with the
    default scenario, and the game's short scenario."""
    for game_id in sorted(host.games()):
        engine = host.engine(game_id)
        for players in engine.spec.players:
            yield game_id, players, None
        short = engine.game.short_scenario
        if short:
            yield game_id, None, short


def test_a_prepared_set_up_makes_the_games_new_game_makes(host):
    checked = 0
    for game_id, players, scenario in _setups(host):
        engine = host.engine(game_id)
        options = dict(engine.game.simulation_options)
        prepared = engine.prepare(players, options, scenario)
        for seed in (0, 1, 77):
            # a fresh engine: no set-up remembered by an earlier new_game
            expected = host.engine(game_id).new_game(players, options, seed, scenario)
            assert kernel.state_hash(prepared.new_game(seed)) == kernel.state_hash(expected), (game_id, players)
            checked += 1
    assert checked >= 3 * len(host.games())


def test_games_of_one_set_up_share_no_part_a_game_may_change(host):
    engine = host.engine("book_of_war")
    prepared = engine.prepare(4)
    first, second = prepared.new_game(1), prepared.new_game(1)
    assert first["k"]["teams"] == [[0, 2], [1, 3]]
    first["k"]["teams"][0].append(9)
    first["k"]["side"][0] = 9
    assert second["k"]["teams"] == [[0, 2], [1, 3]]
    assert second["k"]["side"] == [0, 1, 0, 1]
    assert kernel.state_hash(prepared.new_game(1)) == kernel.state_hash(second)


def test_a_set_up_remembered_by_new_game_never_lets_a_refused_value_through(host):
    engine = host.engine("connect_four")
    assert len(engine.new_game(2, {"columns": 5}, 1)["columns"]) == 5
    # equal to 5 as a key, but not a whole number: refused as on first sight
    with pytest.raises(OptionError, match="expected int"):
        engine.new_game(2, {"columns": 5.0}, 1)
    assert len(engine.new_game(2, {"connect": 3}, 1)["columns"]) == 7
    with pytest.raises(OptionError, match="expected int"):
        engine.new_game(2, {"connect": True}, 1)
    with pytest.raises(OptionError, match="not 3"):
        engine.new_game(3)
    # a value that cannot be a key is checked each time
    with pytest.raises(OptionError):
        engine.new_game(2, {"columns": [5]}, 1)


def test_the_options_a_game_is_given_are_its_own(host, monkeypatch):
    engine = host.engine("connect_four")
    prepared = engine.prepare(2, {"columns": 6})
    seen = []
    game = engine.game
    real = type(game).setup

    def setup(self, state, setup):
        seen.append(setup.options)
        setup.options["columns"] = 99  # a game that changes what it was given
        real(self, state, setup)

    monkeypatch.setattr(type(game), "setup", setup)
    a, b = prepared.new_game(1), prepared.new_game(2)
    assert seen[0] is not seen[1]
    assert prepared.options["columns"] == 6
    assert len(a["columns"]) == len(b["columns"]) == 99


def test_a_start_that_reads_no_seed_is_copied_and_every_copy_is_its_own(host, monkeypatch):
    """Connect Four's start does not depend on the seed: after two full set-ups every game is a
    copy of the started state with its seed put in, the same game as a full set-up makes."""
    engine = host.engine("connect_four")
    calls = []
    real = type(engine.game).setup
    monkeypatch.setattr(
        type(engine.game), "setup", lambda self, state, setup: calls.append(1) or real(self, state, setup)
    )
    prepared = engine.prepare(2)
    games = [prepared.new_game(seed) for seed in range(10)]
    assert len(calls) == 2
    monkeypatch.setattr(type(engine.game), "setup", real)
    for seed, game in enumerate(games):
        assert kernel.state_hash(game) == kernel.state_hash(host.engine("connect_four").prepare(2).new_game(seed))
        assert game["k"]["rng"] == seed
    parts = [{id(part) for part in _containers(game)} for game in games]
    assert all(not parts[0] & other for other in parts[1:])
    games[2]["columns"][0].append(1)
    assert games[3]["columns"][0] == [] and prepared.new_game(5)["columns"][0] == []


def _containers(value, found=None):
    found = [] if found is None else found
    if type(value) in (dict, list):
        found.append(value)
        for item in value.values() if type(value) is dict else value:
            _containers(item, found)
    return found


class _Start(Game):
    spec = GameSpec(id="start_test", version="1", title_en="Start", title_ru="Начало", players=(2,))

    def legal_actions(self, state):
        return [{"type": "pass"}]

    def apply(self, state, action, log):
        kernel.finish(state, winners=[], reason="passed")


class _ReadsItsSeed(_Start):
    """Reads its seed, but seeds 0 and 1 start alike: only the watch on the seed tells."""

    def setup(self, state, setup):
        state["mark"] = setup.seed // 2 % 3


class _Draws(_Start):
    def setup(self, state, setup):
        state["mark"] = kernel.rng_below(state, 1000)


class _DrawsAndPutsTheGeneratorBack(_Start):
    """Draws, then puts the generator back as it found it: the second full set-up catches it."""

    def setup(self, state, setup):
        seeded = state["k"]["rng"]
        state["mark"] = kernel.rng_below(state, 1000)
        state["k"]["rng"] = seeded


@pytest.mark.parametrize("game", [_ReadsItsSeed, _Draws, _DrawsAndPutsTheGeneratorBack])
def test_a_start_that_depends_on_the_seed_is_set_up_for_every_game(game):
    prepared = Engine(game()).prepare(2)
    marks = [prepared.new_game(seed)["mark"] for seed in range(12)]
    expected = [Engine(game()).prepare(2).new_game(seed)["mark"] for seed in range(12)]
    assert marks == expected
    assert len(set(marks)) > 1
