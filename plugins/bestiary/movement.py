"""Manoeuvres and every way a creature is moved (digest §5.9): a step, a swim along a line,
pushes and pulls, jumps, teleports, recalls, and the rule that a support may put a creature
into its own occupied castle."""

from __future__ import annotations

from typing import Any

from .catalogue import creature_name
from .creatures import (
    State,
    board_of,
    castle_side,
    count,
    enemy_castle,
    free,
    index_of,
    is_protorp,
    own_castles,
    passable,
    place,
)
from .text import hex_text

Creature = dict[str, Any]
Log = Any


def move_destinations(state: State, index: int) -> list[int]:
    """A manoeuvre: one step onto a passable hex, or with SWIM along a clear line."""
    creature = state["creatures"][index]
    board = board_of(state)
    start = creature["hex"]
    side = creature["side"]
    if count(creature, "SWIM") == 0:
        occupant = state["occupant"]
        markers = state["board_markers"]
        owners = state["castle_sides"]
        void = board.void
        return [
            h
            for h in board.nbr[start]
            if occupant[h] < 0
            and not void[h]
            and (markers[h] is None or markers[h][0] != "OBSTACLE")
            and (owners[h] < 0 or owners[h] == side)
        ]  # passable hexes
    out = []
    for ray in board.rays[start]:
        for h in ray:
            if not board.in_range(start, h) or not free(state, h) or enemy_castle(state, h, side):
                break
            out.append(h)
    return out


def move_actions(state: State, index: int) -> list[dict[str, Any]]:
    keys = board_of(state).keys
    name = state["creatures"][index]["id"]
    return [{"type": "move", "creature": name, "hex": keys[h]} for h in move_destinations(state, index)]


def own_castle_entry(state: State, hex_index: int, target: Creature) -> bool:
    """A support may put a creature into its own (occupied) castle, displacing the occupant."""
    if is_protorp(state) or castle_side(state, hex_index) != target["side"]:
        return False
    marker = state["board_markers"][hex_index]
    return marker is None or marker[0] != "OBSTACLE"


def push_destination(state: State, source: int, hex_index: int, distance: int) -> int | None:
    """Where a push from `source` moves the creature on `hex_index`, or None when it can't move."""
    board = board_of(state)
    direction = board.direction(source, hex_index)
    if direction is None:
        return None
    target = state["creatures"][state["occupant"][hex_index]]
    destination = None
    for h in board.rays[hex_index][direction][:distance]:
        if passable(state, h, target["side"]):
            destination = h
            continue
        if own_castle_entry(state, h, target):
            destination = h
        break
    return destination


def pull_destination(state: State, source: int, hex_index: int, distance: int) -> int | None:
    """Where a pull towards `source` moves the creature on `hex_index` (distance 0: until adjacent)."""
    board = board_of(state)
    direction = board.direction(hex_index, source)
    if direction is None:
        return None
    target = state["creatures"][state["occupant"][hex_index]]
    steps = board.dist[source][hex_index] - 1
    if distance:
        steps = min(steps, distance)
    destination = None
    for h in board.rays[hex_index][direction][:steps]:
        if not passable(state, h, target["side"]):
            break
        destination = h
    return destination


def recall_destinations(state: State, source: int, target: Creature) -> list[int]:
    """The target's own castles it may be recalled to (Protorp: free ones within range)."""
    board = board_of(state)
    castles = own_castles(state, target["seat"])
    if is_protorp(state):
        return [h for h in castles if state["occupant"][h] < 0 and board.in_range(source, h)]
    return [h for h in castles if h != target["hex"]]


def step_destinations(state: State, index: int, steps: int) -> list[int]:
    """Hexes reachable in up to `steps` steps over passable hexes."""
    creature = state["creatures"][index]
    board = board_of(state)
    seen = {creature["hex"]}
    frontier = [creature["hex"]]
    out = []
    for _ in range(steps):
        following = []
        for h in frontier:
            for x in board.nbr[h]:
                if x not in seen and passable(state, x, creature["side"]):
                    seen.add(x)
                    following.append(x)
                    out.append(x)
        frontier = following
    return sorted(out)


def moved(state: State, index: int, destination: int, log: Log) -> None:
    """A creature moved by an ability, with its log line."""
    creature = state["creatures"][index]
    if not log.recording:  # a bot's search or playout: no texts to build (framework/events.py)
        place(state, index, destination)
        return
    where = hex_text(state, destination, creature["hex"])
    origin = board_of(state).keys[creature["hex"]] if creature["hex"] >= 0 else None
    place(state, index, destination)
    at = [creature["id"], board_of(state).keys[destination]] + ([origin] if origin is not None else [])
    log.emit("move", seat=creature["seat"], creature=creature_name(creature["id"]), hex=where, at=at)


def manoeuvre(state: State, action: dict[str, Any], log: Log) -> None:
    """The attack ability used as a manoeuvre: one move; the attack chip slides aside."""
    index = index_of(state, action["creature"])
    state["creatures"][index]["attack_used"] = True
    moved(state, index, board_of(state).index[action["hex"]], log)
