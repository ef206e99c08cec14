"""A game's own settings for the `mcts` levels (`Game.search_levels`, `[search.LEVEL]` in its
game.toml): taken by the bot the plugin makes, checked with one clear error."""

from __future__ import annotations

import pytest

from boardwright.bots.mcts import EXPLORATION, LEVELS, level_settings, make_mcts
from boardwright.framework import Engine, PluginHost


@pytest.fixture(scope="module")
def host() -> PluginHost:
    return PluginHost()


def test_every_game_names_only_levels_and_settings_the_search_knows(host):
    for game_id in host.games():
        game = host.engine(game_id).game
        assert set(type(game).search_levels) <= set(LEVELS), game_id
        for level in LEVELS:
            budget, exploration = level_settings(game, level)
            assert budget.iterations > 0 and exploration > 0


def test_reliquium_searches_its_hard_level_with_less_exploration(host):
    engine = host.engine("reliquium")
    hard, normal = make_mcts(engine, 0, 1, "hard"), make_mcts(engine, 0, 1, "normal")
    assert hard.exploration == 0.35 and hard.budget == LEVELS["hard"]
    assert normal.exploration == EXPLORATION and normal.budget == LEVELS["normal"]
    # the bot kind a person picks in the client or names to `simulate` is the same
    kind = host.bots()["mcts"]
    assert kind.make(engine, 0, 1, "hard").exploration == 0.35


def test_book_of_war_plays_its_hard_level_with_longer_rollouts(host):
    engine = host.engine("book_of_war")
    hard = host.bots()["mcts"].make(engine, 0, 1, "hard")
    assert hard.budget.rollout_depth == 40 and hard.budget.iterations == LEVELS["hard"].iterations
    assert hard.exploration == EXPLORATION
    assert make_mcts(engine, 0, 1, "normal").budget == LEVELS["normal"]


def _with(host, levels):
    base = type(host.engine("connect_four").game)
    game = type("Tuned", (base,), {"search_levels": levels})()
    return Engine(game)


def test_a_game_may_set_a_levels_iterations_and_rollouts(host):
    engine = _with(host, {"easy": {"iterations": 40, "rollout_depth": 3}})
    bot = make_mcts(engine, 0, 1, "easy")
    assert (bot.budget.iterations, bot.budget.rollout_depth) == (40, 3)
    assert bot.budget.seconds == LEVELS["easy"].seconds and bot.exploration == EXPLORATION


@pytest.mark.parametrize(
    ("levels", "said"),
    [
        ({"hard": {"explore": 0.3}}, "[search.hard] explore is no search setting"),
        ({"hard": {"exploration": -1}}, "[search.hard] exploration must be a number above 0"),
        ({"normal": {"iterations": "many"}}, "[search.normal] iterations must be a number above 0"),
        ({"normal": {"iterations": 10.5}}, "[search.normal] iterations must be a whole number"),
        ({"normal": {"rollout_depth": True}}, "[search.normal] rollout_depth must be a number above 0"),
    ],
)
def test_a_setting_the_search_cannot_take_is_one_clear_error(host, levels, said):
    engine = _with(host, levels)
    level = next(iter(levels))
    with pytest.raises(ValueError, match="connect_four: " + said.replace("[", r"\[").replace("]", r"\]")):
        make_mcts(engine, 0, 1, level)
