"""Static board geometry: hexes, rays, distances, castles, towers and ability areas.

Hexes are numbered 0..n-1 on each board; the state stores those indexes, actions use the
hex keys ("q,r" on the duel boards, "a0".."g5" on Protorp) so clients can click them.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from boardwright.framework import hexgrid

SINGLE_AREAS = ("self", "adjacent", "adjacent_or_self", "line_skip1", "line_any", "any", "any_or_self")
MASS_AREAS = ("all_adjacent", "all_adjacent_and_self", "line_all", "ring2", "all", "all_and_self")


@dataclass
class Board:
    id: str
    layout: str  # "flat" or "pointy"
    keys: list[str]
    coords: list[tuple[int, int]]
    terrain: list[str]
    land: list[str]
    void: list[bool]
    castles: list[int]  # hex index per castle
    castle_ids: list[str]
    castle_names: list[dict[str, str]]
    towers: list[dict[str, Any]]  # {"id", "area": [idx], "hex": idx or None, "name": {"en", "ru"}}
    start_castles: list[int] = field(default_factory=list)  # indexes into `castles`
    lands: list[str] = field(default_factory=list)
    radius: int = 0  # 0: no limit; Protorp: 3
    castle_label: str = "name"  # what a castle's hex shows: "name", or a glyph where names are long
    index: dict[str, int] = field(default_factory=dict)
    nbr: list[list[int]] = field(default_factory=list)
    rays: list[list[list[int]]] = field(default_factory=list)
    dist: list[list[int]] = field(default_factory=list)
    castle_at: dict[int, int] = field(default_factory=dict)  # hex -> castle index
    castle_keys: list[str] = field(default_factory=list)  # the hex key of each castle: what actions name
    control: list[list[int]] = field(default_factory=list)  # Protorp control area per castle
    tower_at: dict[int, dict[str, Any]] = field(default_factory=dict)  # hex -> the tower standing there
    _areas: dict[tuple[str, int], Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.index = {k: i for i, k in enumerate(self.keys)}
        at = {c: i for i, c in enumerate(self.coords)}
        n = len(self.keys)
        self.nbr = [
            [at[h] for h in hexgrid.neighbours(self.coords[i]) if h in at and not self.void[at[h]]] for i in range(n)
        ]
        self.rays = []
        for i in range(n):
            per_dir = []
            for d in range(6):
                ray = []
                h = self.coords[i]
                while True:
                    h = hexgrid.neighbour(h, d)
                    if h not in at:
                        break
                    ray.append(at[h])
                per_dir.append(ray)
            self.rays.append(per_dir)
        self.dist = [[hexgrid.distance(a, b) for b in self.coords] for a in self.coords]
        self.castle_at = {h: i for i, h in enumerate(self.castles)}
        self.castle_keys = [self.keys[h] for h in self.castles]
        self.control = [[h, *self.nbr[h]] for h in self.castles]
        self.tower_at = {}
        for tower in self.towers:
            if tower.get("hex") is not None:
                self.tower_at.setdefault(tower["hex"], tower)  # the first one, as a search would find

    def in_range(self, a: int, b: int) -> bool:
        return not self.radius or self.dist[a][b] <= self.radius

    def direction(self, a: int, b: int) -> int | None:
        """The ray direction from a to b when b lies on one of a's straight lines."""
        for d in range(6):
            if b in self.rays[a][d]:
                return d
        return None

    def area(self, name: str, i: int) -> Any:
        """Hexes of an area around i (void and out-of-radius hexes left out).

        Single and plain mass areas give a list of hexes; `line_all` gives one list per direction.
        """
        cached = self._areas.get((name, i))
        if cached is not None:
            return cached
        n = len(self.keys)
        ok = [j for j in range(n) if not self.void[j] and self.in_range(i, j)]
        if name == "self":
            out: Any = [i]
        elif name in ("adjacent", "all_adjacent"):
            out = list(self.nbr[i])
        elif name in ("adjacent_or_self", "all_adjacent_and_self"):
            out = [i, *self.nbr[i]]
        elif name == "line_skip1":
            out = [r[1] for r in self.rays[i] if len(r) > 1 and not self.void[r[1]] and self.in_range(i, r[1])]
        elif name == "line_any":
            out = [j for r in self.rays[i] for j in r if not self.void[j] and self.in_range(i, j)]
        elif name in ("any", "all"):
            out = [j for j in ok if j != i]
        elif name in ("any_or_self", "all_and_self"):
            out = ok
        elif name == "ring2":
            out = [j for j in ok if self.dist[i][j] == 2]
        elif name == "line_all":
            out = [[j for j in r if not self.void[j] and self.in_range(i, j)] for r in self.rays[i]]
        else:
            raise ValueError(f"unknown area {name!r}")
        self._areas[(name, i)] = out
        return out


def combos(items: list[Any], k: int) -> list[list[Any]]:
    return [list(c) for c in combinations(items, k)]


def load_flat_board(board_id: str, data: dict[str, Any]) -> Board:
    keys = [f"{q},{r}" for q, r, _ in data["hexes"]]
    index = {k: i for i, k in enumerate(keys)}
    towers = []
    for t in data.get("towers", []):
        towers.append(
            {
                "id": t["id"],
                "area": [index[h] for h in t["area"]],
                "hex": index.get(t.get("hex", "")),
                "name": {"en": t["name_en"], "ru": t["name_ru"]},
            }
        )
    return Board(
        id=board_id,
        layout=data["layout"],
        keys=keys,
        coords=[(q, r) for q, r, _ in data["hexes"]],
        terrain=[t for _, _, t in data["hexes"]],
        land=["" for _ in keys],
        void=[False for _ in keys],
        castles=[index[c["hex"]] for c in data["castles"]],
        castle_ids=[c["id"] for c in data["castles"]],
        castle_names=[{"en": c["name_en"], "ru": c["name_ru"]} for c in data["castles"]],
        towers=towers,
        castle_label=data.get("castle_label", "name"),
    )


def load_protorp_board(data: dict[str, Any], csv_text: str, radius: int) -> Board:
    rows = list(csv.DictReader(io.StringIO(csv_text)))
    keys = [row["id"] for row in rows]
    castles = [i for i, row in enumerate(rows) if row["castle"] != "-"]
    start = [castles.index(keys.index(k)) for k in data["start_castles"]]
    names = {c["hex"]: {"en": c["name_en"], "ru": c["name_ru"]} for c in data["castles"]}
    return Board(
        id="protorp",
        layout=data["layout"],
        keys=keys,
        coords=[(int(row["q"]), int(row["r"])) for row in rows],
        terrain=[row["terrain"] for row in rows],
        land=[row["land"] if row["land"] != "-" else "" for row in rows],
        void=[row["terrain"] == "protorp" for row in rows],
        castles=castles,
        castle_ids=[keys[i] for i in castles],
        castle_names=[names[keys[i]] for i in castles],
        towers=[],
        start_castles=start,
        lands=list(data["lands"]),
        radius=radius,
        castle_label=data.get("castle_label", "name"),
    )
