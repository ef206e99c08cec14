"""The field Signum's board gives a client: where a point may go (each area holds legal
points only, and its edges are where the rules' check turns), the sight data that answers
a player's question as the rules answer a shot, the rulers, and each terrain move once."""

from __future__ import annotations

import pytest

from boardwright.framework import field, kernel
from boardwright.framework.engine import Engine
from boardwright.framework.events import showing_places
from boardwright.plugins.signum import board, geometry, play, turn
from boardwright.plugins.signum.cards import RULERS
from boardwright.plugins.signum.rules import Signum, describe
from boardwright.plugins.signum.units import base, units

from .test_examples import in_activation, put


@pytest.fixture
def engine():
    return Engine(Signum())


def field_of(state, seat):
    return next(e for e in board.board(state, seat)["elements"] if e["type"] == "field")


def corners(area):
    return area["polygon"]


def test_the_hero_band_holds_the_legal_places_and_no_more(engine):
    state = engine.new_game(seed=3)
    engine.apply(state, {"type": "go_second"})
    seat = kernel.active(state)
    radius = turn.hero_radius(state, seat)
    (entry,) = field_of(state, seat)["point_areas"]
    assert entry["action"] == {"type": "place_hero"}
    band = entry["areas"][0]
    for x, y in corners(band):
        assert play.place_problem(state, seat, radius, [x, y]) is None
    inwards = 1 if seat == 0 else -1
    (x, y) = max(corners(band), key=lambda p: p[1] * inwards)
    assert play.place_problem(state, seat, radius, [x, y + 0.01 * inwards]) == "the base must touch your own edge"
    assert field_of(state, 1 - seat)["point_areas"] == [], "only the seat to move is shown where it may go"


def test_a_terrain_band_holds_the_legal_middles_of_each_turn_of_the_card(engine):
    state = in_activation(engine)
    seat = kernel.active(state)
    areas = {(e["action"]["card"], e["action"]["angle"]): e["areas"][0] for e in field_of(state, seat)["point_areas"]}
    for angle in (0.0, 90.0):
        band = areas[("rocks", angle)]
        for x, y in corners(band):
            assert geometry.terrain_problem(state, seat, geometry.terrain_shape("rocks", [x, y], angle)) is None
        top = min(y for _x, y in corners(band))
        outside = geometry.terrain_shape("rocks", [30.0, top - 0.1], angle)
        assert "from both players' edges" in geometry.terrain_problem(state, seat, outside)
    assert areas[("rocks", 0.0)] != areas[("rocks", 90.0)], "a card turned lies in another band"


def test_a_summon_band_for_each_character_in_hand(engine):
    state = in_activation(engine)
    seat = kernel.active(state)
    state["zones"][f"hand:{seat}"]["items"].append("dock_brute@0.9")
    entries = [e for e in field_of(state, seat)["point_areas"] if e["action"]["type"] == "summon"]
    band = next(e["areas"][0] for e in entries if e["action"]["card"] == "dock_brute@0.9")
    for x, y in corners(band):
        assert play.place_problem(state, seat, 1.5, [x, y]) is None


def test_the_sight_data_answers_as_the_rules_do(engine):
    state = in_activation(engine)
    shooter = put(state, 0, "knife_thrower", [20.0, 20.0])
    behind_rocks = put(state, 1, "dock_brute", [20.0, 40.0])
    in_the_open = put(state, 1, "dock_brute", [40.0, 20.0])
    behind_hedge = put(state, 1, "dock_brute", [5.0, 35.0])
    state["terrain"] += [
        {"id": "t1", "card": "rocks", "owner": 0, "shape": geometry.terrain_shape("rocks", [20, 30], 0), "angle": 0},
        {"id": "t2", "card": "dense_forest", "owner": 1, "shape": geometry.terrain_shape("dense_forest", [8, 30], 0)},
    ]
    sight = field_of(state, 0)["sight"]
    assert [b["label"]["en"] for b in sight["blockers"]] == ["Rocks"]
    assert [c["label"]["en"] for c in sight["cover"]] == ["Dense Forest"]
    everyone = state["units"]
    for target in (behind_rocks, in_the_open, behind_hedge):
        report = field.sight_report(base(everyone[shooter]), base(everyone[target]), sight)
        assert report["seen"] == geometry.sees(state, shooter, target)
        assert report["cover"] == geometry.in_cover(state, shooter, target)
    seen = {
        t: field.sight_report(base(everyone[shooter]), base(everyone[t]), sight) for t in (behind_rocks, behind_hedge)
    }
    assert not seen[behind_rocks]["seen"] and seen[behind_hedge]["cover"], "one blocked, one in cover"


def test_the_field_carries_the_rulers_of_the_rules(engine):
    state = in_activation(engine)
    assert field_of(state, 0)["rulers"] == RULERS == {"S": 8.0, "M": 10.0, "L": 15.0, "XL": 25.0}


def test_a_terrain_card_turned_says_so_in_its_label(engine):
    state = in_activation(engine)
    labels = {
        describe(state, {"type": "terrain", "card": "rocks", "to": [30.0, 30.0], "angle": angle})["key"]
        for angle in (0.0, 90.0)
    }
    assert labels == {"action_terrain", "action_terrain_turned"}
    texts = {
        engine.game.describe_action(state, {"type": "terrain", "card": "rocks", "to": [30.0, 30.0], "angle": a})
        for a in (0.0, 90.0)
    }
    # the place is the point lit on the field; its coordinates are read only where asked for
    assert texts == {"Place Rocks", "Place Rocks, turned 90°"}
    with showing_places():
        texts = {
            engine.game.describe_action(state, {"type": "terrain", "card": "rocks", "to": [30.0, 30.0], "angle": a})
            for a in (0.0, 90.0)
        }
    assert texts == {"Place Rocks (30.0, 30.0)", "Place Rocks, turned 90° (30.0, 30.0)"}


def test_a_miniature_s_move_reads_how_far_it_goes(engine):
    state = in_activation(engine)
    uid, mover = next((uid, u) for uid, u in units(state).items() if u["owner"] == 0)
    x, y = mover["at"]
    to = [x + 3.0, y + 4.0]
    action = {"type": "move", "unit": uid, "to": to}
    assert engine.game.describe_action(state, action).endswith(": advance 5.0 cm")
    assert engine.game.describe_action(state, action, "ru").endswith(": продвинуться на 5,0 см")
    with showing_places():
        assert engine.game.describe_action(state, action).endswith(f": advance 5.0 cm ({to[0]:.1f}, {to[1]:.1f})")
