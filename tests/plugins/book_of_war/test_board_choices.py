"""Choosing on the board: every unit, card and hex an action names can be clicked.

Through seeded random games, for the seat to move: each two-click action's source (a unit
token, a unit card in the hand) and target (a hex) is on the board with that id, and so is
every unit or castle an ability or a summon aims at (found by a click on it).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardwright.client.layout import zone_cards
from boardwright.framework import PluginHost, kernel

ENGINE = PluginHost().engine("book_of_war")
GAME = ENGINE.game


def clickable(state: dict[str, Any], seat: int) -> set[Any]:
    """The ids of the board the seat sees: hexes, unit tokens, and the cards it may click."""
    board = ENGINE.board(state, seat)
    zones = ENGINE.view(state, seat)["zones"]
    ids: set[Any] = set()
    for element in board["elements"]:
        ids.update(cell["id"] for cell in element.get("cells", []))
        ids.update(piece["id"] for piece in element.get("pieces", []))
        if element["type"] == "cards":
            shown = zone_cards(zones.get(element["zone"])) if "zone" in element else element["cards"]
            stands_for = element.get("click_ids") or {}  # a card may stand for another id, as the client reads it
            ids.update(stands_for.get(str(card), card) for card in shown if card is not None)
    return ids


def aims(action: dict[str, Any]) -> list[Any]:
    """What an action without parts is found by: the units and castles it aims at."""
    targets = action.get("targets") or []
    return [t for t in targets if len(t) > 1]  # a land ("N", Mortum's) is chosen from the list


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (2, 8), (4, 5)])
def test_every_source_and_target_is_on_the_board(players: int, seed: int) -> None:
    state = ENGINE.new_game(players, {}, seed)
    rng = random.Random(seed)
    parts = GAME.action_parts
    checked = set()
    for _ in range(600):
        if kernel.is_over(state):
            break
        legal = ENGINE.legal_actions(state)
        ids = clickable(state, kernel.to_move(state))
        for action in legal:
            kind = action["type"]
            named = [action[field] for field in parts.get(kind, {}).values()] or aims(action)
            missing = [value for value in named if value not in ids]
            assert not missing, f"{kind}: {missing} is not on the board"
            checked.add(kind)
        ENGINE.apply_unchecked(state, legal[rng.randrange(len(legal))])
    # the walk met units moving, hiring, abilities and placements (pick other seeds if not)
    assert {"start_unit", "manoeuvre", "march", "expedition", "hire", "ability", "place", "summon"} <= checked


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 5)])
def test_a_land_card_chooses_its_land(players: int, seed: int) -> None:
    """In the draft and the split a land card on the board stands for its land, so clicking
    it plays the choice of that land (through the client's selection, as a person clicks)."""
    from boardwright.client.layout import compose
    from boardwright.client.selection import Selection

    state = ENGINE.new_game(players, {}, seed)
    rng = random.Random(seed)
    chosen = 0
    for _ in range(400):
        if kernel.is_over(state):
            break
        legal = ENGINE.legal_actions(state)
        seat = kernel.to_move(state)
        by_land = [a for a in legal if a["type"] in ("draft_keep", "split", "scout_keep", "start_land")]
        if by_land:
            board = compose(ENGINE.board(state, seat), ENGINE.view(state, seat)["zones"], GAME.card_face)
            card_ids = {item["id"] for item in board["items"] if item["shape"] == "card" and "id" in item}
            for action in by_land:
                assert action["land"] in card_ids, f"no card stands for land {action['land']}"
                outcome = Selection(legal, [], GAME.action_parts).click(action["land"])
                assert outcome.what == "play" and outcome.actions == [action]
                chosen += 1
        ENGINE.apply_unchecked(state, legal[rng.randrange(len(legal))])
    assert chosen, "the walk met a choice of land"
