"""Moves you can follow: Bestiary's events name the board items they are about (`at`), so the
log line under the mouse lights them, and a battle's event carries the number to show."""

from __future__ import annotations

import pytest

from boardwright.framework import EventLog
from boardwright.plugins.bestiary.rules import Bestiary

from ...client.lit_items import play_checking_at
from .conftest import Table

MAIN = {"move", "attack", "use", "effect", "cooldown", "summon", "castle_damage", "tower_fires", "pick", "castle"}


@pytest.mark.parametrize(("players", "mode"), [(2, "duel"), (4, "crossroads_teams"), (3, "protorp_ffa")])
def test_every_event_about_board_items_names_drawn_ids(players: int, mode: str) -> None:
    events, with_at, _log = play_checking_at(Bestiary(), seed=2, players=players, options={"mode": mode})
    seen = {key for key in MAIN if events[key]}
    assert {"move", "attack", "use", "summon"} <= seen, f"a busy game fights: {events}"
    for key in seen:
        assert with_at[key] == events[key], f"every {key} event names its items"


def test_an_attack_shows_its_damage_over_the_target() -> None:
    t = Table.duel()
    t.put("messum", "0,0")
    t.put("armus", "1,0")
    log = EventLog()
    legal = [a for a in t.legal() if a.get("type") == "attack" and a.get("creature") == "messum"]
    assert legal, "Messum can strike the creature beside it"
    t.engine.apply(t.state, legal[0], log=log)
    (attack,) = [e for e in log.events if e["key"] == "attack"]
    params = attack["params"]
    assert params["at"][0] == "armus", "the damage floats over the target"
    assert params["show"] == f"-{params['damage']} ({params['strength']}-{params['defence']})"
