"""A game's own settings for the `mcts` levels (`Game.search_levels`, `[search.LEVEL]` in its
game.toml): taken by the bot the plugin makes, checked with one clear error."""

from __future__ import annotations

from dataclasses import replace

import pytest

from boardwright.bots.mcts import EXPLORATION, LEVELS, level_settings, make_mcts
from boardwright.framework import Engine, PluginHost, kernel


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


def test_book_of_war_plays_its_hard_level_with_longer_rollouts_and_normal_with_fewer_iterations(host):
    """Its search gains little beyond 1000 iterations: normal searches 500, so that hard is a
    step above it (benchmarks/RESULTS-bots.md); easy is the bot's own."""
    engine = host.engine("book_of_war")
    make = host.bots()["mcts"].make
    hard, normal = make(engine, 0, 1, "hard"), make(engine, 0, 1, "normal")
    assert hard.budget.rollout_depth == 40 and hard.budget.iterations == LEVELS["hard"].iterations
    assert hard.exploration == EXPLORATION
    assert normal.budget == replace(LEVELS["normal"], iterations=500) and normal.exploration == EXPLORATION
    assert make_mcts(engine, 0, 1, "easy").budget == LEVELS["easy"]


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


def test_a_level_may_split_its_iterations_over_independent_searches(host):
    engine = _with(host, {"hard": {"trees": 3}})
    bot = make_mcts(engine, 0, 1, "hard")
    assert bot.budget.trees == 3 and bot.budget.iterations == LEVELS["hard"].iterations
    with pytest.raises(ValueError, match=r"\[search.hard\] trees must be a whole number"):
        make_mcts(_with(host, {"hard": {"trees": 1.5}}), 0, 1, "hard")


def test_independent_searches_share_the_budget_and_vote_with_their_visits(host):
    from boardwright.bots import mcts
    from boardwright.framework.bots import Turn

    engine = host.engine("book_of_war")
    state = engine.new_game(2, {}, seed=4)
    for _ in range(30):  # a position in play, with hidden cards and dice
        engine.apply_unchecked(state, engine.legal_actions(state)[0])
    seat = kernel.to_move(state)
    turn = Turn(engine, state, seat, engine.legal_actions(state))
    searched: list[int] = []
    bot = mcts.MctsBot(engine, seat, 7, mcts.Budget(iterations=90, seconds=1e9, trees=3, stop_when_settled=False))
    real_search = bot._search

    def counted(*args, **kwargs):
        root = real_search(*args, **kwargs)
        searched.append(root.visits)
        return root

    bot._search = counted
    chosen = bot.choose(turn)
    assert chosen in turn.legal
    assert searched == [30, 30, 30] and bot.iterations == 90


def test_the_votes_of_independent_searches():
    from boardwright.bots.mcts import Node, _rank_in

    def root(**children):
        node = Node(-1)
        for key, (visits, proven) in children.items():
            child = node.children[key] = Node(0)
            child.visits, child.proven = visits, proven
        return node

    roots = [root(a=(10, None), b=(5, None)), root(a=(2, None), b=(9, None), c=(1, 1.0))]
    assert _rank_in(roots, "a") == 12.0 and _rank_in(roots, "b") == 14.0
    assert _rank_in(roots, "c") == 1e12  # a win one search proved is played
    assert _rank_in(roots, "d") == -1.0  # searched by none
    assert _rank_in([root(a=(4, 0.0)), root(a=(7, None))], "a") == -0.5  # a proven loss comes last
