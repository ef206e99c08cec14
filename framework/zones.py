"""Zones: places that hold items (cards, tokens, units), who may see them, and what each
seat knows of the items it may not see.

A zone is a dict in ``state["zones"]``::

    {"vis": "owner", "owner": 0, "items": [...], "known": {"1": [...]}}

- ``public``: everyone sees the items and their order;
- ``owner``: the owner sees them, and so do the seats in ``shared`` (team-mates who show
  each other their hands); others see only the count and what they know;
- ``hidden``: nobody sees them (a shuffled deck); everyone sees the count and what it knows.

``known`` maps a seat (as a string, or ``"watching"`` for people watching the table, who
know what everyone was shown) to the items of this zone it knows, and where they lie: a card it saw go into an opponent's hand, the card it put back face down on a
deck, every card of a deck rebuilt from a face-up discard pile without shuffling. The
kernel keeps it as items move:

- an item taken from a known place (the top of a deck: `move(..., observed=True)`) stays
  known to the seats that knew it;
- an item chosen unseen (a card from a hand, put face down) is lost track of: a seat that
  cannot see the source zone forgets it, and forgets every other item of that zone it
  knew, since it cannot tell which one left;
- a shuffle forgets every position in the zone.

Views are built from this (`redact`), so no game writes its own hiding. Items are ints
or strings; the top of a deck is the end of the list.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

State = dict[str, Any]

PUBLIC = "public"
OWNER = "owner"
HIDDEN = "hidden"
VISIBILITIES = (PUBLIC, OWNER, HIDDEN)
ALL = "all"  # `show=ALL`: every seat, and people watching
WATCHING = "watching"  # the knowledge key of people watching (seat None): what everyone was shown


def make_zone(
    vis: str, owner: int | None = None, items: list[Any] | None = None, shared: list[int] | None = None
) -> dict[str, Any]:
    if vis not in VISIBILITIES:
        raise ValueError(f"unknown visibility {vis!r}")
    if vis == OWNER and owner is None:
        raise ValueError("an owner-only zone needs an owner")
    zone: dict[str, Any] = {"vis": vis, "owner": owner, "items": list(items or []), "known": {}}
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


def count(state: State, zone_id: str) -> int:
    return len(state["zones"][zone_id]["items"])


def can_see(zone_data: dict[str, Any], seat: int | None) -> bool:
    """Whether `seat` sees every item of the zone (None: a spectator)."""
    vis = zone_data["vis"]
    if vis == PUBLIC:
        return True
    if vis == OWNER:
        return seat is not None and (zone_data["owner"] == seat or seat in zone_data.get("shared", ()))
    return False


def knows(zone_data: dict[str, Any], seat: int | None, item: Any) -> bool:
    """Whether `seat` knows that `item` lies in the zone, and where."""
    if can_see(zone_data, seat):
        return item in zone_data["items"]
    return item in zone_data["known"].get(_key(seat), ())


def known_items(zone_data: dict[str, Any], seat: int | None) -> list[Any]:
    """The zone's items `seat` knows, in zone order."""
    if can_see(zone_data, seat):
        return list(zone_data["items"])
    mine = zone_data["known"].get(_key(seat), ())
    return [item for item in zone_data["items"] if item in mine]


def _key(seat: int | None) -> str:
    return WATCHING if seat is None else str(seat)


def _seats(state: State) -> list[int | None]:
    """Every seat, and the people watching (None), who know what the whole table was shown."""
    return [*range(int(state["k"]["seats"])), None]


def _learn(zone_data: dict[str, Any], seat: int | None, item: Any) -> None:
    if can_see(zone_data, seat):
        return
    mine = zone_data["known"].setdefault(_key(seat), [])
    if item not in mine:
        mine.append(item)


def _forget(zone_data: dict[str, Any], seat: int | None, item: Any) -> None:
    key = _key(seat)
    mine = zone_data["known"].get(key)
    if mine and item in mine:
        mine.remove(item)
        if not mine:
            del zone_data["known"][key]


def move(
    state: State,
    source: str,
    target: str,
    item: Any,
    position: int | None = None,
    *,
    observed: bool = False,
    show: Iterable[int] | str | None = None,
) -> None:
    """Move one item from `source` to `target` (on top, or at `position`).

    ``observed``: every seat sees which item left (the top card of a deck, a card shown);
    seats that knew it keep knowing it. Otherwise the move is a choice made unseen: seats
    that cannot see `source` lose track of it and of the rest of `source`'s items.
    ``show``: seats (or ``ALL``) that learn the item in its new place although they cannot
    see `target` (a card passed to a neighbour in a draft, a card shown to the table).
    """
    zones = state["zones"]
    src = zones[source]
    dst = zones[target]
    src["items"].remove(item)
    if position is None:
        dst["items"].append(item)
    else:
        dst["items"].insert(position, item)
    if src["vis"] == PUBLIC and dst["vis"] == PUBLIC and show is None:
        return
    if show is None and (dst["vis"] == PUBLIC or (src["vis"] == HIDDEN and observed)):
        # the common moves, kept cheap for playouts (the loop below gives the same): a card
        # played face up, a deck's top card drawn; only seats that knew the item change
        known = src["known"]
        if known:
            public = dst["vis"] == PUBLIC
            for key in [key for key, mine in known.items() if item in mine]:
                mine = known[key]
                mine.remove(item)
                if not mine:
                    del known[key]
                if not public:
                    _learn(dst, None if key == WATCHING else int(key), item)
        return
    shown: set[int | None] = set(_seats(state)) if show == ALL else set(show or ())  # type: ignore[arg-type]
    for seat in _seats(state):
        sees_source = can_see(src, seat)
        knew = sees_source or item in src["known"].get(_key(seat), ())
        _forget(src, seat, item)
        sees_target = can_see(dst, seat)
        if seat in shown or (knew and (observed or sees_source)):
            _learn(dst, seat, item)
        elif not sees_target and not sees_source and not observed:
            # it cannot tell which item of `source` left, so it loses track of all of them
            src["known"].pop(_key(seat), None)


def reveal(state: State, zone_id: str, item: Any, to: Iterable[int] | None = None) -> None:
    """Show an item of a zone to `to` (default: every seat and people watching); it stays
    where it is."""
    z = state["zones"][zone_id]
    if item not in z["items"]:
        raise ValueError(f"{item!r} is not in zone {zone_id!r}")
    for seat in _seats(state) if to is None else to:
        _learn(z, seat, item)


def reveal_all(state: State, zone_id: str, to: Iterable[int] | None = None) -> None:
    """Show every item of a zone, and its order, to `to` (default: every seat and people
    watching)."""
    reveal_items(state, zone_id, state["zones"][zone_id]["items"], to)


def reveal_items(state: State, zone_id: str, shown: Iterable[Any], to: Iterable[int] | None = None) -> None:
    """Show several items of a zone, and where they lie, to `to` (default: every seat and
    people watching)."""
    z = state["zones"][zone_id]
    shown = list(shown)
    if not shown:
        return
    for seat in _seats(state) if to is None else to:
        if can_see(z, seat):
            continue
        mine = z["known"].setdefault(_key(seat), [])
        have = set(mine)
        for item in shown:
            if item not in have:
                have.add(item)
                mine.append(item)


def forget_all(state: State, zone_id: str) -> None:
    """Nobody but those who see the zone knows its items any more (it was shuffled)."""
    state["zones"][zone_id]["known"] = {}


def redact(zone_data: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The zone as `seat` sees it: whole when it may see it, else the count and the
    positions of the items it knows (``known``: ``[[index, item], ...]``). A LAN host
    redacts every zone for every seat after each action: a zone the seat knows nothing of
    costs no pass over its items."""
    if can_see(zone_data, seat):
        return zone_data
    mine = zone_data["known"].get(_key(seat))
    items = zone_data["items"]
    redacted: dict[str, Any] = {
        "vis": zone_data["vis"],
        "owner": zone_data["owner"],
        "count": len(items),
        "known": [[index, item] for index, item in enumerate(items) if item in mine] if mine else [],
    }
    if "shared" in zone_data:
        redacted["shared"] = list(zone_data["shared"])
    return redacted


def redact_all(zones: dict[str, dict[str, Any]], seat: int | None) -> dict[str, dict[str, Any]]:
    return {zone_id: redact(z, seat) for zone_id, z in zones.items()}


def is_redacted(zone_data: dict[str, Any]) -> bool:
    """True for a zone as a view shows it to a seat that cannot see it."""
    return "count" in zone_data


def unknown_count(zone_data: dict[str, Any]) -> int:
    """How many items of a redacted zone the viewing seat does not know."""
    return int(zone_data["count"]) - len(zone_data["known"])


def seen_items(view: State) -> set[Any]:
    """Every item a view's seat sees or knows the place of, in any zone: what a bot's
    determinization must not deal again."""
    seen: set[Any] = set()
    for zone_data in view.get("zones", {}).values():
        if is_redacted(zone_data):
            seen.update(item for _index, item in zone_data["known"])
        else:
            seen.update(zone_data["items"])
    return seen


def fill(zone_data: dict[str, Any], seat: int, pool: list[Any]) -> dict[str, Any]:
    """A whole zone built from its redacted view: the known items in their places, the rest
    popped from `pool` (which a bot's determinization shuffled). The zone's knowledge is
    what `seat` knows."""
    count_ = int(zone_data["count"])
    placed = {int(index): item for index, item in zone_data["known"]}
    built = [placed[index] if index in placed else pool.pop() for index in range(count_)]
    whole: dict[str, Any] = {"vis": zone_data["vis"], "owner": zone_data["owner"], "items": built, "known": {}}
    if placed:
        whole["known"][str(seat)] = list(placed.values())
    if "shared" in zone_data:
        whole["shared"] = list(zone_data["shared"])
    return whole


def fill_all(view: State, seat: int, pools: dict[str, list[Any]], rng: random.Random | None = None) -> None:
    """Fill every redacted zone of `view` in place; `pools` maps a zone id to the items it
    may hold that `seat` does not know (zones not named draw from ``pools["*"]``). Pools are
    shuffled with `rng` first when given."""
    if rng is not None:
        for pool in pools.values():
            rng.shuffle(pool)
    for zone_id, z in view.get("zones", {}).items():
        if is_redacted(z):
            view["zones"][zone_id] = fill(z, seat, pools[zone_id] if zone_id in pools else pools["*"])
