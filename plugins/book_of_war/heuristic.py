"""How a position looks to the bots: a side's lead in VP, the castles it holds against the
enemy's and its units on the board (upgraded ones count more), squashed into (-1, 1); the
weights are game.toml's [heuristic]. And the same after each offensive action, told without
playing it.

Most of the actions `greedy` tries in the offensive are manoeuvres and marches: a unit moves
(where it stands is not counted), a march spends a land card for its VP, and either may take
the castle it ends on (digest 5.4). No VP ends the game before the supply phase, so
`heuristic_after` answers for these from the position's tallies, and for a pass while another
seat still acts (the last pass starts the supply phase, whose scoring only playing it tells).
Abilities, summons, expeditions, level-ups, scouting, planning and decisions are left to
applying.
"""

from __future__ import annotations

import math
from typing import Any

from boardwright.framework import kernel

from .catalog import CONFIG, HEURISTIC
from .units import controllable
from .war_track import other_side

State = dict[str, Any]
Action = dict[str, Any]

OFFENSIVE = "offensive"


def tallies(state: State, side: int, w: dict[str, Any] = HEURISTIC) -> tuple[int, int, float]:
    """The side's VP lead, its castles less the enemy's, and its army's worth less the enemy's."""
    vp = state["vp"]
    castles = sum(1 if owner == side else -1 for owner in state["castles"].values() if owner is not None)
    basic, upgraded = w["unit"], w["upgraded_unit"]
    army = sum(
        (upgraded if u["upgraded"] else basic) * (1 if u["side"] == side else -1) for u in state["units"].values()
    )
    return vp[side] - vp[other_side(side)], castles, army


def value(lead: int, castles: int, army: float, w: dict[str, Any] = HEURISTIC) -> float:
    """The heuristic from the tallies (read on each call: a tuned table takes effect at once)."""
    score = w["vp"] * lead + w["castle"] * castles + army
    return math.tanh(score / w["lead_scale"])


def heuristic(state: State, seat: int, w: dict[str, Any] = HEURISTIC) -> float:
    """`w`: the table of weights (game.toml's [heuristic], or the `learned` bot's)."""
    return value(*tallies(state, kernel.side_of(state, seat), w), w)


def heuristic_after(
    state: State, seat: int, actions: list[Action], w: dict[str, Any] = HEURISTIC
) -> list[float | None] | None:
    """`heuristic` after each manoeuvre, march and pass of a plain offensive turn; None for the
    other actions (and for all outside one)."""
    if kernel.phase(state) != OFFENSIVE or kernel.pending(state) is not None:
        return None
    side = kernel.side_of(state, seat)
    lead, castles, army = tallies(state, side, w)
    before = value(lead, castles, army, w)
    active = kernel.active(state)
    spent = max(0, CONFIG["vp_land_card"])  # a land card's VP (cards.spend_land)
    march_lead = lead + (spent if kernel.side_of(state, active) == side else -spent)
    units = state["units"]
    after: list[float | None] = []
    for action in actions:
        kind = action["type"]
        if kind == "manoeuvre" or kind == "march":
            taken = _castle_change(state, units[action["unit"]]["side"], action["to"], side)
            if kind == "march":
                after.append(value(march_lead, castles + taken, army, w))
            else:
                after.append(value(lead, castles + taken, army, w) if taken else before)
        elif kind == "pass":
            after.append(before if kernel.others_to_act(state, active) else None)
        else:
            after.append(None)
    return after


def _castle_change(state: State, mover: int, hex_id: str, side: int) -> int:
    """How the castle count of `side` changes when a unit of `mover` ends on `hex_id`
    (units.capture): +1 or +2 for a castle that `side` takes, -1 or -2 for one it loses."""
    castles = state["castles"]
    if hex_id not in castles or castles[hex_id] == mover or not controllable(state, hex_id):
        return 0
    owner = castles[hex_id]
    was = 0 if owner is None else (1 if owner == side else -1)
    return (1 if mover == side else -1) - was
