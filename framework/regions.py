"""Region graphs: map areas joined by borders, with junctions where borders meet.

Static game data (not state): build one from a map file and share it between states.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable


class RegionGraph:
    def __init__(self, regions: Iterable[str], borders: Iterable[tuple[str, str]]) -> None:
        self.regions: list[str] = list(regions)
        self.adjacent: dict[str, list[str]] = {r: [] for r in self.regions}
        self._borders: set[frozenset[str]] = set()
        for a, b in borders:
            if a not in self.adjacent or b not in self.adjacent:
                raise ValueError(f"border {a}-{b} names an unknown region")
            pair = frozenset((a, b))
            if a == b or pair in self._borders:
                continue
            self._borders.add(pair)
            self.adjacent[a].append(b)
            self.adjacent[b].append(a)
        self.junctions: dict[str, list[str]] = {}

    def add_junction(self, junction_id: str, regions: Iterable[str]) -> None:
        members = list(regions)
        for r in members:
            if r not in self.adjacent:
                raise ValueError(f"junction {junction_id} names unknown region {r}")
        self.junctions[junction_id] = members

    def borders(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self._borders

    def border_list(self) -> list[tuple[str, str]]:
        return sorted(tuple(sorted(pair)) for pair in self._borders)  # type: ignore[misc]

    def distances(self, start: str, passable: Callable[[str], bool] | None = None) -> dict[str, int]:
        """Steps from `start` to every region reachable through `passable` regions."""
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in self.adjacent[here]:
                if nxt not in dist and (passable is None or passable(nxt)):
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        return dist

    def path(self, start: str, goal: str, passable: Callable[[str], bool] | None = None) -> list[str] | None:
        """A shortest path (both ends included), or None."""
        previous: dict[str, str | None] = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here == goal:
                out = [here]
                while previous[out[-1]] is not None:
                    out.append(previous[out[-1]])  # type: ignore[arg-type]
                return out[::-1]
            for nxt in self.adjacent[here]:
                if nxt not in previous and (nxt == goal or passable is None or passable(nxt)):
                    previous[nxt] = here
                    queue.append(nxt)
        return None

    def components(self, members: Iterable[str]) -> list[list[str]]:
        """Connected groups among `members`."""
        todo = set(members)
        groups = []
        while todo:
            first = min(todo)
            group = [r for r in self.distances(first, lambda r: r in todo)]
            todo.difference_update(group)
            groups.append(sorted(group))
        return groups
