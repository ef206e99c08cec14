"""Events about board items name them (`at=[ids]`), so the client lights them when the log
line is under the mouse: capital plots, cards in the battle line and on the table, strike
cards, holdings, piles. Each id is checked against the board description at the moment the
event is emitted, for the seat it is about and, for the public items of builds and battles,
for every seat."""

from __future__ import annotations

import random
from typing import Any

from boardwright.client.layout import compose
from boardwright.framework import EventLog, PluginHost, kernel, zones
from boardwright.plugins.heroes_cards import capital
from boardwright.plugins.heroes_cards.catalog import TRAVEL

from .scenes import first_day, move_card

ENGINE = PluginHost().engine("heroes_cards")
GAME = ENGINE.game
# items every seat sees: the capitals, the battle lines and strikes, the table, the domains
PUBLIC = {
    "build",
    "upgrade",
    "tier_up",
    "ritual",
    "machine_chosen",
    "school_drawn",
    "strike",
    "luck",
    "placed",
    "deployed",
    "battle_win",
    "battle_loss",
    "battle_draw",
    "units_lost",
    "hero_lost",
    "spell_cast",
    "spell_cancelled",
    "visit",
    "attack_table",
    "reward",
    "treasure",
    "mercenary",
    "bribe",
    "captured",
    "garrison_cover",
    "native_chests",
    "town_recruits",
    "split",
}


def board_ids(state: dict[str, Any], seat: int) -> set[Any]:
    board = compose(ENGINE.board(state, seat), ENGINE.view(state, seat)["zones"], GAME.card_face)
    # what the log lights an item by: its id, and the more ids it answers to (`also`)
    return {name for item in board["items"] if "id" in item for name in [item["id"], *item.get("also", ())]}


class CheckingLog(EventLog):
    """An event log that checks each event's `at` ids against the board as it is emitted."""

    def __init__(self, state: dict[str, Any]) -> None:
        super().__init__()
        self.state = state
        self.checked: dict[str, int] = {}

    def emit(self, key: str, to: list[int] | None = None, **params: Any) -> None:
        super().emit(key, to, **params)
        at = params.get("at")
        if at is None:
            return
        if to is not None:
            viewers = list(to)
        elif key in PUBLIC:
            viewers = list(range(kernel.seats(self.state)))
        else:
            viewers = [params["seat"]]
        for viewer in viewers:
            missing = [item for item in at if item not in board_ids(self.state, viewer)]
            assert not missing, f"{key} names {missing}, not on seat {viewer}'s board"
        self.checked[key] = self.checked.get(key, 0) + 1


def test_a_build_names_its_plot_and_a_completed_column_names_the_column():
    state = first_day(ENGINE, 1)
    seat = kernel.active(state)
    for plot in ("barracks1", "barracks2"):
        state["capital"][seat][capital.PLOT_INDEX[plot]] = 0
    for n in range(6):
        zones.zone(state, f"chests:{seat}")["items"].append(f"chest:extra{n}")
    build = next(a for a in ENGINE.legal_actions(state) if a["type"] == "build" and a["plot"] == "barracks3")
    log = CheckingLog(state)
    ENGINE.apply(state, build, seat, log)
    at = {e["key"]: e["params"]["at"] for e in log.events if "at" in e["params"]}
    assert at["build"] == [f"barracks3@{seat}"]
    assert sorted(at["tier_up"]) == [f"barracks{n}@{seat}" for n in (1, 2, 3)]
    # a plot has one id in its capital, whoever looks; only in the viewer's own capital does
    # it also answer to the plain name the build actions hold (a click there builds)
    for viewer in range(kernel.seats(state)):
        cells = [
            cell
            for element in ENGINE.board(state, viewer)["elements"]
            if element["type"] == "grid"
            for cell in element.get("cells", [])
            if f"barracks3@{seat}" in (cell["id"], *cell.get("also", ()))
        ]
        assert len(cells) == 1, "one capital lights for the build"
        assert cells[0]["id"] == ("barracks3" if viewer == seat else f"barracks3@{seat}")


def test_a_battles_events_name_the_card_the_lines_and_the_strike_cards():
    state = first_day(ENGINE, 2)
    seat = kernel.active(state)
    state["capital"][seat][capital.PLOT_INDEX["barracks1"]] = 0
    hoard = next(f"t:{key}:0" for key, data in TRAVEL.items() if data["kind"] == "treasure")
    move_card(state, hoard, f"travel:{seat}")
    log = CheckingLog(state)
    ENGINE.apply(state, {"type": "visit", "card": hoard, "target": -1}, seat, log)
    for _ in range(200):
        if not kernel.pending(state) or state["battle"] is None:
            break
        ENGINE.apply(state, ENGINE.legal_actions(state)[0], None, log)
    assert state["battle"] is None
    keys = [e["key"] for e in log.events]
    assert "visit" in keys and any(k.startswith("battle_") for k in keys)
    assert log.checked["visit"] == 1 and log.checked["deployed"] == 1
    for event in log.events:
        if event["key"] == "strike":
            assert len(event["params"]["at"]) >= 2  # the unit (or hero) and its strike card
        if event["key"].startswith("battle_"):
            assert hoard in event["params"]["at"]


def test_random_games_name_only_what_the_board_shows():
    """Whole games played at random: every `at` of every event is on the board then."""
    seen: dict[str, int] = {}
    for seed in (3, 4):
        state = ENGINE.new_game(2, {}, seed)
        log = CheckingLog(state)
        rng = random.Random(seed)
        for _ in range(3000):
            if kernel.is_over(state):
                break
            ENGINE.apply_unchecked(state, rng.choice(ENGINE.legal_actions(state)), log)
        assert kernel.is_over(state)
        for key, count in log.checked.items():
            seen[key] = seen.get(key, 0) + count
    for key in ("build", "strike", "deployed", "visit", "split", "travel_drawn"):
        assert seen.get(key), f"no {key} event was checked"
