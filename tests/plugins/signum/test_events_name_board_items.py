"""Moves you can follow: Signum's events name the units and cards they are about (`at`), so
the log line under the mouse lights them, and an attack carries its dice to show over the target."""

from __future__ import annotations

import pytest

from boardwright.framework.events import text
from boardwright.plugins.signum.rules import Signum

from ...client.lit_items import play_checking_at

MAIN = {"activate", "move", "run", "play", "hero_placed", "melee", "shoot", "magic_shot", "defence", "wounded"}


@pytest.mark.parametrize("seed", [9, 12])
def test_every_event_about_board_items_names_drawn_ids(seed: int) -> None:
    game = Signum()
    events, with_at, log = play_checking_at(game, seed=seed)
    seen = {key for key in MAIN if events[key]}
    assert {"activate", "move", "play", "hero_placed", "shoot", "wounded"} <= seen, f"a busy game fights: {events}"
    for key in seen:
        assert with_at[key] == events[key], f"every {key} event names its items"
    for shot in [event["params"] for event in log if event["key"] == "shoot"]:
        dice = len(shot["faces"].split())
        for lang, words in (("en", f"{shot['hits']} of {dice} hit"), ("ru", f"{shot['hits']} из {dice}")):
            assert words in text(shot["show"], game.messages, lang), "the hits of the dice rolled, in each language"
