"""Activating a creature (digest §5.5) as the offers show it: a bot or a person first chooses
the creature, then where it goes; a person may also drag a ready creature at once."""

from __future__ import annotations

import pytest

from boardwright.framework import IllegalAction, kernel
from boardwright.framework.choices import POINT
from boardwright.framework.engine import Engine
from boardwright.framework.events import EventLog
from boardwright.plugins.signum.rules import Signum
from boardwright.plugins.signum.units import hero_of

from .test_examples import in_activation, put


@pytest.fixture
def engine():
    return Engine(Signum())


def ready(engine):
    """The active seat's activation phase with its hero and a legionary ready to act."""
    state = in_activation(engine)
    seat = kernel.active(state)
    legionary = put(state, seat, "imperial_legionary", [30.0, 30.0])
    return state, seat, hero_of(state, seat), legionary


def of_unit(actions, uid):
    return sorted({a["type"] for a in actions if a.get("unit") == uid})


def test_moves_are_offered_once_the_creature_is_chosen(engine):
    state, _seat, hero, legionary = ready(engine)
    legal = engine.legal_actions(state)
    assert of_unit(legal, legionary) == ["activate", "hold"]
    assert of_unit(legal, hero) == ["activate", "hold"]
    assert not any(a["type"] in ("move", "run") for a in legal)
    log = EventLog()
    engine.apply(state, {"type": "activate", "unit": legionary}, log=log)
    assert state["units"][legionary]["activated"] and state["turn"]["current"] == legionary
    assert [e["key"] for e in log.events] == ["activate"]
    legal = engine.legal_actions(state)
    assert {a["type"] for a in legal} == {"move", "run", "done"}
    assert all(a["unit"] == legionary for a in legal)
    assert any(a["type"] == "move" for a in legal) and any(a["type"] == "run" for a in legal)


def test_after_the_advance_only_its_action_or_the_end_remain(engine):
    state, seat, _hero, legionary = ready(engine)
    enemy = put(state, 1 - seat, "vallor_watchman", [30.0, 40.0])
    engine.apply(state, {"type": "activate", "unit": legionary})
    contact = next(a for a in engine.legal_actions(state) if a["type"] == "move" and abs(a["to"][1] - 36.99) < 0.02)
    engine.apply(state, contact)
    legal = engine.legal_actions(state)
    assert {a["type"] for a in legal} == {"attack", "done"}
    assert {"type": "attack", "unit": legionary, "target": enemy} in legal
    engine.apply(state, {"type": "done", "unit": legionary})
    assert state["turn"]["current"] is None
    assert of_unit(engine.legal_actions(state), legionary) == []


def test_a_creature_in_contact_may_attack_where_it_stands(engine):
    state, seat, _hero, legionary = ready(engine)
    enemy = put(state, 1 - seat, "vallor_watchman", [30.0, 33.2])
    legal = engine.legal_actions(state)
    assert of_unit(legal, legionary) == ["activate", "attack", "hold"]
    engine.apply(state, {"type": "activate", "unit": legionary})
    assert {"type": "attack", "unit": legionary, "target": enemy} in engine.legal_actions(state)


def test_a_person_drags_a_ready_creature_at_once(engine):
    state, seat, hero, legionary = ready(engine)
    templates = [a for a in engine.open_actions(state) if a["type"] == "move" and a["unit"] == legionary]
    assert len(templates) == 1 and templates[0]["to"][POINT], "the offered points to snap to"
    engine.apply(state, {"type": "move", "unit": legionary, "to": [33.0, 36.0]}, seat=seat)
    unit = state["units"][legionary]
    assert unit["at"] == [33.0, 36.0] and unit["activated"] and unit["moved"] == pytest.approx(45**0.5)
    with pytest.raises(IllegalAction, match="too far"):
        engine.apply(state, {"type": "move", "unit": hero, "to": [30.0, 55.0]}, seat=seat)


def test_a_move_must_go_somewhere(engine):
    state, seat, _hero, legionary = ready(engine)
    engine.apply(state, {"type": "activate", "unit": legionary})
    with pytest.raises(IllegalAction, match="already there"):
        engine.apply(state, {"type": "move", "unit": legionary, "to": [30.0, 30.0]}, seat=seat)
    assert state["units"][legionary]["moved"] == 0
