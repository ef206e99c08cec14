"""Zones: places that hold items (cards, tokens, units) and say who may see them.

A zone is a dict in ``state["zones"]``::

    {"vis": "owner", "owner": 0, "items": [...], "revealed": [...]}

- ``public``: everyone sees the items and their order;
- ``owner``: the owner sees them, and so do the seats in ``shared`` (team-mates who show
  each other their hands); others see only the count (and ``revealed``);
- ``hidden``: nobody sees them (a shuffled deck), everyone sees the count.

``revealed`` lists items of a non-public zone that every seat knows are there (a card
drawn from a deck whose order everyone saw). Items are ints or strings. The top of a
deck is the end of the list. A hidden deck with ``known_order`` set (refilled from a
public discard pile without shuffling) is seen whole by everyone until it is shuffled.
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]

PUBLIC = "public"
OWNER = "owner"
HIDDEN = "hidden"
VISIBILITIES = (PUBLIC, OWNER, HIDDEN)


def make_zone(
    vis: str, owner: int | None = None, items: list[Any] | None = None, shared: list[int] | None = None
) -> dict[str, Any]:
    if vis not in VISIBILITIES:
        raise ValueError(f"unknown visibility {vis!r}")
    if vis == OWNER and owner is None:
        raise ValueError("an owner-only zone needs an owner")
    zone: dict[str, Any] = {"vis": vis, "owner": owner, "items": list(items or []), "revealed": []}
    if shared:
        zone["shared"] = [seat for seat in shared if seat != owner]
    return zone


def add_zone(
    state: State,
    zone_id: str,
    vis: str,
    owner: int | None = None,
    items: list[Any] | None = None,
    shared: list[int] | None = None,
) -> dict[str, Any]:
    """Add a zone; `shared` names seats besides the owner that see an owner-only zone."""
    zones = state.setdefault("zones", {})
    if zone_id in zones:
        raise ValueError(f"zone {zone_id!r} exists already")
    zones[zone_id] = zone = make_zone(vis, owner, items, shared)
    return zone


def zone(state: State, zone_id: str) -> dict[str, Any]:
    return state["zones"][zone_id]


def items(state: State, zone_id: str) -> list[Any]:
    return state["zones"][zone_id]["items"]


def can_see(zone_data: dict[str, Any], seat: int | None) -> bool:
    vis = zone_data["vis"]
    if vis == PUBLIC or zone_data.get("known_order"):
        return True
    if vis == OWNER:
        return seat is not None and (zone_data["owner"] == seat or seat in zone_data.get("shared", ()))
    return False


def move(state: State, source: str, target: str, item: Any, position: int | None = None) -> None:
    """Move one item; it stays known to all if it was known to all and lands face-down."""
    src = state["zones"][source]
    dst = state["zones"][target]
    src["items"].remove(item)
    was_known = src["vis"] == PUBLIC or item in src["revealed"]
    if item in src["revealed"]:
        src["revealed"].remove(item)
    if position is None:
        dst["items"].append(item)
    else:
        dst["items"].insert(position, item)
    if not was_known and dst.get("known_order"):
        dst["known_order"] = False
    if was_known and dst["vis"] != PUBLIC:
        dst["revealed"].append(item)


def reveal(state: State, zone_id: str, item: Any) -> None:
    """Show an item of a non-public zone to every seat (it stays in the zone)."""
    z = state["zones"][zone_id]
    if z["vis"] != PUBLIC and item not in z["revealed"]:
        z["revealed"].append(item)


def redact(zone_data: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The zone as `seat` sees it."""
    if can_see(zone_data, seat):
        return zone_data
    redacted = {
        "vis": zone_data["vis"],
        "owner": zone_data["owner"],
        "count": len(zone_data["items"]),
        "revealed": list(zone_data["revealed"]),
    }
    if "shared" in zone_data:
        redacted["shared"] = list(zone_data["shared"])
    return redacted


def redact_all(zones: dict[str, dict[str, Any]], seat: int | None) -> dict[str, dict[str, Any]]:
    return {zone_id: redact(z, seat) for zone_id, z in zones.items()}
