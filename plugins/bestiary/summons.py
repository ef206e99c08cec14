"""Summons into free castles (digest §4.1): after every use, and when a Protorp seat takes a
castle, each free own castle takes the seat's next waiting creature.

The summon runs as a step of the kernel's flow. After a use nothing else is usually queued,
so the step is run at once instead of being queued (what the flow would do next anyway), and
it returns at once when no seat has a free castle of its own."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from .catalogue import creature_name
from .creatures import State, board_of, index_of, own_castles, place, waiting
from .text import castle_text

Action = dict[str, Any]
Log = Any


def then_summon(state: State, log: Log) -> None:
    """The summon step after a use: run now when it is what the flow would run next (no step
    queued, no decision open, the game not over), else queued behind the rest."""
    if kernel.idle(state):
        summon(state, {}, log)
    else:
        kernel.queue_step(state, "summon")


def summon(state: State, data: dict[str, Any], log: Log) -> None:
    """Step: every free own castle takes the seat's next waiting creature (the leftmost first).
    When a seat has several free castles it chooses where the creature enters (§5.4: "any free
    castle the player controls, chosen by the player"), even when every one of them will fill."""
    board = board_of(state)
    occupant = state["occupant"]
    castles = board.castles
    # the seats owning a free castle (usually none: castles are rarely left empty)
    seats = [owner for i, owner in enumerate(state["castle_owners"]) if owner >= 0 and occupant[castles[i]] < 0]
    if not seats:
        return
    for seat in sorted(set(seats)):
        if kernel.is_out(state, seat):
            continue
        queue = waiting(state, seat)
        if not queue:
            continue
        free = [h for h in own_castles(state, seat) if occupant[h] < 0]
        name = state["creatures"][queue[0]]["id"]
        keys = board.keys
        choices = [{"type": "enter", "creature": name, "castle": keys[h]} for h in free]
        kernel.ask(state, seat, "enter", choices, auto=True)
        return


def resume_enter(state: State, decision: dict[str, Any], choice: Action, log: Log) -> None:
    """Decision: the creature enters the chosen castle; then the next one may."""
    index = index_of(state, choice["creature"])
    board = board_of(state)
    h = board.index[choice["castle"]]
    place(state, index, h)
    creature = state["creatures"][index]
    if log.recording:  # a bot's search or playout builds no texts (framework/events.py)
        castle = castle_text(board, board.castle_at[h])
        name = creature_name(creature["id"])
        log.emit("summon", seat=creature["seat"], creature=name, castle=castle, at=[creature["id"], board.keys[h]])

    if kernel.idle(state):
        summon(state, {}, log)
    else:
        kernel.queue_step(state, "summon", first=True)
