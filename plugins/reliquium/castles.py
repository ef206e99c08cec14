"""Castles and the domain track (digest 2.5, 5.5, 6.3 step 7, 7).

State per faction: ``track[faction]`` (True: a castle token lies on that division) and
``action_token[faction]`` (the division the action token stands on; -1 once the faction has
no castle on the map, and so no division to act from: it is out of the peace phase).
"""

from __future__ import annotations

from typing import Any

from boardwright.framework import kernel

from . import text
from .units import seat
from .world import WORLD

State = dict[str, Any]
Action = dict[str, Any]


def leftmost_free(track: list[bool]) -> int:
    for division, covered in enumerate(track):
        if not covered:
            return division
    return -1


def next_free(track: list[bool], after: int) -> int:
    """The nearest free division right of `after` (-1: none)."""
    for division in range(after + 1, len(track)):
        if not track[division]:
            return division
    return -1


def castles_on_map(state: State, faction: int) -> int:
    """Free divisions = castles on the map (digest 2.5)."""
    return int(state["track"][faction].count(False))


def end_peace_turn(state: State, faction: int, log: Any) -> None:
    """The action token moves to the next free division; past the last one it goes back to the
    first free division and the faction is done for this peace phase (digest 4.1)."""
    if kernel.is_over(state):
        return
    if state["refused"]:
        state["refused"] = []
    track = state["track"][faction]
    following = next_free(track, state["action_token"][faction])
    if following < 0:
        state["action_token"][faction] = leftmost_free(track)
        log.emit("done", seat=seat(state, faction))
        kernel.pass_turn(state)
    else:
        state["action_token"][faction] = following
        kernel.end_turn(state)


# --- building ---


def buildable(state: State, faction: int, region: int) -> bool:
    """Your unit there, no castle there, a land, and a castle of its terrain on your track."""
    if state["occupant"][region] != faction or state["castle"][region] >= 0 or WORLD.is_water[region]:
        return False
    segment = WORLD.segment_of_terrain[WORLD.terrain[region]]
    return bool(state["track"][faction][WORLD.segment_start[segment]])


def builds(state: State, faction: int, out: list[Action]) -> None:
    """`buildable` for every region, in one pass over the faction's units."""
    w = WORLD
    castle, track, division = state["castle"], state["track"][faction], w.castle_division
    for region, occupant in enumerate(state["occupant"]):
        if occupant == faction and castle[region] < 0 and division[region] >= 0 and track[division[region]]:
            out.append({"type": "build", "region": w.region_ids[region]})


def why_not_build(state: State, faction: int, region: int) -> str | None:
    if WORLD.is_water[region]:
        return "no castle can be built on water"
    if state["castle"][region] >= 0:
        return "that land already holds a castle"
    if state["occupant"][region] != faction:
        return "you need a unit of yours in that land"
    if not buildable(state, faction, region):
        return f"no {WORLD.terrain[region]} castle left on your track"
    return None


def build(state: State, faction: int, region: int, log: Any) -> None:
    """Take the rightmost castle token of the land's segment; the winning castle ends the game."""
    segment = WORLD.segment_of_terrain[WORLD.terrain[region]]
    track = state["track"][faction]
    division = WORLD.segment_start[segment] + WORLD.segments[segment]["divisions"] - 1
    while not track[division]:
        division -= 1
    track[division] = False
    state["castle"][region] = faction
    castles = castles_on_map(state, faction)
    at = text.region_ids(region)
    log.emit("build", seat=seat(state, faction), region=text.REGION_NAMES[region], castles=castles, at=at)
    if castles >= state["rules"]["castles_to_win"]:
        log.emit("win", seat=seat(state, faction), castles=castles, at=at)
        kernel.finish(state, winners=[seat(state, faction)], reason="castles built")


# --- destroying ---


def destroy_castle(state: State, region: int, log: Any) -> None:
    """The castle goes back to the leftmost free division of its segment (digest 6.3 step 7, D15);
    a faction left without castles is out of the peace phases (D3)."""
    owner = state["castle"][region]
    state["castle"][region] = -1
    segment = WORLD.segment_of_terrain[WORLD.terrain[region]]
    track = state["track"][owner]
    division = WORLD.segment_start[segment]
    while track[division]:
        division += 1
    track[division] = True
    log.emit(
        "castle_destroyed", other_seat=seat(state, owner), region=text.REGION_NAMES[region], at=text.region_ids(region)
    )

    if state["action_token"][owner] == division:
        state["action_token"][owner] = next_free(track, division)
    if state["action_token"][owner] < 0 or all(track):
        _eliminate(state, owner, log)


def _eliminate(state: State, faction: int, log: Any) -> None:
    state["action_token"][faction] = -1
    log.emit("eliminated", seat=seat(state, faction))
    alive = [other for other, division in enumerate(state["action_token"]) if division >= 0]
    if state["rules"]["last_faction_standing_wins"] and len(alive) == 1:
        winner = seat(state, alive[0])
        log.emit("last_standing", seat=winner)
        kernel.finish(state, winners=[winner], reason="last faction standing")
