"""The legal actions a game offers are never changed afterwards, by the game or by playing them.

Games build some action dicts once and offer the same objects again (Connect Four's drops,
Reliquium's marches): a rule that changed an action it was given, or a list it handed out,
would change what every later position offers. Each game plays seeded random games with
every list it offered kept beside a deep copy of it, and at the end each list must still
equal its copy.
"""

from __future__ import annotations

import copy
import random

import pytest

from boardwright.framework import PluginHost, kernel

HOST = PluginHost()


@pytest.mark.parametrize("game_id", sorted(HOST.games()))
def test_offered_actions_stay_as_they_were_offered(game_id):
    engine = HOST.engine(game_id)
    offered = []
    for seed in (1, 2):
        state = engine.new_game(engine.spec.players[-1], dict(engine.game.simulation_options), seed)
        rng = random.Random(seed)
        for _ in range(400):
            if kernel.is_over(state):
                break
            legal = engine.legal_actions(state)
            offered.append((legal, copy.deepcopy(legal)))
            engine.apply(state, legal[rng.randrange(len(legal))])
    assert len(offered) > 50
    changed = [before for legal, before in offered if legal != before]
    assert not changed, f"{game_id}: {len(changed)} lists of legal actions changed after they were offered"
