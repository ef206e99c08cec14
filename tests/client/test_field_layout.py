"""A free field laid out for a miniatures player: as large as the cards beside it on a
real table, with its reach circles cut at its edges (never over the hands)."""

from __future__ import annotations

import pytest

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
