"""Towers and castle tracks (digest §7): a side captures a tower with a strict majority of
siege in its control area; at the end of its turn each captured tower deals 1 damage to the
enemy castle, as does each banishment to the banished creature's own castle."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from .creatures import State, board_of, siege_value
from .seats import first_seat, other_side, side_count
from .text import castle_keys, tower_keys, tower_text

Log = Any


def tower_sums(state: State, area: list[int], sides: int = 0) -> list[int]:
    """Each side's siege in a tower's control area (`sides`: how many sides play, when known)."""
    sums = [0] * (sides or side_count(state))
    occupant = state["occupant"]
    creatures = state["creatures"]
    for h in area:
        index = occupant[h]
        if index >= 0:
            creature = creatures[index]
            sums[creature["side"]] += siege_value(creature) if creature["markers"] else 1
    return sums


def captured_towers(state: State, side: int) -> list[str]:
    out = []
    sides = side_count(state)
    for tower in board_of(state).towers:
        sums = tower_sums(state, tower["area"], sides)
        own = sums[side]
        if own and all(own > value for value in sums[:side] + sums[side + 1 :]):
            out.append(tower["id"])
    return out


def siege(state: State, side: int, log: Log) -> None:
    """The siege phase: each tower the side captures fires once; victory is checked after each."""
    for tower in captured_towers(state, side):
        board = board_of(state)
        log.emit(
            "tower_fires", seat=first_seat(state, side), tower=tower_text(board, tower), at=tower_keys(board, tower)
        )
        castle_damage(state, other_side(state, side), 1, log)
        if kernel.is_over(state):
            return


def castle_damage(state: State, side: int, amount: int, log: Log) -> None:
    state["castle_damage"][side] += amount
    durability = state["settings"]["durability"]
    seat = first_seat(state, side)
    castles = castle_keys(state, side)
    log.emit(
        "castle_damage",
        seat=seat,
        damage=state["castle_damage"][side],
        durability=durability,
        at=castles,
        show=f"-{amount} ({state['castle_damage'][side]}/{durability})",
    )
    if state["castle_damage"][side] >= durability:
        winners = [s for s in range(kernel.seats(state)) if kernel.side_of(state, s) != side]
        log.emit("castle_falls", seat=seat, at=castles)

        kernel.finish(state, winners=winners, reason="castle destroyed", scores=scores(state))


def scores(state: State) -> list[float]:
    """Protorp: victory points; elsewhere: what is left of each seat's castle track."""
    if state["board"] == "protorp":
        return [float(v) for v in state["victory_points"]]
    durability = state["settings"]["durability"]
    damage = state["castle_damage"]
    return [float(durability - damage[kernel.side_of(state, s)]) for s in range(kernel.seats(state))]
