"""The bots' heuristic after an action, told without playing it (heuristic.py), against playing it."""

from __future__ import annotations

import random

import pytest

from boardwright.framework import Engine, PluginHost, kernel
from boardwright.framework.conformance import check_told
from boardwright.plugins.reliquium.castles import leftmost_free
from boardwright.plugins.reliquium.rules import Reliquium
from boardwright.plugins.reliquium.units import PEACE
from boardwright.plugins.reliquium.world import WORLD

from ..positions import greedy_positions

GAME = Reliquium()


@pytest.mark.parametrize(("seed", "players", "options"), [(3, 4, {}), (4, 3, {"single_march": True, "militia": True})])
def test_in_greedy_games_every_value_told_is_the_heuristic_after_the_action(seed, players, options):
    """Greedy games place melee tokens on castles and recruit far more than random ones do; at
    every decision each value told, for every seat, is what playing the action gives, and most
    of the actions tried are told (so greedy copies and applies few of them)."""
    engine = PluginHost().engine("reliquium")
    told: list[str] = []
    tried = 0
    for state in greedy_positions(engine, players, seed, {**GAME.simulation_options, **options}, limit=800):
        told += check_told(engine, state, list(range(players)))
        tried += players * len(engine.legal_actions(state))
    assert {"march", "summon", "melee", "recruit", "pass"} <= set(told)
    assert len(told) > 0.8 * tried, f"told {len(told)} of {tried}"


def test_a_melee_token_on_a_castle_and_a_recruit_change_the_value_told():
    """Two players: a melee token on the rival's castle takes `threatened_castle` off the rival's
    worth, a recruit adds a `unit` to one's own; a march, a summon or a pass leaves it."""
    engine = Engine(GAME)
    weights = GAME.heuristic_table
    state = engine.new_game(2, {"factions": "initiative"}, seed=2)
    rng = random.Random(2)
    seen = set()
    for _ in range(3000):
        if {"melee", "recruit", "other"} <= seen or kernel.is_over(state):
            break
        legal = engine.legal_actions(state)
        seat = kernel.active(state)
        values = GAME.heuristic_after(state, seat, legal)
        if values is not None:
            before = GAME.heuristic(state, seat)
            for action, value in zip(legal, values, strict=True):
                kind = action["type"]
                if kind == "melee" and state["castle"][WORLD.region_index[action["to"]]] >= 0:
                    assert value == pytest.approx(before + weights["threatened_castle"] / weights["lead_scale"])
                    seen.add("melee")
                elif kind == "recruit":
                    assert value == pytest.approx(before + weights["unit"] / weights["lead_scale"])
                    seen.add("recruit")
                elif kind in ("march", "summon", "pass"):
                    assert value == before
                    seen.add("other")
        engine.apply_unchecked(state, rng.choice(legal))
    assert seen == {"melee", "recruit", "other"}


def test_nothing_is_told_for_the_turn_that_ends_the_peace_phase():
    """The war that follows moves units: only playing the action tells what it gives."""
    engine = Engine(GAME)
    state = engine.new_game(2, {"factions": "initiative"}, seed=1)
    seat = kernel.active(state)
    faction = state["faction_of"][seat]
    legal = engine.legal_actions(state)
    assert GAME.heuristic_after(state, seat, legal) is not None
    for other in range(kernel.seats(state)):
        if other != seat:
            kernel.pass_turn(state, other)
    track = state["track"][faction]
    state["action_token"][faction] = max(d for d in range(len(track)) if not track[d])  # its last free division
    assert leftmost_free(track) != state["action_token"][faction]
    assert GAME.heuristic_after(state, seat, legal) is None
    engine.apply_unchecked(state, {"type": "pass"})
    assert kernel.phase(state) != PEACE or kernel.round_number(state) > 1


def test_nothing_is_told_for_a_decision_or_under_allies():
    engine = Engine(GAME)
    state = engine.new_game(4, {"factions": "initiative", "allies": True}, seed=1)
    seat = kernel.active(state)
    assert GAME.heuristic_after(state, seat, engine.legal_actions(state)) is None
