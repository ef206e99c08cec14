"""One legality: an action is offered exactly when no rule gives a reason to refuse it.

Over random games with every optional rule, each candidate of the active seat's action types
(every origin, target, unit and value the map allows) is legal if and only if
`explain_illegal` (the moves' predicates) finds nothing wrong with it, and the hand-written
lists of the peace moves and of the peace phase offer exactly what the predicates allow, so the
reasons and the legal actions cannot drift.
"""

from __future__ import annotations

import random
from itertools import product
from typing import Any, ClassVar

import pytest

from boardwright.framework import Engine, conformance, kernel
from boardwright.plugins.reliquium.rules import Reliquium
from boardwright.plugins.reliquium.units import acting
from boardwright.plugins.reliquium.world import WORLD

GAME = Reliquium()
Action = dict[str, Any]


def _unit_vectors() -> list[list[int]]:
    limit = WORLD.limit
    return [list(v) for v in product(range(limit + 1), repeat=len(WORLD.classes)) if 0 < sum(v) <= limit]


VECTORS = _unit_vectors()


def _peace_candidates(state: dict[str, Any]) -> list[Action]:
    w = WORLD
    faction = acting(state)
    ids = w.region_ids
    out: list[Action] = []
    for origin in range(len(ids)):
        for target in w.adjacent[origin]:
            pair = {"from": ids[origin], "to": ids[target]}
            if state["occupant"][origin] == faction:
                out += [{"type": "march", **pair, "units": v} for v in VECTORS]
                if state["rules"]["single_march"]:
                    for end in w.adjacent[target]:
                        for c in w.class_range:
                            single = w.one_unit(c)
                            out.append(
                                {
                                    "type": "march",
                                    "from": ids[origin],
                                    "via": ids[target],
                                    "to": ids[end],
                                    "units": single,
                                }
                            )
            out += [{"type": kind, **pair, "value": value} for kind in ("melee", "ranged") for value in w.melee_values]
    for region in ids:
        out.append({"type": "build", "region": region})
        out += [{"type": "recruit", "region": region, "unit": unit} for unit in w.classes]
    for junction in w.junction_ids:
        out += [{"type": "summon", "creature": card["id"], "junction": junction} for card in w.creatures[faction]]
    return out


def _support_candidates(state: dict[str, Any]) -> list[Action]:
    units = [*WORLD.classes, "militia"]
    return [{"type": "assign", "border": border, "unit": unit} for border in WORLD.border_ids for unit in units]


@pytest.mark.parametrize("players", [2, 4])
def test_legal_actions_are_exactly_those_without_a_reason(players):
    engine = Engine(GAME)
    options = {"round_cap": 6, "single_march": True, "militia": True, "allies": True}
    state = engine.new_game(players, options=options, seed=players)
    pick = random.Random(players)
    checked = offered = 0
    while not kernel.is_over(state):
        legal = engine.legal_actions(state)
        if kernel.pending(state) is None and pick.random() < 0.3:
            support = kernel.phase(state) == "support"
            for action in _support_candidates(state) if support else _peace_candidates(state):
                reason = GAME.explain_illegal(state, action)
                assert (reason is None) == (action in legal), (action, reason)
                checked += 1
                offered += reason is None
        engine.apply(state, legal[pick.randrange(len(legal))])
    assert checked > 10_000 and offered > 200


class EveryRule(Reliquium):
    simulation_options: ClassVar[dict[str, Any]] = {
        **Reliquium.simulation_options,
        "single_march": True,
        "militia": True,
        "allies": True,
    }


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_hand_written_lists_offer_what_the_predicates_allow_under_every_rule(players):
    conformance.check_moves(Engine(EveryRule()), players, seed=players)
