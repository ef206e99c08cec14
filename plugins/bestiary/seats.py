"""Seats and sides (digest §3.4, §3.6): the clockwise order from the first player, the seats
still in the game, and each side's seats. Sides are the kernel's teams (2v2 on the
Crossroads), else one side per seat."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel, turns

State = dict[str, Any]


def seat_order(state: State) -> list[int]:
    """Every seat, clockwise from the first player."""
    return turns.clockwise(state["first_player"], kernel.seats(state))


def living_order(state: State) -> list[int]:
    """The seats still in the game (Protorp eliminates a player without a castle), in seat order."""
    return [seat for seat in seat_order(state) if not kernel.is_out(state, seat)]


def team_order(state: State, side: int) -> list[int]:
    """A side's seats in seat order (2v2: the timekeeper's team starts with the timekeeper)."""
    if not kernel.teams(state):
        return [side]  # one seat a side
    return [seat for seat in seat_order(state) if kernel.side_of(state, seat) == side]


def side_count(state: State) -> int:
    """How many sides play: the teams, else one side per seat."""
    teams = kernel.teams(state)
    return len(teams) if teams else kernel.seats(state)


def first_seat(state: State, side: int) -> int:
    """The seat that speaks for a side in the log (the side's first seat)."""
    teams = kernel.teams(state)
    return int(teams[side][0]) if teams else side


def other_side(state: State, side: int) -> int:
    """The enemy side where there are two sides (the duel and the Crossroads)."""
    return 0 if side else 1


def teammate(state: State, seat: int) -> int:
    return next(other for other in kernel.team_of(state, seat) if other != seat)


def opponent(state: State, seat: int) -> int:
    """The other seat of a two-player game."""
    return next(other for other in range(kernel.seats(state)) if other != seat)
