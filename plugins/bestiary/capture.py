"""Protorp's capture phase (digest §8): after the four land stages each castle goes to the
seat with the strictly greatest siege in its control area (a tie keeps the owner), every
castle held scores, a player left without a castle is out, and 100 VP wins."""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from .catalogue import PROTORP
from .creatures import State, board_of, lift, siege_value
from .seats import living_order
from .siege import scores
from .text import castle_text

Log = Any


def control_sums(state: State, castle: int) -> list[int]:
    """Each seat's siege in a castle's control area."""
    sums = [0] * kernel.seats(state)
    occupant = state["occupant"]
    for h in board_of(state).control[castle]:
        index = occupant[h]
        if index >= 0:
            creature = state["creatures"][index]
            sums[creature["seat"]] += siege_value(creature)
    return sums


def capture(state: State, log: Log) -> None:
    """Castles change hands, castles score, castle-less players go out; then the end is checked."""
    board = board_of(state)
    owners = state["castle_owners"]
    for castle in range(len(board.castles)):
        sums = control_sums(state, castle)
        best = max(sums)
        leaders = [seat for seat, value in enumerate(sums) if value == best]
        if best > 0 and len(leaders) == 1 and owners[castle] != leaders[0]:
            owners[castle] = leaders[0]
            log.emit("control", seat=leaders[0], castle=castle_text(board, castle), at=[board.castle_keys[castle]])

    for seat in living_order(state):
        held = owners.count(seat)
        if held:
            state["victory_points"][seat] += held * PROTORP["vp_per_castle"]
            log.emit("vp", seat=seat, vp=held * PROTORP["vp_per_castle"], total=state["victory_points"][seat])
    for seat in living_order(state):
        if seat not in owners:
            kernel.eliminate(state, seat)
            log.emit("eliminated", seat=seat)
            for index in state["tableaus"][seat]:
                lift(state, index)
    _check_the_end(state, log)


def _check_the_end(state: State, log: Log) -> None:
    living = living_order(state)
    if len(living) <= 1:
        kernel.finish(state, winners=living, reason="last castle holder", scores=scores(state))
        return
    points = state["victory_points"]
    if any(points[seat] >= state["settings"]["vp_goal"] for seat in living):
        best = max(points[seat] for seat in living)
        winners = [seat for seat in living if points[seat] == best]
        log.emit("vp_goal", seats=winners)
        kernel.finish(
            state, winners=winners if len(winners) == 1 else [], reason="victory points", scores=scores(state)
        )
