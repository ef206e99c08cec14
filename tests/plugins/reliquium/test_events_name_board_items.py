"""Moves you can follow: Reliquium's events name the board items they are about (`at`:
regions, borders, junctions), so the log line under the mouse lights them, and a battle
carries its strengths and losses to show over the region fought for."""

from __future__ import annotations

from boardwright.plugins.reliquium.rules import Reliquium
from boardwright.plugins.reliquium.text import REGION_NAMES
from boardwright.plugins.reliquium.world import WORLD

from ...client.lit_items import play_checking_at

MAIN = {"march", "summon", "recruit", "build", "melee_order", "ranged_order", "battle", "losses", "advance", "push"}


def test_every_event_about_board_items_names_drawn_ids() -> None:
    events, with_at, log = play_checking_at(Reliquium(), seed=3, plies=220)
    seen = {key for key in MAIN if events[key]}
    assert {"march", "summon", "recruit", "melee_order", "battle", "losses"} <= seen, f"a busy game fights: {events}"
    for key in seen:
        assert with_at[key] == events[key], f"every {key} event names its items"
    battles = [event["params"] for event in log if event["key"] == "battle"]
    for battle in battles:
        assert battle["show"] == f"{battle['attack']} : {battle['defence']}"
        fought_for = REGION_NAMES[WORLD.region_index[battle["at"][0]]]
        assert fought_for == battle["region"], "the numbers float over the region fought for"
