"""Protorp's hiring phase (digest §4.3 step 4): in seat order, each player may summon
creatures from the pool up to the army limit its VP allow, into a free own castle or onto
its card, until it says it is done."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel
from boardwright.framework.moves import Move, Part

from .catalogue import PROTORP, creature_name
from .creatures import State, board_of, new_creature, own_castles, place
from .text import castle_text

Action = dict[str, Any]
Log = Any


def army_limit(points: int) -> int:
    """How many creatures a player with this many VP may have (the Book of War table)."""
    limit = 0
    for threshold, allowed in PROTORP["army_limit"]:
        if points >= threshold:
            limit = allowed
    return int(limit)


def can_hire(state: State, seat: int) -> bool:
    return (
        not kernel.is_out(state, seat)
        and bool(state["draft"]["pool"])
        and len(state["tableaus"][seat]) < army_limit(state["victory_points"][seat])
    )


def cannot_hire(state: State, seat: int) -> bool:
    """The hiring phase passes over seats that may not hire."""
    return not can_hire(state, seat)


def _free_castles(state: State, seat: int) -> list[str]:
    keys = board_of(state).keys
    return [keys[h] for h in own_castles(state, seat) if state["occupant"][h] < 0]


def _free_or_card(state: State, seat: int) -> list[str]:
    """Where a hired creature may go: a free own castle, or its card ("") when none is free."""
    return _free_castles(state, seat) or [""]


def why_not_hire(state: State, seat: int, action: Action) -> str | None:
    if action["creature"] not in state["draft"]["pool"]:
        return f"{action['creature']!r} is not in the pool"
    free = _free_castles(state, seat)
    if action["castle"] not in (free or [""]):
        if not free:
            return 'no own castle is free: the creature waits on its card (castle "")'
        return f"enter a free own castle: {', '.join(free)}"
    return None


def hire(state: State, action: Action, log: Log) -> None:
    seat = kernel.active(state)
    state["draft"]["pool"].remove(action["creature"])
    index = new_creature(state, seat, action["creature"])
    log.emit("hire", seat=seat, creature=creature_name(action["creature"]), at=[action["creature"]])
    if action["castle"]:
        board = board_of(state)
        h = board.index[action["castle"]]
        place(state, index, h)
        castle = castle_text(board, board.castle_at[h])
        name = creature_name(action["creature"])
        log.emit("summon", seat=seat, creature=name, castle=castle, at=[action["creature"], action["castle"]])


def hire_done(state: State, action: Action, log: Log) -> None:
    log.emit("hire_done", seat=kernel.active(state))
    kernel.pass_turn(state)


HIRE = Move(
    "hire",
    parts={
        "creature": Part("target", values=lambda state, seat: list(state["draft"]["pool"]), kind=str),
        "castle": Part("", values=_free_or_card, kind=str),
    },
    refuse=why_not_hire,
    effect=hire,
)
HIRE_DONE = Move("hire_done", effect=hire_done)
HIRING_MOVES = (HIRE, HIRE_DONE)
