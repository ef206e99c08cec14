"""A person lines up an army card by card through the client's selection (digest 6.2):
the first card is picked on the board (an open choice), then each card is clicked into a
new slot, onto a column of its creature, or into the hero's slot; bots keep choosing
among the prepared lineups, which stay the listed choices."""

from __future__ import annotations

from typing import Any

from boardwright.client.layout import compose
from boardwright.client.selection import Selection
from boardwright.framework import PluginHost, kernel, zones
from boardwright.framework.events import EventLog
from boardwright.plugins.heroes_cards import capital
from boardwright.plugins.heroes_cards.catalog import RACES, TRAVEL

ENGINE = PluginHost().engine("heroes_cards")
GAME = ENGINE.game


def _zone_of(state: dict[str, Any], card: str) -> str:
    return next(name for name in state["zones"] if card in zones.items(state, name))


def battle_for_a_person(seed: int) -> tuple[dict[str, Any], int, list[str]]:
    """A field battle opened by the seat to act on day 1, with the level-1 barracks built and
    two copies of the level-1 creature in hand: (state, seat, those two cards)."""
    state = ENGINE.new_game(2, {}, seed)
    while kernel.phase(state) != "day" or kernel.pending(state):
        ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    seat = kernel.active(state)
    state["capital"][seat][capital.PLOT_INDEX["barracks1"]] = 0
    level_one = RACES[state["race"][seat]]["creatures"][0]["key"]
    copies = [f"{seat}:{level_one}:{n}" for n in range(2)]
    for card in copies:
        zones.move(state, _zone_of(state, card), f"creatures:{seat}", card)
    hoard = next(f"t:{key}:0" for key, data in TRAVEL.items() if data["kind"] == "treasure")
    zones.move(state, _zone_of(state, hoard), f"travel:{seat}", hoard)
    ENGINE.apply(state, {"type": "visit", "card": hoard, "target": -1})
    return state, seat, copies


def board_card_ids(state: dict[str, Any], seat: int) -> set[Any]:
    board = compose(ENGINE.board(state, seat), ENGINE.view(state, seat)["zones"], GAME.card_face)
    return {item["id"] for item in board["items"] if item["shape"] == "card" and "id" in item}


def selection(state: dict[str, Any]) -> Selection:
    return Selection(ENGINE.legal_actions(state), ENGINE.open_actions(state), GAME.action_parts)


def click_and_play(state: dict[str, Any], seat: int, card: str, slot: int) -> None:
    """Click `card` on the board; play the offered placement into `slot` (from a menu when
    the card may both start a slot and join a column)."""
    assert card in board_card_ids(state, seat), f"{card} is not on the board"
    outcome = selection(state).click(card)
    assert outcome.what in ("play", "menu")
    chosen = [a for a in outcome.actions if a["slot"] == slot]
    assert chosen, f"{card} cannot go to slot {slot}: {outcome.actions}"
    ENGINE.apply(state, ENGINE.check(state, chosen[0], seat))


def test_a_person_lines_up_a_column_card_by_card_on_the_board() -> None:
    state, seat, (first, second) = battle_for_a_person(4)
    decision = kernel.pending(state)
    assert decision["kind"] == "army" and decision["seat"] == seat
    # the bots' lineups stay listed; the person's first card is an open pick on the board
    assert all(choice["type"] == "army" for choice in ENGINE.legal_actions(state))
    assert first in board_card_ids(state, seat)
    pick = selection(state)
    assert pick.click(first).what == "toggle"
    filled = pick.ready()
    assert filled == {"type": "line_up", "cards": [first]}
    ENGINE.apply(state, ENGINE.check(state, filled, seat))
    assert kernel.pending(state)["kind"] == "line_up"
    assert zones.items(state, f"line:{seat}") == [first]
    # the second copy may start slot 2 or join the column in slot 1: a menu offers both
    outcome = selection(state).click(second)
    assert outcome.what == "menu" and sorted(a["slot"] for a in outcome.actions) == [0, 1]
    click_and_play(state, seat, second, 0)
    side = state["battle"]["sides"][0]
    assert side["units"] == [[first, second]] and side["hero"] is None
    # the person leaves the hero at home and ends the line-up
    done = [a for a in ENGINE.legal_actions(state) if a["type"] == "lined_up"]
    log = EventLog()
    ENGINE.apply(state, done[0], seat, log)
    deployed = [e["params"] for e in log.events if e["key"] == "deployed"]
    assert deployed == [{"seat": seat, "units": 1, "hero": {"key": "no_hero"}, "at": [first, second]}]
    assert len(zones.items(state, f"heroes:{seat}")) == 1
    assert kernel.pending(state) is None or kernel.pending(state)["kind"] not in ("army", "line_up")


def test_the_hero_takes_the_last_slot_and_the_line_up_ends_when_nothing_is_left() -> None:
    state, seat, (first, second) = battle_for_a_person(4)
    ENGINE.apply(state, {"type": "line_up", "cards": [first]})
    assert {a["slot"] for a in ENGINE.legal_actions(state) if a["type"] == "place"} == {0, 1, -1}
    ENGINE.apply(state, {"type": "place", "card": second, "slot": 1})
    side = state["battle"]["sides"][0]
    assert side["units"] == [[first], [second]]
    # with no more creatures of a built barracks, only the hero is left, then it ends
    hero_card = zones.items(state, f"heroes:{seat}")[0]
    assert [a for a in ENGINE.legal_actions(state) if a["type"] == "place"] == [
        {"type": "place", "card": hero_card, "slot": -1}
    ]
    click_and_play(state, seat, hero_card, -1)
    assert kernel.pending(state) is None or kernel.pending(state)["kind"] not in ("army", "line_up")
    assert side["hero"] == hero_card and zones.items(state, f"line:{seat}") == [first, second, hero_card]


def test_a_prepared_lineup_still_deploys_columns_in_one_choice() -> None:
    state, seat, (first, second) = battle_for_a_person(4)
    columns = [a for a in ENGINE.legal_actions(state) if [first, second] in a["units"]]
    assert columns, "a lineup with the two copies as a column is offered to bots"
    ENGINE.apply(state, columns[0])
    side = state["battle"]["sides"][0]
    assert side["units"] == columns[0]["units"]
    assert sorted(zones.items(state, f"line:{seat}")) == sorted(
        [card for unit in side["units"] for card in unit] + ([side["hero"]] if side["hero"] else [])
    )
