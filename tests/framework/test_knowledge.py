"""What each seat knows of items it may not see, kept by the zone model as items move."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from boardwright.framework import decks, kernel, zones


def _table(players: int = 3):
    state = {"k": kernel.new_kernel_state(players, 7, None)}
    for seat in range(players):
        zones.add_zone(state, f"hand:{seat}", zones.OWNER, owner=seat)
    zones.add_zone(state, "deck", zones.HIDDEN)
    zones.add_zone(state, "discard", zones.PUBLIC)
    return state


def _known(state, zone_id, seat):
    return zones.redact(zones.zone(state, zone_id), seat)["known"]


def test_a_card_passed_in_a_draft_is_known_to_the_passer_only():
    state = _table()
    zones.add_zone(state, "draft:0", zones.OWNER, owner=0, items=["a", "b"])
    zones.move(state, "draft:0", "hand:1", "a", show=[0])
    assert _known(state, "hand:1", 0) == [[0, "a"]]
    assert _known(state, "hand:1", 2) == []
    assert zones.redact(zones.zone(state, "hand:1"), None)["known"] == []


def test_the_top_card_drawn_stays_known_to_those_who_knew_it():
    state = _table()
    zones.zone(state, "deck")["items"] = ["x", "y", "z"]
    zones.reveal(state, "deck", "z", to=[2])  # seat 3 peeked at the top card
    decks.draw(state, "deck", "hand:0")
    assert _known(state, "hand:0", 2) == [[0, "z"]]
    assert _known(state, "hand:0", 1) == []


def test_a_card_chosen_unseen_from_a_hand_loses_every_watcher_track_of_that_hand():
    state = _table()
    zones.add_zone(state, "table", zones.PUBLIC, items=["p", "q"])
    zones.move(state, "table", "hand:0", "p")
    zones.move(state, "table", "hand:0", "q")
    assert _known(state, "hand:0", 1) == [[0, "p"], [1, "q"]]
    zones.zone(state, "hand:0")["items"].append("r")
    # seat 1 puts one card face down on the deck: nobody else can tell which
    zones.move(state, "hand:0", "deck", "p")
    assert _known(state, "deck", 0) == [[0, "p"]], "the owner knows what it put on top"
    assert _known(state, "deck", 1) == [] and _known(state, "hand:0", 1) == [], "the others lost track"


def test_a_card_played_face_up_leaves_the_rest_of_the_hand_known():
    state = _table()
    zones.add_zone(state, "table", zones.PUBLIC, items=["p", "q"])
    zones.move(state, "table", "hand:0", "p")
    zones.move(state, "table", "hand:0", "q")
    zones.move(state, "hand:0", "discard", "p")
    assert _known(state, "hand:0", 1) == [[0, "q"]]


def test_a_card_scouted_and_put_back_on_a_public_order_deck_is_known_to_the_scout_alone():
    """A deck rebuilt from the face-up discard pile without shuffling has a public order; a
    seat that draws its top two cards, keeps one and puts the other back face down leaves
    the others knowing the rest of the deck but not the card on top."""
    state = _table()
    zones.add_zone(state, "scout:1", zones.OWNER, owner=1)
    zones.zone(state, "discard")["items"] = ["d1", "d2", "d3", "d4"]
    decks.refill(state, "deck", "discard", shuffled=False)
    assert _known(state, "deck", 0) == [[0, "d4"], [1, "d3"], [2, "d2"], [3, "d1"]]
    decks.draw(state, "deck", "scout:1", 2)
    assert _known(state, "scout:1", 0) == [[0, "d1"], [1, "d2"]], "everyone saw which cards were drawn"
    zones.move(state, "scout:1", "hand:1", "d2")
    zones.move(state, "scout:1", "deck", "d1")
    for other in (0, 2):
        assert _known(state, "deck", other) == [[0, "d4"], [1, "d3"]], "the rest of the order stays public"
        assert _known(state, "hand:1", other) == [], "nobody else can tell which card was kept"
    assert _known(state, "deck", 1) == [[0, "d4"], [1, "d3"], [2, "d1"]]


def test_a_shuffle_forgets_every_position():
    state = _table()
    zones.zone(state, "discard")["items"] = ["a", "b"]
    decks.refill(state, "deck", "discard", shuffled=False)
    decks.shuffle(state, "deck")
    assert all(_known(state, "deck", seat) == [] for seat in range(3))


def test_fill_rebuilds_a_redacted_zone_with_the_known_items_in_place():
    state = _table()
    zones.zone(state, "deck")["items"] = ["a", "b", "c", "d"]
    zones.reveal(state, "deck", "c", to=[0])
    view = {"k": dict(state["k"]), "zones": zones.redact_all(state["zones"], 0)}
    pool = ["a", "b", "d"]
    zones.fill_all(view, 0, {"deck": pool, "*": []}, random.Random(3))
    deck = view["zones"]["deck"]
    assert deck["items"][2] == "c" and sorted(deck["items"]) == ["a", "b", "c", "d"]
    assert zones.redact(deck, 0) == zones.redact(zones.zone(state, "deck"), 0)


def test_people_watching_know_what_the_whole_table_was_shown():
    state = _table()
    zones.zone(state, "discard")["items"] = ["d1", "d2"]
    decks.refill(state, "deck", "discard", shuffled=False)
    assert _known(state, "deck", None) == [[0, "d2"], [1, "d1"]], "a turned-over face-up pile"
    decks.draw(state, "deck", "hand:0")
    assert _known(state, "hand:0", None) == [[0, "d1"]]
    zones.zone(state, "deck")["items"].append("secret")
    zones.reveal(state, "deck", "secret", to=[1])
    assert [item for _i, item in _known(state, "deck", None)] == ["d2"], "a card shown to one seat only"


def test_reveal_items_shows_several_items_once_each_to_the_chosen_seats():
    state = _table()
    zones.zone(state, "deck")["items"] = ["a", "b", "c"]
    zones.reveal(state, "deck", "c", to=[1])
    zones.reveal_items(state, "deck", ["a", "c", "a"], to=[1, 2])
    assert _known(state, "deck", 1) == [[0, "a"], [2, "c"]]
    assert _known(state, "deck", 2) == [[0, "a"], [2, "c"]]
    assert _known(state, "deck", 0) == [] and _known(state, "deck", None) == []
    assert zones.zone(state, "deck")["known"]["1"].count("a") == 1, "an item is known once"
    zones.zone(state, "hand:0")["items"] = ["h"]
    zones.reveal_items(state, "hand:0", ["h"], to=[0])
    zones.reveal_items(state, "hand:0", [], to=[1])
    assert zones.zone(state, "hand:0")["known"] == {}, "the owner sees its hand; nothing shown, nothing learnt"


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from([zones.PUBLIC, zones.OWNER, zones.HIDDEN]),
            st.integers(0, 2),
            st.lists(st.sampled_from("abcdef"), max_size=4, unique=True),
            st.dictionaries(st.sampled_from(["0", "1", "2", zones.WATCHING]), st.lists(st.sampled_from("abcdef"))),
            st.one_of(st.none(), st.lists(st.integers(0, 2), max_size=2)),
        ),
        max_size=6,
    ),
    st.sampled_from([0, 1, 2, None]),
)
def test_a_whole_view_of_the_zones_is_each_zone_as_the_seat_sees_it(specs, seat):
    """Each zone whole to a seat that sees it (its owner, a seat it is shared with, anyone
    for a public zone), else its count and the places of the items the seat knows, keys in
    this order (a view packs to the same bytes on every host); a seat that knows none gets
    an empty `known`."""
    table = {}
    for index, (vis, owner, items, known, shared) in enumerate(specs):
        zone = {"vis": vis, "owner": owner, "items": items, "known": known}
        if shared is not None:
            zone["shared"] = shared
        table[f"z{index}"] = zone
    expected = {}
    for zone_id, zone in table.items():
        sees = zone["vis"] == zones.PUBLIC or (
            zone["vis"] == zones.OWNER and seat is not None and seat in [zone["owner"], *zone.get("shared", [])]
        )
        if sees:
            expected[zone_id] = zone
            continue
        mine = zone["known"].get(zones.WATCHING if seat is None else str(seat), [])
        hidden = {
            "vis": zone["vis"],
            "owner": zone["owner"],
            "count": len(zone["items"]),
            "known": [[i, item] for i, item in enumerate(zone["items"]) if item in mine],
        }
        if "shared" in zone:
            hidden["shared"] = list(zone["shared"])
        expected[zone_id] = hidden
    assert kernel.pack(zones.redact_all(table, seat)) == kernel.pack(expected)
