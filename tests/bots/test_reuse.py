"""Tree reuse: the next search starts from the node of the position the game really reached."""

from __future__ import annotations

from boardwright.bots.evaluation import hides_nothing
from boardwright.bots.mcts import LEVELS, MctsBot
from boardwright.bots.reuse import recall, same_position
from boardwright.framework import kernel
from boardwright.framework.bots import Turn


def _play(engine, bots, state, moves):
    for _ in range(moves):
        seat = kernel.to_move(state)
        engine.apply_unchecked(state, bots[seat].choose(Turn(engine, state, seat, engine.legal_actions(state))))


def test_the_next_search_starts_from_the_reply_the_opponent_played(host):
    engine = host.engine("connect_four")
    state = engine.new_game(2, {}, 3)
    bots = [MctsBot(engine, seat, seat, LEVELS["normal"]) for seat in range(2)]
    _play(engine, bots, state, 2)  # the first seat's move, then the second seat's reply
    memory = bots[0]._memory
    assert memory is not None
    view = engine.view(state, 0)
    legal = engine.legal_actions(state)
    node = recall(engine, memory, view, legal)
    assert node is not None and sum(child.visits for child in node.children.values()) > 0
    assert any(node is reply for reply in memory[0].children.values())  # one reply below the move played
    elsewhere = engine.new_game(2, {}, 3)
    _play(engine, [MctsBot(engine, s, 50 + s, LEVELS["easy"]) for s in range(2)], elsewhere, 4)
    assert recall(engine, memory, engine.view(elsewhere, 0), engine.legal_actions(elsewhere)) is None


def test_a_position_is_the_same_whatever_its_dice_seed(host):
    engine = host.engine("connect_four")
    state = engine.new_game(2, {}, 3)
    view = engine.view(state, 0)
    sample = engine.game.determinize(view, 0, 99)
    assert kernel.rng_state(sample) != kernel.rng_state(view)
    assert same_position(sample, view)
    engine.apply_unchecked(sample, engine.legal_actions(sample)[0])
    assert not same_position(sample, view)


def test_no_reuse_in_a_game_with_hidden_cards(host):
    """Where a view is not the whole position a match would be a guess: the bot keeps nothing."""
    engine = host.engine("signum")
    state = engine.new_game(2, dict(engine.game.short_options), 4)
    assert not hides_nothing(engine.game) and hides_nothing(host.engine("connect_four").game)
    bot = MctsBot(engine, 0, 1, LEVELS["easy"])
    for _ in range(30):
        if kernel.is_over(state):
            break
        seat = kernel.to_move(state)
        legal = engine.legal_actions(state)
        action = bot.choose(Turn(engine, state, seat, legal)) if seat == 0 else legal[0]
        assert bot._memory is None
        engine.apply_unchecked(state, action)
