"""The bots' heuristic after an offensive action, told without playing it (heuristic.py),
against playing it."""

from __future__ import annotations

import pytest

from boardwright.framework import PluginHost, kernel
from boardwright.framework.bots import Turn
from boardwright.framework.conformance import check_told

from ..positions import greedy_positions

GAMES = [(2, None), (4, None), (2, "protorp")]  # protorp: the outer castles cannot change hands


@pytest.mark.parametrize(("players", "scenario"), GAMES)
def test_in_greedy_games_every_value_told_is_the_heuristic_after_the_action(players, scenario):
    """At every decision of a greedy game each value told, for every seat, is what playing the
    action gives: marches (a land card's VP), castles taken on either side, the passes of
    a turn that is not the offensive's last; and most of the actions tried are told."""
    engine = PluginHost().engine("book_of_war")
    told: list[str] = []
    tried = 0
    for state in greedy_positions(engine, players, 7, dict(engine.game.simulation_options), scenario, limit=400):
        told += check_told(engine, state, list(range(players)))
        tried += players * len(engine.legal_actions(state))
    assert set(told) == {"manoeuvre", "march", "pass"}
    assert len(told) > 0.5 * tried, f"told {len(told)} of {tried}"


def test_a_march_onto_a_castle_is_told_with_its_vp_and_the_castle():
    engine = PluginHost().engine("book_of_war")
    game = engine.game
    state = engine.new_game(2, dict(game.simulation_options), 3)
    bots = [PluginHost().bots()["greedy"].make(engine, seat, seat, "normal") for seat in range(2)]
    for _ in range(2000):
        assert not kernel.is_over(state), "no march onto a castle in the game"
        legal = engine.legal_actions(state)
        seat = kernel.to_move(state)
        values = game.heuristic_after(state, seat, legal)
        onto = [
            (action, value)
            for action, value in zip(legal, values or [], strict=False)
            if action["type"] == "march"
            and action["to"] in state["castles"]
            and state["castles"][action["to"]] != kernel.side_of(state, seat)
        ]
        if onto:
            action, value = onto[0]
            after = kernel.clone(state)
            engine.apply_unchecked(after, action)
            assert after["castles"][action["to"]] == kernel.side_of(state, seat)
            assert value == game.heuristic(after, seat) > game.heuristic(state, seat)
            return
        engine.apply_unchecked(state, bots[seat].choose(Turn(engine, state, seat, legal)))


def test_the_last_pass_of_the_offensive_is_not_told():
    """The supply phase it starts scores VP (and the next round may follow at once): only
    playing it tells."""
    engine = PluginHost().engine("book_of_war")
    game = engine.game
    state = engine.new_game(2, dict(game.simulation_options), 3)
    for _ in range(2000):
        if kernel.phase(state) == "offensive" and kernel.pending(state) is None:
            break
        engine.apply_unchecked(state, engine.legal_actions(state)[-1])
    seat = kernel.active(state)
    for other in kernel.order(state):
        if other != seat:
            kernel.pass_turn(state, other)
    legal = engine.legal_actions(state)
    values = game.heuristic_after(state, seat, legal)
    assert legal[-1] == {"type": "pass"} and values is not None and values[-1] is None
    round_number = kernel.round_number(state)
    engine.apply_unchecked(state, legal[-1])
    assert kernel.phase(state) != "offensive" or kernel.round_number(state) > round_number
