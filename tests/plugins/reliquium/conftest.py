"""A hand-built Reliquium table for the rules tests: an empty map, chosen pieces, a chosen turn."""

from __future__ import annotations

from typing import Any

import pytest

from boardwright.framework import Engine, EventLog, IllegalAction, kernel
from boardwright.plugins.reliquium.rules import Reliquium

GAME = Reliquium()
W = GAME.w
CLASS = {"W": 0, "D": 1, "M": 2}
FACTION = {"L": 0, "A": 1, "O": 2, "B": 3}


class Table:
    def __init__(
        self, players: int = 4, factions: str = "initiative", scenario: str | None = None, **options: Any
    ) -> None:
        self.game = GAME
        self.engine = Engine(GAME)
        self.log = EventLog()
        self.state = self.engine.new_game(players, options={"factions": factions, **options}, seed=3, scenario=scenario)
        s = self.state
        for r in range(len(W.region_ids)):
            s["own"][r] = -1
            s["units"][r] = [0, 0, 0]
            if s["castle"][r] >= 0 and not s["neutral"][s["castle"][r]]:
                s["castle"][r] = -1
        self.sync()

    # --- building the position ---

    def put(self, region: str, faction: str, units: str = "", castle: bool = False) -> Table:
        s, r, f = self.state, W.region_index[region], FACTION[faction]
        s["units"][r] = [units.count("W"), units.count("D"), units.count("M")]
        s["own"][r] = f if units else -1
        if castle:
            s["castle"][r] = f
        self.sync()
        return self

    def sync(self) -> None:
        """Tracks and reserves that match the pieces on the map (digest 2.5 invariant)."""
        s = self.state
        self.edited()
        for f in range(4):
            if s["neutral"][f]:
                continue
            track = []
            for seg, terrain in enumerate(W.seg_terrain):
                on_map = sum(1 for r in range(len(W.region_ids)) if s["castle"][r] == f and W.terrain[r] == terrain)
                n = W.segments[seg]["divisions"]
                track.extend(i < n - on_map for i in range(n))
            s["track"][f] = track
            s["marker"][f] = GAME._leftmost_free(track)
            s["reserve"][f] = [
                3 - sum(s["units"][r][c] for r in range(len(W.region_ids)) if s["own"][r] == f) for c in range(3)
            ]

    def turn(self, faction: str, terrain: str) -> Table:
        """Make `faction` the active player with its action token on a division of `terrain`'s segment."""
        s, f = self.state, FACTION[faction]
        seg = W.seg_of_terrain[terrain]
        track = s["track"][f]
        divisions = [i for i in range(W.divisions) if W.seg_of[i] == seg]
        free = [i for i in divisions if not track[i]]
        if not free:
            track[divisions[-1]] = False
            free = [divisions[-1]]
        s["marker"][f] = free[0]
        s["stage"] = "peace"
        kernel.set_phase(s, "peace")
        s["done"] = [s["neutral"][g] for g in range(4)]
        kernel.set_active(s, s["seat_of"][f])
        self.edited()
        return self

    def edited(self) -> None:
        # a hand edit is a new position: the engine caches legal actions per (state, ply)
        self.state["k"]["ply"] += 1

    def token(self, faction: str, kind: str, value: int, origin: str, target: str) -> Table:
        s, f = self.state, FACTION[faction]
        b = W.border_between[W.region_index[origin]][W.region_index[target]]
        s["tokens"][b] = [f, 0 if kind == "melee" else 1, value, W.region_index[target], 0, 0, 0, 0]
        s["melee_at" if kind == "melee" else "ranged_at"][f][value - 1] = b
        self.edited()
        return self

    def creature(self, creature: str, junction: str) -> Table:
        s = self.state
        f, c = W.creature_ref[creature]
        j = W.junction_index[junction]
        s["creatures"][j] = [f, c]
        s["creature_at"][f][c] = j
        self.edited()
        return self

    def war(self) -> Table:
        GAME.start_war(self.state, self.log)
        return self

    # --- playing ---

    def legal(self) -> list[dict[str, Any]]:
        return self.engine.legal_actions(self.state)

    def act(self, action: dict[str, Any]) -> Table:
        self.engine.apply(self.state, action, log=self.log)
        return self

    def refused(self, action: dict[str, Any]) -> str:
        before = kernel.state_hash(self.state)
        with pytest.raises(IllegalAction) as err:
            self.engine.apply(self.state, action)
        assert kernel.state_hash(self.state) == before
        return str(err.value)

    # --- reading ---

    def units(self, region: str) -> str:
        u = self.state["units"][W.region_index[region]]
        return "W" * u[0] + "D" * u[1] + "M" * u[2]

    def owner(self, region: str) -> str | None:
        f = self.state["own"][W.region_index[region]]
        return None if f < 0 else "LAOB"[f]

    def castle(self, region: str) -> str | None:
        f = self.state["castle"][W.region_index[region]]
        return None if f < 0 else "LAOB"[f]

    def tok(self, origin: str, target: str) -> list[Any] | None:
        b = W.border_between[W.region_index[origin]][W.region_index[target]]
        return self.state["tokens"][b]

    def track(self, faction: str) -> str:
        """The track as text, e.g. "##. ##. #.." (# = castle token on the division)."""
        t = self.state["track"][FACTION[faction]]
        return " ".join("".join("#" if c else "." for c in t[i : i + 3]) for i in range(0, 9, 3))

    def events(self, key: str) -> list[dict[str, Any]]:
        return [e["params"] for e in self.log.events if e["key"] == key]

    @staticmethod
    def border(a: str, b: str) -> str:
        return W.border_ids[W.border_between[W.region_index[a]][W.region_index[b]]]

    def pending(self) -> dict[str, Any] | None:
        return kernel.pending(self.state)

    def seat(self, faction: str) -> int:
        return int(self.state["seat_of"][FACTION[faction]])


@pytest.fixture
def table() -> type[Table]:
    return Table
