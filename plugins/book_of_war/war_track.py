"""The war track (digest 1, 4): each side's victory points, whose marker lies on top, and
so who is first in a phase. A side is a player, or a team with four players; its seats
come from the kernel (`kernel.sides`, the spec's team layouts)."""

from __future__ import annotations

from typing import Any

from boardwright.framework import decided, kernel, turns
from boardwright.framework.moves import Move, Part

from .text import reason

State = dict[str, Any]
Action = dict[str, Any]


def other_side(side: int) -> int:
    """The opposing side: the game has exactly two (two colours, two war markers)."""
    return 1 - side


def seats_of(state: State, side: int) -> list[int]:
    """The seats of a side (read only): a team, or the one seat of a duel side."""
    teams = kernel.teams(state)
    return teams[side] if teams else [side]


def first_side(state: State) -> int:
    """The side with fewer VP; on equal VP the side whose marker lies on top (digest 4)."""
    vp = state["vp"]
    if vp[0] != vp[1]:
        return 0 if vp[0] < vp[1] else 1
    return int(state["on_top"])


def first_seat(state: State) -> int:
    """The first side's first-seated player, who confirms the side's choices [D-23]."""
    return seats_of(state, first_side(state))[0]


def clockwise_from(state: State, seat: int) -> list[int]:
    """Every seat in clockwise order (the kernel's seat order), starting with `seat`."""
    return turns.clockwise(seat, kernel.seats(state))


def from_first_player(state: State) -> list[int]:
    """Every seat, clockwise from the first player: set-up steps (digest 3.2, 3.3), draws."""
    return clockwise_from(state, first_seat(state))


def gain(state: State, side: int, amount: int, log: Any, why: str, at: list[str] | None = None) -> None:
    """Move a side's war marker; a marker that lands on the other one lies on top [D-2].
    `at`: the board ids the points were won at (a besieged castle, a unit put to flight)."""
    if amount <= 0:
        return
    vp = state["vp"]
    vp[side] += amount
    if vp[side] == vp[other_side(side)]:
        state["on_top"] = side
    if log.recording:  # a bot's search or playout builds no texts (framework/events.py)
        named = {"at": at, "show": f"+{amount} VP"} if at else {}
        log.emit("vp", seat=seats_of(state, side)[0], amount=amount, total=vp[side], why=reason(why), **named)


def winning_side(state: State) -> int | None:
    """The side that reached the target and won; None while the game runs and in a draw."""
    end = decided.end(state)
    if end is None or not end[1]:
        return None
    return kernel.side_of(state, end[1][0])


# --- who leads: with four players the first team chooses which of its players starts the
# faction picks (digest 3.3 step 3) and each offensive phase (4.1)


def choose_default_leader(state: State, log: Any) -> None:
    state["leader"] = first_seat(state)


def alone(state: State, seat: int) -> bool:
    """A seat without team-mates has no leader to choose."""
    return len(kernel.team_of(state, seat)) == 1


def apply_lead(state: State, action: Action, log: Any) -> None:
    state["leader"] = action["seat"]


def from_leader(state: State) -> list[int]:
    """Every seat, clockwise from the one the first team chose to lead."""
    return clockwise_from(state, state["leader"])


LEAD = Move("lead", parts={"seat": Part("", values=kernel.team_of, kind=int)}, effect=apply_lead)
