"""The Protorp board as static lookups, built once from data/board.toml.

Hexes are named by their ids ("a0" ... "g5"); every table here is keyed by id so rules
code never recomputes geometry while bots search.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import hexgrid


class Board:
    def __init__(self, data: dict[str, Any]) -> None:
        hexes = data["hex"]
        self.ids: list[str] = [h["id"] for h in hexes]
        self.coord: dict[str, tuple[int, int]] = {h["id"]: (h["q"], h["r"]) for h in hexes}
        by_coord = {c: i for i, c in self.coord.items()}
        self.terrain: dict[str, str] = {h["id"]: h["terrain"] for h in hexes}
        self.land: dict[str, str | None] = {h["id"]: h.get("land") for h in hexes}
        self.castle_kind: dict[str, str] = {h["id"]: h["castle"] for h in hexes if h.get("castle")}
        self.castles: list[str] = [h for h in self.ids if h in self.castle_kind]
        self.protorp: str = next(h for h in self.ids if self.terrain[h] == "protorp")
        self.cells: list[str] = [h for h in self.ids if h != self.protorp]
        all_neighbours = {
            h: [by_coord[n] for n in hexgrid.neighbours(self.coord[h]) if n in by_coord] for h in self.ids
        }
        # hexes a unit may step to (the protorp is never entered)
        self.neighbours: dict[str, list[str]] = {
            h: [n for n in all_neighbours[h] if n != self.protorp] for h in self.ids
        }
        self.edge: list[str] = [h for h in self.cells if len(all_neighbours[h]) < 6]
        self.edge_set = frozenset(self.edge)
        self.ring1: list[str] = [h for h in all_neighbours[self.protorp]]
        self.distance: dict[str, dict[str, int]] = {
            a: {b: hexgrid.distance(self.coord[a], self.coord[b]) for b in self.ids} for a in self.ids
        }
        self.line: dict[str, frozenset[str]] = {}
        for a in self.ids:
            qa, ra = self.coord[a]
            self.line[a] = frozenset(
                b
                for b in self.ids
                if b != a and (self.coord[b][0] == qa or self.coord[b][1] == ra or sum(self.coord[b]) == qa + ra)
            )
        self.lands: list[str] = sorted({v for v in self.land.values() if v})
        self.land_hexes: dict[str, list[str]] = {x: [h for h in self.cells if self.land[h] == x] for x in self.lands}
        self.land_castles: dict[str, list[str]] = {
            x: sorted((h for h in self.castles if self.land[h] == x), key=lambda h: self.castle_kind[h] != "outer")
            for x in self.lands
        }
        # hexes by distance, nearest first, for "within N" scans
        self.within: dict[str, list[list[str]]] = {}
        for a in self.ids:
            rings: list[list[str]] = [[] for _ in range(10)]
            for b in self.cells:
                d = self.distance[a][b]
                if 0 < d < 10:
                    rings[d].append(b)
            self.within[a] = rings

        self._near: dict[tuple[str, int, int], list[str]] = {}
        # "within r" (distance 1..r; r = 0: any distance) by hex and r, for ability ranges
        self.around: dict[str, list[list[str]]] = {h: [self.near(h, 1, r) for r in range(10)] for h in self.ids}
        # March: for each hex and terrain, the first steps of that terrain and where each leads
        terrains = sorted({t for t in self.terrain.values() if t != "protorp"})
        self.march: dict[str, dict[str, list[tuple[str, list[str]]]]] = {
            h: {t: [(f, self.neighbours[f]) for f in self.neighbours[h] if self.terrain[f] == t] for t in terrains}
            for h in self.ids
        }
        self.march_any: dict[str, list[tuple[str, list[str]]]] = {
            h: [(f, self.neighbours[f]) for f in self.neighbours[h]] for h in self.ids
        }

    def near(self, h: str, low: int, high: int) -> list[str]:
        """Hexes at distance low..high from h (0 for high: any distance); a shared list, never mutate."""
        found = self._near.get((h, low, high))
        if found is None:
            rings = self.within[h]
            top = len(rings) - 1 if high == 0 else high
            found = [b for d in range(low, top + 1) for b in rings[d]]
            self._near[(h, low, high)] = found
        return found
