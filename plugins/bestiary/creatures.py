"""Creatures on their cards and on the board: effect markers, what they add up to, and where
a creature stands.

A creature is ``{"id", "seat", "side", "hex", "damage", "markers", "attack_used",
"ready_at"}``: ``hex`` is a board index or -1 (waiting on its card); ``markers`` holds
``[effect, owner_side, sequence]`` (the sequence orders markers by when they were put);
``attack_used`` is true while the attack chip is slid aside; ``ready_at`` holds each support
chip's period of return (0: on the card). ``side`` is fixed when the creature is summoned.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from .boards import Board
from .catalogue import BOARDS, CREATURES

State = dict[str, Any]
Creature = dict[str, Any]


def board_of(state: State) -> Board:
    return BOARDS[state["board"]]


def is_protorp(state: State) -> bool:
    return bool(state["board"] == "protorp")


def period(state: State) -> int:
    """The time disc's period P. The draft is the kernel's first round; period 1 is the second."""
    return kernel.round_number(state) - 1


# --- markers and what they add up to


def count(creature: Creature, effect: str) -> int:
    markers = creature["markers"]
    if not markers:
        return 0
    n = 0
    for marker in markers:
        if marker[0] == effect:
            n += 1
    return n


def defence(creature: Creature) -> int:
    return max(0, count(creature, "DEF_UP") - count(creature, "DEF_DOWN"))


def siege_value(creature: Creature) -> int:
    return max(0, 1 + count(creature, "SIEGE_UP") - count(creature, "SIEGE_DOWN"))


def attack_net(creature: Creature) -> int:
    return count(creature, "ATK_UP") - count(creature, "ATK_DOWN")


def web(state: State, creature: Creature) -> int:
    """+1 on an allied web (HASTE), -1 on an enemy web (INACTION), 0 elsewhere."""
    marker = state["board_markers"][creature["hex"]] if creature["hex"] >= 0 else None
    if marker is None or marker[0] != "WEB":
        return 0
    return 1 if marker[1] == creature["side"] else -1


def inactive(state: State, creature: Creature) -> bool:
    return count(creature, "INACTION") > 0 or web(state, creature) < 0


def haste_net(state: State, creature: Creature) -> int:
    return count(creature, "HASTE") + max(0, web(state, creature)) - count(creature, "SLOW")


def mark(state: State, creature: Creature, effect: str, side: int) -> None:
    state["marker_sequence"] += 1
    creature["markers"].append([effect, side, state["marker_sequence"]])


# --- summoning and standing


def new_creature(state: State, seat: int, creature_id: str) -> int:
    """Put a creature's card at the right end of the seat's tableau; returns its index."""
    state["creatures"].append(
        {
            "id": creature_id,
            "seat": seat,
            "side": kernel.side_of(state, seat),
            "hex": -1,
            "damage": 0,
            "markers": [],
            "attack_used": False,
            "ready_at": [0] * len(CREATURES[creature_id]["support"]),
        }
    )
    index = len(state["creatures"]) - 1
    state["tableaus"][seat].append(index)
    state["creature_index"][creature_id] = index
    return index


def place(state: State, index: int, hex_index: int) -> None:
    """Move creature `index` onto a hex, displacing an occupant back onto its card."""
    creature = state["creatures"][index]
    occupant = state["occupant"]
    other = occupant[hex_index]
    if other >= 0 and other != index:
        state["creatures"][other]["hex"] = -1
    if creature["hex"] >= 0 and occupant[creature["hex"]] == index:
        occupant[creature["hex"]] = -1
    creature["hex"] = hex_index
    occupant[hex_index] = index


def lift(state: State, index: int) -> None:
    """Take a creature off the board onto its card."""
    creature = state["creatures"][index]
    if creature["hex"] >= 0:
        state["occupant"][creature["hex"]] = -1
        creature["hex"] = -1


def castle_side(state: State, hex_index: int) -> int:
    """The side owning the castle on a hex (-1: not a castle, or Protorp)."""
    side: int = state["castle_sides"][hex_index]
    return side


def in_own_castle(state: State, creature: Creature) -> bool:
    return creature["hex"] >= 0 and state["castle_sides"][creature["hex"]] == creature["side"]


def enemy_castle(state: State, hex_index: int, side: int) -> bool:
    owner = state["castle_sides"][hex_index]
    return bool(owner >= 0 and owner != side)


def free(state: State, hex_index: int) -> bool:
    """No creature, no obstacle, not the rift."""
    marker = state["board_markers"][hex_index]
    return (
        state["occupant"][hex_index] < 0
        and not BOARDS[state["board"]].void[hex_index]
        and (marker is None or marker[0] != "OBSTACLE")
    )


def passable(state: State, hex_index: int, side: int) -> bool:
    """A hex a creature of `side` may end a move on: free and not an enemy castle."""
    if not free(state, hex_index):
        return False
    owner = state["castle_sides"][hex_index]
    return bool(owner < 0 or owner == side)


def own_castles(state: State, seat: int) -> list[int]:
    """Castle hexes where this seat's creatures enter."""
    board = board_of(state)
    return [board.castles[i] for i, owner in enumerate(state["castle_owners"]) if owner == seat]


def waiting(state: State, seat: int) -> list[int]:
    """The seat's creatures waiting on their cards, leftmost first."""
    creatures = state["creatures"]
    return [index for index in state["tableaus"][seat] if creatures[index]["hex"] < 0]


def index_of(state: State, creature_id: Any) -> int:
    """The index of the creature an action names by its id (each creature is summoned once at
    most, so its data id names it); -1 when no such creature is in the game. The state keeps
    the map from ids to indexes (``creature_index``), filled as creatures are summoned."""
    try:
        index: int = state["creature_index"].get(creature_id, -1)
    except TypeError:  # an id no creature could have (a list, a map) from a client's action
        return -1
    return index
