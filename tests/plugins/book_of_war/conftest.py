"""A table builder for Book of War positions (digest section 10, position S0).

S0: two players; seat 0 = Brotherhood of the Mountains, red (North: castles a0, c1);
seat 1 = Legion of Chaos, green (South: castles g5, e4); VP 0 : 0, red on top; it is
seat 0's turn in the offensive phase; no units, empty hands unless a test adds them.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.framework import Engine, EventLog, kernel
from boardwright.plugins.book_of_war import units
from boardwright.plugins.book_of_war.catalog import CONFIG, FACTIONS, UNITS
from boardwright.plugins.book_of_war.rules import BookOfWar


class Table:
    def __init__(self, players: int = 2, scenario: str | None = None) -> None:
        self.game = BookOfWar()
        self.engine = Engine(self.game)
        self.log = EventLog()
        self.state = self.engine.new_game(players=players, seed=7, scenario=scenario)
        st = self.state
        n = players
        st["faction"] = (["brotherhood", "legion", "order", "alliance"])[:n]
        st["colour"] = ["red", "green"]
        st["castles"] = {c: None for c in st["castles"]}
        for c in ("a0", "c1"):
            st["castles"][c] = 0
        for c in ("g5", "e4"):
            st["castles"][c] = 1
        st["units"] = {}
        st["occupants"] = {}
        st["vp"] = [0, 0]
        st["on_top"] = 0
        st["general"] = [True, True]
        st["library"] = [{c: "locked" for c in FACTIONS[f]["creatures"]} for f in st["faction"]]
        st["summons"] = [0] * n
        st["start_lands"] = [[FACTIONS[f]["start_land"]] for f in st["faction"]]
        st["planning"] = None
        st["leader"] = 0
        zones = st["zones"]
        for z in zones.values():
            z["items"] = []
            z["known"] = {}
        for side in (0, 1):
            zones[f"units:{side}"]["items"] = [f"{st['colour'][side]}_{t}" for t in UNITS]
        self.free_lands = [f"{land}{i}" for land, count in CONFIG["land_cards"].items() for i in range(count)]
        zones["landdeck"]["items"] = list(self.free_lands)
        # the offensive phase of round 1, seat 0 to act, clockwise from it
        kernel.set_phase(st, "offensive")
        kernel.set_order(st, list(range(n)))
        kernel.set_active(st, 0)

    # --- building

    def unit(
        self,
        seat: int,
        unit_type: str,
        hex_id: str,
        up: bool = False,
        wounds: int = 0,
        shields: int = 0,
        ready: bool = True,
    ) -> str:
        st = self.state
        uid = units.place(st, seat, unit_type, hex_id, ready)  # as the rules place one
        st["units"][uid].update(upgraded=up, wounds=wounds, shields=shields)
        st["zones"][f"units:{kernel.side_of(st, seat)}"]["items"].remove(uid)
        return uid

    def take_land(self, land: str) -> str:
        card = next(c for c in self.state["zones"]["landdeck"]["items"] if c[0] == land)
        self.state["zones"]["landdeck"]["items"].remove(card)
        return card

    def lands(self, seat: int, letters: str) -> None:
        zone = self.state["zones"][f"lands:{seat}"]
        self.state["zones"]["landdeck"]["items"].extend(zone["items"])
        zone["items"] = [self.take_land(x) for x in letters]

    def hand_units(self, seat: int, types: list[str]) -> None:
        st = self.state
        side = kernel.side_of(st, seat)
        cards = [f"{st['colour'][side]}_{t}" for t in types]
        for c in cards:
            st["zones"][f"units:{side}"]["items"].remove(c)
        st["zones"][f"hand:{seat}"]["items"] = cards

    def deck(self, letters_top_first: str) -> None:
        """Put these land cards on top of the land deck (first letter on top)."""
        cards = [self.take_land(x) for x in letters_top_first]
        self.state["zones"]["landdeck"]["items"].extend(reversed(cards))

    def turn(self, seat: int) -> None:
        kernel.set_active(self.state, seat)

    # --- playing

    def legal(self) -> list[dict[str, Any]]:
        self.engine._cached_state = None  # tests edit positions in place between actions
        return self.engine.legal_actions(self.state)

    def find(self, **fields: Any) -> list[dict[str, Any]]:
        return [a for a in self.legal() if all(a.get(k) == v for k, v in fields.items())]

    def play(self, **fields: Any) -> dict[str, Any]:
        found = self.find(**fields)
        assert found, f"no legal action matches {fields}; legal types: {sorted({a['type'] for a in self.legal()})}"
        action = found[0]
        self.engine.apply(self.state, action, log=self.log)
        return action

    def u(self, uid: str) -> dict[str, Any]:
        return self.state["units"][uid]

    def hand_letters(self, seat: int) -> list[str]:
        return sorted(c[0] for c in self.state["zones"][f"lands:{seat}"]["items"])

    @property
    def vp(self) -> list[int]:
        return self.state["vp"]


@pytest.fixture
def table() -> Table:
    return Table()


@pytest.fixture
def make_table() -> type[Table]:
    return Table
