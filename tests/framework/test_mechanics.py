"""Shared mechanics: zones and decks, hex grids, region graphs, turn orders, tracks, events."""

from __future__ import annotations

import itertools

import pytest

from boardwright.framework import EventLog, decks, hexgrid, kernel, regions, render, tracks, turns, zones


def _state():
    return {"k": kernel.new_kernel_state(2, 3, None)}


def test_owner_zones_show_the_owner_only_and_counts_to_others():
    state = _state()
    zones.add_zone(state, "hand0", zones.OWNER, owner=0, items=["a", "b"])
    zones.add_zone(state, "deck", zones.HIDDEN, items=["c", "d", "e"])
    hand = zones.zone(state, "hand0")
    assert zones.redact(hand, 0) is hand
    assert zones.redact(hand, 1) == {"vis": "owner", "owner": 0, "count": 2, "known": []}
    assert zones.redact(hand, None)["count"] == 2
    assert zones.redact(zones.zone(state, "deck"), 0)["count"] == 3
    with pytest.raises(ValueError):
        zones.add_zone(state, "deck", zones.PUBLIC)


def test_a_shared_hand_is_seen_by_the_team_mate_only():
    state = _state()
    state["k"]["seats"] = 4
    zones.add_zone(state, "hand0", zones.OWNER, owner=0, items=["a"], shared=[2])
    hand = zones.zone(state, "hand0")
    assert zones.redact(hand, 0) is hand and zones.redact(hand, 2) is hand
    assert zones.redact(hand, 1) == {"vis": "owner", "owner": 0, "count": 1, "known": [], "shared": [2]}
    assert zones.redact(hand, None)["count"] == 1


def test_a_card_known_to_all_stays_known_in_a_hand():
    state = _state()
    zones.add_zone(state, "table", zones.PUBLIC, items=["x"])
    zones.add_zone(state, "hand1", zones.OWNER, owner=1)
    zones.move(state, "table", "hand1", "x")
    assert zones.redact(zones.zone(state, "hand1"), 0)["known"] == [[0, "x"]]


def test_draw_refills_with_a_shuffle():
    state = _state()
    zones.add_zone(state, "deck", zones.HIDDEN, items=[1])
    zones.add_zone(state, "discard", zones.PUBLIC, items=[2, 3, 4, 5, 6])
    zones.add_zone(state, "hand", zones.OWNER, owner=0)
    drawn = decks.draw(state, "deck", "hand", 3, discard_id="discard")
    assert drawn[0] == 1 and len(drawn) == 3
    assert zones.items(state, "discard") == []
    assert sorted(zones.items(state, "deck") + zones.items(state, "hand")) == [1, 2, 3, 4, 5, 6]
    assert zones.redact(zones.zone(state, "deck"), 1)["known"] == [], "a shuffled deck is unknown"


def test_refill_without_shuffle_turns_the_pile_over_and_everyone_knows_the_order():
    state = _state()
    zones.add_zone(state, "deck", zones.HIDDEN)
    zones.add_zone(state, "discard", zones.PUBLIC, items=["first", "second", "third"])
    zones.add_zone(state, "hand", zones.OWNER, owner=0)
    decks.refill(state, "deck", "discard", shuffled=False)
    deck = zones.zone(state, "deck")
    assert deck["items"] == ["third", "second", "first"]  # the first discarded is on top
    seen = zones.redact(deck, 1)
    assert seen["known"] == [[0, "third"], [1, "second"], [2, "first"]], "a turned-over public pile has a known order"
    decks.draw(state, "deck", "hand")
    assert zones.items(state, "hand") == ["first"]
    assert zones.redact(zones.zone(state, "hand"), 1)["known"] == [[0, "first"]]
    decks.shuffle(state, "deck")
    assert zones.redact(zones.zone(state, "deck"), 1) == {"vis": "hidden", "owner": None, "count": 2, "known": []}


def test_draw_from_an_empty_deck_without_discard_draws_nothing():
    state = _state()
    zones.add_zone(state, "deck", zones.HIDDEN)
    zones.add_zone(state, "hand", zones.OWNER, owner=0)
    assert decks.draw(state, "deck", "hand", 2) == []


def test_hex_distances_lines_and_rings():
    assert hexgrid.distance((0, 0), (2, -1)) == 2
    assert hexgrid.distance((0, 0), (3, -3)) == 3
    assert len(hexgrid.ring((0, 0), 2)) == 12
    assert len(hexgrid.spiral((0, 0), 2)) == 19
    assert all(hexgrid.distance((1, 1), h) == 3 for h in hexgrid.ring((1, 1), 3))
    line = hexgrid.line((0, 0), (3, 0))
    assert line == [(0, 0), (1, 0), (2, 0), (3, 0)]
    diagonal = hexgrid.line((0, 0), (2, -4))
    assert len(diagonal) == 5 and all(hexgrid.distance(a, b) == 1 for a, b in itertools.pairwise(diagonal))
    assert hexgrid.parse(hexgrid.key((-2, 5))) == (-2, 5)
    assert hexgrid.direction_between((0, 0), (0, 1)) == 5
    assert hexgrid.direction_between((0, 0), (2, 0)) is None
    grid = hexgrid.HexGrid(hexgrid.spiral((0, 0), 2))
    assert len(grid.adjacent[(0, 0)]) == 6 and len(grid.adjacent[(2, 0)]) == 3
    blocked = {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)}
    reach = grid.reachable((0, 0), 2, lambda h: h not in blocked)
    assert (2, -1) not in reach and reach[(0, 2)] == 2


def test_region_graph_paths_and_components():
    graph = regions.RegionGraph("abcde", [("a", "b"), ("b", "c"), ("c", "d"), ("a", "e")])
    assert graph.borders("b", "a") and not graph.borders("a", "c")
    assert graph.path("e", "d") == ["e", "a", "b", "c", "d"]
    assert graph.path("e", "d", passable=lambda r: r != "b") is None
    assert graph.distances("a")["d"] == 3
    assert graph.components(["a", "b", "d"]) == [["a", "b"], ["d"]]
    with pytest.raises(ValueError):
        regions.RegionGraph("ab", [("a", "z")])
    graph.add_junction("j1", ["a", "b", "e"])
    assert graph.junctions["j1"] == ["a", "b", "e"]


def test_turn_orders():
    assert turns.clockwise(2, 4) == [2, 3, 0, 1]
    assert turns.by_score([5, 9, 5, 1]) == [1, 0, 2, 3]
    assert turns.by_score([5, 9, 5, 1], highest_first=False, tiebreak=[2, 0, 1, 3]) == [3, 2, 0, 1]
    assert turns.team_alternation([[0, 2], [1, 3]], first_team=1) == [1, 0, 3, 2]
    assert turns.next_seat([0, 1, 2, 3], 3, skip=lambda s: s == 0) == 1
    assert turns.next_seat([0, 1], 0, skip=lambda s: True) is None
    assert turns.first_seat([2, 0, 1], skip=lambda s: s == 2) == 0


def test_score_and_cooldown_tracks():
    track = tracks.score_track(3, limit=10)
    assert tracks.add_score(track, 1, 12) == 10
    assert tracks.add_score(track, 2, -5) == 0
    assert tracks.reached(track, 10) == [1]
    assert tracks.order_by_score(track) == [1, 0, 2]
    cool = tracks.cooldown_track()
    tracks.rest(cool, "fireball", 2)
    assert not tracks.ready(cool, "fireball") and tracks.remaining(cool, "fireball") == 2
    assert tracks.tick(cool) == []
    assert tracks.tick(cool) == ["fireball"]
    assert tracks.ready(cool, "fireball")


def test_events_render_in_both_languages_and_respect_who_may_read():
    messages = {"en": {"draw": "{seat} draws {card}"}, "ru": {"draw": "{seat} берёт {card}"}}
    log = EventLog()
    log.emit("draw", seat=0, card={"en": "Archer", "ru": "Лучник"}, to=[0])
    log.emit("draw", seat=1, card={"en": "a card", "ru": "карту"})
    names = ["Anna", "Boris"]
    assert [render(e, messages, "en", names) for e in log.visible_to(0)] == ["Anna draws Archer", "Boris draws a card"]
    assert [render(e, messages, "ru", names) for e in log.visible_to(1)] == ["Boris берёт карту"]
    assert len(log.visible_to(None)) == 1
    assert render({"key": "unknown", "params": {"x": 1}}, messages) == "unknown x=1"
