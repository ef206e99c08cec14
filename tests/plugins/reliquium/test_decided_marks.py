"""A finished Reliquium map marks what decided the game: the castles of the faction that
built the winning one; every piece of the last faction standing; when no faction can act,
the leader's castles, or the lands it holds when it has none."""

from __future__ import annotations

from typing import Any

from boardwright.framework import Engine, kernel
from boardwright.framework.events import NULL_LOG
from boardwright.plugins.reliquium import peace
from boardwright.plugins.reliquium.board import map_element
from boardwright.plugins.reliquium.rules import Reliquium
from boardwright.plugins.reliquium.world import WORLD

from ..decided_marks import decided_items, decided_on_the_board
from ..positions import random_positions

ENGINE = Engine(Reliquium())


def _end(players: int, seed: int) -> dict[str, Any]:
    *_, state = random_positions(ENGINE, players, seed, limit=6000, last=True)
    assert kernel.is_over(state)
    return state


def _castles(state: dict[str, Any], faction: int) -> list[str]:
    return sorted(WORLD.region_ids[r] for r, owner in enumerate(state["castle"]) if owner == faction)


def _marked(state: dict[str, Any]) -> list[dict[str, Any]]:
    return decided_on_the_board({"elements": [map_element(state)]})


def test_the_winning_castles_are_marked_on_every_seats_board() -> None:
    state = _end(2, 0)
    outcome = kernel.outcome(state)
    assert outcome["reason"] == "castles built"
    faction = state["faction_of"][outcome["winners"][0]]
    castles = _castles(state, faction)
    assert len(castles) >= state["rules"]["castles_to_win"]
    for board in ENGINE.boards(state, [0, 1, None]):
        marked = decided_on_the_board(board)
        assert sorted(piece["id"] for piece in marked) == castles
        assert all(piece["label"] == WORLD.drawing["glyphs"]["castle"] for piece in marked)


def test_every_piece_of_the_last_faction_standing_is_marked() -> None:
    state = _end(3, 6)
    outcome = kernel.outcome(state)
    assert outcome["reason"] == "last faction standing"
    fill = WORLD.colours[WORLD.faction_ids[state["faction_of"][outcome["winners"][0]]]]
    pieces = map_element(state)["pieces"]
    theirs = [piece for piece in pieces if piece["fill"] == fill]
    assert theirs and all(piece.get("decided") for piece in theirs)
    assert not any(piece.get("decided") for piece in pieces if piece["fill"] != fill)


def test_when_no_faction_can_act_the_leaders_castles_or_lands_are_marked() -> None:
    *_, state = random_positions(ENGINE, 3, 3, limit=400)
    assert not kernel.is_over(state)
    ended = kernel.clone(state)
    ended["action_token"] = [-1] * len(ended["action_token"])
    peace.begin_peace(ended, NULL_LOG)
    assert kernel.outcome(ended)["reason"] == "no faction can act"
    leader = ended["faction_of"][kernel.outcome(ended)["winners"][0]]
    assert sorted(piece["id"] for piece in _marked(ended)) == _castles(ended, leader) != []

    bare = kernel.clone(state)
    bare["castle"] = [-1] * len(bare["castle"])
    bare["action_token"] = [-1] * len(bare["action_token"])
    peace.begin_peace(bare, NULL_LOG)
    leader = bare["faction_of"][kernel.outcome(bare)["winners"][0]]
    held = sorted(WORLD.region_ids[r] for r, owner in enumerate(bare["occupant"]) if owner == leader)
    assert held and sorted(item["id"] for item in _marked(bare)) == held


def test_nothing_is_marked_while_the_game_runs() -> None:
    for index, state in enumerate(random_positions(ENGINE, 2, 0, limit=6000)):
        if index % 50 == 0:
            assert decided_items(ENGINE.board(state, 0)) == []
