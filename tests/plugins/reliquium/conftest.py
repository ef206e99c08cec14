"""A hand-built Reliquium table for the rules tests: an empty map, chosen pieces, a chosen turn."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from boardwright.framework import Engine, EventLog, IllegalAction, kernel
from boardwright.plugins.reliquium.castles import leftmost_free
from boardwright.plugins.reliquium.rules import Reliquium
from boardwright.plugins.reliquium.world import WORLD

GAME = Reliquium()
W = WORLD
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
            s["occupant"][r] = -1
            s["units"][r] = W.no_units()
            if s["castle"][r] >= 0 and not s["neutral"][s["castle"][r]]:
                s["castle"][r] = -1
        self.sync()

    # --- building the position ---

    def put(self, region: str, faction: str, units: str = "", castle: bool = False) -> Table:
        s, r, f = self.state, W.region_index[region], FACTION[faction]
        s["units"][r] = [units.count(letter) for letter in W.class_letters["en"]]
        s["occupant"][r] = f if units else -1
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
            for seg, terrain in enumerate(W.segment_terrain):
                on_map = sum(1 for r in range(len(W.region_ids)) if s["castle"][r] == f and W.terrain[r] == terrain)
                n = W.segments[seg]["divisions"]
                track.extend(i < n - on_map for i in range(n))
            s["track"][f] = track
            s["action_token"][f] = leftmost_free(track)
            s["reserve"][f] = [
                W.factions[f]["units"][c]
                - sum(s["units"][r][c] for r in range(len(W.region_ids)) if s["occupant"][r] == f)
                for c in W.class_range
            ]

    def turn(self, faction: str, terrain: str) -> Table:
        """Make `faction` the active player with its action token on a division of `terrain`'s segment."""
        s, f = self.state, FACTION[faction]
        seg = W.segment_of_terrain[terrain]
        track = s["track"][f]
        divisions = [i for i in range(W.divisions) if W.segment_of[i] == seg]
        free = [i for i in divisions if not track[i]]
        if not free:
            track[divisions[-1]] = False
            free = [divisions[-1]]
        s["action_token"][f] = free[0]
        kernel.set_phase(s, "peace")
        s["k"]["passed"] = []  # nobody is done with this peace phase yet
        kernel.set_active(s, s["seat_of"][f])
        self.edited()
        return self

    def edited(self) -> None:
        # a hand edit is a new position: the engine caches legal actions per (state, ply)
        self.state["k"]["ply"] += 1

    def token(self, faction: str, kind: str, value: int, origin: str, target: str) -> Table:
        s, f = self.state, FACTION[faction]
        b = W.border_between[W.region_index[origin]][W.region_index[target]]
        s["tokens"][b] = {
            "faction": f,
            "kind": kind,
            "value": value,
            "target": W.region_index[target],
            "assigned": W.no_units(),
            "militia": 0,
        }
        s["melee_at" if kind == "melee" else "ranged_at"][f][value - 1] = b
        self.edited()
        return self

    def creature(self, creature: str, junction: str) -> Table:
        s = self.state
        f, c = W.creature_ref[creature]
        j = W.junction_index[junction]
        s["creatures"][j] = {"faction": f, "boosts": c}
        s["creature_at"][f][c] = j
        self.edited()
        return self

    def war(self) -> Table:
        """End the peace phase here: the flow runs the war phase until somebody must decide."""
        kernel.end_phase(self.state)
        self.engine.runner.settle(self.state, self.log)
        self.edited()
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
        f = self.state["occupant"][W.region_index[region]]
        return None if f < 0 else "LAOB"[f]

    def castle(self, region: str) -> str | None:
        f = self.state["castle"][W.region_index[region]]
        return None if f < 0 else "LAOB"[f]

    def tok(self, origin: str, target: str) -> list[Any] | None:
        """The token on a border in the digest's notation: [faction, kind (0 melee, 1 ranged),
        value, target region, assigned warriors, defenders, mages, militia]."""
        b = W.border_between[W.region_index[origin]][W.region_index[target]]
        token = self.state["tokens"][b]
        if token is None:
            return None
        kind = 0 if token["kind"] == "melee" else 1
        return [token["faction"], kind, token["value"], token["target"], *token["assigned"], token["militia"]]

    def track(self, faction: str) -> str:
        """The track as text, e.g. "##. ##. #.." (# = castle token on the division)."""
        t = self.state["track"][FACTION[faction]]
        cut = [*W.segment_start, W.divisions]
        return " ".join("".join("#" if c else "." for c in t[a:b]) for a, b in pairwise(cut))

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
