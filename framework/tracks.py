"""Tracks: score tracks (one marker per seat) and cooldown tracks (items resting for turns).

Both are plain dicts kept in the state.
"""

from __future__ import annotations

from typing import Any


def score_track(players: int, start: int = 0, limit: int | None = None) -> dict[str, Any]:
    return {"values": [start] * players, "limit": limit}


def add_score(track: dict[str, Any], seat: int, amount: int) -> int:
    """Move a seat's marker; clamped to [0, limit]. Returns the new value."""
    value = track["values"][seat] + amount
    limit = track["limit"]
    if limit is not None:
        value = min(value, limit)
    value = max(value, 0)
    track["values"][seat] = value
    return value


def reached(track: dict[str, Any], target: int) -> list[int]:
    return [seat for seat, value in enumerate(track["values"]) if value >= target]


def order_by_score(track: dict[str, Any], ascending: bool = False) -> list[int]:
    """Seats by score (highest first unless `ascending`); ties keep seat order."""
    values = track["values"]
    return sorted(range(len(values)), key=lambda s: values[s] if ascending else -values[s])


def cooldown_track() -> dict[str, Any]:
    """Items (ability ids) resting for a number of ticks: {"resting": {item: ticks}}."""
    return {"resting": {}}


def rest(track: dict[str, Any], item: str, ticks: int) -> None:
    if ticks > 0:
        track["resting"][item] = ticks


def ready(track: dict[str, Any], item: str) -> bool:
    return item not in track["resting"]


def remaining(track: dict[str, Any], item: str) -> int:
    return int(track["resting"].get(item, 0))


def tick(track: dict[str, Any], amount: int = 1) -> list[str]:
    """Advance time; returns the items that became ready."""
    freed = []
    resting = track["resting"]
    for item in list(resting):
        resting[item] -= amount
        if resting[item] <= 0:
            del resting[item]
            freed.append(item)
    return freed
