"""How a position looks to the bots: a faction's castles, its units on the map and its castles
under another faction's melee token, against the best rival (the weights are game.toml's
[heuristic]); and the same after each peace action, told without playing it.

`greedy` tries every legal action and most of a Reliquium turn's actions change none of what
the heuristic counts: a march moves units between the faction's own regions, a summon places
a creature, a ranged token supports. Only a melee token on a castle and a recruit change the
tallies, by one. So `heuristic_after` answers for these from the position's tallies, and
leaves to the bot (a copy and an apply) what it cannot tell: a build (it may win the game),
any action that ends the peace phase (the war that follows moves units), decisions, and
Allies' consent.
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from .castles import next_free
from .units import MELEE, PEACE
from .world import WORLD, load_toml

State = dict[str, Any]
Action = dict[str, Any]

WEIGHTS = load_toml("game.toml")["heuristic"]

# peace actions that leave every tally as it was (a melee token counts only on a castle)
_UNCHANGED = frozenset({"pass", "march", "summon", "ranged"})


def tallies(state: State) -> tuple[list[int], list[int]]:
    """Each faction's units on the map and its castles under another faction's melee token,
    in one pass over the regions and one over the tokens (kept lean: greedy and the search's
    rollouts ask for it all the time)."""
    units = [0] * len(state["neutral"])
    for occupant, troops in zip(state["occupant"], state["units"], strict=True):
        if occupant >= 0:
            units[occupant] += sum(troops)
    threatened = [0] * len(units)
    castle = state["castle"]
    for token in filter(None, state["tokens"]):
        if token["kind"] == MELEE:
            owner = castle[token["target"]]
            if owner >= 0 and owner != token["faction"]:
                threatened[owner] += 1
    return units, threatened


def worth(state: State, units: list[int], threatened: list[int], weights: dict[str, Any] = WEIGHTS) -> list[float]:
    """Each seat's worth from the tallies; a faction with its winning castles is worth 100.
    `weights`: game.toml's [heuristic] (read on each call: a tuned table takes effect at once),
    or a table of the same numbers (the `learned` bot's)."""
    to_win = state["rules"]["castles_to_win"]
    track = state["track"]
    castle_weight, unit_weight, threat_weight = weights["castle"], weights["unit"], weights["threatened_castle"]
    return [
        100.0
        if (castles := track[faction].count(False)) >= to_win  # castles on the map (castles.castles_on_map)
        else castle_weight * castles + unit_weight * units[faction] - threat_weight * threatened[faction]
        for faction in state["faction_of"]
    ]


def lead(values: list[float], seat: int, weights: dict[str, Any] = WEIGHTS) -> float:
    """The seat's worth against the best rival's, over `lead_scale`, in [-1, 1]."""
    rival = max(values[:seat] + values[seat + 1 :], default=0.0)
    return max(-1.0, min(1.0, (values[seat] - rival) / weights["lead_scale"]))


def heuristic_after(
    state: State, seat: int, actions: list[Action], weights: dict[str, Any] = WEIGHTS
) -> list[float | None] | None:
    """`heuristic` of the position after each action, for the peace actions that change at
    most one tally by one and do not end the peace phase; None for the others (and for all
    outside a plain peace turn)."""
    if kernel.phase(state) != PEACE or kernel.pending(state) is not None or state["rules"]["allies"]:
        return None
    active = kernel.active(state)
    faction = state["faction_of"][active]
    if not _peace_goes_on(state, active, faction):
        return None
    units, threatened = tallies(state)
    before = lead(worth(state, units, threatened, weights), seat, weights)
    castle, index = state["castle"], WORLD.region_index
    after: list[float | None] = []
    for action in actions:
        kind = action["type"]
        if kind in _UNCHANGED:
            after.append(before)
        elif kind == MELEE:
            owner = castle[index[action["to"]]]
            if owner < 0 or owner == faction:
                after.append(before)
                continue
            threatened[owner] += 1
            after.append(lead(worth(state, units, threatened, weights), seat, weights))
            threatened[owner] -= 1
        elif kind == "recruit":
            units[faction] += 1
            after.append(lead(worth(state, units, threatened, weights), seat, weights))
            units[faction] -= 1
        else:
            after.append(None)
    return after


def _peace_goes_on(state: State, active: int, faction: int) -> bool:
    """Whether the peace phase goes on after this turn ends (castles.end_peace_turn): the
    faction's action token has a free division ahead, or another seat has not passed."""
    return next_free(state["track"][faction], state["action_token"][faction]) >= 0 or kernel.others_to_act(
        state, active
    )
