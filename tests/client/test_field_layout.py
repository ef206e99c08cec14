"""A free field laid out for a miniatures player: as large as the cards beside it on a
real table, with its reach circles cut at its edges (never over the hands)."""

from __future__ import annotations

import random

import pytest

from boardwright.client.arrangement import Screen
from boardwright.client.field_layout import circle_within
from boardwright.client.layout import shown_board
from boardwright.framework import PluginHost, kernel
from boardwright.framework.match import Match


def test_a_circle_is_cut_at_the_fields_edges():
    whole = circle_within([30, 30], 10, (60, 60))
    assert len(whole) == 96 and all(20 - 1e-9 <= x <= 40 + 1e-9 for x, _y in whole)
    cut = circle_within([5, 58], 12, (60, 60))
    assert all(0 <= x <= 60 and 0 <= y <= 60 for x, y in cut)
    assert min(x for x, _y in cut) == 0 and max(y for _x, y in cut) == 60, "the cut runs along the edges"


def signum_board(seed: int = 3) -> tuple[Match, dict]:
    engine = PluginHost().engine("signum")
    match = Match(engine, 2, {}, seed, None, ["human", "human"])
    match.apply({"type": "go_second"})
    while kernel.phase(match.state) != "turn" or kernel.stage(match.state) != "activation":
        legal = match.legal_actions()
        match.apply(next((a for a in legal if a["type"] == "to_activation"), legal[0]))
    seat = match.to_move()
    return match, shown_board(match.game, match.board(seat), match.view(seat), "en", ["A", "B"])


def test_signums_field_takes_most_of_the_table():
    _match, shown = signum_board()
    (frame,) = shown["fields"]
    field_height = frame["per_cm"] * frame["cm"][1]
    assert field_height > shown["size"][1] - field_height, "the field is taller than the hands and piles together"
    assert field_height >= 0.6 * shown["size"][1]
    assert frame["per_cm"] * 6.3 == pytest.approx(120.0), "a card (120 units) is 6.3 cm of the field"


def test_signums_reach_circles_stay_on_the_field():
    _match, shown = signum_board()
    (frame,) = shown["fields"]
    (x0, y0), side = frame["origin"], frame["per_cm"] * frame["cm"][0]
    circles = [i for i in shown["items"] if i.get("layer") == "marker" and i.get("dash") and i["shape"] == "polygon"]
    assert circles, "the hero's move and run circles are drawn"
    for item in circles:
        assert all(x0 - 1e-6 <= x <= x0 + side + 1e-6 and y0 - 1e-6 <= y <= y0 + side + 1e-6 for x, y in item["points"])


def _full_hand() -> Match:
    """A seeded game played on at random until the seat to move holds seven cards."""
    rng = random.Random(5)
    match, _shown = signum_board()
    for _ in range(400):
        if len(match.view(match.to_move())["zones"][f"hand:{match.to_move()}"]["items"]) >= 7:
            return match
        match.apply(rng.choice(match.legal_actions()))
    raise AssertionError("no hand of seven in 400 actions")


@pytest.mark.parametrize("pane", [(810, 740), (1240, 1010)])
def test_signums_field_is_the_largest_thing_on_the_screen(pane):
    """At 1280x800 and 1920x1080 (the board part of the window): the piles stand in columns
    beside the field and the hand lies in one row below it, so the field is drawn at least
    0.6 of the board part's height."""
    match = _full_hand()
    seat = match.to_move()
    screen = Screen(pane[0], pane[1], 11.0)
    shown = shown_board(match.game, match.board(seat), match.view(seat), "en", ["A", "B"], screen)
    (frame,) = shown["fields"]
    scale = min(pane[0] / shown["size"][0], pane[1] / shown["size"][1])
    assert frame["per_cm"] * frame["cm"][1] * scale >= 0.6 * pane[1]
    hand = [i for i in shown["items"] if i.get("lifts")]
    assert len(hand) >= 5
    tops = {round(i["rect"][1] / 40) for i in hand}
    assert len(tops) == 1, "the hand lies in one row"
    field_top = frame["origin"][1]
    piles = [i for i in shown["items"] if i["shape"] == "card" and not i.get("lifts")]
    beside = [i for i in piles if i["rect"][1] < field_top + frame["per_cm"] * frame["cm"][1]]
    assert len(beside) == len(piles), "every pile stands beside the field, none above or below it"
