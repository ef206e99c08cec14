"""Static data of Reliquium, loaded once from the package's data files.

Regions, borders and junctions get integer indices so that the rules work on lists;
actions and events use the string ids from the map file.
"""

from __future__ import annotations

import json
from itertools import product
from typing import Any

from boardwright.framework.data import GameData

DATA = GameData(__package__)
load_toml = DATA.toml


def _sub_vectors(units: tuple[int, ...]) -> list[tuple[int, list[int]]]:
    """Every non-empty sub-multiset of a count vector (one count per unit class), with its size,
    smallest first."""
    out = []
    for vector in product(*(range(count + 1) for count in units)):
        size = sum(vector)
        if size:
            out.append((size, list(vector)))
    out.sort(key=lambda item: item[0])
    return out


class World:
    """The map, factions, creatures and numbers: everything that is not state."""

    def __init__(self) -> None:
        config = load_toml("game.toml")
        geo = json.loads(DATA.text("map.json"))
        self.config = config
        self._numbers(config)
        self._track(config)
        self._factions(load_toml("factions.toml")["faction"])
        self._regions(geo)
        self._borders()
        self._junctions(geo)
        self._subsets: dict[tuple[int, ...], list[tuple[int, list[int]]]] = {}
        self._marches: dict[tuple[int, int, tuple[int, ...]], tuple[list[int], list[dict[str, Any]]]] = {}
        self._summons: dict[int, list[list[dict[str, Any]]]] = {}

    def _numbers(self, config: dict[str, Any]) -> None:
        self.limit: int = config["troop_limit"]
        self.castles_to_win: int = config["castles_to_win"]
        self.classes: list[str] = config["classes"]
        self.class_index = {c: i for i, c in enumerate(self.classes)}
        self.class_range = range(len(self.classes))
        # how people read the classes: names and the letters drawn on pieces, per language
        self.class_names: dict[str, list[str]] = config["class_text"]["names"]
        self.class_letters: dict[str, list[str]] = config["class_text"]["letters"]
        self.class_plurals: dict[str, list[str]] = config["class_text"]["plurals"]
        self.attack: list[int] = config["strength"]["attack"]
        self.defence: list[int] = config["strength"]["defence"]
        self.support: list[int] = config["strength"]["support"]
        self.aura: int = config["strength"]["aura"]
        self.militia: int = config["strength"]["militia"]
        self.militia_attackers: int = config["militia"]["attackers"]
        self.per_strength: int = config["losses"]["per_strength"]
        self.loser_extra: int = config["losses"]["loser_extra"]
        self.melee_values: list[int] = config["tokens"]["melee"]
        self.ranged_values: list[int] = config["tokens"]["ranged"]
        self.colours: dict[str, str] = config["colours"]
        self.terrain_colours: dict[str, str] = config["terrain_colours"]
        self.drawing: dict[str, Any] = config["board"]

    def _track(self, config: dict[str, Any]) -> None:
        """The domain track: division i belongs to segment segment_of[i]."""
        self.segments = config["track"]
        self.segment_terrain = [segment["terrain"] for segment in self.segments]
        self.segment_actions = [segment["actions"] for segment in self.segments]
        self.segment_of: list[int] = []
        self.segment_start: list[int] = []
        for index, segment in enumerate(self.segments):
            self.segment_start.append(len(self.segment_of))
            self.segment_of.extend([index] * segment["divisions"])
        self.divisions = len(self.segment_of)
        self.segment_of_terrain = {terrain: index for index, terrain in enumerate(self.segment_terrain)}

    def _factions(self, factions: list[dict[str, Any]]) -> None:
        """Factions in initiative order and their creatures, one per class it boosts."""
        self.factions: list[dict[str, Any]] = factions
        self.faction_ids: list[str] = [f["id"] for f in factions]
        self.faction_index = {f: i for i, f in enumerate(self.faction_ids)}
        self.creatures: list[list[dict[str, Any]]] = []  # [faction][class] -> creature card
        self.creature_ref: dict[str, tuple[int, int]] = {}
        for f, faction in enumerate(factions):
            cards: list[dict[str, Any]] = [{}] * len(self.classes)
            for card in faction["creature"]:
                c = self.class_index[card["boosts"]]
                cards[c] = card
                self.creature_ref[card["id"]] = (f, c)
            self.creatures.append(cards)

    def summon_offers(self, faction: int) -> list[list[dict[str, Any]]]:
        """The faction's summon actions, [junction][class]: built once and shared, as the
        marches are (`marches_between`)."""
        found = self._summons.get(faction)
        if found is None:
            found = self._summons[faction] = [
                [
                    {"type": "summon", "creature": self.creatures[faction][unit_class]["id"], "junction": junction}
                    for unit_class in self.class_range
                ]
                for junction in self.junction_ids
            ]
        return found

    def _regions(self, geo: dict[str, Any]) -> None:
        self.vertices: dict[str, list[int]] = geo["vertices"]
        self.regions: list[dict[str, Any]] = geo["regions"]
        self.region_ids: list[str] = [r["id"] for r in self.regions]
        self.region_index = {r: i for i, r in enumerate(self.region_ids)}
        self.terrain: list[str] = [r["terrain"] for r in self.regions]
        self.is_water = [t == "water" for t in self.terrain]
        self.start_of: list[str | None] = [r.get("start") for r in self.regions]
        # the first division of the track segment whose castles a region takes (-1: water)
        self.castle_division: list[int] = [
            -1 if water else self.segment_start[self.segment_of_terrain[terrain]]
            for terrain, water in zip(self.terrain, self.is_water, strict=True)
        ]

    def _borders(self) -> None:
        """Borders: polygon edges shared by two regions; adjacency, token anchors and rivers."""
        n = len(self.regions)
        edges: dict[frozenset[str], list[int]] = {}
        for i, region in enumerate(self.regions):
            poly = region["polygon"]
            for a, b in zip(poly, poly[1:] + poly[:1], strict=True):
                edges.setdefault(frozenset((a, b)), []).append(i)
        self.borders: list[tuple[int, int]] = []
        self.border_ends: list[list[str]] = []
        for ends, owners in edges.items():
            if len(owners) == 2:
                a, b = sorted(owners)
                self.borders.append((a, b))
                self.border_ends.append(sorted(ends))
        order = sorted(range(len(self.borders)), key=lambda i: self.borders[i])
        self.borders = [self.borders[i] for i in order]
        self.border_ends = [self.border_ends[i] for i in order]
        self.border_ids = [f"{self.region_ids[a]}-{self.region_ids[b]}" for a, b in self.borders]
        self.border_index = {b: i for i, b in enumerate(self.border_ids)}
        self.adjacent: list[list[int]] = [[] for _ in range(n)]
        self.border_between: list[dict[int, int]] = [{} for _ in range(n)]
        self.region_borders: list[list[int]] = [[] for _ in range(n)]
        for i, (a, b) in enumerate(self.borders):
            self.adjacent[a].append(b)
            self.adjacent[b].append(a)
            self.border_between[a][b] = i
            self.border_between[b][a] = i
            self.region_borders[a].append(i)
            self.region_borders[b].append(i)
        for lst in self.adjacent:
            lst.sort()
        self.anchors: list[list[float]] = []
        for v1, v2 in self.border_ends:
            p, q = self.vertices[v1], self.vertices[v2]
            self.anchors.append([(p[0] + q[0]) / 2, (p[1] + q[1]) / 2])
        self.river = [self.terrain[a] == self.terrain[b] and not self.is_water[a] for a, b in self.borders]

    def _junctions(self, geo: dict[str, Any]) -> None:
        """Junctions: creature slots, each with its three presence regions."""
        self.junction_ids: list[str] = sorted(geo["junctions"])
        self.junction_index = {j: i for i, j in enumerate(self.junction_ids)}
        self.junction_regions: list[list[int]] = [
            sorted(self.region_index[r] for r in geo["junctions"][j]) for j in self.junction_ids
        ]
        self.region_junctions: list[list[int]] = [[] for _ in self.regions]
        for junction, regions in enumerate(self.junction_regions):
            for region in regions:
                self.region_junctions[region].append(junction)
        # borders touching a presence area; junctions sharing a presence region
        self.presence_borders: list[list[int]] = []
        self.near_junctions: list[list[int]] = []
        for regions in self.junction_regions:
            self.presence_borders.append(sorted({b for r in regions for b in self.region_borders[r]}))
            rs = set(regions)
            self.near_junctions.append([j for j, other in enumerate(self.junction_regions) if rs.intersection(other)])

    def subsets(self, units: list[int]) -> list[tuple[int, list[int]]]:
        """Every non-empty part of the units `units` counts, with its size, smallest first
        (cached: the same few vectors come up all game)."""
        key = tuple(units)
        found = self._subsets.get(key)
        if found is None:
            found = self._subsets[key] = _sub_vectors(key)
        return found

    def marches_between(
        self, origin: int, target: int, units: tuple[int, ...]
    ) -> tuple[list[int], list[dict[str, Any]]]:
        """The march actions from `origin` to `target` of every part of the units `units`
        counts, smallest first, and their sizes: built once and shared, as every legal action
        is never changed (a bot's search asks for the marches hundreds of thousands of times)."""
        key = (origin, target, units)
        found = self._marches.get(key)
        if found is None:
            parts = self.subsets(list(units))
            origin_id, target_id = self.region_ids[origin], self.region_ids[target]
            found = self._marches[key] = (
                [size for size, _ in parts],
                [{"type": "march", "from": origin_id, "to": target_id, "units": counts} for _, counts in parts],
            )
        return found

    def lands_bordering(self, region: int) -> list[int]:
        return [r for r in self.adjacent[region] if not self.is_water[r]]

    def no_units(self) -> list[int]:
        """A count vector with no unit of any class."""
        return [0] * len(self.classes)

    def one_unit(self, unit_class: int) -> list[int]:
        """A count vector with one unit of `unit_class`."""
        vector = [0] * len(self.classes)
        vector[unit_class] = 1
        return vector


WORLD = World()
